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
using learner::Validate;

// --affix SPEC into empty lists: the status's message ("" when it is ok).
std::string Affixes(const std::string& spec, std::vector<std::string>* lettered = nullptr) {
  std::vector<int> affixes;
  if (lettered != nullptr) lettered->clear();
  return std::string(ParseAffixes(spec, affixes, lettered).message());
}

TEST(AffixFlagTest, VwsSpellingWithoutNamespaceLetters) {
  std::vector<int> affixes;
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
    EXPECT_EQ(Affixes(bad), usage + item + "'") << bad;
  }
  EXPECT_EQ(Affixes("+4a"),
            usage + "+4a' (hare makes affixes of --format text's words: no namespace letter)");
  EXPECT_EQ(Affixes("+4,-3,+4"), "--affix names +4 twice");
  EXPECT_EQ(Affixes("+1,+2,+3,+4,+5,+6,+7,-1,-2"), "--affix takes at most 8 affixes");
}

// A repeated --affix adds to the earlier ones, as one comma-separated list.
TEST(AffixFlagTest, RepeatedFlagsAdd) {
  std::vector<int> affixes;
  std::vector<std::string> lettered;
  ASSERT_TRUE(ParseAffixes("+4,+2a", affixes, &lettered).ok());
  ASSERT_TRUE(ParseAffixes("-3,-3a", affixes, &lettered).ok());
  EXPECT_EQ(affixes, (std::vector<int>{4, -3}));
  EXPECT_EQ(lettered, (std::vector<std::string>{"+2a", "-3a"}));
  EXPECT_EQ(ParseAffixes("-3", affixes, &lettered).message(), "--affix names -3 twice");
  EXPECT_EQ(ParseAffixes("+2a", affixes, &lettered).message(), "--affix names +2a twice");
}

TEST(AffixFlagTest, VwsNamespaceLettersWhereTheyAreTaken) {
  std::vector<int> affixes;
  std::vector<std::string> lettered;
  ASSERT_TRUE(ParseAffixes("+4,-3a,+4b,-3", affixes, &lettered).ok());
  EXPECT_EQ(affixes, (std::vector<int>{4, -3}));
  EXPECT_EQ(lettered, (std::vector<std::string>{"-3a", "+4b"}));
  EXPECT_EQ(Affixes("+4a,-3,+4a", &lettered), "--affix names +4a twice");
  // Eight of a namespace letter, as of the words.
  EXPECT_EQ(Affixes("+1a,+2a,+3a,+4a,+5a,+6a,+7a,-1a,+1,+1b", &lettered), "");
  EXPECT_EQ(Affixes("+1a,+2a,+3a,+4a,+5a,+6a,+7a,-1a,-2a", &lettered),
            "--affix takes at most 8 affixes of namespace letter a");
  EXPECT_EQ(Affixes("+4ab", &lettered),
            "--affix takes +N (the first N characters of each word) or -N (the last N), N 1 to 7, "
            "comma-separated, such as +4,-3 (with --format vw +Na, -Na for namespaces starting "
            "with a); not '+4ab'");
}

// -q, --cubic, --ignore, --ignore-linear, --keep: VW's \xHH decoded, and
// printed back for a command line.
TEST(NamespaceLettersTest, VwsHexEscapes) {
  EXPECT_EQ(NamespaceLetters("--ignore", "a\\x20b", false).value(), "a b");
  EXPECT_EQ(NamespaceLetters("-q", "\\x3A\\x61", true).value(), ":a");
  EXPECT_EQ(NamespaceLetters("--keep", " ", false).value(), " ");
  EXPECT_EQ(NamespaceLetters("--keep", "\\x2", false).status().message(),
            "--keep: a '\\' starts VW's \\xHH, such as \\x20 for the default namespace");
  EXPECT_EQ(NamespaceLetters("--ignore", "a\\xzz", false).status().message(),
            "--ignore: a '\\' starts VW's \\xHH, such as \\x20 for the default namespace");
  EXPECT_EQ(NamespaceLetters("--ignore", "a|", false).status().message(),
            "--ignore takes namespace letters (' ' or \\x20 for the default namespace); a "
            "namespace cannot start with '|'");
  EXPECT_EQ(NamespaceLetters("--ignore", ":", false).status().message(),
            "--ignore takes namespace letters (' ' or \\x20 for the default namespace); a "
            "namespace cannot start with ':'");
  EXPECT_EQ(NamespaceLetters("-q", "a\\x09", true).status().message(),
            "-q takes namespace letters (' ' or \\x20 for the default namespace, ':' for any); a "
            "namespace cannot start with a control character");
  EXPECT_EQ(EscapeNamespaceLetters(" a\\\xe9:"), "\\x20a\\x5c\\xe9:");
  EXPECT_EQ(EscapeNamespaceLetters("a*?[]"), "a\\x2a\\x3f\\x5b]");
  EXPECT_EQ(EscapeNamespaceLetters("!(q)"), "!\\x28q\\x29");
  EXPECT_EQ(NamespaceLetters("-q", "a\\x2a\\x3f\\x5b]", true).value(), "a*?[]");
}

// hare train's --ngram and --skips after "hare train": the lettered values,
// or the parser's message.
struct Grams {
  std::vector<std::string> ngrams, skips;
  std::string error;
};
Grams ParseGrams(std::vector<std::string> args) {
  Grams g;
  hashing::TextFeatureOptions text;
  FlagParser flags;
  AddTextFeatureFlags(flags, text, &g.ngrams, &g.skips);
  args.insert(args.begin(), {"hare", "train"});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::vector<std::string> positional;
  g.error = std::string(
      flags.Parse(static_cast<int>(argv.size()), argv.data(), 2, &positional).message());
  return g;
}

// VW's "aN": the letter as -q takes it (\xHH too), checked as -q checks it,
// and each letter once.
TEST(GramFlagsTest, LetteredValuesTakeNamespaceLettersOnceEach) {
  EXPECT_EQ(ParseGrams({"--ngram", "\\x202", "--ngram", "a3", "--skips", "\\x2a1"}).ngrams,
            (std::vector<std::string>{" 2", "a3"}));
  EXPECT_EQ(ParseGrams({"--skips", "\\x2a1"}).skips, (std::vector<std::string>{"*1"}));
  // The same value again is one; another value for the letter is refused.
  EXPECT_EQ(ParseGrams({"--ngram", "a3", "--ngram", "a3"}).ngrams,
            (std::vector<std::string>{"a3"}));
  EXPECT_EQ(ParseGrams({"--ngram", "a3", "--ngram", "a4"}).error,
            "--ngram: given twice for namespace 'a' ('a3', then 'a4'): give it once");
  EXPECT_EQ(ParseGrams({"--skips", " 1", "--skips", "\\x202"}).error,
            "--skips: given twice for namespace '\\x20' ('\\x201', then '\\x202'): give it once");
  // A '-' is a letter when escaped (tune prints it so); a digit is none.
  EXPECT_EQ(ParseGrams({"--ngram", "\\x2d2"}).ngrams, (std::vector<std::string>{"-2"}));
  EXPECT_EQ(ParseGrams({"--ngram", "\\x312"}).error,
            "--ngram takes aN for namespaces starting with the letter a, which cannot be a digit "
            "(a plain N is for every namespace); not '\\x312'");
  EXPECT_EQ(ParseGrams({"--ngram", "|2"}).error,
            "--ngram takes namespace letters (' ' or \\x20 for the default namespace); a "
            "namespace cannot start with '|'");
  EXPECT_EQ(ParseGrams({"--skips", ":1"}).error,
            "--skips takes namespace letters (' ' or \\x20 for the default namespace); a "
            "namespace cannot start with ':'");
  EXPECT_EQ(ParseGrams({"--ngram", "\t2"}).error,
            "--ngram takes namespace letters (' ' or \\x20 for the default namespace); a "
            "namespace cannot start with a control character");
  EXPECT_EQ(ParseGrams({"--ngram", "\\x2"}).error,
            "--ngram: a '\\' starts VW's \\xHH, such as \\x20 for the default namespace");
  EXPECT_EQ(ParseGrams({"--ngram", "ab2"}).error,
            "--ngram takes aN: one namespace letter, then a whole number from 1 to 5; not 'ab2'");
  EXPECT_EQ(ParseGrams({"--skips", "a"}).error,
            "--skips takes aN: one namespace letter, then a whole number from 0 to 5; not 'a'");
  EXPECT_EQ(ParseGrams({"--ngram", "a7"}).error, "--ngram takes a whole number from 1 to 5");
}

TEST(LearnerFlagsTest, TheDefaultsAreTheRuleAndOnePass) {
  EXPECT_EQ(LearnerFlags(TrainOptions{}), "--rule perceptron --passes 1");
}

TEST(LearnerFlagsTest, GivenOptionsAndNonDefaultsAreListed) {
  TrainOptions o;
  o.learner.rule = Rule::kArow;
  o.learner.arow_r = 0.03f;
  o.learner.margin = 2.0f;
  o.learner.uneven_margin = 3.0f;
  o.learner.average = true;
  o.passes = 5;
  o.holdout_off = true;
  EXPECT_EQ(LearnerFlags(o),
            "--rule arow --margin 2 --uneven-margin 3 --average --arow-r 0.03 --passes 5 "
            "--holdout-off");

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

  // --shuffle orders the passes after the first: one pass leaves it out.
  TrainOptions svm;
  svm.learner.rule = Rule::kSvm;
  svm.learner.aggressiveness = 10.0f;
  svm.learner.shuffle = true;
  svm.passes = 10;
  svm.holdout_off = true;
  EXPECT_EQ(LearnerFlags(svm), "--rule svm --shuffle -C 10 --passes 10 --holdout-off");
  svm.passes = 1;
  EXPECT_EQ(LearnerFlags(svm), "--rule svm -C 10 --passes 1");
  EXPECT_TRUE(Validate(svm).empty());
  svm.learner.adagrad = true;
  EXPECT_EQ(Validate(svm),
            std::vector<std::string>{
                "--adagrad is for the additive rules (perceptron, pa, sgd), not svm"});
  svm.learner.adagrad = false;
  svm.learner.rule = Rule::kArow;
  EXPECT_EQ(Validate(svm), std::vector<std::string>{"-C is for --rule pa and svm"});
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
  EXPECT_EQ(LearnerFlags(o), "--rule perceptron --passes 1 --probabilities --holdout-period 4");
  o.probabilities = false;
  o.holdout_off = true;
  EXPECT_EQ(LearnerFlags(o), "--rule perceptron --passes 1");
}

}  // namespace
}  // namespace hare::tools
