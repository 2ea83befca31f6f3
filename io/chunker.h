// Cuts the bytes of one or more inputs into chunks of whole lines.
//
// A chunk is a run of complete lines from one input. Its text always ends in
// '\n' (one is added after a last line that had none) and is followed by
// kChunkPadding zero bytes, so a scanner may look a little past the end
// without a bounds check. A line longer than the block grows the buffer; the
// buffer keeps its capacity, so once running nothing is allocated. A UTF-8
// byte-order mark at the start of an input is dropped (it is no part of the
// first line's label or features).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "io/source.h"

namespace hare::io {

inline constexpr size_t kChunkPadding = 64;
inline constexpr size_t kDefaultBlockSize = size_t{1} << 20;

struct Chunk {
  std::vector<char> storage;  // capacity is reused from chunk to chunk
  size_t size = 0;            // bytes of lines, the last one being '\n'
  size_t input = 0;           // which input (index into the paths given)
  uint64_t sequence = 0;      // position of this chunk in the whole stream

  std::string_view text() const { return {storage.data(), size}; }
};

struct ChunkerOptions {
  size_t block_size = kDefaultBlockSize;
  // Fill each block before cutting it (fewer, larger chunks: the right choice
  // for training). When false a chunk is cut as soon as a read() returns a
  // whole line, so `hare predict` answers each line of a pipe at once.
  bool fill_blocks = true;
  // The longest line read (0: as long as the memory allows): a line is read
  // whole, and an input without line ends (a file of NUL bytes, /dev/zero)
  // would take all the memory before the system refused any of it.
  uint64_t max_line_bytes = 0;
};

class Chunker {
 public:
  Chunker(std::vector<std::string> paths, ChunkerOptions options);

  // Fills `chunk` with the next lines. Returns false after the last input.
  absl::StatusOr<bool> Next(Chunk& chunk);

  const std::vector<std::string>& paths() const { return paths_; }
  // Bytes read so far (after decompression).
  uint64_t bytes() const { return bytes_; }
  // Compression of the input being read (of the last one at the end).
  Compression compression() const { return compression_; }

 private:
  absl::Status OpenNext();
  // Makes `chunk` hold `want` bytes of text (and the padding), no more than
  // max_line_bytes; `used` of them, a line not ended yet, must fit with room
  // to spare, or the input stops with where that line starts.
  absl::Status Grow(Chunk& chunk, size_t want, size_t used);

  std::vector<std::string> paths_;
  ChunkerOptions options_;
  size_t next_input_ = 0;
  size_t current_input_ = 0;
  std::unique_ptr<Source> source_;
  std::vector<char> carry_;      // the unfinished last line of the previous read
  bool at_input_start_ = false;  // the next chunk is the first of its input
  uint64_t sequence_ = 0;
  uint64_t bytes_ = 0;
  uint64_t input_bytes_ = 0;  // of the current input (decompressed)
  Compression compression_ = Compression::kNone;
};

}  // namespace hare::io
