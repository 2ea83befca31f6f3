#include "io/example_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "io/source.h"

namespace hare::io {

ExampleReader::ExampleReader(std::vector<std::string> paths, const ParseOptions& parse,
                             const ChunkerOptions& chunking)
    : chunker_(std::move(paths), chunking), parser_(parse) {
  for (const std::string& p : chunker_.paths()) names_.push_back(InputDisplayName(p));
}

absl::StatusOr<const ExampleBatch*> ExampleReader::Next() {
  absl::StatusOr<bool> more = chunker_.Next(chunk_);
  if (!more.ok()) return more.status();
  if (!*more) return nullptr;
  if (chunk_.input != input_) {
    input_ = chunk_.input;
    next_line_ = 1;
  }
  parser_.Parse(chunk_.text(), batch_);
  batch_.input_name = names_[input_];
  batch_.first_line = next_line_;
  next_line_ += batch_.line_count;
  return &batch_;
}

absl::Status CheckReadable(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    if (path == "-") continue;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
    }
    ::close(fd);
  }
  return absl::OkStatus();
}

}  // namespace hare::io
