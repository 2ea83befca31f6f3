// One input, as bytes: a file or stdin, decompressed when its first bytes are
// the magic of gzip, bzip2, xz or zstd (never judged by the file's name).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace hare::io {

enum class Compression { kNone, kGzip, kBzip2, kXz, kZstd };

const char* CompressionName(Compression c);

// The compression whose magic bytes start `head` (kNone if none does).
Compression DetectCompression(const unsigned char* head, size_t size);

// The name an input is reported by: "-" reads stdin and is called "<stdin>".
std::string InputDisplayName(const std::string& path);

class Source {
 public:
  virtual ~Source() = default;

  // Opens `path` ("-" for stdin) and looks at its first bytes. Refuses, by
  // those magic bytes, the compression and archive formats hare does not read
  // (lz4, zip, 7z, lzip, compress) rather than read compressed bytes as
  // lines, and hare's own models and caches.
  static absl::StatusOr<std::unique_ptr<Source>> Open(const std::string& path);

  // Reads at most `size` bytes; 0 means the end. One read() call on a plain
  // input, so a pipe that has a line ready returns it without waiting for more.
  virtual absl::StatusOr<size_t> Read(char* buffer, size_t size) = 0;

  virtual Compression compression() const = 0;
};

}  // namespace hare::io
