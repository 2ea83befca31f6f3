#include "io/chunker.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

namespace hare::io {
namespace {

// Position after the last '\n' in [begin, end), or nullptr if there is none.
const char* AfterLastNewline(const char* begin, const char* end) {
  const void* nl = memrchr(begin, '\n', static_cast<size_t>(end - begin));
  return nl == nullptr ? nullptr : static_cast<const char*>(nl) + 1;
}

// Whether [begin, end) has a '\r' followed by a byte other than '\n'.
bool BareCarriageReturn(const char* begin, const char* end) {
  for (const char* p = begin; p < end;) {
    const void* cr = std::memchr(p, '\r', static_cast<size_t>(end - p));
    if (cr == nullptr) return false;
    p = static_cast<const char*>(cr) + 1;
    if (p < end && *p != '\n') return true;
  }
  return false;
}

void EnsureSize(std::vector<char>& v, size_t n) {
  if (v.size() < n) v.resize(n);
}

}  // namespace

Chunker::Chunker(std::vector<std::string> paths, ChunkerOptions options)
    : paths_(std::move(paths)), options_(options) {
  if (paths_.empty()) paths_.push_back("-");
}

absl::Status Chunker::OpenNext() {
  absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(paths_[next_input_]);
  if (!source.ok()) return source.status();
  source_ = std::move(*source);
  compression_ = source_->compression();
  current_input_ = next_input_++;
  at_input_start_ = true;
  input_bytes_ = 0;
  return absl::OkStatus();
}

absl::Status Chunker::Grow(Chunk& chunk, size_t want, size_t used) {
  if (options_.max_line_bytes != 0) want = std::min<uint64_t>(want, options_.max_line_bytes);
  // No line end for longer than the limit or the memory: a file of NUL bytes
  // (a hole), /dev/zero, or lines that end otherwise.
  const bool too_long = want <= used;
  if (!too_long) {
    if (chunk.storage.size() >= want + kChunkPadding) return absl::OkStatus();
    try {
      chunk.storage.resize(want + kChunkPadding);
      return absl::OkStatus();
    } catch (const std::bad_alloc&) {
    }
  }
  source_.reset();
  carry_.clear();
  const std::string line =
      absl::StrCat(InputDisplayName(paths_[current_input_]), ": a line of ", used >> 20,
                   " MiB and more from byte ", input_bytes_ - used + 1,
                   compression_ == Compression::kNone ? "" : " of the decompressed text");
  constexpr const char* kWhy =
      "with no line end (LF): a file of NUL bytes, or lines that end otherwise?";
  return absl::ResourceExhaustedError(
      too_long ? absl::StrCat(line, " is longer than hare reads (an eighth of the memory, ",
                              options_.max_line_bytes >> 20, " MiB), ", kWhy)
               : absl::StrCat("out of memory: ", line, ", ", kWhy));
}

absl::StatusOr<bool> Chunker::Next(Chunk& chunk) {
  for (;;) {
    if (source_ == nullptr) {
      if (next_input_ == paths_.size()) return false;
      if (absl::Status s = OpenNext(); !s.ok()) return s;
    }
    // Start with the unfinished line of the previous read, then read behind it.
    size_t used = carry_.size();
    if (absl::Status s = Grow(chunk, std::max(options_.block_size, 2 * used), used); !s.ok()) {
      return s;
    }
    // memcpy must not get the null data() of an empty vector, even for 0 bytes.
    if (used > 0) std::memcpy(chunk.storage.data(), carry_.data(), used);
    carry_.clear();
    const char* cut = nullptr;  // end of the last whole line in the chunk
    bool at_end = false;
    for (;;) {
      size_t room = chunk.storage.size() - kChunkPadding - used;
      if (room == 0) {  // one line longer than the buffer: grow it
        if (absl::Status s = Grow(chunk, 2 * used, used); !s.ok()) return s;
        continue;
      }
      absl::StatusOr<size_t> n = source_->Read(chunk.storage.data() + used, room);
      if (!n.ok()) {
        source_.reset();
        return n.status();
      }
      if (*n == 0) {
        at_end = true;
        break;
      }
      const char* fresh = chunk.storage.data() + used;
      used += *n;
      bytes_ += *n;
      input_bytes_ += *n;
      // Line ends of CR alone (a classic Mac file) would make the whole
      // input one line, read into memory: refused at the first line.
      if (at_input_start_ && cut == nullptr) {
        const char* end = chunk.storage.data() + used;
        const void* nl = std::memchr(fresh, '\n', static_cast<size_t>(end - fresh));
        if (BareCarriageReturn(std::max<const char*>(chunk.storage.data(), fresh - 1),
                               nl != nullptr ? static_cast<const char*>(nl) + 1 : end)) {
          source_.reset();
          return absl::InvalidArgumentError(absl::StrCat(
              InputDisplayName(paths_[current_input_]),
              ":1: a carriage return (CR) inside the first line: hare's lines end in LF or CR LF, "
              "not CR alone (lines that end in CR: tr '\\r' '\\n'; a CR within a line: tr '\\r' ' "
              "')"));
        }
      }
      const char* after = AfterLastNewline(fresh, chunk.storage.data() + used);
      if (after != nullptr) cut = after;
      if (cut != nullptr && (!options_.fill_blocks || used == chunk.storage.size() - kChunkPadding))
        break;
    }
    const char* begin = chunk.storage.data();
    // The first chunk of an input holds its whole first line, so a mark
    // before that line is in it.
    if (at_input_start_ && used >= 3 && std::memcmp(begin, "\xEF\xBB\xBF", 3) == 0) {
      std::memmove(chunk.storage.data(), begin + 3, used - 3);
      used -= 3;
      if (cut != nullptr) cut -= 3;
    }
    at_input_start_ = false;
    if (at_end) {
      source_.reset();
      if (used == 0) continue;  // an empty input, or one that ended on a line end
      if (begin[used - 1] != '\n') {
        EnsureSize(chunk.storage, used + 1 + kChunkPadding);
        chunk.storage[used++] = '\n';
      }
      chunk.size = used;
    } else {
      chunk.size = static_cast<size_t>(cut - begin);
      carry_.assign(cut, begin + used);
    }
    std::memset(chunk.storage.data() + chunk.size, 0, kChunkPadding);
    chunk.input = current_input_;
    chunk.sequence = sequence_++;
    return true;
  }
}

}  // namespace hare::io
