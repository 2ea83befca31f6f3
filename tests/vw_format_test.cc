// io::Parser on Vowpal Wabbit text lines (io/vw_format.cc).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
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

const ParseOptions kVw;

TEST(VwFormatTest, EveryFieldOfAFullLine) {
  const std::string text = "1 2.5 0.75 'ex1| a b:2 |ns:2 c:3 d\n";
  ParsedChunk p(text, kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.label(0), 1.0f);
  EXPECT_TRUE(b.has_label(0));
  EXPECT_EQ(b.importance(0), 2.5f);
  EXPECT_EQ(b.initial(0), 0.75f);
  EXPECT_EQ(b.tag(0), "ex1");
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("a", "", kVw), 1.0f},
                                                    {SlotOf("b", "", kVw), 2.0f},
                                                    {SlotOf("c", "ns", kVw), 6.0f},
                                                    {SlotOf("d", "ns", kVw), 2.0f},
                                                    ConstantFeature(kVw)}));
  EXPECT_EQ(b.feature_count(), 5u);
  EXPECT_EQ(b.line_count, 1u);
  EXPECT_EQ(b.byte_count, text.size());
}

TEST(VwFormatTest, DefaultsWhenOnlyALabelIsGiven) {
  ParsedChunk p("-1 | a\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.label(0), -1.0f);
  EXPECT_EQ(b.importance(0), 1.0f);
  EXPECT_EQ(b.initial(0), 0.0f);
  EXPECT_EQ(b.tag(0), "");
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{SlotOf("a", "", kVw), 1.0f}, ConstantFeature(kVw)}));
}

TEST(VwFormatTest, LabelsOfTheBinarySet) {
  ParsedChunk p("1 | a\n+1 | a\n1.0 | a\n-1 | a\n-1.0 | a\n0 | a\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 6u);
  EXPECT_TRUE(b.bad_lines.empty());
  const float expected[] = {1, 1, 1, -1, -1, -1};
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(b.label(i), expected[i]) << "line " << i + 1;
    EXPECT_TRUE(b.has_label(i));
  }
}

// A byte-order mark before a binary label, as a class name loses it: files
// joined with cat, the second starting with one. A label touching the '|'
// is still one, not a tag; a mark alone is no label, as " | a" has none.
TEST(VwFormatTest, AByteOrderMarkBeforeABinaryLabelIsDropped) {
  ParsedChunk p(
      "1 | a\n\xEF\xBB\xBF-1 | a\n\xEF\xBB\xBF-1|a\n\xEF\xBB\xBF | a\n\xEF\xBB\xBF|a\n"
      "\xC2\xA0-1|a\n\xEF\xBB\xBF 1 2 |a\n",
      kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 7u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.label(1), -1.0f);
  EXPECT_EQ(b.label(2), -1.0f);  // touching the '|': a label, not a tag
  EXPECT_EQ(b.tag(2), "");
  EXPECT_FALSE(b.has_label(3));  // a mark alone is white space
  EXPECT_FALSE(b.has_label(4));
  EXPECT_EQ(b.tag(4), "");
  EXPECT_EQ(b.label(5), -1.0f);  // so is a no-break space
  EXPECT_EQ(b.tag(5), "");
  EXPECT_EQ(b.label(6), 1.0f);  // the mark is no label: 1 is, 2 the importance
  EXPECT_EQ(b.importance(6), 2.0f);
  // A line of such separators alone is a blank line, not an example.
  ParsedChunk blank("1 | a\n\xC2\xA0\n\xEF\xBB\xBF \n-1 | a\n", kVw);
  ASSERT_EQ(blank.batch().size(), 2u);
  EXPECT_TRUE(blank.batch().bad_lines.empty());
  EXPECT_EQ(blank.batch().line(1), 4u);
}

TEST(VwFormatTest, Tags) {
  ParsedChunk p(
      "-1 word| a\n"       // a word touching the first '|' is the tag
      "0 0.5 word|n x\n"   // ... after the importance; "|n" names a namespace
      "1 'my_tag | a\n"    // a quoted tag need not touch the '|'
      "1 'quoted|a\n"      // quoted and touching
      "'only_tag | a\n"    // a tag without a label
      "1 2|a\n"            // a number touching the '|' is the tag too, as in VW
      "-1 0.5 3 1234|a\n"  // ... after the importance and the initial score
      "1|a\n",             // but a lone number is the label (VW: a tag, no label)
      kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 8u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.tag(0), "word");
  EXPECT_EQ(b.label(0), -1.0f);
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{SlotOf("a", "", kVw), 1.0f}, ConstantFeature(kVw)}));

  EXPECT_EQ(b.tag(1), "word");
  EXPECT_EQ(b.label(1), -1.0f);
  EXPECT_EQ(b.importance(1), 0.5f);
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{{SlotOf("x", "n", kVw), 1.0f}, ConstantFeature(kVw)}));

  EXPECT_EQ(b.tag(2), "my_tag");
  EXPECT_EQ(b.label(2), 1.0f);

  EXPECT_EQ(b.tag(3), "quoted");
  EXPECT_EQ(FeaturesOf(b, 3), (std::vector<Feature>{ConstantFeature(kVw)}));  // "|a": a namespace

  EXPECT_EQ(b.tag(4), "only_tag");
  EXPECT_FALSE(b.has_label(4));
  EXPECT_EQ(b.label(4), ExampleBatch::kNoLabel);

  EXPECT_EQ(b.tag(5), "2");
  EXPECT_EQ(b.label(5), 1.0f);
  EXPECT_EQ(b.importance(5), 1.0f);

  EXPECT_EQ(b.tag(6), "1234");
  EXPECT_EQ(b.label(6), -1.0f);
  EXPECT_EQ(b.importance(6), 0.5f);
  EXPECT_EQ(b.initial(6), 3.0f);

  EXPECT_EQ(b.tag(7), "");
  EXPECT_EQ(b.label(7), 1.0f);
}

TEST(VwFormatTest, UnlabeledLines) {
  ParsedChunk p("| a b\n|ns c\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 2u);
  EXPECT_TRUE(b.bad_lines.empty());
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_FALSE(b.has_label(i));
    EXPECT_EQ(b.label(i), ExampleBatch::kNoLabel);
    EXPECT_EQ(b.importance(i), 1.0f);
    EXPECT_EQ(b.initial(i), 0.0f);
    EXPECT_EQ(b.tag(i), "");
  }
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{
                {SlotOf("a", "", kVw), 1.0f}, {SlotOf("b", "", kVw), 1.0f}, ConstantFeature(kVw)}));
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{{SlotOf("c", "ns", kVw), 1.0f}, ConstantFeature(kVw)}));
}

TEST(VwFormatTest, NamespacesWithAndWithoutNames) {
  ParsedChunk p("1 | a |user a price:3 |empty |item price:0.5 | b\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("a", "", kVw), 1.0f},
                                                    {SlotOf("a", "user", kVw), 1.0f},
                                                    {SlotOf("price", "user", kVw), 3.0f},
                                                    {SlotOf("price", "item", kVw), 0.5f},
                                                    {SlotOf("b", "", kVw), 1.0f},
                                                    ConstantFeature(kVw)}));
  // The same name in two namespaces is two features.
  EXPECT_NE(SlotOf("price", "user", kVw), SlotOf("price", "item", kVw));
  EXPECT_NE(SlotOf("a", "", kVw), SlotOf("a", "user", kVw));
}

TEST(VwFormatTest, NamespaceScaleMultipliesValues) {
  ParsedChunk p("1 |ns:2 a:3 b |ns:-0.5 c:4 | d:3\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("a", "ns", kVw), 6.0f},
                                                    {SlotOf("b", "ns", kVw), 2.0f},
                                                    {SlotOf("c", "ns", kVw), -2.0f},
                                                    {SlotOf("d", "", kVw), 3.0f},
                                                    ConstantFeature(kVw)}));
}

TEST(VwFormatTest, ZeroValuedFeaturesAreSkipped) {
  ParsedChunk p("1 | a:0 b:0.0 c:-0 d:1e-400 e |z:0 f g:5\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{SlotOf("e", "", kVw), 1.0f}, ConstantFeature(kVw)}));
}

TEST(VwFormatTest, FeatureNamesAreBytes) {
  ParsedChunk p("1 | caf\xc3\xa9 \xff Word word\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("caf\xc3\xa9", "", kVw), 1.0f},
                                                    {SlotOf("\xff", "", kVw), 1.0f},
                                                    {SlotOf("Word", "", kVw), 1.0f},
                                                    {SlotOf("word", "", kVw), 1.0f},
                                                    ConstantFeature(kVw)}));
  EXPECT_NE(SlotOf("Word", "", kVw), SlotOf("word", "", kVw));  // VW keeps case
}

TEST(VwFormatTest, ConstantFeatureCanBeTurnedOff) {
  ParseOptions no_constant;
  no_constant.constant = false;
  ParsedChunk p("1 | a\n| \n", no_constant);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("a", "", no_constant), 1.0f}}));
  EXPECT_TRUE(FeaturesOf(b, 1).empty());
}

// --unit-norm: four features of value 1 have length 2; a feature given twice
// counts twice, as the learner's sum of x_i^2 counts it.
TEST(VwFormatTest, UnitNormScalesTheFeaturesAndNotTheConstant) {
  ParseOptions o;
  o.unit_norm = true;
  ParsedChunk p("1 | a b |ns c d\n1 | a a:2 b:2\n", o);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("a", "", o), 0.5f},
                                                    {SlotOf("b", "", o), 0.5f},
                                                    {SlotOf("c", "ns", o), 0.5f},
                                                    {SlotOf("d", "ns", o), 0.5f},
                                                    ConstantFeature(o)}));
  EXPECT_EQ(FeaturesOf(b, 1), (std::vector<Feature>{{SlotOf("a", "", o), 1.0f / 3},
                                                    {SlotOf("a", "", o), 2.0f / 3},
                                                    {SlotOf("b", "", o), 2.0f / 3},
                                                    ConstantFeature(o)}));
}

TEST(VwFormatTest, SeedAndBitsChooseTheSlots) {
  ParseOptions o;
  o.bits = 24;
  o.hash_seed = 7;
  ParsedChunk p("1 | a |ns b\n", o);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{SlotOf("a", "", o), 1.0f},
                                                    {SlotOf("b", "ns", o), 1.0f},
                                                    {hashing::ConstantIndex(7, 24), 1.0f}}));
  EXPECT_NE(SlotOf("a", "", o), SlotOf("a", "", kVw));
  for (uint32_t index : b.indices(0)) EXPECT_LE(index, 0xffffffu);

  ParseOptions wide;
  wide.bits = 32;
  ParsedChunk q("1 | a\n", wide);
  EXPECT_EQ(q.batch().indices(0)[0],
            static_cast<uint32_t>(hashing::FeatureHash("a", hashing::NamespaceHash("", 0))));
}

TEST(VwFormatTest, CrlfTabsAndBlankLines) {
  ParsedChunk p("1 | a\r\n\n   \n\t\r\n-1\t|\tb:2\tc\r\n| d\n", kVw);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.line_count, 6u);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(b.line(1), 5u);
  EXPECT_EQ(b.line(2), 6u);
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{SlotOf("a", "", kVw), 1.0f}, ConstantFeature(kVw)}));
  EXPECT_EQ(b.label(1), -1.0f);
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{
                {SlotOf("b", "", kVw), 2.0f}, {SlotOf("c", "", kVw), 1.0f}, ConstantFeature(kVw)}));
  EXPECT_FALSE(b.has_label(2));
}

// A CR that does not end its line (a CR-only file's line end, after the
// first line) is refused with its line and column, not read as white space
// that would join the lines; one only among white space leaves a blank line.
TEST(VwFormatTest, CarriageReturnInsideALineIsRefused) {
  ParsedChunk p("1 | a\r\n-1 | b\rc\n \r \n1 | d\r\r\n-1 | e\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.bad_lines.size(), 2u);
  EXPECT_EQ(b.bad_lines[0].line, 2u);
  EXPECT_EQ(b.bad_lines[0].column, 7u);
  EXPECT_EQ(b.bad_lines[0].message,
            "a carriage return (CR) inside the line: hare's lines end in LF or CR LF, not CR alone "
            "(lines that end in CR: tr '\\r' '\\n'; a CR within a line: tr '\\r' ' ')");
  EXPECT_EQ(b.bad_lines[1].line, 4u);
  EXPECT_EQ(b.bad_lines[1].column, 6u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(b.line(1), 5u);
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{{SlotOf("e", "", kVw), 1.0f}, ConstantFeature(kVw)}));
}

TEST(VwFormatTest, OnlyBlankLines) {
  ParsedChunk p("\n \r\n\t\n", kVw);
  EXPECT_EQ(p.batch().size(), 0u);
  EXPECT_EQ(p.batch().line_count, 3u);
  EXPECT_TRUE(p.batch().bad_lines.empty());
  EXPECT_EQ(p.batch().feature_count(), 0u);
}

using test_util::BadLineCase;

class VwBadLineTest : public ::testing::TestWithParam<BadLineCase> {};

// The bad line sits between two good ones: it alone is skipped, and is
// reported with its line, column and message.
TEST_P(VwBadLineTest, IsSkippedAndReported) {
  const BadLineCase& c = GetParam();
  ParsedChunk p("1 | good1\n" + c.line + "\n-1 |ns good2:3\n", kVw);
  const ExampleBatch& b = p.batch();
  test_util::ExpectOnlyTheMiddleLineBad(b, c);
  if (HasFatalFailure() || b.size() != 2) return;
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{SlotOf("good1", "", kVw), 1.0f}, ConstantFeature(kVw)}));
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{{SlotOf("good2", "ns", kVw), 3.0f}, ConstantFeature(kVw)}));
  EXPECT_EQ(b.feature_count(), 4u);  // nothing of the bad line is left behind
}

const char kOutsideSet[] =
    " is outside the expected set: binary labels are -1 and +1 (0 means -1; class numbers are "
    "for models trained with --multiclass ova)";

INSTANTIATE_TEST_SUITE_P(
    Messages, VwBadLineTest,
    ::testing::Values(
        BadLineCase{"abc | a", 1,
                    "bad label 'abc': not a number (labels that are names are for models trained "
                    "with --multiclass)"},
        BadLineCase{"2 | a", 1, std::string("label '2'") + kOutsideSet},
        BadLineCase{"0.5 | a", 1, std::string("label '0.5'") + kOutsideSet},
        // Too small for a float, it would read as 0, which says -1.
        BadLineCase{"1e-46 | a", 1, std::string("label '1e-46'") + kOutsideSet},
        BadLineCase{"-0.1e-400 | a", 1, std::string("label '-0.1e-400'") + kOutsideSet},
        BadLineCase{"  -2 | a", 3, std::string("label '-2'") + kOutsideSet},
        BadLineCase{"nan | a", 1, "bad label 'nan': not a finite number"},
        BadLineCase{"1e39 | a", 1, "bad label '1e39': too large for a float"},
        BadLineCase{"hello", 1,
                    "bad label 'hello': not a number (labels that are names are for models trained "
                    "with --multiclass)"},  // no '|': not a tag
        BadLineCase{"__label__pos great film", 1,
                    "bad label '__label__pos': not a number (a fastText label: --format fasttext "
                    "reads such lines)"},
        BadLineCase{"1 | a:nan", 7, "bad feature value 'nan' in 'a:nan': not a finite number"},
        BadLineCase{"1 | a:inf", 7, "bad feature value 'inf' in 'a:inf': not a finite number"},
        BadLineCase{"1 | a:-inf", 7, "bad feature value '-inf' in 'a:-inf': not a finite number"},
        BadLineCase{"1 | a:1e39", 7, "bad feature value '1e39' in 'a:1e39': too large for a float"},
        BadLineCase{"1 | a:x", 7, "bad feature value 'x' in 'a:x': not a number"},
        BadLineCase{"1\t|\tb a:x", 9, "bad feature value 'x' in 'a:x': not a number"},
        BadLineCase{"1 | a :", 7, "bare ':' where a feature was expected"},
        BadLineCase{"1 | :5", 5, "feature ':5' has no name before ':'"},
        BadLineCase{"1 | a:", 5, "feature 'a:' has no value after ':'"},
        BadLineCase{"1 |ns:x a", 7, "bad namespace scale 'x' in 'ns:x': not a number"},
        BadLineCase{"1 |ns:inf a", 7, "bad namespace scale 'inf' in 'ns:inf': not a finite number"},
        BadLineCase{"1 |ns: a", 7, "bad namespace scale '' in 'ns:': not a number"},
        // The name ends at the first ':', as a feature's: not a namespace "a:2".
        BadLineCase{"1 |a:2:3 x", 6, "bad namespace scale '2:3' in 'a:2:3': not a number"},
        BadLineCase{"1 |ns:1e30 a:1e30", 12,
                    "feature 'a:1e30' times its namespace scale is too large for a float"},
        BadLineCase{"1 -2 | a", 3, "importance weight '-2' is negative"},
        BadLineCase{"1 1e-50 | a", 3,
                    "importance weight '1e-50' is too small for a float (it would be 0: "
                    "predict-only)"},
        BadLineCase{"1 x | a", 3, "bad importance weight 'x': not a number"},
        BadLineCase{"1 inf | a", 3, "bad importance weight 'inf': not a finite number"},
        BadLineCase{"1 1 y | a", 5, "bad initial score 'y': not a number"},
        BadLineCase{"1 1 nan | a", 5, "bad initial score 'nan': not a finite number"},
        BadLineCase{"1 'a 'b | x", 6, "a second tag 'b' after 'a' (a line has one tag)"},
        BadLineCase{"1 'a b| x", 6, "a second tag 'b' after 'a' (a line has one tag)"},
        BadLineCase{"1 1 0.5 3 | a", 9,
                    "unexpected '3' before the first '|' (expected: label [importance [initial]] "
                    "['tag])"}));

TEST(VwFormatTest, ZeroImportanceIsAllowed) {
  ParsedChunk p("1 0 | a\n1 -0 | a\n", kVw);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.importance(0), 0.0f);
  EXPECT_EQ(b.importance(1), 0.0f);
}

TEST(VwFormatTest, SeveralBadLinesInOneChunk) {
  ParsedChunk p("2 | a\n1 | a\n\n1 | :x\n-1 | b\n", kVw);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.bad_lines.size(), 2u);
  EXPECT_EQ(b.bad_lines[0].line, 1u);
  EXPECT_EQ(b.bad_lines[1].line, 4u);
  EXPECT_EQ(b.bad_lines[1].column, 5u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 2u);
  EXPECT_EQ(b.line(1), 5u);
  EXPECT_EQ(b.line_count, 5u);
}

// A chunk of many bad lines keeps the first kBadLinesKept with their
// messages (no run shows more) and counts them all: a file of bad lines
// costs no memory per line. Reused, the batch starts its counts again.
TEST(VwFormatTest, ManyBadLinesAreCountedNotKept) {
  std::string text;
  for (int i = 0; i < 250; ++i) text += i % 5 == 4 ? "1 | a:nan\n" : "x | a\n";
  text += "1 | a\n";
  Parser parser(kVw);
  ExampleBatch batch;
  text += std::string(kChunkPadding, '\0');
  parser.Parse(std::string_view(text.data(), text.size() - kChunkPadding), batch);
  ASSERT_EQ(batch.size(), 1u);
  EXPECT_EQ(batch.line(0), 251u);
  ASSERT_EQ(batch.bad_lines.size(), ExampleBatch::kBadLinesKept);
  EXPECT_EQ(batch.bad_lines.front().line, 1u);
  EXPECT_EQ(batch.bad_lines.back().line, 100u);
  EXPECT_EQ(batch.bad_line_count, 250u);
  EXPECT_EQ(batch.bad_label_count, 200u);  // 'x'; the other 50 are a bad value
  EXPECT_EQ(batch.out_of_memory_count, 0u);
  std::string good = "-1 | d\n" + std::string(kChunkPadding, '\0');
  parser.Parse(std::string_view(good.data(), good.size() - kChunkPadding), batch);
  EXPECT_TRUE(batch.bad_lines.empty());
  EXPECT_EQ(batch.bad_line_count, 0u);
  EXPECT_EQ(batch.bad_label_count, 0u);
}

TEST(VwFormatTest, ParserReusesTheBatch) {
  Parser parser(kVw);
  ExampleBatch batch;
  std::string first = "1 | a b c\n2 | x\n" + std::string(kChunkPadding, '\0');
  parser.Parse(std::string_view(first.data(), first.size() - kChunkPadding), batch);
  ASSERT_EQ(batch.size(), 1u);
  ASSERT_EQ(batch.bad_lines.size(), 1u);
  std::string second = "-1 | d\n" + std::string(kChunkPadding, '\0');
  parser.Parse(std::string_view(second.data(), second.size() - kChunkPadding), batch);
  ASSERT_EQ(batch.size(), 1u);
  EXPECT_TRUE(batch.bad_lines.empty());
  EXPECT_EQ(batch.line_count, 1u);
  EXPECT_EQ(batch.label(0), -1.0f);
  EXPECT_EQ(FeaturesOf(batch, 0),
            (std::vector<Feature>{{SlotOf("d", "", kVw), 1.0f}, ConstantFeature(kVw)}));
}

}  // namespace
}  // namespace hare::io

namespace hare::io {
namespace {

// The 16-byte token scan (io/scan.h) stops at bytes 0x00-0x0d; the ones that
// are not white space stay inside the feature name, wherever they fall, and
// long names cross 16-byte loads.
TEST(VwFormatTest, ControlBytesAndLongNamesInsideTokens) {
  const ParseOptions o{.constant = false};
  const std::string long_name(40, 'x');
  const std::string text =
      std::string("1 | a\x01") + "b c\x08:2 " + long_name + ":0.5 " + long_name + "y\n";
  test_util::ParsedChunk chunk(text, o);
  ASSERT_EQ(chunk.batch().size(), 1u);
  EXPECT_EQ(test_util::FeaturesOf(chunk.batch(), 0),
            (std::vector<test_util::Feature>{{test_util::SlotOf("a\x01"
                                                                "b",
                                                                "", o),
                                              1.0f},
                                             {test_util::SlotOf("c\x08", "", o), 2.0f},
                                             {test_util::SlotOf(long_name, "", o), 0.5f},
                                             {test_util::SlotOf(long_name + "y", "", o), 1.0f}}));
}

}  // namespace
}  // namespace hare::io

namespace hare::io {
namespace {

// -q ab and --cubic abc: the hashes of pairs and triples are Interact()s of
// their features' hashes, the values are products, and within one namespace
// only combinations (i <= j) are made.
TEST(VwFormatTest, Interactions) {
  ParseOptions o{.constant = false};
  auto h = [&](std::string_view name, std::string_view ns) {
    return hashing::FeatureHash(name, hashing::NamespaceHash(ns, 0));
  };
  auto slot = [&](uint64_t hash) { return static_cast<uint32_t>(hash) & hashing::MaskFor(18); };
  const uint64_t x = h("x", "alpha"), y = h("y", "alpha"), z = h("z", "beta");
  using test_util::Feature;
  o.interactions = {"ab"};
  {
    test_util::ParsedChunk p("1 |alpha x:2 y |beta z:3\n", o);
    EXPECT_EQ(test_util::FeaturesOf(p.batch(), 0),
              (std::vector<Feature>{{slot(x), 2},
                                    {slot(y), 1},
                                    {slot(z), 3},
                                    {slot(hashing::Interact(x, z)), 6},
                                    {slot(hashing::Interact(y, z)), 3}}));
  }
  o.interactions = {"aa"};
  {
    test_util::ParsedChunk p("1 |alpha x:2 y\n", o);
    EXPECT_EQ(test_util::FeaturesOf(p.batch(), 0),
              (std::vector<Feature>{{slot(x), 2},
                                    {slot(y), 1},
                                    {slot(hashing::Interact(x, x)), 4},
                                    {slot(hashing::Interact(x, y)), 2},
                                    {slot(hashing::Interact(y, y)), 1}}));
  }
  o.interactions = {"aab"};
  {
    test_util::ParsedChunk p("1 |alpha x:2 y |beta z:3\n", o);
    const auto f = test_util::FeaturesOf(p.batch(), 0);
    ASSERT_EQ(f.size(), 6u);  // 3 features, then xxz, xyz, yyz
    EXPECT_EQ(f[4], (Feature{slot(hashing::Interact(hashing::Interact(x, y), z)), 6}));
  }
  o.interactions = {": "};  // any namespace with the default one
  {
    test_util::ParsedChunk p("1 |alpha x | w\n", o);
    const uint64_t w = h("w", "");
    EXPECT_EQ(test_util::FeaturesOf(p.batch(), 0),
              (std::vector<Feature>{{slot(x), 1},
                                    {slot(w), 1},
                                    {slot(hashing::Interact(x, w)), 1},
                                    {slot(hashing::Interact(w, w)), 1}}));
  }
  // A wildcard that can match a namespace twice makes each set once: "a:"
  // pairs x with y but not also y with x; "a:a" makes x y z, not also y z x.
  o.interactions = {"a:"};
  {
    test_util::ParsedChunk p("1 |alpha x:2 y |beta z:3\n", o);
    EXPECT_EQ(test_util::FeaturesOf(p.batch(), 0),
              (std::vector<Feature>{{slot(x), 2},
                                    {slot(y), 1},
                                    {slot(z), 3},
                                    {slot(hashing::Interact(x, x)), 4},
                                    {slot(hashing::Interact(x, y)), 2},
                                    {slot(hashing::Interact(x, z)), 6},
                                    {slot(hashing::Interact(y, y)), 1},
                                    {slot(hashing::Interact(y, z)), 3}}));
  }
  o.interactions = {"a:a"};
  {
    test_util::ParsedChunk p("1 |alpha x y |beta z\n", o);
    const auto f = test_util::FeaturesOf(p.batch(), 0);
    // 3 features, then x*x*x x*x*y x*y*y x*z*x x*z*y y*y*y y*z*y: each
    // multiset with two or more features of alpha, once.
    ASSERT_EQ(f.size(), 10u);
    EXPECT_EQ(f[6], (Feature{slot(hashing::Interact(hashing::Interact(x, z), x)), 1}));
    EXPECT_EQ(f[7], (Feature{slot(hashing::Interact(hashing::Interact(x, z), y)), 1}));
  }
  // A product too large for a float is a bad line, naming its features and
  // pattern, at the first feature's column.
  o.interactions = {"ab"};
  test_util::ParsedChunk big("1 |alpha w x:1e30 |beta z:1e30\n", o);
  EXPECT_EQ(big.batch().size(), 0u);
  ASSERT_EQ(big.batch().bad_lines.size(), 1u);
  EXPECT_EQ(
      big.batch().bad_lines[0].message,
      "the product of feature values 'x:1e30' * 'z:1e30' in -q 'ab' is too large for a float");
  EXPECT_EQ(big.batch().bad_lines[0].column, 12u);
  // An n-gram (value 1) is named so; the first feature with a column is
  // pointed at.
  o.interactions = {"baa"};
  o.ngrams = {"b2"};
  test_util::ParsedChunk cubic("1 |alpha x:1e20 |beta p:1e-30 q:1e-30\n", o);
  ASSERT_EQ(cubic.batch().bad_lines.size(), 1u);
  EXPECT_EQ(cubic.batch().bad_lines[0].message,
            "the product of feature values an n-gram * 'x:1e20' * 'x:1e20' in --cubic 'baa' is "
            "too large for a float");
  EXPECT_EQ(cubic.batch().bad_lines[0].column, 10u);
  // A feature touching the next bar ends there; the values a namespace's
  // scale changed are given; the default namespace's letter is a space.
  o.interactions = {"a "};
  o.ngrams = {};
  test_util::ParsedChunk scaled("1 |alpha:1e10 x:1e15| z:1e15\n", o);
  ASSERT_EQ(scaled.batch().bad_lines.size(), 1u);
  EXPECT_EQ(scaled.batch().bad_lines[0].message,
            "the product of feature values 'x:1e15' * 'z:1e15' (1e+25 * 1e+15 with their "
            "namespaces' scales) in -q 'a ' is too large for a float");
}

// A line that would make more features than max_line_features (set from the
// memory by the commands) is a bad line, its interactions stopped there; a
// line of exactly that many is read, and so is the next.
TEST(VwFormatTest, ALineOfMoreFeaturesThanTheMostIsABadLine) {
  ParseOptions o{.constant = false, .interactions = {"aa"}, .max_line_features = 5};
  const std::string message =
      "the line makes more than 5 features, the most one line may make here (-q, --cubic, "
      "n-grams and character n-grams multiply them)";
  // x y and their 3 pairs; x y z and 6 pairs; then 1 and 1 pair.
  test_util::ParsedChunk p("1 |alpha x y\n1 |alpha x y z\n-1 |alpha w\n", o);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(b.indices(0).size(), 5u);
  EXPECT_EQ(b.line(1), 3u);
  EXPECT_EQ(b.indices(1).size(), 2u);
  ASSERT_EQ(b.bad_lines.size(), 1u);
  EXPECT_EQ(b.bad_lines[0].line, 2u);
  EXPECT_EQ(b.bad_lines[0].column, 1u);
  EXPECT_EQ(b.bad_lines[0].message, message);
  // The interactions stop at the most, before the pairs that would follow
  // (x*y here, after an x*x too large for a float).
  o.max_line_features = 3;
  test_util::ParsedChunk stopped("1 |alpha x:1e30 y\n", o);
  ASSERT_EQ(stopped.batch().bad_lines.size(), 1u);
  EXPECT_EQ(stopped.batch().bad_lines[0].message,
            "the line makes more than 3 features, the most one line may make here (-q, --cubic, "
            "n-grams and character n-grams multiply them)");
  o.max_line_features = 5;
  // Without interactions the count is checked when the line is read: 6
  // features are too many; the constant is not counted.
  o.interactions.clear();
  o.constant = true;
  test_util::ParsedChunk linear("1 | a b c d e\n1 | a b c d e f\n", o);
  ASSERT_EQ(linear.batch().size(), 1u);
  EXPECT_EQ(linear.batch().indices(0).size(), 6u);
  ASSERT_EQ(linear.batch().bad_lines.size(), 1u);
  EXPECT_EQ(linear.batch().bad_lines[0].line, 2u);
  EXPECT_EQ(linear.batch().bad_lines[0].message, message);
}

// One --cubic :a: pattern makes each set of three once (before format 15
// some twice): on "|a x |b y |a z", the sets of three of x, y, z, repeats
// allowed, that hold an a feature (x or z) for the middle: all 10 but
// {y, y, y}.
TEST(VwInteractionTest, ALetterBetweenWildcardsMakesEachSetOnce) {
  ParseOptions o;
  o.interactions = {":a:"};
  o.names = true;
  ParsedChunk p("1 |a x |b y |a z\n", o);
  ASSERT_EQ(p.batch().size(), 1u);
  std::vector<std::string> sets;
  for (const std::string& name : p.batch().names(0)) {
    if (name.find('*') == std::string::npos) continue;
    std::vector<std::string> parts = absl::StrSplit(name, '*');
    std::sort(parts.begin(), parts.end());
    sets.push_back(absl::StrJoin(parts, "*"));
  }
  std::vector<std::string> unique = sets;
  std::sort(unique.begin(), unique.end());
  unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
  EXPECT_EQ(sets.size(), unique.size());
  EXPECT_EQ(sets.size(), 9u);
}

// Patterns that can make one set of features on a line (made once).
TEST(InteractionsOverlapTest, PatternsThatCanMakeOneSet) {
  using V = std::vector<std::string>;
  EXPECT_TRUE(InteractionsOverlap(V{"ab", "ba"}));
  EXPECT_TRUE(InteractionsOverlap(V{"aa", "a:"}));
  EXPECT_TRUE(InteractionsOverlap(V{":a", "a:"}));
  EXPECT_TRUE(InteractionsOverlap(V{":::", "abb"}));
  EXPECT_TRUE(InteractionsOverlap(V{"abc", "cab"}));
  EXPECT_TRUE(InteractionsOverlap(V{"aab", "aba"}));
  EXPECT_TRUE(InteractionsOverlap(V{"a::", "::b"}));
  EXPECT_TRUE(PatternsOverlap(":a:", "bac"));
  EXPECT_FALSE(PatternsOverlap(":a:", "bcd"));
  EXPECT_TRUE(PatternsOverlap("ab", "ba"));
  EXPECT_FALSE(InteractionsOverlap(V{"ab", "cd"}));
  EXPECT_FALSE(InteractionsOverlap(V{"ab", "abc"}));  // a pair and a triple
  EXPECT_FALSE(InteractionsOverlap(V{"aab", "abb"}));
  EXPECT_FALSE(InteractionsOverlap(V{"ab"}));
}

}  // namespace
}  // namespace hare::io
