// The learner's options as hare train flags, as model files keep them.
#include "tools/train_flags.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tools/cli.h"

namespace hare::tools {
namespace {

using learner::Loss;
using learner::PaVariant;
using learner::Rule;
using learner::Schedule;
using learner::TrainOptions;

TEST(AffixFlagTest, VwsSpellingWithoutNamespaceLetters) {
  std::vector<int> affixes = {9};
  ASSERT_TRUE(ParseAffixes("+4,-3,+7,-1", affixes).ok());
  EXPECT_EQ(affixes, (std::vector<int>{4, -3, 7, -1}));
  const std::string usage =
      "--affix takes +N (the first N characters of each word) or -N (the last N), N 1 to 7, "
      "comma-separated, such as +4,-3; not '";
  // Each bad spec, and the item of it the message names.
  for (const auto& [bad, item] : std::vector<std::pair<std::string, std::string>>{{"", ""},
                                                                                  {"4", "4"},
                                                                                  {"+0", "+0"},
                                                                                  {"+8", "+8"},
                                                                                  {"-", "-"},
                                                                                  {"+4,", ""},
                                                                                  {",+4", ""},
                                                                                  {"+45", "+45"},
                                                                                  {"*4", "*4"}}) {
    EXPECT_EQ(ParseAffixes(bad, affixes).message(), usage + item + "'") << bad;
  }
  EXPECT_EQ(ParseAffixes("+4a", affixes).message(),
            usage + "+4a' (hare makes affixes of --format text's words: no namespace letter)");
  EXPECT_EQ(ParseAffixes("+4,-3,+4", affixes).message(), "--affix names +4 twice");
  EXPECT_EQ(ParseAffixes("+1,+2,+3,+4,+5,+6,+7,-1,-2", affixes).message(),
            "--affix takes at most 8 affixes");
}

TEST(AffixFlagTest, VwsNamespaceLettersWhereTheyAreTaken) {
  std::vector<int> affixes;
  std::vector<std::string> lettered = {"x"};
  ASSERT_TRUE(ParseAffixes("+4,-3a,+4b,-3", affixes, &lettered).ok());
  EXPECT_EQ(affixes, (std::vector<int>{4, -3}));
  EXPECT_EQ(lettered, (std::vector<std::string>{"-3a", "+4b"}));
  EXPECT_EQ(ParseAffixes("+4a,-3,+4a", affixes, &lettered).message(), "--affix names +4a twice");
  // Eight of a namespace letter, as of the words.
  ASSERT_TRUE(ParseAffixes("+1a,+2a,+3a,+4a,+5a,+6a,+7a,-1a,+1,+1b", affixes, &lettered).ok());
  EXPECT_EQ(ParseAffixes("+1a,+2a,+3a,+4a,+5a,+6a,+7a,-1a,-2a", affixes, &lettered).message(),
            "--affix takes at most 8 affixes of namespace letter a");
  EXPECT_EQ(ParseAffixes("+4ab", affixes, &lettered).message(),
            "--affix takes +N (the first N characters of each word) or -N (the last N), N 1 to 7, "
            "comma-separated, such as +4,-3 (with --format vw +Na, -Na for namespaces starting "
            "with a); not '+4ab'");
}

TEST(LearnerFlagsTest, TheDefaultsAreTheRuleAndOnePass) {
  EXPECT_EQ(LearnerFlags(TrainOptions{}), "--rule perceptron --passes 1");
}

TEST(LearnerFlagsTest, GivenOptionsAndNonDefaultsAreListed) {
  TrainOptions o;
  o.learner.rule = Rule::kArow;
  o.learner.arow_r = 0.03f;
  o.learner.margin = 2.0f;
  o.learner.average = true;
  o.passes = 5;
  o.holdout_off = true;
  EXPECT_EQ(LearnerFlags(o),
            "--rule arow --margin 2 --average --arow-r 0.03 --passes 5 --holdout-off");

  TrainOptions sgd;
  sgd.learner.rule = Rule::kSgd;
  sgd.learner.learning_rate = 0.5f;
  sgd.learner.loss = Loss::kLogistic;
  sgd.learner.schedule = Schedule::kPower;
  sgd.learner.power_t = 0.25f;
  sgd.learner.l2 = 1e-6f;
  sgd.passes = 3;
  sgd.holdout_period = 5;
  sgd.early_stop = 2;
  EXPECT_EQ(LearnerFlags(sgd),
            "--rule sgd -l 0.5 --loss logistic --schedule power --power-t 0.25 --l2 "
            "1e-06 --passes 3 --holdout-period 5 --early-stop 2");

  TrainOptions winnow;
  winnow.learner.rule = Rule::kBalancedWinnow;
  winnow.learner.alpha = 1.25f;
  winnow.learner.beta = 0.5f;
  winnow.learner.initial = 2.0f;
  winnow.learner.threshold = 1.0f;
  EXPECT_EQ(LearnerFlags(winnow),
            "--rule balanced-winnow --alpha 1.25 --beta 0.5 --initial-weight 2 --threshold 1 "
            "--passes 1");

  TrainOptions pa;
  pa.learner.rule = Rule::kPa;
  pa.learner.pa_variant = PaVariant::kPaII;
  pa.learner.aggressiveness = 0.1f;
  EXPECT_EQ(LearnerFlags(pa), "--rule pa --pa-variant pa-ii -C 0.1 --passes 1");
}

// One pass keeps no holdout, so its period is left out, unless
// --probabilities holds examples out to fit on.
// Replayed, the line gives the same model: every number in the fewest
// digits that read back as the same float, not rounded to 6.
TEST(LearnerFlagsTest, NumbersReadBackAsTheSameFloats) {
  TrainOptions o;
  o.learner.rule = Rule::kSgd;
  o.learner.learning_rate = 0.1234567891f;
  o.learner.l2 = 3.14159265e-7f;
  EXPECT_EQ(LearnerFlags(o), "--rule sgd -l 0.12345679 --l2 3.1415925e-07 --passes 1");
  EXPECT_EQ(std::strtof("0.12345679", nullptr), 0.1234567891f);
  EXPECT_EQ(std::strtof("3.1415925e-07", nullptr), 3.14159265e-7f);
}

TEST(LearnerFlagsTest, TheHoldoutIsListedWhereOneIsKept) {
  TrainOptions o;
  o.holdout_period = 4;
  o.early_stop = 5;
  EXPECT_EQ(LearnerFlags(o), "--rule perceptron --passes 1");
  o.probabilities = true;
  EXPECT_EQ(LearnerFlags(o), "--rule perceptron --passes 1 --holdout-period 4");
  o.probabilities = false;
  o.holdout_off = true;
  EXPECT_EQ(LearnerFlags(o), "--rule perceptron --passes 1");
}

}  // namespace
}  // namespace hare::tools
