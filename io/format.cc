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

bool ParseGramSpec(std::string_view spec, char* letter, int* n) {
  if (spec.empty()) return false;
  *letter = 0;
  if (spec[0] < '0' || spec[0] > '9') {
    *letter = spec[0];
    spec.remove_prefix(1);
  }
  if (spec.size() != 1 || spec[0] < '0' || spec[0] > '9') return false;
  *n = spec[0] - '0';
  return true;
}

}  // namespace hare::io
