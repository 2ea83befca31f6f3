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

bool IsNamespaceLetter(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u >= ' ' && u != 0x7f && c != '|' && c != ':';
}

bool ParseAffixSpec(std::string_view spec, char* letter, int* affix) {
  if (spec.size() < 2 || spec.size() > 3 || (spec[0] != '+' && spec[0] != '-') || spec[1] < '1' ||
      spec[1] > '0' + hashing::kMaxAffix) {
    return false;
  }
  // A letter (the default namespace is no letter), not a digit or ','.
  const char c = spec.size() == 3 ? spec[2] : 'a';
  if (!IsNamespaceLetter(c) || c == ' ' || c == ',' || (c >= '0' && c <= '9')) return false;
  *letter = spec.size() == 3 ? spec[2] : 0;
  *affix = spec[0] == '+' ? spec[1] - '0' : -(spec[1] - '0');
  return true;
}

}  // namespace hare::io
