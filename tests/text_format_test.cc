// io::Parser on plain sentences (io/text_format.cc).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hashing/feature_hash.h"
#include "io/example_batch.h"
#include "io/format.h"
#include "tests/parse_test_helper.h"

namespace hare::io {
namespace {

using test_util::ConstantFeature;
using test_util::Feature;
using test_util::FeaturesOf;
using test_util::ParsedChunk;
using test_util::SlotOf;

ParseOptions Text() {
  ParseOptions o;
  o.format = Format::kText;
  return o;
}
const ParseOptions kText = Text();

// A word of plain text is a feature of value 1 in the default namespace.
Feature Word(std::string_view word) { return {SlotOf(word, "", kText), 1.0f}; }

TEST(TextFormatTest, LabelTabText) {
  ParsedChunk p("1\tHello World\n", kText);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.label(0), 1.0f);
  EXPECT_EQ(b.importance(0), 1.0f);
  EXPECT_EQ(b.initial(0), 0.0f);
  EXPECT_EQ(b.tag(0), "");
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{Word("hello"), Word("world"), ConstantFeature(kText)}));
}

TEST(TextFormatTest, LowerCasesEveryScript) {
  ParsedChunk p(
      "-1\tCAF\xc3\x89 Stra\xc3\x9f"
      "E \xc3\x84pfel\n",
      kText);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.label(0), -1.0f);
  // 'É' (C3 89) and 'Ä' (C3 84) become 'é' (C3 A9) and 'ä' (C3 A4), so the
  // slot of "CAFÉ" is that of "café".
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{Word("caf\xc3\xa9"),
                                                    Word("stra\xc3\x9f"
                                                         "e"),
                                                    Word("\xc3\xa4pfel"), ConstantFeature(kText)}));
  EXPECT_NE(SlotOf("caf\xc3\x89", "", kText), SlotOf("caf\xc3\xa9", "", kText));
}

TEST(TextFormatTest, NoTabMeansUnlabeled) {
  ParsedChunk p("Hello world\n\tjust text\n", kText);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 2u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_FALSE(b.has_label(0));
  EXPECT_EQ(b.label(0), ExampleBatch::kNoLabel);
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{Word("hello"), Word("world"), ConstantFeature(kText)}));
  // An empty label before the tab is no label.
  EXPECT_FALSE(b.has_label(1));
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{Word("just"), Word("text"), ConstantFeature(kText)}));
}

TEST(TextFormatTest, LabelsOfTheBinarySet) {
  ParsedChunk p("1\ta\n+1\ta\n-1\ta\n0\ta\n 1 \ta\n", kText);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  ASSERT_EQ(b.size(), 5u);
  const float expected[] = {1, 1, -1, -1, 1};
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(b.label(i), expected[i]) << "line " << i + 1;
}

TEST(TextFormatTest, RepeatedWordsCountTwiceAndLaterTabsAreSpaces) {
  ParsedChunk p("0\tA a\tb  c:d\n", kText);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.label(0), -1.0f);
  // Punctuation is split off by the tokenizer: "c:d" is "c", ":", "d".
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{Word("a"), Word("a"), Word("b"), Word("c"),
                                                    Word(":"), Word("d"), ConstantFeature(kText)}));
}

TEST(TextFormatTest, LabelWithoutWords) {
  ParsedChunk p("1\t\n", kText);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.label(0), 1.0f);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{ConstantFeature(kText)}));
}

TEST(TextFormatTest, ConstantCanBeTurnedOff) {
  ParseOptions o = Text();
  o.constant = false;
  ParsedChunk p("1\tword\n", o);
  ASSERT_EQ(p.batch().size(), 1u);
  EXPECT_EQ(FeaturesOf(p.batch(), 0), (std::vector<Feature>{Word("word")}));
}

TEST(TextFormatTest, SeedAndBits) {
  ParseOptions o = Text();
  o.bits = 24;
  o.hash_seed = 7;
  ParsedChunk p("1\tword\n", o);
  ASSERT_EQ(p.batch().size(), 1u);
  EXPECT_EQ(
      FeaturesOf(p.batch(), 0),
      (std::vector<Feature>{{SlotOf("word", "", o), 1.0f}, {hashing::ConstantIndex(7, 24), 1.0f}}));
}

TEST(TextFormatTest, CrlfAndBlankLines) {
  ParsedChunk p("1\tword\r\n\r\n \t \n-1\tother words\r\n", kText);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.line_count, 4u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(b.line(1), 4u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{Word("word"), ConstantFeature(kText)}));
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{Word("other"), Word("words"), ConstantFeature(kText)}));
}

using test_util::BadLineCase;

class TextBadLineTest : public ::testing::TestWithParam<BadLineCase> {};

TEST_P(TextBadLineTest, IsSkippedAndReported) {
  const BadLineCase& c = GetParam();
  ParsedChunk p("1\tgood one\n" + c.line + "\n-1\tgood two\n", kText);
  const ExampleBatch& b = p.batch();
  test_util::ExpectOnlyTheMiddleLineBad(b, c);
  if (HasFatalFailure() || b.size() != 2) return;
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{Word("good"), Word("one"), ConstantFeature(kText)}));
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{Word("good"), Word("two"), ConstantFeature(kText)}));
  EXPECT_EQ(b.feature_count(), 6u);
}

const char kOutsideSet[] =
    " is outside the expected set: binary labels are -1 and +1 (0 means -1; class numbers are "
    "for models trained with --multiclass ova)";

INSTANTIATE_TEST_SUITE_P(
    Messages, TextBadLineTest,
    ::testing::Values(BadLineCase{"2\tsome words", 1, std::string("label '2'") + kOutsideSet},
                      BadLineCase{"0.5\tsome words", 1, std::string("label '0.5'") + kOutsideSet},
                      BadLineCase{"abc\tsome words", 1,
                                  "bad label 'abc': not a number (labels that are names are for "
                                  "models trained with --multiclass)"},
                      BadLineCase{"  x \tsome words", 3,
                                  "bad label 'x': not a number (labels that are names are for "
                                  "models trained with --multiclass)"},
                      BadLineCase{"nan\tsome words", 1, "bad label 'nan': not a finite number"},
                      BadLineCase{"1 1\tsome words", 1, "bad label '1 1': not a number"}));

ParseOptions FastText() {
  ParseOptions o;
  o.format = Format::kFastText;
  o.class_labels = true;
  return o;
}

TEST(TextFormatTest, FastTextLabelAnywhereIsKeptWholeAndTheRestIsTheText) {
  const ParseOptions options = FastText();
  ParsedChunk p("__label__NUM:dist How far ?\nhow __label__pos far\nHow far ?\n", options);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 3u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.label(0), ExampleBatch::kClassLabel);
  EXPECT_EQ(b.class_label(0), "__label__NUM:dist");  // case and ':' as written
  EXPECT_EQ(b.class_label(1), "__label__pos");
  EXPECT_EQ(b.label(2), ExampleBatch::kNoLabel);  // no label word: unlabelled
  // The same words as text's, without the label.
  const std::vector<Feature> how_far = {Word("how"), Word("far"), Word("?"),
                                        ConstantFeature(kText)};
  EXPECT_EQ(FeaturesOf(b, 0), how_far);
  EXPECT_EQ(FeaturesOf(b, 2), how_far);
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{Word("how"), Word("far"), ConstantFeature(kText)}));
}

// A byte-order mark before a label (files joined with cat), a zero-width
// space or both, is dropped, as a class name loses them: the label is
// found, and is the same class; so is a second label after such a mark.
TEST(TextFormatTest, FastTextLabelAfterAByteOrderMarkIsTheLabel) {
  ParsedChunk p(
      "__label__pos good\n\xEF\xBB\xBF__label__neg bad\nok \xEF\xBB\xBF__label__neg\n"
      "\xE2\x80\x8B__label__neg zw\n\xEF\xBB\xBF\xE2\x80\x8B__label__neg both\n"
      "__label__pos x \xE2\x80\x8B__label__neg\n",
      FastText());
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 5u);
  EXPECT_EQ(b.class_label(1), "__label__neg");
  EXPECT_EQ(b.class_label(2), "__label__neg");
  EXPECT_EQ(FeaturesOf(b, 1), (std::vector<Feature>{Word("bad"), ConstantFeature(kText)}));
  EXPECT_EQ(FeaturesOf(b, 2), (std::vector<Feature>{Word("ok"), ConstantFeature(kText)}));
  EXPECT_EQ(b.class_label(3), "__label__neg");
  EXPECT_EQ(FeaturesOf(b, 3), (std::vector<Feature>{Word("zw"), ConstantFeature(kText)}));
  EXPECT_EQ(b.class_label(4), "__label__neg");
  EXPECT_EQ(FeaturesOf(b, 4), (std::vector<Feature>{Word("both"), ConstantFeature(kText)}));
  ASSERT_EQ(b.bad_lines.size(), 1u);
  EXPECT_EQ(b.bad_lines[0].line, 6u);
  EXPECT_EQ(b.bad_lines[0].column, 19u);  // the label's, after the 3 bytes of the space
  EXPECT_EQ(b.bad_lines[0].message,
            "a second label, '__label__neg' after '__label__pos': hare learns one class for each "
            "example");
}

TEST(TextFormatTest, FastTextSecondLabelIsABadLineAndColumnsCountTheLabel) {
  const ParseOptions options = FastText();
  ParsedChunk p("__label__a x __label__b\n__label__a caf\xc3 ok\n", options);
  const ExampleBatch& b = p.batch();
  EXPECT_EQ(b.size(), 0u);
  ASSERT_EQ(b.bad_lines.size(), 2u);
  EXPECT_EQ(b.bad_lines[0].column, 14u);
  EXPECT_EQ(b.bad_lines[0].message,
            "a second label, '__label__b' after '__label__a': hare learns one class for each "
            "example");
  // The invalid byte's column in the line, the label counted.
  EXPECT_EQ(b.bad_lines[1].line, 2u);
  EXPECT_EQ(b.bad_lines[1].column, 15u);
}

TEST(TextFormatTest, FastTextSameLabelTwiceIsOneAndNulSeparatesWordsAsInFastText) {
  const ParseOptions options = FastText();
  const std::string chunk =
      std::string("__label__e x __label__e\n__label__d") + '\0' + "__label__e y\n";
  ParsedChunk p(chunk, options);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.class_label(0), "__label__e");
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{Word("x"), ConstantFeature(kText)}));
  ASSERT_EQ(b.bad_lines.size(), 1u);
  EXPECT_EQ(b.bad_lines[0].line, 2u);
  EXPECT_EQ(b.bad_lines[0].message,
            "a second label, '__label__e' after '__label__d': hare learns one class for each "
            "example");
}

// The first label again with a zero-width space or a byte-order mark stuck
// to it, either way round, is the same class (as a class name loses them),
// not a second label.
TEST(TextFormatTest, FastTextSameLabelWithAZeroWidthSpaceIsOne) {
  ParsedChunk p(
      "__label__a __label__a\xE2\x80\x8B nice\n__label__a\xE2\x80\x8B __label__a good\n"
      "__label__b x __label__b\xEF\xBB\xBF\n__label__b y __label__c\xE2\x80\x8B\n",
      FastText());
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b.class_label(0), "__label__a");
  EXPECT_EQ(b.class_label(1), "__label__a");
  EXPECT_EQ(b.class_label(2), "__label__b");
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{Word("nice"), ConstantFeature(kText)}));
  ASSERT_EQ(b.bad_lines.size(), 1u);  // another label is still a second one
  EXPECT_EQ(b.bad_lines[0].line, 4u);
}

// A class name prints as it is in predictions and reports: a control
// character in it (a NUL, an escape; beyond ASCII, C1's next line U+0085 and
// escape U+009B), or a space, is a bad line, in every format, its column the
// character's.
TEST(TextFormatTest, ClassNameWithAControlCharacterOrASpaceIsABadLine) {
  ParseOptions text = Text();
  text.class_labels = true;
  ParseOptions vw;
  vw.class_labels = true;
  const struct {
    std::string line;
    ParseOptions options;
    uint32_t column;
    std::string message;
  } cases[] = {
      {std::string("a") + '\0' + "b\tx\n", text, 2,
       "class name 'a\\x00b' has a control character in it"},
      {"po\x1bs\ty\n", text, 3, "class name 'po\\x1bs' has a control character in it"},
      {"pos\xc2\x85\tx\n", text, 4,
       "class name 'pos\\xc2\\x85' has a control character (U+0085) in it"},
      {"very pos\tx\n", text, 5, "class name 'very pos' has white space in it"},
      // fastText's labels too (a NUL ends the word there, as in fastText).
      {"__label__a\x7f x\n", FastText(), 11,
       "class name '__label__a\\x7f' has a control character in it"},
      {"__label__a\xc2\x9b"
       "31m x\n",
       FastText(), 11,
       "class name '__label__a\\xc2\\x9b31m' has a control character (U+009B) in it"},
      {"a\xc2\x85"
       "b | x\n",
       vw, 2, "class name 'a\\xc2\\x85b' has a control character (U+0085) in it"},
  };
  for (const auto& c : cases) {
    ParsedChunk p(c.line, c.options);
    EXPECT_EQ(p.batch().size(), 0u) << c.line;
    ASSERT_EQ(p.batch().bad_lines.size(), 1u) << c.line;
    EXPECT_EQ(p.batch().bad_lines[0].column, c.column) << c.line;
    EXPECT_EQ(p.batch().bad_lines[0].message, c.message) << c.line;
    EXPECT_TRUE(p.batch().bad_lines[0].label) << c.line;
  }
}

// Around a class name, what the tokenizer separates words on or drops is
// not part of it: a byte-order mark (a file that starts with one, after
// `cat`), a no-break or zero-width space. Inside, Unicode white space is a
// bad line, as ASCII's is; a label of such space alone is no label.
TEST(TextFormatTest, ClassNamesLoseTheSpaceAndMarksAroundThem) {
  ParseOptions options = Text();
  options.class_labels = true;
  ParsedChunk p(
      "pos\xc2\xa0\tx\n\xc2\xa0pos\ty\npos\xe2\x80\x8b\tz\n\xef\xbb\xbfpos\tv\n"
      "\xc2\xa0\tw\np\xc2\xa0s\tu\n",
      options);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 5u);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(b.class_label(i), "pos") << i;
  EXPECT_FALSE(b.has_label(4));
  ASSERT_EQ(b.bad_lines.size(), 1u);
  EXPECT_EQ(b.bad_lines[0].line, 6u);
  EXPECT_EQ(b.bad_lines[0].column, 2u);
  EXPECT_EQ(b.bad_lines[0].message, "class name 'p\xc2\xa0s' has white space (U+00A0) in it");
  // fastText's and VW's names too; one of nothing but such space is none.
  ParsedChunk f("__label__a\xe2\x80\x8b x\n", FastText());
  ASSERT_EQ(f.batch().size(), 1u);
  EXPECT_EQ(f.batch().class_label(0), "__label__a");
  ParseOptions vw;
  vw.class_labels = true;
  ParsedChunk v(
      "\xef\xbb\xbf"
      "a | x\n\xc2\xa0 | y\n",
      vw);
  ASSERT_EQ(v.batch().size(), 2u);
  EXPECT_EQ(v.batch().class_label(0), "a");
  EXPECT_TRUE(v.batch().bad_lines.empty());
  EXPECT_FALSE(v.batch().has_label(1));  // as " | y": no label
}

// --label: another prefix marks the label; __label__ is then a word.
TEST(TextFormatTest, FastTextLabelPrefixIsTheOneGiven) {
  ParseOptions options = FastText();
  options.label_prefix = "#";
  ParsedChunk p("how #NUM:dist far __label__x\n", options);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.class_label(0), "#NUM:dist");
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{Word("how"), Word("far"), Word("__label__x"),
                                                    ConstantFeature(kText)}));
}

TEST(TextFormatTest, LabelPrefixProblems) {
  EXPECT_EQ(LabelPrefixProblem("__label__"), "");
  EXPECT_EQ(LabelPrefixProblem("#"), "");
  EXPECT_EQ(LabelPrefixProblem(""), "must be 1 to 255 bytes");
  EXPECT_EQ(LabelPrefixProblem(std::string(256, 'x')), "must be 1 to 255 bytes");
  EXPECT_EQ(LabelPrefixProblem("a\xc3"), "is not valid UTF-8");
  for (const std::string& bad :
       std::vector<std::string>{"a b", "a\tb", "\n", std::string("a\0", 2)}) {
    EXPECT_EQ(LabelPrefixProblem(bad), "has white space or NUL in it, which end words") << bad;
  }
}

}  // namespace
}  // namespace hare::io
