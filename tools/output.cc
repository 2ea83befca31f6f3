#include "tools/output.h"

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace hare::tools {

absl::Status WriteText(FILE* out, std::string& text, bool flush, std::string_view what) {
  errno = 0;
  const bool ok = fwrite(text.data(), 1, text.size(), out) == text.size() &&
                  (!flush || fflush(out) == 0) && ferror(out) == 0;
  text.clear();
  if (ok) return absl::OkStatus();
  return absl::DataLossError(absl::StrCat("cannot write ", std::string(what), ": ",
                                          errno != 0 ? std::strerror(errno) : "write error"));
}

absl::Status WriteWhenLarge(std::string& text) {
  if (text.size() < (size_t{1} << 20)) return absl::OkStatus();
  return WriteText(stdout, text, /*flush=*/false, "to stdout");
}

}  // namespace hare::tools
