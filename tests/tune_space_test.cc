// The space hare tune searches, for the options given: which dimensions,
// which values, and how a given switch or a new rule changes them.
#include "tools/tune_space.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tools/flags.h"
#include "tools/train_flags.h"

namespace hare::tools {
namespace {

using learner::Multiclass;
using learner::Rule;
using learner::TrainOptions;
using Values = std::vector<std::string>;

std::vector<std::string> Names(const std::vector<Dimension>& dims) {
  std::vector<std::string> names;
  for (const Dimension& d : dims) names.push_back(d.name);
  return names;
}

// The values of the dimension named `name` (none: it is not searched).
Values ValuesOf(const std::vector<Dimension>& dims, const std::string& name) {
  for (const Dimension& d : dims) {
    if (d.name == name) return d.values;
  }
  return {};
}

TEST(TuneSpaceTest, BinaryVwSearchesTheRuleItsSwitchesStepAndUnevenMargin) {
  const std::vector<Dimension> dims = Dimensions(TrainOptions{}, "");
  EXPECT_EQ(Names(dims),
            (Values{"rule", "average", "shuffle", "unit-norm", "step", "uneven-margin"}));
  // The SVM is tried at C = 10 (the step's dimension tries 1 and 100), and
  // shuffled, as its dual coordinate descent converges faster so.
  EXPECT_EQ(ValuesOf(dims, "rule"),
            (Values{"", "--rule perceptron", "--rule winnow", "--rule balanced-winnow", "--rule pa",
                    "--rule sgd --loss logistic", "--rule sgd --loss logistic --adagrad",
                    "--rule sgd --loss hinge --adagrad", "--rule arow", "--rule nb",
                    "--rule svm --shuffle -C 10"}));
  // Switches not given are tried on; the Perceptron's step is its margin.
  EXPECT_EQ(ValuesOf(dims, "average"), (Values{"", "--average"}));
  EXPECT_EQ(ValuesOf(dims, "shuffle"), (Values{"", "--shuffle"}));
  EXPECT_EQ(ValuesOf(dims, "unit-norm"), (Values{"", "--unit-norm"}));
  EXPECT_EQ(ValuesOf(dims, "step"), (Values{"", "--margin 1", "--margin 10"}));
  EXPECT_EQ(ValuesOf(dims, "uneven-margin"), (Values{"", "--uneven-margin 2"}));
}

TEST(TuneSpaceTest, GivenSwitchesAreTriedOff) {
  TrainOptions given;
  given.learner.average = true;
  given.parse.unit_norm = true;
  given.learner.shuffle = true;
  const std::vector<Dimension> dims = Dimensions(given, "");
  EXPECT_EQ(ValuesOf(dims, "average"), (Values{"", "!--average"}));
  EXPECT_EQ(ValuesOf(dims, "shuffle"), (Values{"", "!--shuffle"}));
  EXPECT_EQ(ValuesOf(dims, "unit-norm"), (Values{"", "!--unit-norm"}));
  // Naive Bayes's counts are already a sum: it is tried without --average.
  EXPECT_EQ(ValuesOf(dims, "rule")[9], "--rule nb !--average");
}

TEST(TuneSpaceTest, TheUnevenMarginFollowsTheRule) {
  TrainOptions given;
  given.learner.rule = Rule::kArow;
  given.learner.uneven_margin = 3;
  std::vector<Dimension> dims = Dimensions(given, "");
  EXPECT_EQ(ValuesOf(dims, "step"), (Values{"", "--arow-r 0.1", "--arow-r 10"}));
  EXPECT_EQ(ValuesOf(dims, "uneven-margin"), (Values{"", "!--uneven-margin"}));
  // sgd and nb have no margin: they are tried without the one given.
  for (const std::string& v : ValuesOf(dims, "rule")) {
    const bool margin = v.empty() || HasMargin(v);
    EXPECT_EQ(v.ends_with(" !--uneven-margin"), !margin) << v;
  }
  EXPECT_FALSE(HasMargin("--rule sgd --loss hinge --adagrad"));
  EXPECT_FALSE(HasMargin("--rule nb"));
  EXPECT_TRUE(HasMargin("--rule pa"));
  EXPECT_TRUE(HasMargin("--rule winnow --multiclass wta"));

  // A new rule brings its own step and uneven margin, and only those change.
  const std::vector<Dimension> sgd = Dimensions(given, "--rule sgd --loss logistic");
  EXPECT_EQ(ValuesOf(sgd, "step"), (Values{"", "-l 0.25", "-l 0.5", "-l 2", "-l 4"}));
  EXPECT_EQ(ValuesOf(sgd, "uneven-margin"), (Values{""}));
  const std::vector<Dimension> winnow = Dimensions(given, "--rule winnow --multiclass wta");
  EXPECT_EQ(ValuesOf(winnow, "step"),
            (Values{"", "--alpha 1.1", "--alpha 1.25", "--alpha 2", "--beta 0.5", "--beta 0.8"}));
  EXPECT_EQ(ValuesOf(winnow, "uneven-margin"), (Values{"", "!--uneven-margin"}));
  EXPECT_EQ(ValuesOf(Dimensions(given, "--rule nb"), "step"),
            (Values{"", "--smoothing 0.5", "--smoothing 0.1"}));
  EXPECT_EQ(ValuesOf(Dimensions(given, "--rule pa"), "step"), (Values{"", "-C 0.1", "-C 0.01"}));
  EXPECT_EQ(ValuesOf(Dimensions(given, "--rule svm --shuffle -C 10"), "step"),
            (Values{"", "-C 1", "-C 100"}));
  EXPECT_TRUE(HasMargin("--rule svm --shuffle -C 10"));
  for (size_t k = 0; k < dims.size(); ++k) {
    EXPECT_EQ(OfTheRule(dims[k]),
              dims[k].name == std::string("step") || dims[k].name == std::string("uneven-margin"))
        << dims[k].name;
    if (!OfTheRule(dims[k])) {
      EXPECT_EQ(sgd[k].values, dims[k].values) << dims[k].name;
    }
  }
}

TEST(TuneSpaceTest, ClassesAddTheKClassRulesAndAGivenOneKeepsTheOthersOneVsAll) {
  TrainOptions given;
  given.learner.multiclass = Multiclass::kOneVsAll;
  Values rules = ValuesOf(Dimensions(given, ""), "rule");
  ASSERT_EQ(rules.size(), 13u);
  EXPECT_EQ(rules[11], "--rule perceptron --multiclass crammer-singer");
  EXPECT_EQ(rules[12], "--rule winnow --multiclass wta");

  given.learner.multiclass = Multiclass::kCrammerSinger;
  rules = ValuesOf(Dimensions(given, ""), "rule");
  EXPECT_EQ(rules[1], "--rule perceptron --multiclass ova");
  EXPECT_EQ(rules[9], "--rule nb --multiclass ova");
  EXPECT_EQ(rules[10], "--rule svm --shuffle -C 10 --multiclass ova");
  EXPECT_EQ(rules[11], "--rule perceptron --multiclass crammer-singer");
}

TEST(TuneSpaceTest, SentencesAddTemplatesAndAWindowItsContext) {
  TrainOptions given;
  given.parse.format = io::Format::kText;
  std::vector<Dimension> dims = Dimensions(given, "");
  EXPECT_EQ(Names(dims), (Values{"rule", "average", "shuffle", "unit-norm", "step", "uneven-margin",
                                 "ngram", "chars", "affix", "bos"}));
  EXPECT_EQ(ValuesOf(dims, "ngram"), (Values{"", "--ngram 2", "--ngram 3"}));
  EXPECT_EQ(ValuesOf(dims, "chars"), (Values{"", "--minn 3 --maxn 5"}));
  EXPECT_EQ(ValuesOf(dims, "affix"), (Values{"", "--affix +4"}));
  EXPECT_EQ(ValuesOf(dims, "bos"), (Values{"", "--bos"}));

  // Given affixes are tried away; a window brings the confusion sets' templates.
  given.parse.format = io::Format::kFastText;
  given.parse.text.affixes = {4};
  given.parse.text.window = 3;
  given.parse.text.unigrams = false;
  given.parse.text.bos = true;
  dims = Dimensions(given, "");
  EXPECT_EQ(ValuesOf(dims, "affix"), (Values{"", "!--affix"}));
  EXPECT_EQ(ValuesOf(dims, "bos"), (Values{"", "!--bos"}));
  // Given with --noconstant (the sentences' default), the start word is the
  // bias: tried away, the constant comes back.
  given.parse.constant = false;
  EXPECT_EQ(ValuesOf(Dimensions(given, ""), "bos"), (Values{"", "!--bos !--noconstant"}));
  given.parse.constant = true;
  EXPECT_EQ(ValuesOf(dims, "window"), (Values{"", "--window 2", "--window 3", "--window 5"}));
  EXPECT_EQ(ValuesOf(dims, "collocations"), (Values{"", "--collocations"}));
  EXPECT_EQ(ValuesOf(dims, "unigrams"), (Values{"", "!--no-unigrams"}));

  // VW's lines have no templates to search.
  given.parse.format = io::Format::kVw;
  EXPECT_EQ(ValuesOf(Dimensions(given, ""), "ngram"), Values{});
}

// A rule tried at a step of its own, then the step's dimension's value: the
// later -C replaces the earlier (train would refuse -C twice), and the
// other flags stay in their order, a switch and a long name too.
TEST(TuneSpaceTest, AFlagGivenTwiceKeepsItsLastValue) {
  FlagParser flags;
  TrainFlags train(flags);
  EXPECT_EQ(
      LastOfEachFlag(flags, {"--rule", "svm", "--shuffle", "-C", "10", "--ngram", "2", "-C", "1"}),
      (Values{"--rule", "svm", "--shuffle", "--ngram", "2", "-C", "1"}));
  EXPECT_EQ(
      LastOfEachFlag(flags, {"--aggressiveness", "10", "--shuffle", "-C", "100", "--shuffle"}),
      (Values{"-C", "100", "--shuffle"}));
  EXPECT_EQ(LastOfEachFlag(flags, {"--rule", "arow", "--arow-r", "0.1"}),
            (Values{"--rule", "arow", "--arow-r", "0.1"}));
}

}  // namespace
}  // namespace hare::tools
