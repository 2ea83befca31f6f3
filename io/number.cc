#include "io/number.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include "absl/strings/str_format.h"
#include "hashing/text_features.h"

namespace hare::io {

namespace {

// Whether a decimal number that from_chars read whole ([-]digits[.digits]
// [e[+-]digits]) is 1 or more in magnitude: the power of ten of its first
// digit other than 0, plus its exponent, is 0 or more. Exact for any
// length, where a double cannot tell 1e-400 from 1e400.
bool AtLeastOne(std::string_view number) {
  if (!number.empty() && number[0] == '-') number.remove_prefix(1);
  const size_t e = number.find_first_of("eE");
  const std::string_view mantissa = number.substr(0, e);
  int64_t exponent = 0;
  if (e != number.npos) {
    std::string_view power = number.substr(e + 1);
    const bool negative = !power.empty() && power[0] == '-';
    if (!power.empty() && (power[0] == '-' || power[0] == '+')) power.remove_prefix(1);
    const auto [end, error] = std::from_chars(power.data(), power.data() + power.size(), exponent);
    if (error == std::errc::result_out_of_range) exponent = int64_t{1} << 62;  // beyond any digits
    if (negative) exponent = -exponent;
  }
  const size_t point = std::min(mantissa.find('.'), mantissa.size());
  const size_t first = mantissa.find_first_of("123456789");
  if (first == mantissa.npos) return false;  // 0
  // The digit at `first` is worth 10^(point - 1 - first), the point not counted.
  const int64_t power =
      static_cast<int64_t>(point) - 1 - static_cast<int64_t>(first) + (first > point ? 1 : 0);
  return power + exponent >= 0;
}

}  // namespace

NumberError ParseFloat(std::string_view text, float* out) {
  // Fast path for the values that dominate real data: "1" and "0".
  if (text.size() == 1 && (text[0] == '1' || text[0] == '0')) {
    *out = text[0] == '1' ? 1.0f : 0.0f;
    return NumberError::kNone;
  }
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') {
    ++begin;
    if (begin != end && *begin == '-') return NumberError::kNotANumber;  // "+-1"
  }
  if (begin == end) return NumberError::kNotANumber;
  // Read as a float, rounded once (through a double, a value just below
  // halfway between two floats could round to the halfway double, then up).
  // GCC 12's libstdc++ (Debian 12's) rounds correctly, at any length, and
  // says out of range only for what rounds to 0 or past the largest float
  // (an older one, through strtof, for subnormals too); the tests pin both.
  float value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec == std::errc::result_out_of_range && ptr == end) {
    // Too small for a float (1e-50) is zero, signed, as strtof would say (the
    // caller may refuse it: TooSmallForAFloat); too large (1e39, FLT_MAX plus
    // half its ulp and more) is an error.
    if (AtLeastOne(std::string_view(begin, static_cast<size_t>(end - begin)))) {
      return NumberError::kOutOfRange;
    }
    value = *begin == '-' ? -0.0f : 0.0f;
    ec = std::errc();
  }
  if (ec != std::errc() || ptr != end) return NumberError::kNotANumber;
  if (!std::isfinite(value)) return NumberError::kNotFinite;
  *out = value;
  return NumberError::kNone;
}

bool TooSmallForAFloat(std::string_view text, float value) {
  const std::string_view digits = text.substr(0, text.find_first_of("eE"));
  return value == 0 && digits.find_first_of("123456789") != std::string_view::npos;
}

bool ParseIndex(std::string_view text, uint64_t* out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, *out);
  return !text.empty() && ec == std::errc() && ptr == end;
}

const char* NumberErrorText(NumberError e) {
  switch (e) {
    case NumberError::kNone:
      return "ok";
    case NumberError::kNotANumber:
      return "not a number";
    case NumberError::kNotFinite:
      return "not a finite number";
    case NumberError::kOutOfRange:
      return "too large for a float";
  }
  return "?";
}

std::string Quote(std::string_view text) {
  constexpr size_t kMax = 40;
  std::string out = "'";
  size_t i = 0;
  auto escape = [&](size_t n) {
    for (; n > 0; --n, ++i) out += absl::StrFormat("\\x%02x", static_cast<unsigned char>(text[i]));
  };
  while (i < text.size() && i < kMax) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7f) {
        escape(1);
      } else {
        out += text[i++];
      }
    } else if (hashing::InvalidUtf8At(text.substr(i, 4)) == 1) {
      escape(1);  // not UTF-8: printed as it is, it would be a garbled character
    } else {
      const size_t n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
      if (c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) {
        escape(n);  // a control character beyond ASCII (U+0080 to U+009F)
      } else {
        out.append(text.substr(i, n));
        i += n;
      }
    }
  }
  if (i < text.size()) out += "...";
  out += "'";
  return out;
}

}  // namespace hare::io
