// The width of text on a terminal, for the tables hare prints.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace hare::learner {

// The UTF-8 characters of `text`: the columns it takes on a terminal for
// most scripts ("été" is 5 bytes and 3 columns), not for double-width ones
// such as Chinese, nor for combining marks.
inline size_t Columns(std::string_view text) {
  return static_cast<size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// `text` padded with spaces to `width` columns, on its right (left-aligned)
// or on its left.
inline std::string Padded(std::string_view text, size_t width, bool left_aligned) {
  const std::string pad(width - std::min(width, Columns(text)), ' ');
  return left_aligned ? std::string(text) + pad : pad + std::string(text);
}

}  // namespace hare::learner
