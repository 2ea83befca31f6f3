// Writing a command's answers as it goes. A write the system refuses (a full
// disk, /dev/full, a pipe whose reader has gone while SIGPIPE is ignored)
// ends the command at once with the reason, rather than reading on and
// writing nothing: on an endless stream (tail -f | hare predict) it would
// never end.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace hare::tools {

// A file the command writes, or stdout (not closed).
struct FileCloser {
  void operator()(FILE* f) const {
    if (f != stdout) fclose(f);
  }
};
using File = std::unique_ptr<FILE, FileCloser>;

// Writes `text` to `out`, then empties it; flushes `out` too if `flush`. On
// failure, "cannot write WHAT: REASON" ("to stdout", "predictions FILE").
absl::Status WriteText(FILE* out, std::string& text, bool flush, std::string_view what);

// WriteText to stdout once `text` holds 1 MiB or more, so that the answers to
// a long line are not held whole (an 11 MB line with 30 occurrences of a
// confusion set's word makes 330 MB of examples).
absl::Status WriteWhenLarge(std::string& text);

// The input (stdin's file for none) or `model` (if not empty) that `path`
// names, as io::InputAt names it, or "".
std::string InputOrModelAt(const std::string& path, const std::vector<std::string>& inputs,
                           const std::string& model);

// Refuses a stdout that goes to one of `inputs` (stdin's file too) or to
// `model` (if not empty): what the command writes would be read back as
// examples (`hare predict -i m f >> f` would never end) or write over them
// (`1<> f`), or damage the model.
absl::Status CheckStdout(const std::vector<std::string>& inputs, const std::string& model);

// "stdout" or "stderr" when the model path `model` names a descriptor
// (/dev/stderr, /dev/fd/3) open on the file (a regular file, a pipe or a
// socket: not a device such as /dev/null) of stdout (if `stdout_too`) or of
// stderr, where the model's bytes would be mixed with the command's line or
// messages; else "".
std::string StandardStreamAt(const std::string& model, bool stdout_too);

}  // namespace hare::tools
