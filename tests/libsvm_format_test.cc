// io::Parser on LIBSVM / SVMlight lines (io/libsvm_format.cc).
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

ParseOptions Libsvm() {
  ParseOptions o;
  o.format = Format::kLibsvm;
  return o;
}
const ParseOptions kLibsvm = Libsvm();

// LIBSVM index n is the feature named by n's decimal text in the default namespace.
uint32_t Slot(std::string_view index) { return SlotOf(index, "", kLibsvm); }

TEST(LibsvmFormatTest, LabelAndFeatures) {
  ParsedChunk p("1 7:1 3:0.5 12:-2\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.label(0), 1.0f);
  EXPECT_EQ(b.importance(0), 1.0f);
  EXPECT_EQ(b.initial(0), 0.0f);
  EXPECT_EQ(b.tag(0), "");
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(
      FeaturesOf(b, 0),
      (std::vector<Feature>{
          {Slot("7"), 1.0f}, {Slot("3"), 0.5f}, {Slot("12"), -2.0f}, ConstantFeature(kLibsvm)}));
  EXPECT_EQ(Slot("7"), static_cast<uint32_t>(hashing::NumberFeatureHash(
                           7, hashing::NamespaceHash(hashing::kDefaultNamespace, 0))) &
                           hashing::MaskFor(18));
}

TEST(LibsvmFormatTest, SameSlotAsVwNumericFeature) {
  ParsedChunk libsvm("1 7:1\n", kLibsvm);
  ParsedChunk vw("1 | 7:1\n", ParseOptions{});
  ASSERT_EQ(libsvm.batch().size(), 1u);
  ASSERT_EQ(vw.batch().size(), 1u);
  EXPECT_EQ(FeaturesOf(libsvm.batch(), 0), FeaturesOf(vw.batch(), 0));
  EXPECT_EQ(FeaturesOf(libsvm.batch(), 0),
            (std::vector<Feature>{{Slot("7"), 1.0f}, ConstantFeature(kLibsvm)}));
}

TEST(LibsvmFormatTest, LeadingZerosNameTheSameIndex) {
  ParsedChunk p("1 007:1\n", kLibsvm);
  ASSERT_EQ(p.batch().size(), 1u);
  EXPECT_EQ(p.batch().indices(0)[0], Slot("7"));
}

TEST(LibsvmFormatTest, LabelsOfTheBinarySet) {
  ParsedChunk p("1 1:1\n+1 1:1\n-1 1:1\n0 1:1\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(b.label(0), 1.0f);
  EXPECT_EQ(b.label(1), 1.0f);
  EXPECT_EQ(b.label(2), -1.0f);
  EXPECT_EQ(b.label(3), -1.0f);  // 0/1 data sets: 0 means -1
}

TEST(LibsvmFormatTest, AByteOrderMarkBeforeABinaryLabelIsDropped) {
  ParsedChunk p("1 1:1\n\xEF\xBB\xBF-1 1:1\n\xEF\xBB\xBF 1 1:1\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 3u);
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.label(1), -1.0f);
  EXPECT_EQ(b.label(2), 1.0f);  // a mark alone before the label is white space
}

// With classes (--multiclass) LIBSVM's labels are numbers, as LIBSVM reads
// them: "1", "+1", "1.0" and "01" are the class "1"; "-0" is "0"; what is no
// number stays the name it is.
TEST(LibsvmFormatTest, ClassLabelsAreNumbers) {
  ParseOptions o = Libsvm();
  o.class_labels = true;
  ParsedChunk p("1 1:1\n+1 1:1\n1.0 1:1\n01 1:1\n-0 1:1\n2.50 1:1\n-3e2 1:1\nNUM 1:1\n", o);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 8u);
  const std::vector<std::string> want = {"1", "1", "1", "1", "0", "2.5", "-300", "NUM"};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(b.class_label(i), want[i]) << i;
}

TEST(LibsvmFormatTest, UnlabeledLine) {
  ParsedChunk p("7:1 8:2\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_FALSE(b.has_label(0));
  EXPECT_EQ(b.label(0), ExampleBatch::kNoLabel);
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{Slot("7"), 1.0f}, {Slot("8"), 2.0f}, ConstantFeature(kLibsvm)}));
}

TEST(LibsvmFormatTest, CommentsAreIgnored) {
  ParsedChunk p("0 1:2 # a comment 5:1\n-1 3:1#4:1\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.label(0), -1.0f);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{Slot("1"), 2.0f}, ConstantFeature(kLibsvm)}));
  EXPECT_EQ(FeaturesOf(b, 1), (std::vector<Feature>{{Slot("3"), 1.0f}, ConstantFeature(kLibsvm)}));
}

// SVMlight skips a line that is only a comment; it is not an (unlabeled) example.
TEST(LibsvmFormatTest, CommentLinesAreNotExamples) {
  ParsedChunk p("# header line\n1 7:1\n  # indented comment\r\n#\n-1 8:1\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.line_count, 5u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 2u);
  EXPECT_EQ(b.line(1), 5u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{Slot("7"), 1.0f}, ConstantFeature(kLibsvm)}));
  EXPECT_EQ(FeaturesOf(b, 1), (std::vector<Feature>{{Slot("8"), 1.0f}, ConstantFeature(kLibsvm)}));
}

// In the other formats '#' is an ordinary byte.
TEST(LibsvmFormatTest, HashIsOrdinaryInVw) {
  ParsedChunk p("# | a\n| #b\n", ParseOptions{});
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.bad_lines.size(), 1u);
  EXPECT_EQ(b.bad_lines[0].message, "bad label '#': not a number");
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b.indices(0)[0], SlotOf("#b", "", ParseOptions{}));
}

TEST(LibsvmFormatTest, QidIsIgnored) {
  ParsedChunk p("-1 qid:3 2:1\n1 qid:x 2:1\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  ASSERT_EQ(b.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(FeaturesOf(b, i),
              (std::vector<Feature>{{Slot("2"), 1.0f}, ConstantFeature(kLibsvm)}));
  }
}

TEST(LibsvmFormatTest, ZeroValuesAreSkipped) {
  ParsedChunk p("+1 4:0 5:1e-400 6:2 7:-0\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{Slot("6"), 2.0f}, ConstantFeature(kLibsvm)}));
}

// --unit-norm: each example's values over their length sqrt(3^2 + 4^2) = 5;
// the constant stays 1, and an example with nothing to scale is left alone.
TEST(LibsvmFormatTest, UnitNormScalesEachExampleButNotTheConstant) {
  ParseOptions o = Libsvm();
  o.unit_norm = true;
  ParsedChunk p("1 1:3 2:-4\n-1 7:0.25\n1 4:0\n", o);
  const ExampleBatch& b = p.batch();
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(FeaturesOf(b, 0),
            (std::vector<Feature>{{Slot("1"), 0.6f}, {Slot("2"), -0.8f}, ConstantFeature(o)}));
  EXPECT_EQ(FeaturesOf(b, 1), (std::vector<Feature>{{Slot("7"), 1.0f}, ConstantFeature(o)}));
  EXPECT_EQ(FeaturesOf(b, 2), (std::vector<Feature>{ConstantFeature(o)}));
  o.constant = false;
  ParsedChunk q("1 1:3 2:-4\n", o);
  EXPECT_EQ(FeaturesOf(q.batch(), 0),
            (std::vector<Feature>{{Slot("1"), 0.6f}, {Slot("2"), -0.8f}}));
}

TEST(LibsvmFormatTest, ConstantCanBeTurnedOff) {
  ParseOptions o = Libsvm();
  o.constant = false;
  ParsedChunk p("1 7:1\n", o);
  ASSERT_EQ(p.batch().size(), 1u);
  EXPECT_EQ(FeaturesOf(p.batch(), 0), (std::vector<Feature>{{Slot("7"), 1.0f}}));
}

TEST(LibsvmFormatTest, SeedAndBits) {
  ParseOptions o = Libsvm();
  o.bits = 24;
  o.hash_seed = 7;
  ParsedChunk p("1 7:1\n", o);
  ASSERT_EQ(p.batch().size(), 1u);
  EXPECT_EQ(
      FeaturesOf(p.batch(), 0),
      (std::vector<Feature>{{SlotOf("7", "", o), 1.0f}, {hashing::ConstantIndex(7, 24), 1.0f}}));
}

TEST(LibsvmFormatTest, CrlfTabsAndBlankLines) {
  ParsedChunk p("1\t7:1\r\n\n  \r\n-1  8:3\t9:1\r\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  EXPECT_TRUE(b.bad_lines.empty());
  EXPECT_EQ(b.line_count, 4u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(b.line(1), 4u);
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{Slot("7"), 1.0f}, ConstantFeature(kLibsvm)}));
  EXPECT_EQ(FeaturesOf(b, 1),
            (std::vector<Feature>{{Slot("8"), 3.0f}, {Slot("9"), 1.0f}, ConstantFeature(kLibsvm)}));
}

using test_util::BadLineCase;

class LibsvmBadLineTest : public ::testing::TestWithParam<BadLineCase> {};

TEST_P(LibsvmBadLineTest, IsSkippedAndReported) {
  const BadLineCase& c = GetParam();
  ParsedChunk p("1 1:1\n" + c.line + "\n-1 2:3\n", kLibsvm);
  const ExampleBatch& b = p.batch();
  test_util::ExpectOnlyTheMiddleLineBad(b, c);
  if (HasFatalFailure() || b.size() != 2) return;
  EXPECT_EQ(FeaturesOf(b, 0), (std::vector<Feature>{{Slot("1"), 1.0f}, ConstantFeature(kLibsvm)}));
  EXPECT_EQ(FeaturesOf(b, 1), (std::vector<Feature>{{Slot("2"), 3.0f}, ConstantFeature(kLibsvm)}));
  EXPECT_EQ(b.feature_count(), 4u);
}

const char kOutsideSet[] =
    " is outside the expected set: binary labels are -1 and +1 (0 means -1; class numbers are "
    "for models trained with --multiclass ova)";

INSTANTIATE_TEST_SUITE_P(
    Messages, LibsvmBadLineTest,
    ::testing::Values(
        BadLineCase{"2 1:1", 1, std::string("label '2'") + kOutsideSet},
        BadLineCase{"0.5 1:1", 1, std::string("label '0.5'") + kOutsideSet},
        BadLineCase{"abc 1:1", 1,
                    "bad label 'abc': not a number (labels that are names are for models trained "
                    "with --multiclass)"},
        BadLineCase{"nan 1:1", 1, "bad label 'nan': not a finite number"},
        BadLineCase{"1 x:1", 3, "bad index 'x' in 'x:1': not a non-negative integer"},
        BadLineCase{"1 -3:1", 3, "bad index '-3' in '-3:1': not a non-negative integer"},
        BadLineCase{"1 1.5:1", 3, "bad index '1.5' in '1.5:1': not a non-negative integer"},
        BadLineCase{"1 18446744073709551616:1", 3,
                    "bad index '18446744073709551616' in '18446744073709551616:1': too large "
                    "(at most 18446744073709551615)"},
        BadLineCase{"1 :5", 3, "bad index '' in ':5': not a non-negative integer"},
        BadLineCase{"1 :", 3, "bare ':' where index:value was expected"},
        BadLineCase{"1 7:1 8", 7, "feature '8' has no ':value' (LIBSVM features are index:value)"},
        BadLineCase{"1 2 3:1", 3, "feature '2' has no ':value' (LIBSVM features are index:value)"},
        BadLineCase{"1 7:abc", 5, "bad feature value 'abc' in '7:abc': not a number"},
        BadLineCase{"1 7:", 5, "bad feature value '' in '7:': not a number"},
        BadLineCase{"1 7:nan", 5, "bad feature value 'nan' in '7:nan': not a finite number"},
        BadLineCase{"1 7:-inf", 5, "bad feature value '-inf' in '7:-inf': not a finite number"},
        BadLineCase{"1 7:1e39", 5, "bad feature value '1e39' in '7:1e39': too large for a float"},
        BadLineCase{"1\t7:1\t8:x", 9, "bad feature value 'x' in '8:x': not a number"}));

}  // namespace
}  // namespace hare::io
