#include "io/format.h"

#include <algorithm>
#include <iterator>

#include "absl/strings/str_cat.h"

namespace hare::io {

const char* FormatName(Format f) {
  switch (f) {
    case Format::kVw:
      return "vw";
    case Format::kLibsvm:
      return "libsvm";
    case Format::kText:
      return "text";
    case Format::kFastText:
      return "fasttext";
  }
  return "?";
}

std::optional<Format> FormatFromName(std::string_view name) {
  if (name == "vw") return Format::kVw;
  if (name == "libsvm" || name == "svmlight") return Format::kLibsvm;
  if (name == "text") return Format::kText;
  if (name == "fasttext") return Format::kFastText;
  return std::nullopt;
}

std::string LabelPrefixProblem(std::string_view prefix) {
  if (prefix.empty() || prefix.size() > 255) return "must be 1 to 255 bytes";
  if (hashing::InvalidUtf8At(prefix) > 0) return "is not valid UTF-8";
  for (const char c : prefix) {
    // fastText's word breaks: ' ', \t, \v, \f, \r, \n and NUL.
    if (c == ' ' || (c >= '\t' && c <= '\r') || c == '\0') {
      return "has white space or NUL in it, which end words";
    }
  }
  return "";
}

GramTables ResolveGrams(const std::vector<std::string>& ngrams,
                        const std::vector<std::string>& skips) {
  GramTables t;
  std::fill(std::begin(t.n), std::end(t.n), uint8_t{1});
  std::fill(std::begin(t.skips), std::end(t.skips), uint8_t{0});
  for (bool lettered : {false, true}) {
    for (const auto* specs : {&ngrams, &skips}) {
      uint8_t* table = specs == &ngrams ? t.n : t.skips;
      for (const std::string& spec : *specs) {
        char letter = 0;
        int n = 0;
        if (!ParseGramSpec(spec, &letter, &n) || (letter != 0) != lettered) continue;
        if (letter == 0) {
          std::fill(table, table + 256, static_cast<uint8_t>(n));
        } else {
          table[static_cast<unsigned char>(letter)] = static_cast<uint8_t>(n);
        }
      }
    }
  }
  return t;
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

std::vector<std::string> NamespaceUseConflicts(std::string_view ignore,
                                               std::string_view ignore_linear,
                                               std::string_view keep) {
  std::vector<std::string> conflicts;
  for (const char c : ignore) {
    for (const auto& [flag, other] :
         {std::pair{"--keep", keep}, {"--ignore-linear", ignore_linear}}) {
      if (other.find(c) != std::string_view::npos) {
        conflicts.push_back(absl::StrCat("namespace letter '", std::string(1, c),
                                         "' is in both --ignore and ", flag));
      }
    }
  }
  return conflicts;
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

bool PatternsOverlap(std::string_view p, std::string_view q) {
  // Called for each feature a later overlapping pattern makes (q its
  // features' letters): no copy, no sort, the orders of 2 or 3 listed.
  if (p.size() != q.size()) return false;
  const auto fits = [&](size_t place, size_t other) {
    return p[place] == ':' || q[other] == ':' || p[place] == q[other];
  };
  if (p.size() == 2) return (fits(0, 0) && fits(1, 1)) || (fits(0, 1) && fits(1, 0));
  return p.size() == 3 &&
         std::any_of(std::begin(kOrdersOfThree), std::end(kOrdersOfThree), [&](const auto& o) {
           return fits(0, o[0]) && fits(1, o[1]) && fits(2, o[2]);
         });
}

bool InteractionsOverlap(const std::vector<std::string>& interactions) {
  for (size_t a = 0; a < interactions.size(); ++a) {
    for (size_t b = a + 1; b < interactions.size(); ++b) {
      if (PatternsOverlap(interactions[a], interactions[b])) return true;
    }
  }
  return false;
}

}  // namespace hare::io
