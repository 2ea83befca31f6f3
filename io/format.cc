#include "io/format.h"

namespace hare::io {

const char* FormatName(Format f) {
  switch (f) {
    case Format::kVw:
      return "vw";
    case Format::kLibsvm:
      return "libsvm";
    case Format::kText:
      return "text";
  }
  return "?";
}

std::optional<Format> FormatFromName(std::string_view name) {
  if (name == "vw") return Format::kVw;
  if (name == "libsvm" || name == "svmlight") return Format::kLibsvm;
  if (name == "text") return Format::kText;
  return std::nullopt;
}

}  // namespace hare::io
