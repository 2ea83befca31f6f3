#include "io/number.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"

namespace hare::io {
namespace {

// ParseFloat's result for `text`, with the value it wrote (-99 if none).
struct Parsed {
  NumberError error;
  float value;
};
Parsed Float(std::string_view text) {
  float value = -99.0f;
  NumberError error = ParseFloat(text, &value);
  return {error, value};
}

TEST(ParseFloatTest, AcceptsPlainNumbers) {
  EXPECT_EQ(Float("1").error, NumberError::kNone);
  EXPECT_EQ(Float("1").value, 1.0f);
  EXPECT_EQ(Float("0").error, NumberError::kNone);
  EXPECT_EQ(Float("0").value, 0.0f);
  EXPECT_EQ(Float("-1.5").error, NumberError::kNone);
  EXPECT_EQ(Float("-1.5").value, -1.5f);
  EXPECT_EQ(Float("+2").error, NumberError::kNone);
  EXPECT_EQ(Float("+2").value, 2.0f);
  EXPECT_EQ(Float("1e3").error, NumberError::kNone);
  EXPECT_EQ(Float("1e3").value, 1000.0f);
  EXPECT_EQ(Float(".5").value, 0.5f);
  EXPECT_EQ(Float("5.").value, 5.0f);
  EXPECT_EQ(Float("0.1").value, 0.1f);  // the nearest float, as the literal 0.1f
}

TEST(ParseFloatTest, TooSmallForAFloatIsANonZeroThatReadsAsZero) {
  for (const char* text : {"1e-50", "-1E-400", "0.5e-45", "1e-46"}) {
    EXPECT_TRUE(TooSmallForAFloat(text, Float(text).value)) << text;
  }
  for (const char* text : {"0", "-0.0", "0e-400", "0.000", "1e-45", "1"}) {
    EXPECT_FALSE(TooSmallForAFloat(text, Float(text).value)) << text;
  }
}

TEST(ParseFloatTest, TooSmallIsZero) {
  EXPECT_EQ(Float("1e-400").error, NumberError::kNone);
  EXPECT_EQ(Float("1e-400").value, 0.0f);
  EXPECT_EQ(Float("-1E-400").error, NumberError::kNone);
  EXPECT_EQ(Float("-1E-400").value, 0.0f);
  // Below the smallest float but within a double: also zero.
  EXPECT_EQ(Float("1e-50").value, 0.0f);
  // The smallest subnormal float survives.
  EXPECT_EQ(Float("1e-45").value, FLT_TRUE_MIN);
}

TEST(ParseFloatTest, TooLargeForAFloat) {
  EXPECT_EQ(Float("1e39").error, NumberError::kOutOfRange);
  EXPECT_EQ(Float("1e39").value, -99.0f);  // nothing written
  EXPECT_EQ(Float("-1e39").error, NumberError::kOutOfRange);
  EXPECT_EQ(Float("1e400").error, NumberError::kOutOfRange);  // too large for a double too
  EXPECT_EQ(Float("3.4028236e38").error, NumberError::kOutOfRange);
}

TEST(ParseFloatTest, LargestFloatAsPrintedReadsBack) {
  // The shortest text of FLT_MAX is a little above FLT_MAX itself, but it
  // rounds to FLT_MAX, as strtof says.
  char text[32];
  auto [end, ec] = std::to_chars(text, text + sizeof text, FLT_MAX);
  ASSERT_EQ(std::string_view(text, end - text), "3.4028235e+38");
  EXPECT_EQ(Float(std::string_view(text, end - text)).error, NumberError::kNone);
  EXPECT_EQ(Float(std::string_view(text, end - text)).value, FLT_MAX);
  EXPECT_EQ(Float("-3.4028235e38").value, -FLT_MAX);
  EXPECT_EQ(Float("3.40282356e38").value, FLT_MAX);
}

// Rounded once, to the nearest float: through a double, a value just off
// the halfway point between two floats would land on it and round to even.
TEST(ParseFloatTest, RoundsOnceToTheNearestFloat) {
  // Just below FLT_MAX + half its ulp (0x1.ffffffp+127 = 3.4028235677973366e38
  // and a little): FLT_MAX, not too large.
  EXPECT_EQ(Float("3.40282356779733661e38").error, NumberError::kNone);
  EXPECT_EQ(Float("3.40282356779733661e38").value, FLT_MAX);
  // Just above 1 + 2^-24 (1.000000059604644775...): the float above 1.
  EXPECT_EQ(Float("1.0000000596046448").value, std::nextafter(1.0f, 2.0f));
  EXPECT_EQ(Float("1.0000000596046447").value, 1.0f);
  // A thousand digits that round up only on the last one.
  EXPECT_EQ(Float(absl::StrCat("1.000000059604644775390625", std::string(970, '0'), "1")).value,
            std::nextafter(1.0f, 2.0f));
  // 1e-45 written out: the smallest subnormal float.
  EXPECT_EQ(Float(absl::StrCat("0.", std::string(44, '0'), "1")).value, FLT_TRUE_MIN);
}

// Past a float's range, too small (zero, keeping its sign) or too large,
// told apart by the digits' power of ten at any length, beyond a double's
// range too.
TEST(ParseFloatTest, TooSmallOrTooLargeAtAnyLength) {
  EXPECT_EQ(Float(absl::StrCat("0.", std::string(400, '0'), "1")).error, NumberError::kNone);
  EXPECT_EQ(Float(absl::StrCat("0.", std::string(400, '0'), "1")).value, 0.0f);
  EXPECT_EQ(Float(absl::StrCat("0.", std::string(400, '0'), "1e+2")).value, 0.0f);
  EXPECT_EQ(Float(absl::StrCat("1", std::string(500, '0'), "e-5")).error, NumberError::kOutOfRange);
  EXPECT_EQ(Float(absl::StrCat("0.00", std::string(60, '0'), "1e200")).error,
            NumberError::kOutOfRange);
  EXPECT_EQ(Float("1e-99999999999999999999").value, 0.0f);
  EXPECT_EQ(Float("1e99999999999999999999").error, NumberError::kOutOfRange);
  EXPECT_EQ(Float(".1e-45").value, 0.0f);
  const Parsed negative = Float("-1e-50");
  EXPECT_EQ(negative.error, NumberError::kNone);
  EXPECT_EQ(negative.value, 0.0f);
  EXPECT_TRUE(std::signbit(negative.value));
}

TEST(ParseFloatTest, RejectsNonFinite) {
  EXPECT_EQ(Float("nan").error, NumberError::kNotFinite);
  EXPECT_EQ(Float("NaN").error, NumberError::kNotFinite);
  EXPECT_EQ(Float("inf").error, NumberError::kNotFinite);
  EXPECT_EQ(Float("-inf").error, NumberError::kNotFinite);
  EXPECT_EQ(Float("+inf").error, NumberError::kNotFinite);
  EXPECT_EQ(Float("infinity").error, NumberError::kNotFinite);
  EXPECT_EQ(Float("nan").value, -99.0f);
}

TEST(ParseFloatTest, RejectsWhatIsNotWhollyANumber) {
  for (std::string_view text :
       {"abc", "", "+", "-", "+-1", "1.5x", " 1", "1 ", "1,5", "0x10", "1e400x", "--1", "e5"}) {
    EXPECT_EQ(Float(text).error, NumberError::kNotANumber) << "'" << text << "'";
    EXPECT_EQ(Float(text).value, -99.0f) << "'" << text << "'";
  }
}

TEST(ParseFloatTest, ErrorText) {
  EXPECT_STREQ(NumberErrorText(NumberError::kNone), "ok");
  EXPECT_STREQ(NumberErrorText(NumberError::kNotANumber), "not a number");
  EXPECT_STREQ(NumberErrorText(NumberError::kNotFinite), "not a finite number");
  EXPECT_STREQ(NumberErrorText(NumberError::kOutOfRange), "too large for a float");
}

TEST(ParseIndexTest, AcceptsNonNegativeIntegers) {
  uint64_t value = 99;
  EXPECT_TRUE(ParseIndex("7", &value));
  EXPECT_EQ(value, 7u);
  EXPECT_TRUE(ParseIndex("0", &value));
  EXPECT_EQ(value, 0u);
  EXPECT_TRUE(ParseIndex("007", &value));
  EXPECT_EQ(value, 7u);
  EXPECT_TRUE(ParseIndex("18446744073709551615", &value));
  EXPECT_EQ(value, UINT64_MAX);
}

TEST(ParseIndexTest, RejectsEverythingElse) {
  uint64_t value = 0;
  for (std::string_view text :
       {"", "-1", "+7", "7a", " 7", "7 ", "1.0", "1e3", "abc", "18446744073709551616"}) {
    EXPECT_FALSE(ParseIndex(text, &value)) << "'" << text << "'";
  }
}

TEST(QuoteTest, QuotesShortText) {
  EXPECT_EQ(Quote("abc"), "'abc'");
  EXPECT_EQ(Quote(""), "''");
}

// UTF-8 stays as it is; a control character (C1's too: the next line U+0085,
// the terminal escape U+009B) or a byte that is not UTF-8 is escaped.
TEST(QuoteTest, EscapesControlsAndBytesThatAreNotUtf8) {
  EXPECT_EQ(Quote("a\tb"), "'a\\x09b'");
  EXPECT_EQ(Quote(std::string_view("\0\x1f\x7f", 3)), "'\\x00\\x1f\\x7f'");
  EXPECT_EQ(Quote("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "'caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80'");
  EXPECT_EQ(Quote("\xff"), "'\\xff'");
  EXPECT_EQ(Quote("a\xc3"), "'a\\xc3'");
  EXPECT_EQ(Quote("\xc0\xaf"), "'\\xc0\\xaf'");
  EXPECT_EQ(Quote("a\xc2\x85"
                  "b\xc2\x9b"
                  "31m"),
            "'a\\xc2\\x85b\\xc2\\x9b31m'");
  EXPECT_EQ(Quote("\xc2\xa0"), "'\xc2\xa0'");  // no-break space: not a control
}

TEST(QuoteTest, TruncatesAtFortyBytes) {
  const std::string forty(40, 'x');
  EXPECT_EQ(Quote(forty), "'" + forty + "'");
  EXPECT_EQ(Quote(forty + "y"), "'" + forty + "...'");
  EXPECT_EQ(Quote(std::string(1000, 'x')), "'" + forty + "...'");
  // A character that the 40th byte starts is kept whole.
  const std::string thirty_nine(39, 'x');
  EXPECT_EQ(Quote(thirty_nine + "\xe2\x82\xac"), "'" + thirty_nine + "\xe2\x82\xac'");
  EXPECT_EQ(Quote(thirty_nine + "\xe2\x82\xacy"), "'" + thirty_nine + "\xe2\x82\xac...'");
  // Truncation counts input bytes, before escaping.
  std::string escaped;
  for (int i = 0; i < 40; ++i) escaped += "\\x0a";
  EXPECT_EQ(Quote(std::string(41, '\n')), "'" + escaped + "...'");
}

}  // namespace
}  // namespace hare::io
