// A binary cache of parsed, hashed examples, so that passes after the first
// read neither text nor a decompressor again (and stdin can be read once).
//
// Layout (little-endian):
//   8  magic "HARECACH"
//   4  u32 cache version (kCacheVersion)
//   4  u32 K, then K bytes: the key, a text naming every option that changes
//      the examples (format, bits, seed, constant) and the inputs (path, size,
//      modification time), so a cache made otherwise is noticed and rebuilt
//   records, one per example:
//      u32 n, f32 label, f32 importance, f32 initial, u32 T, T bytes of the
//      tag (VW's, for -p), n x (u32 index, f32 value)
//      (with class labels, the label of class c is c + 1, 0 for none)
//   the class names: u32 C, then C x (u32 length L, L bytes)
//   8  u64 bytes of the class names, 8 u64 example count, 8 u64 bad lines
//      skipped in the text, 8 u64 bytes of the text (after decompression),
//      8 u64 XXH3-64 of the records, the class names and these four counts
//      (checked as a pass reads the records), then 8 bytes "HAREDONE": a
//      cache without them was cut short and is rebuilt
#pragma once

#include <xxhash.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "io/example_batch.h"
#include "io/example_stream.h"
#include "io/format.h"
#include "io/pending_file.h"

namespace hare::io {

// A cache file's first 8 bytes.
inline constexpr char kCacheMagic[8] = {'H', 'A', 'R', 'E', 'C', 'A', 'C', 'H'};

// 3: -q/--cubic features hashed by hashing::Interact. 4: the count of bad lines.
// 5: n-grams of 3 or more with at most --skips skipped in all (hashing/ngrams.h).
// 6: the records' checksum, the text's bytes. 7: VW's number touching the
// '|' after a label is the tag, not the importance; an importance too small
// for a float is a bad line; an example of importance 0 makes no class; a
// fastText label after a byte-order mark is read.
// 8: a set of features two -q/--cubic patterns would both make on a line
// is made once. 9: the tag of each example, which -p prints in every pass.
// 10: --bos gives a sentence with no word its <s>.
inline constexpr uint32_t kCacheVersion = 10;

// The key of a cache of `inputs` parsed with `options`.
std::string CacheKey(const ParseOptions& options, const std::vector<std::string>& inputs);

// Fails if the cache may not be written to `path`, before work starts: it is
// one of `inputs`, or a file there is not a hare cache (data named by
// mistake, which writing the cache would replace). A missing or empty file,
// or a cache of any version, however damaged, may be replaced.
absl::Status CheckCachePath(const std::string& path, std::span<const std::string> inputs);

class CacheReader;

// XXH3-64 of the bytes given so far.
class Checksum {
 public:
  Checksum() : state_(XXH3_createState(), XXH3_freeState) { Reset(); }
  void Reset() { XXH3_64bits_reset(state_.get()); }
  void Add(const char* bytes, size_t n) { XXH3_64bits_update(state_.get(), bytes, n); }
  uint64_t value() const { return XXH3_64bits_digest(state_.get()); }

 private:
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state_;
};

// Writes examples to a new file that becomes `path` at Finish() (PendingFile):
// until then `path` is as it was, and an interrupted run leaves no file.
class CacheWriter {
 public:
  static absl::StatusOr<std::unique_ptr<CacheWriter>> Create(const std::string& path,
                                                             const std::string& key);
  // With class labels, classes[i] is the class of example i (-1: none).
  void Append(const ExampleBatch& batch, std::span<const int32_t> classes = {});
  // Ends the cache and returns a reader of it (CacheReader::Open's checks,
  // indices within `mask`) through the descriptor it was written to: another
  // run writing the same path meanwhile cannot change what the later passes
  // read. The cache takes its path only if `keep`; else (a temporary cache)
  // it never has a name, and is gone with the reader.
  // class_names: the names of the class numbers Append was given;
  // bad_lines: the lines of the text skipped as malformed; text_bytes: the
  // bytes of the text (after decompression).
  absl::StatusOr<std::unique_ptr<CacheReader>> Finish(uint32_t mask, bool keep,
                                                      const std::vector<std::string>& class_names,
                                                      uint64_t bad_lines, uint64_t text_bytes);

 private:
  CacheWriter(std::string path, std::string key, PendingFile file)
      : path_(std::move(path)), key_(std::move(key)), file_(std::move(file)) {}
  void Write();  // writes out and empties buffer_

  std::string path_;
  std::string key_;
  PendingFile file_;
  Checksum records_sum_;
  std::string error_;  // the first write error
  uint64_t examples_ = 0;
  std::vector<char> buffer_;
};

class CacheReader : public ExampleStream {
 public:
  // Opens a cache; fails (with the reason) if it is missing, cut short, or
  // was made by another version or with another key.
  // Every index must fit `mask`, every value be finite: a damaged cache never
  // reaches the weight table.
  static absl::StatusOr<std::unique_ptr<CacheReader>> Open(const std::string& path,
                                                           const std::string& key, uint32_t mask);
  // The same from an open `file` (read from its start), which it closes.
  // The records' checksum is checked in the first pass that reads them all,
  // if `verify`: not for a cache this run has just written.
  static absl::StatusOr<std::unique_ptr<CacheReader>> Open(const std::string& path, FILE* file,
                                                           const std::string& key, uint32_t mask,
                                                           bool verify);
  ~CacheReader() override;
  absl::StatusOr<const ExampleBatch*> Next() override;
  // The bytes of the text the records read so far stand for (the text's
  // bytes after a whole pass), so that a pass over the cache counts as a
  // pass over the text did.
  uint64_t bytes() const override;
  // The names of the classes whose numbers the labels hold (class labels only).
  const std::vector<std::string>& class_names() const { return class_names_; }
  // The lines of the text skipped as malformed when the cache was made.
  uint64_t bad_lines() const { return tail_.bad_lines; }
  // Reads the examples again from the first (the next pass).
  absl::Status Rewind();

 private:
  struct Tail {  // what the file's tail says
    uint64_t examples, bad_lines, text_bytes, checksum;
  };
  CacheReader(std::string path, FILE* file, uint64_t start, uint64_t end, Tail tail,
              std::string after_records, bool verify, uint32_t mask,
              std::vector<std::string> class_names);
  bool Fill(size_t need);  // makes `need` bytes available at position_

  std::string path_;
  FILE* file_;
  uint64_t start_, end_;  // where the records are in the file
  uint64_t remaining_;    // record bytes not yet read from the file
  Tail tail_;
  std::string after_records_;  // the bytes the checksum covers after the records
  uint32_t mask_;
  uint64_t read_examples_ = 0;
  uint64_t bytes_ = 0;
  std::vector<char> buffer_;
  size_t position_ = 0, filled_ = 0;
  bool verify_;        // until a pass has read every record
  Checksum read_sum_;  // of the records read so far in this pass
  ExampleBatch batch_;
  std::string tag_text_;          // the batch's tags, one after another
  std::vector<size_t> tag_ends_;  // where each example's ends in tag_text_
  std::vector<std::string> class_names_;

 public:
  CacheReader(const CacheReader&) = delete;
  CacheReader& operator=(const CacheReader&) = delete;
};

}  // namespace hare::io
