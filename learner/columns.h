// The width of text on a terminal, for the tables hare prints.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "hashing/text_features.h"

namespace hare::learner {

// The columns `text` takes on a terminal (hashing::TerminalColumns: a
// Chinese character 2, a combining mark 0).
inline size_t Columns(std::string_view text) { return hashing::TerminalColumns(text); }

// `text` padded with spaces to `width` columns, on its right (left-aligned)
// or on its left.
inline std::string Padded(std::string_view text, size_t width, bool left_aligned) {
  const std::string pad(width - std::min(width, Columns(text)), ' ');
  return left_aligned ? std::string(text) + pad : pad + std::string(text);
}

}  // namespace hare::learner
