#include "tools/output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "io/example_reader.h"

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

std::string InputOrModelAt(const std::string& path, const std::vector<std::string>& inputs,
                           const std::string& model) {
  std::vector<std::string> read = io::InputsOrStdin(inputs);
  if (!model.empty()) read.push_back(model);
  return io::InputAt(path, read);
}

absl::Status CheckStdout(const std::vector<std::string>& inputs, const std::string& model) {
  const std::string file = InputOrModelAt("/dev/stdout", inputs, model);
  if (file.empty()) return absl::OkStatus();
  if (file == model) {
    return absl::InvalidArgumentError(absl::StrCat("stdout goes to the model ", file,
                                                   ": what hare writes there would damage it"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("stdout goes to the input ", file,
                   ": what hare writes there would be read back as examples or write over them"));
}

std::string StandardStreamAt(const std::string& model, bool stdout_too) {
  if (model.empty() || model == "-") return "";
  const int descriptor = io::WriteTargetOf(model).descriptor;
  struct stat target;
  if (descriptor < 0 || fstat(descriptor, &target) != 0) return "";
  // A device (/dev/null for both, a terminal) keeps nothing to be mixed.
  if (!S_ISREG(target.st_mode) && !S_ISFIFO(target.st_mode) && !S_ISSOCK(target.st_mode)) {
    return "";
  }
  auto same = [&target](int fd) {
    struct stat st;
    return fstat(fd, &st) == 0 && st.st_dev == target.st_dev && st.st_ino == target.st_ino;
  };
  if (stdout_too && same(STDOUT_FILENO)) return "stdout";
  if (same(STDERR_FILENO)) return "stderr";
  return "";
}

}  // namespace hare::tools
