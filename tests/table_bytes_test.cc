// TableBytes, which hare tune's memory budget reserves before a table is
// mapped, is the size of the table MakeLearner maps, for every rule and
// every option that changes the slot layout.
#include "gtest/gtest.h"
#include "learner/learner.h"
#include "learner/options.h"

namespace hare::learner {
namespace {

TEST(TableBytesTest, IsTheTableMakeLearnerMaps) {
  const Rule rules[] = {
      Rule::kPerceptron, Rule::kWinnow, Rule::kBalancedWinnow, Rule::kModifiedBalancedWinnow,
      Rule::kPa,         Rule::kSgd,    Rule::kArow,           Rule::kNaiveBayes,
      Rule::kSvm};
  int checked = 0;
  for (const Rule rule : rules) {
    for (const bool average : {false, true}) {
      for (const bool adagrad : {false, true}) {
        for (const float l2 : {0.0f, 0.5f}) {
          LearnerOptions o{.rule = rule, .average = average, .adagrad = adagrad};
          o.l2 = l2;
          SCOPED_TRACE(::testing::Message() << RuleName(rule) << " average " << average
                                            << " adagrad " << adagrad << " l2 " << l2);
          EXPECT_EQ(TableBytes(o, 10), MakeLearner(o, 10)->table_bytes());
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 72);
  // Pinned: PA with AdaGrad (the sentences' default) keeps 2 floats a slot,
  // averaged AROW 4, Naive Bayes 5.
  EXPECT_EQ(TableBytes({.rule = Rule::kPa, .adagrad = true}, 22), uint64_t{8} << 22);
  EXPECT_EQ(TableBytes({.rule = Rule::kArow, .average = true}, 22), uint64_t{16} << 22);
  EXPECT_EQ(TableBytes({.rule = Rule::kNaiveBayes}, 22), uint64_t{20} << 22);
  // And the other layouts, counted by hand: a weight, AdaGrad's sum, the
  // average's sum (two floats), lazy L1/L2's two.
  EXPECT_EQ(TableBytes({.rule = Rule::kWinnow}, 10), uint64_t{4} << 10);
  EXPECT_EQ(TableBytes({.rule = Rule::kBalancedWinnow, .average = true}, 10), uint64_t{16} << 10);
  EXPECT_EQ(TableBytes({.rule = Rule::kPerceptron, .average = true, .adagrad = true}, 10),
            uint64_t{16} << 10);
  LearnerOptions lazy{.rule = Rule::kSgd};
  lazy.l2 = 0.5f;
  EXPECT_EQ(TableBytes(lazy, 10), uint64_t{12} << 10);
  lazy.adagrad = true;
  EXPECT_EQ(TableBytes(lazy, 10), uint64_t{16} << 10);
}

}  // namespace
}  // namespace hare::learner
