// Input formats, and what a parser needs to know to turn a line into features.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashing/feature_hash.h"
#include "hashing/text_features.h"

namespace hare::io {

enum class Format { kVw, kLibsvm, kText };

const char* FormatName(Format f);
std::optional<Format> FormatFromName(std::string_view name);

struct ParseOptions {
  Format format = Format::kVw;
  int bits = hashing::kDefaultBits;
  uint64_t hash_seed = 0;
  bool constant = true;                   // add the constant (bias) feature to every example
  hashing::TextFeatureOptions text = {};  // --format text: tokenizer and templates
  // VW: namespace interactions, "ab" (-q ab) or "abc" (--cubic abc): the
  // first letters of the namespaces, ':' for any, ' ' for the default one.
  std::vector<std::string> interactions = {};
  // Labels are class names (any text without white space; in --format text
  // anything before the TAB) instead of binary -1/+1.
  bool class_labels = false;
};

// What a line parser reports about a line it could not use.
struct LineError {
  uint32_t column = 0;  // 1-based
  std::string message;
};

}  // namespace hare::io
