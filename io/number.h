// Numbers in input text, parsed without locale (std::from_chars).
#pragma once

#include <cstdint>
#include <string_view>

namespace hare::io {

enum class NumberError {
  kNone,
  kNotANumber,  // not the whole of the text is a decimal number
  kNotFinite,   // nan, inf, infinity
  kOutOfRange,  // beyond what a float holds
};

// Parses all of `text` as a finite float. A leading '+' is allowed.
NumberError ParseFloat(std::string_view text, float* out);

// Whether `text`, which ParseFloat read as `value`, is a number other than 0
// too small for a float (1e-50): it reads as the 0 that was not written.
bool TooSmallForAFloat(std::string_view text, float value);

// Parses all of `text` as a non-negative decimal integer.
bool ParseIndex(std::string_view text, uint64_t* out);

// The words a message uses for an error: "not a number", ...
const char* NumberErrorText(NumberError e);

// `text` quoted for a message: its first 40 bytes (and the rest of a
// character they cut), control characters (U+0080 to U+009F too) and bytes
// that are not UTF-8 escaped as \x09, \xc2\x85, \xff.
std::string Quote(std::string_view text);

}  // namespace hare::io
