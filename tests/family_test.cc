// The mistake-driven family: each rule's single update by hand, the lazy
// average and lazy regularization against naive references, and the theory:
// Winnow against Perceptron on k-of-n disjunctions, averaging on noisy data,
// Novikoff's bound over several passes.
#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include "gtest/gtest.h"
#include "io/example_reader.h"
#include "learner/arow.h"
#include "learner/linear_learner.h"
#include "learner/naive_bayes.h"
#include "learner/passive_aggressive.h"
#include "learner/perceptron.h"
#include "learner/random.h"
#include "learner/run.h"
#include "learner/sgd.h"
#include "learner/winnow.h"
#include "tests/scratch.h"
#include "tools/synthetic.h"

namespace hare::learner {
namespace {

using ::hare::ScratchDir;

// One example over slots 1, 2, 3.
io::ExampleBatch Example(float label, std::vector<float> x, float importance = 1.0f) {
  io::ExampleBatch batch;
  batch.BeginExample();
  for (uint32_t k = 0; k < x.size(); ++k) batch.AddFeature(k + 1, x[k]);
  batch.EndExample(1, label, importance, 0.0f, "");
  return batch;
}

template <class L>
float TrainOne(L& learner, const io::ExampleBatch& batch) {
  std::vector<float> scores(1);
  learner.Train(batch, {}, scores);
  return scores[0];
}

template <class L>
std::vector<float> W(const L& l) {
  return {l.PredictionWeight(1), l.PredictionWeight(2), l.PredictionWeight(3)};
}

void ExpectNear(const std::vector<float>& got, const std::vector<double>& want, double tol = 1e-6) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "weight " << i + 1;
}

TEST(RuleUpdatesTest, WinnowPromotesAndDemotes) {
  LinearLearner<Winnow, false, false> l(Winnow{}, 4);
  const auto x = Example(+1, {1.0f, 2.0f, 0.5f});
  // w = 1 everywhere, theta = w0 * sum x = 3.5: score 0, predicts -1: promote.
  EXPECT_FLOAT_EQ(TrainOne(l, x), 0.0f);
  ExpectNear(W(l), {1.5, 2.25, std::sqrt(1.5)});
  EXPECT_EQ(l.PredictionWeight(0), 1.0f);  // untouched slots keep w0
  // The same x labelled -1: score 1.5 + 4.5 + 0.5*sqrt(1.5) - 3.5 > 0: demote back.
  EXPECT_NEAR(TrainOne(l, Example(-1, {1.0f, 2.0f, 0.5f})), 2.5 + 0.5 * std::sqrt(1.5), 1e-5);
  ExpectNear(W(l), {1.0, 1.0, 1.0});
  // A fixed threshold, alpha 2, beta 0.25, w0 0.5: promotion multiplies by 2^x.
  Winnow r{.alpha = 2,
           .beta = 0.25f,
           .w0 = 0.5f,
           .theta = 10,
           .log_alpha = std::log(2.0f),
           .log_beta = std::log(0.25f)};
  LinearLearner<Winnow, false, false> fixed(r, 4);
  EXPECT_FLOAT_EQ(TrainOne(fixed, x), 0.5f * 3.5f - 10);
  ExpectNear(W(fixed), {1.0, 2.0, 0.5 * std::sqrt(2.0)});
  EXPECT_FLOAT_EQ(TrainOne(fixed, Example(-1, {1.0f, 0, 0})), 1.0f - 10);  // right: no change
  TrainOne(fixed, Example(-1, {4.0f}));  // 4 - 10 < 0: right again
  ExpectNear(W(fixed), {1.0, 2.0, 0.5 * std::sqrt(2.0)});
}

// A weight demoted far stops at w0 2^-20 and can grow again: demoted by
// 1e-8 it would be 0 in the slot's w - w0 (1e-8 - 1 rounds to -1) and stay
// 0 after any promotion. Then promoted twice by 1e4 it is 2^-20 1e8 = 95.4.
TEST(RuleUpdatesTest, WinnowWeightsNeverReachZero) {
  Winnow rule;
  rule.alpha = 1e4f;
  rule.beta = 1e-8f;
  rule.theta = 0.5f;
  LinearLearner<Winnow, false, false> l(rule, 4);
  TrainOne(l, Example(-1, {1.0f}));  // score 1 - 0.5 > 0: demoted
  EXPECT_NEAR(l.PredictionWeight(1), 0x1p-20f, 1e-7);
  TrainOne(l, Example(+1, {1.0f}));
  TrainOne(l, Example(+1, {1.0f}));
  TrainOne(l, Example(+1, {1.0f}));  // 95.4 - 0.5 > 0: no third promotion
  EXPECT_NEAR(l.PredictionWeight(1), 0x1p-20 * 1e8, 1e-3);
}

TEST(RuleUpdatesTest, BalancedWinnowMovesBothWeights) {
  LinearLearner<BalancedWinnow, false, false> l(BalancedWinnow{}, 4);
  TrainOne(l, Example(+1, {1.0f, 2.0f, 0.5f}));  // u = v = 1: score 0: promote
  const double a = 1.5;
  ExpectNear(W(l), {a - 1 / a, a * a - 1 / (a * a), std::sqrt(a) - 1 / std::sqrt(a)});
  // Demotion with importance 2 raises the factors to the power 2 * x.
  TrainOne(l, Example(-1, {1.0f, 0.0f, 0.0f}, 2.0f));
  EXPECT_NEAR(l.PredictionWeight(1), a / (a * a) - (1 / a) * (a * a), 1e-6);
}

TEST(RuleUpdatesTest, ModifiedBalancedWinnowNormalizesAndUsesItsMargin) {
  LinearLearner<ModifiedBalancedWinnow, false, false> l(ModifiedBalancedWinnow{}, 4);
  const std::vector<float> x = {1.0f, 2.0f, 0.5f};
  const double norm = std::sqrt(1 + 4 + 0.25);
  // u - v = 2 - 1 = 1: score = sum x/||x|| - theta = 3.5/norm - 1 = 0.5275 <= M = 1: update.
  EXPECT_NEAR(TrainOne(l, Example(+1, x)), 3.5 / norm - 1, 1e-6);
  std::vector<double> want;
  for (float xi : x) want.push_back(2 * 1.5 * (1 + xi / norm) - 1 * 0.5 * (1 - xi / norm));
  ExpectNear(W(l), want, 1e-5);
  // Now y*score = sum want_i x_i/||x|| - 1 > 1: no update.
  TrainOne(l, Example(+1, x));
  ExpectNear(W(l), want, 1e-5);
  // Values whose squares underflow cannot be scaled to length 1 in floats:
  // the example is not learned from, and counted.
  LinearLearner<ModifiedBalancedWinnow, false, false> tiny(ModifiedBalancedWinnow{}, 4);
  TrainOne(tiny, Example(+1, {1e-30f, 1e-25f}));
  EXPECT_EQ(tiny.overflowed(), 1u);
  ExpectNear(W(tiny), {1, 1, 1});
}

TEST(RuleUpdatesTest, PassiveAggressiveStepSizes) {
  const std::vector<float> x = {0.5f, -1.0f, 2.0f};
  const double n2 = 5.25;
  for (auto [variant, c, tau] :
       {std::tuple{PaVariant::kPa, 1.0f, 1 / n2}, std::tuple{PaVariant::kPaI, 0.1f, 0.1},
        std::tuple{PaVariant::kPaI, 1.0f, 1 / n2},
        std::tuple{PaVariant::kPaII, 1.0f, 1 / (n2 + 0.5)}}) {
    LinearLearner<PassiveAggressive, false, false> l(
        PassiveAggressive{.variant = variant, .c = c, .margin = 1.0f}, 4);
    TrainOne(l, Example(+1, x));  // loss 1 - 0 = 1
    ExpectNear(W(l), {tau * 0.5, -tau, tau * 2});
  }
  // PA puts the example exactly on the margin: a second look changes nothing.
  LinearLearner<PassiveAggressive, false, false> l(
      PassiveAggressive{.variant = PaVariant::kPa, .c = 1, .margin = 1}, 4);
  TrainOne(l, Example(-1, x));
  EXPECT_NEAR(TrainOne(l, Example(-1, x)), -1.0, 1e-6);
  ExpectNear(W(l), {-0.5 / n2, 1 / n2, -2 / n2});
}

// Importance 0 is no copy of the example: no PA variant moves.
TEST(RuleUpdatesTest, PassiveAggressiveTakesNoStepAtImportanceZero) {
  for (PaVariant variant : {PaVariant::kPa, PaVariant::kPaI, PaVariant::kPaII}) {
    LinearLearner<PassiveAggressive, false, false> l(
        PassiveAggressive{.variant = variant, .c = 1.0f, .margin = 1.0f}, 4);
    TrainOne(l, Example(+1, {0.5f, -1.0f, 2.0f}, 0.0f));
    ExpectNear(W(l), {0, 0, 0});
    TrainOne(l, Example(+1, {0.5f, -1.0f, 2.0f}, 3.0f));  // any h > 0: PA's full step
    if (variant == PaVariant::kPa) ExpectNear(W(l), {0.5 / 5.25, -1 / 5.25, 2 / 5.25});
  }
}

// Every x_i below about 1e-19: ||x||^2 is subnormal and plain PA's step
// 1/||x||^2 is beyond the float range. The example is not learned from, and
// counted, as an overflowed score is; PA-I's step is capped at C and taken.
TEST(RuleUpdatesTest, PassiveAggressiveCountsAStepBeyondFloats) {
  LinearLearner<PassiveAggressive, false, false> plain(
      PassiveAggressive{.variant = PaVariant::kPa, .c = 1.0f, .margin = 1.0f}, 4);
  TrainOne(plain, Example(+1, {1e-20f}));
  EXPECT_EQ(plain.overflowed(), 1u);
  EXPECT_EQ(plain.PredictionWeight(1), 0.0f);
  LinearLearner<PassiveAggressive, false, false> capped(
      PassiveAggressive{.variant = PaVariant::kPaI, .c = 1.0f, .margin = 1.0f}, 4);
  TrainOne(capped, Example(+1, {1e-20f}));
  EXPECT_EQ(capped.overflowed(), 0u);
  EXPECT_FLOAT_EQ(capped.PredictionWeight(1), 1e-20f);
  // Crammer & Singer's classes: the first example, of the one class known,
  // has nothing to learn; on the second, of class 1, no class moves.
  LinearLearner<PassiveAggressive, false, false> classes(
      PassiveAggressive{.variant = PaVariant::kPa, .c = 1.0f, .margin = 1.0f}, 4, {},
      Multiclass::kCrammerSinger);
  const io::ExampleBatch batch = Example(0, {1e-20f});
  Scores scores;
  for (int32_t c : {0, 1}) classes.Train(batch, std::vector<int32_t>{c}, {}, scores);
  EXPECT_EQ(classes.overflowed(), 1u);
  for (uint32_t slot = 0; slot < 16; ++slot) EXPECT_EQ(classes.PredictionWeight(slot), 0.0f);
}

// A slot listed twice is two features sharing a weight: ||x||^2 adds 1 + 1,
// so one PA step from 0 on (a, a) is tau = 1/2 per listing, w = 1, score 2.
// With AdaGrad the metric has both listings in G as well (G = 2, metric
// 2/sqrt(2), tau = 1/sqrt(2), w = 2 tau / sqrt(2) = 1): the same step.
TEST(RuleUpdatesTest, PassiveAggressiveCountsARepeatedSlotTwice) {
  io::ExampleBatch twice;
  twice.BeginExample();
  twice.AddFeature(1, 1.0f);
  twice.AddFeature(1, 1.0f);
  twice.EndExample(1, 1.0f, 1.0f, 0.0f, "");
  const PassiveAggressive pa{.variant = PaVariant::kPa, .c = 1, .margin = 1};
  LinearLearner<PassiveAggressive, false, false> plain(pa, 4);
  TrainOne(plain, twice);
  EXPECT_FLOAT_EQ(plain.PredictionWeight(1), 1.0f);
  LinearLearner<PassiveAggressive, false, true> ada(pa, 4);
  TrainOne(ada, twice);
  EXPECT_FLOAT_EQ(ada.PredictionWeight(1), 1.0f);
}

// AROW by hand. x = (0.5, -1, 2), y = +1 on a fresh table (s_i = 1, w = 0):
// m = 0, v = 0.25 + 1 + 4 = 5.25, beta = 1/(v + r) = 0.16, alpha = 0.16;
// w = alpha * s_i * x_i = (0.08, -0.16, 0.32), s_i = 1 - beta x_i^2 =
// (0.96, 0.84, 0.36). Then x = (1, 1, 0), y = -1: score -0.08, loss 0.92,
// v = 1.8, beta = 1/2.8; w1 = 0.08 - 0.92/2.8 * 0.96, s1 = 0.96 - 0.96^2/2.8.
TEST(RuleUpdatesTest, ArowStepAndVariances) {
  LinearLearner<Arow, false, false> l(Arow{.r = 1, .margin = 1}, 4);
  auto variance = [&](uint32_t i) { return Arow::Variance(l.table().slot(i)); };
  EXPECT_FLOAT_EQ(TrainOne(l, Example(+1, {0.5f, -1.0f, 2.0f})), 0.0f);
  ExpectNear(W(l), {0.08, -0.16, 0.32});
  ExpectNear({variance(1), variance(2), variance(3)}, {0.96, 0.84, 0.36});
  // The step moves the example's margin from 0 to v/(v + r) of the way to 1.
  EXPECT_NEAR(TrainOne(l, Example(+1, {0.5f, -1.0f, 2.0f})), 5.25 / 6.25, 1e-6);
  LinearLearner<Arow, false, false> m(Arow{.r = 1, .margin = 1}, 4);
  TrainOne(m, Example(+1, {0.5f, -1.0f, 2.0f}));
  EXPECT_NEAR(TrainOne(m, Example(-1, {1.0f, 1.0f, 0.0f})), -0.08, 1e-6);
  const double alpha = 0.92 / 2.8, beta = 1 / 2.8;
  ExpectNear(W(m), {0.08 - alpha * 0.96, -0.16 - alpha * 0.84, 0.32});
  EXPECT_NEAR(Arow::Variance(m.table().slot(1)), 0.96 - beta * 0.96 * 0.96, 1e-6);
  EXPECT_NEAR(Arow::Variance(m.table().slot(2)), 0.84 - beta * 0.84 * 0.84, 1e-6);
  // Beyond the margin nothing changes, the variances included.
  const std::vector<float> before = W(m);
  const float s2 = Arow::Variance(m.table().slot(2));
  TrainOne(m, Example(-1, {0.0f, 10.0f, 0.0f}));
  EXPECT_EQ(W(m), before);
  EXPECT_EQ(Arow::Variance(m.table().slot(2)), s2);
  // An importance weight h divides r: beta = 1/(5.25 + 1/2).
  LinearLearner<Arow, false, false> h(Arow{.r = 1, .margin = 1}, 4);
  TrainOne(h, Example(+1, {0.5f, -1.0f, 2.0f}, 2.0f));
  ExpectNear(W(h), {0.5 / 5.75, -1 / 5.75, 2 / 5.75});
}

// A slot listed twice: v = 1 + 1, beta = 1/3, and the listings update in
// turn, the second with the variance the first left: w = 1/3 + 1/3 * 2/3 =
// 5/9, s = 2/3 * (1 - 2/9) = 14/27 (summed at the old s it would be 2/3 and
// 1/3). So with two values the order counts: (1, 2) and (2, 1) differ.
TEST(RuleUpdatesTest, ArowUpdatesARepeatedSlotInTurn) {
  auto train = [](std::vector<float> x) {
    LinearLearner<Arow, false, false> l(Arow{.r = 1, .margin = 1}, 4);
    io::ExampleBatch b;
    b.BeginExample();
    for (float v : x) b.AddFeature(1, v);
    b.EndExample(1, 1.0f, 1.0f, 0.0f, "");
    TrainOne(l, b);
    return std::pair{l.PredictionWeight(1), Arow::Variance(l.table().slot(1))};
  };
  const auto [w, s] = train({1.0f, 1.0f});
  EXPECT_NEAR(w, 5.0 / 9, 1e-6);
  EXPECT_NEAR(s, 14.0 / 27, 1e-6);
  // (1, 2): v = 5, beta = 1/6; w = 1/6 + 2/6 * (1 - 1/6) = 4/9.
  // (2, 1): w = 2/6 + 1/6 * (1 - 4/6) = 7/18.
  EXPECT_NEAR(train({1.0f, 2.0f}).first, 4.0 / 9, 1e-6);
  EXPECT_NEAR(train({2.0f, 1.0f}).first, 7.0 / 18, 1e-6);
}

// Hostile scores (a VW initial score near the float maximum) and weights
// leave AROW's weights and variances finite. A lone feature with x = 1 and
// r = 1, updated n times, has s = s/(s + 1) after each: s = 1/(n + 1), kept
// precisely far past the ~10^4 updates a stored 1 - s could resolve.
TEST(RuleUpdatesTest, ArowStaysFiniteAndKeepsShrinking) {
  LinearLearner<Arow, false, false> l(Arow{}, 4);
  for (int k = 0; k < 6; ++k) {
    io::ExampleBatch b;
    b.BeginExample();
    b.AddFeature(1, 3e38f);
    b.AddFeature(2, 1.0f);
    b.EndExample(1, k % 2 ? 1.0f : -1.0f, 1e30f, k % 2 ? -3e38f : 3e38f, "");
    TrainOne(l, b);
  }
  for (uint32_t i = 1; i <= 2; ++i) {
    EXPECT_TRUE(std::isfinite(l.PredictionWeight(i))) << i;
    EXPECT_TRUE(std::isfinite(Arow::Variance(l.table().slot(i)))) << i;
    EXPECT_GE(Arow::Variance(l.table().slot(i)), 0.0f) << i;
  }
  LinearLearner<Arow, false, false> often(Arow{}, 4);
  const int n = 100000;  // alternating labels: every example is inside the margin
  for (int k = 0; k < n; ++k) TrainOne(often, Example(k % 2 ? 1.0f : -1.0f, {1.0f}));
  EXPECT_NEAR(1 / Arow::Variance(often.table().slot(1)), n + 1.0, 1e-3 * n);
}

// Naive Bayes by hand: each weight is log((n+ + a) / (n- + a)) of its counts.
TEST(RuleUpdatesTest, NaiveBayesCountsAndLogRatios) {
  LinearLearner<NaiveBayes, false, false> l(NaiveBayes{.smoothing = 1}, 4);
  EXPECT_EQ(TrainOne(l, Example(+1, {1.0f, 2.0f, 0.5f})), 0.0f);
  ExpectNear(W(l), {std::log(2.0), std::log(3.0), std::log(1.5)});
  // It learns from an example it gets right, too; 0 and negative values count nothing.
  TrainOne(l, Example(-1, {1.0f, 0.0f, -3.0f}));
  ExpectNear(W(l), {0.0, std::log(3.0), std::log(1.5)});
  // The importance weight multiplies the counts: n-_2 = 2 * 2.
  TrainOne(l, Example(-1, {0.0f, 2.0f, 0.0f}, 2.0f));
  ExpectNear(W(l), {0.0, std::log(3.0 / 5.0), std::log(1.5)});
  // Smoothing a = 0.5: w_1 = log(1.5 / 0.5).
  LinearLearner<NaiveBayes, false, false> half(NaiveBayes{.smoothing = 0.5f}, 4);
  TrainOne(half, Example(+1, {1.0f, 0.0f, 0.0f}));
  EXPECT_FLOAT_EQ(half.PredictionWeight(1), std::log(3.0f));
  // Counts are doubles: 2^24 + 1 (a float would stay at 2^24).
  LinearLearner<NaiveBayes, false, false> big(NaiveBayes{}, 4);
  TrainOne(big, Example(+1, {1.0f, 0.0f, 0.0f}, 16777216.0f));
  TrainOne(big, Example(+1, {1.0f, 0.0f, 0.0f}));
  EXPECT_EQ(NaiveBayes::Count(big.table().slot(1), 0), 16777217.0);
  // A tiny smoothing against a large count: log(1e9 + 1e-30) - log(1e-30), finite.
  LinearLearner<NaiveBayes, false, false> tiny(NaiveBayes{.smoothing = 1e-30f}, 4);
  TrainOne(tiny, Example(+1, {1.0f, 0.0f, 0.0f}, 1e9f));
  EXPECT_NEAR(tiny.PredictionWeight(1), std::log(1e9) - std::log(double(1e-30f)), 1e-3);
}

TEST(RuleUpdatesTest, SgdLossesAndSchedules) {
  const std::vector<float> x = {0.5f, -1.0f, 2.0f};
  struct Case {
    Loss loss;
    double derivative_at_0;  // dl/ds at s = 0, y = +1
  };
  for (Case c :
       {Case{Loss::kHinge, -1.0}, Case{Loss::kLogistic, -0.5}, Case{Loss::kSquared, -1.0}}) {
    LinearLearner<Sgd, false, false> l(
        Sgd{.loss = c.loss, .schedule = Schedule::kConstant, .rate = 0.5f}, 4);
    TrainOne(l, Example(+1, x));
    const double step = -0.5 * c.derivative_at_0;
    ExpectNear(W(l), {step * 0.5, -step, step * 2});
  }
  // sqrt schedule: the second example's rate is r/sqrt(2).
  LinearLearner<Sgd, false, false> l(
      Sgd{.loss = Loss::kSquared, .schedule = Schedule::kSqrt, .rate = 1.0f}, 4);
  TrainOne(l, Example(+1, {1.0f}));  // s = 0: w1 = 1
  TrainOne(l, Example(-1, {1.0f}));  // s = 1: dl/ds = 2: w1 = 1 - 2/sqrt(2)
  EXPECT_NEAR(l.PredictionWeight(1), 1 - 2 / std::sqrt(2.0), 1e-6);
  // power schedule with p = 1: rate r/t.
  LinearLearner<Sgd, false, false> p(
      Sgd{.loss = Loss::kSquared, .schedule = Schedule::kPower, .rate = 1.0f, .power_t = 1.0f}, 4);
  TrainOne(p, Example(+1, {1.0f}));
  TrainOne(p, Example(-1, {1.0f}));
  EXPECT_NEAR(p.PredictionWeight(1), 1 - 2.0 / 2, 1e-6);
}

TEST(RuleUpdatesTest, PerceptronWithAdagradAndMargins) {
  const std::vector<float> x = {0.5f, -1.0f, 2.0f};
  // AdaGrad: G_i = x_i^2, so w_i = r * y * x_i / |x_i| = sign(x_i).
  LinearLearner<Perceptron, false, true> ada(Perceptron{}, 4);
  TrainOne(ada, Example(+1, x));
  ExpectNear(W(ada), {1, -1, 1});
  TrainOne(ada, Example(-1, {2.0f, 0.0f, 0.0f}));  // score 1 > 0: G_1 = 0.25 + 4
  EXPECT_NEAR(ada.PredictionWeight(1), 1 - 2 / std::sqrt(4.25), 1e-6);

  // G_i sums h g^2, as h copies of the example would (VW's sum): with h = 4,
  // G_i = 4 x_i^2 and w_i = 4 x_i / sqrt(4 x_i^2) = 2 sign(x_i).
  LinearLearner<Perceptron, false, true> heavy(Perceptron{}, 4);
  TrainOne(heavy, Example(+1, x, 4.0f));
  ExpectNear(W(heavy), {2, -2, 2});
  // (1e20)^2 overflows a float: G_i stops at the largest float, so the step
  // is 1e20 / sqrt(FLT_MAX) = 5.42 and the weight can still move (at G_i =
  // inf its rate would be 0 for good).
  LinearLearner<Perceptron, false, true> huge(Perceptron{}, 4);
  TrainOne(huge, Example(+1, {1e20f}));
  EXPECT_FLOAT_EQ(huge.PredictionWeight(1), 1e20f / std::sqrt(std::numeric_limits<float>::max()));
  TrainOne(huge, Example(-1, {1e20f}));
  EXPECT_EQ(huge.PredictionWeight(1), 0.0f);

  // A slot listed twice adds g^2 x^2 to G_i for each listing before either
  // steps: (a, a) from 0 has G = 2 and two steps of 1/sqrt(2), w = sqrt(2),
  // where (a:2) has G = 4 and one step of 2/2, w = 1.
  io::ExampleBatch twice;
  twice.BeginExample();
  twice.AddFeature(1, 1.0f);
  twice.AddFeature(1, 1.0f);
  twice.EndExample(1, 1.0f, 1.0f, 0.0f, "");
  LinearLearner<Perceptron, false, true> listed(Perceptron{}, 4);
  TrainOne(listed, twice);
  EXPECT_FLOAT_EQ(listed.PredictionWeight(1), std::sqrt(2.0f));
  LinearLearner<Perceptron, false, true> doubled(Perceptron{}, 4);
  TrainOne(doubled, Example(+1, {2.0f}));
  EXPECT_FLOAT_EQ(doubled.PredictionWeight(1), 1.0f);

  // A margin of 10 updates again although the example is already right.
  LinearLearner<Perceptron, false, false> thick(Perceptron{.margin = 10}, 4);
  TrainOne(thick, Example(+1, x));
  EXPECT_FLOAT_EQ(TrainOne(thick, Example(+1, x)), 5.25f);  // inside the margin
  ExpectNear(W(thick), {1.0, -2.0, 4.0});
  LinearLearner<Perceptron, false, false> thin(Perceptron{.margin = 1}, 4);
  TrainOne(thin, Example(+1, x));
  TrainOne(thin, Example(+1, x));  // 5.25 > 1: no update
  ExpectNear(W(thin), {0.5, -1.0, 2.0});

  // Normalized margin: after one update ||w|| = sqrt(5.25) and y*s/||w|| =
  // sqrt(5.25) = 2.29: a margin of 5 (test < 2.5) updates again, 4 does not.
  LinearLearner<Perceptron, false, false> norm5(Perceptron{.margin = 5, .normalized_margin = true},
                                                4);
  TrainOne(norm5, Example(+1, x));
  TrainOne(norm5, Example(+1, x));
  ExpectNear(W(norm5), {1.0, -2.0, 4.0});
  EXPECT_NEAR(norm5.rule().norm_w2, 21.0, 1e-9);
  LinearLearner<Perceptron, false, false> norm4(Perceptron{.margin = 4, .normalized_margin = true},
                                                4);
  TrainOne(norm4, Example(+1, x));
  TrainOne(norm4, Example(+1, x));
  ExpectNear(W(norm4), {0.5, -1.0, 2.0});
}

// Random small examples over a table of 64 slots.
std::vector<io::ExampleBatch> RandomExamples(uint64_t seed, int count, bool positive_values) {
  learner::Random rng(seed);
  std::vector<io::ExampleBatch> out;
  for (int e = 0; e < count; ++e) {
    io::ExampleBatch b;
    b.BeginExample();
    const int n = 1 + static_cast<int>(rng.Below(6));
    for (int k = 0; k < n; ++k) {
      const float v = positive_values ? static_cast<float>(0.2 + rng.Uniform())
                                      : static_cast<float>(2 * rng.Uniform() - 1);
      b.AddFeature(static_cast<uint32_t>(rng.Below(64)), v);
    }
    b.EndExample(1, rng.Uniform() < 0.5 ? 1.0f : -1.0f, 1.0f, 0.0f, "");
    out.push_back(std::move(b));
  }
  return out;
}

// An example of importance 0 is no copy of it: every rule, with averaging,
// AdaGrad, SGD's schedules and L1/L2, learns what it would without it, bit
// for bit, as if it had no label (L1/L2's debts are read for its score, not
// paid, which would round them otherwise).
TEST(RuleUpdatesTest, ImportanceZeroChangesNoRule) {
  std::vector<LearnerOptions> options;
  for (Rule rule :
       {Rule::kPerceptron, Rule::kWinnow, Rule::kBalancedWinnow, Rule::kModifiedBalancedWinnow,
        Rule::kPa, Rule::kSgd, Rule::kArow, Rule::kNaiveBayes, Rule::kSvm}) {
    options.push_back({.rule = rule});
    options.push_back({.rule = rule, .average = true});
  }
  for (Schedule schedule : {Schedule::kConstant, Schedule::kSqrt, Schedule::kPower}) {
    options.push_back({.rule = Rule::kSgd, .schedule = schedule, .l2 = 0.1f});
    options.push_back(
        {.rule = Rule::kSgd, .loss = Loss::kLogistic, .schedule = schedule, .l1 = 0.01f});
  }
  options.push_back({.rule = Rule::kSgd, .adagrad = true});
  const auto examples = RandomExamples(5, 60, true);
  for (const LearnerOptions& o : options) {
    std::unique_ptr<Learner> plain = MakeLearner(o, 6);
    std::unique_ptr<Learner> with_zeros = MakeLearner(o, 6);
    std::vector<float> scores(1);
    for (const io::ExampleBatch& e : examples) {
      plain->Train(e, {}, scores);
      with_zeros->Train(e, {}, scores);
      io::ExampleBatch zero;  // the same features, the other label, importance 0
      zero.BeginExample();
      for (size_t k = 0; k < e.indices(0).size(); ++k) {
        zero.AddFeature(e.indices(0)[k], e.values(0)[k]);
      }
      zero.EndExample(1, -e.label(0), 0.0f, 0.0f, "");
      with_zeros->Train(zero, {}, scores);
    }
    for (uint32_t i = 0; i < 64; ++i) {
      ASSERT_EQ(with_zeros->PredictionWeight(i), plain->PredictionWeight(i))
          << "rule " << static_cast<int>(o.rule) << " average " << o.average << " l1 " << o.l1
          << " l2 " << o.l2 << " slot " << i;
    }
  }
}

// The lazy average against the naive one, which adds the whole weight vector
// to a sum after every example.
template <class Rule, bool kAdagrad>
void CheckLazyAverage(const Rule& rule, bool positive_values) {
  LinearLearner<Rule, false, kAdagrad> plain(rule, 6);
  LinearLearner<Rule, true, kAdagrad> averaged(rule, 6);
  std::vector<double> sum(64, 0.0);
  const auto examples = RandomExamples(17, 400, positive_values);
  for (const auto& e : examples) {
    const float a = TrainOne(plain, e);
    const float b = TrainOne(averaged, e);
    ASSERT_EQ(a, b);  // averaging never changes what is learned
    for (uint32_t i = 0; i < 64; ++i) sum[i] += plain.PredictionWeight(i);
  }
  for (uint32_t i = 0; i < 64; ++i) {
    const double naive = sum[i] / examples.size();
    EXPECT_NEAR(averaged.PredictionWeight(i), naive, 1e-4 * std::max(1.0, std::fabs(naive)))
        << "slot " << i;
  }
}

TEST(LazyAverageTest, EqualsTheNaiveAverageForEveryRule) {
  CheckLazyAverage<Perceptron, false>(Perceptron{}, false);
  CheckLazyAverage<Perceptron, true>(Perceptron{}, false);
  CheckLazyAverage<Perceptron, false>(Perceptron{.margin = 0.5f}, false);
  CheckLazyAverage<Winnow, false>(Winnow{}, true);
  CheckLazyAverage<BalancedWinnow, false>(BalancedWinnow{}, true);
  CheckLazyAverage<ModifiedBalancedWinnow, false>(ModifiedBalancedWinnow{}, true);
  CheckLazyAverage<PassiveAggressive, false>(PassiveAggressive{}, false);
  CheckLazyAverage<PassiveAggressive, true>(PassiveAggressive{}, false);
  CheckLazyAverage<Sgd, false>(Sgd{.loss = Loss::kLogistic}, false);
  CheckLazyAverage<Sgd, true>(Sgd{.loss = Loss::kHinge, .adagrad = true}, false);
  CheckLazyAverage<Arow, false>(Arow{}, false);
}

// A weight that changes at every step: the Perceptron on +1, -1, +1, ...
// with one feature has weights 1, 0, 1, 0, ..., whose average is exactly 0.5
// after an even number of steps. Past 2^24 steps a float sum of the weights
// stops adding 1 (it gave 2^24 / T, 0.42 after 40 million); U stays exact.
TEST(LazyAverageTest, StaysExactPast2To24Steps) {
  io::ExampleBatch batch;
  for (int i = 0; i < 1 << 16; ++i) {
    batch.BeginExample();
    batch.AddFeature(1, 1.0f);
    batch.EndExample(1, i % 2 == 0 ? 1.0f : -1.0f, 1.0f, 0.0f, "");
  }
  LinearLearner<Perceptron, true, false> l(Perceptron{}, 4);
  std::vector<float> scores(batch.size());
  const int batches = 640;  // 41,943,040 steps
  for (int b = 0; b < batches; ++b) l.Train(batch, {}, scores);
  EXPECT_EQ(l.steps(), uint64_t{batches} << 16);
  EXPECT_EQ(l.PredictionWeight(1), 0.5f);
}

// Counts do not depend on the order of the examples.
TEST(NaiveBayesTest, IgnoresTheOrderOfTheExamples) {
  auto examples = RandomExamples(5, 300, true);
  LinearLearner<NaiveBayes, false, false> forward(NaiveBayes{}, 6), backward(NaiveBayes{}, 6);
  for (const auto& e : examples) TrainOne(forward, e);
  for (auto e = examples.rbegin(); e != examples.rend(); ++e) TrainOne(backward, *e);
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_NEAR(forward.PredictionWeight(i), backward.PredictionWeight(i), 1e-5) << "slot " << i;
  }
}

// The mistakes of `learner`'s prediction weights on every `period`-th
// example of `path` (binary labels, as a holdout counts them).
struct HeldOutCount {
  uint64_t examples = 0, mistakes = 0;
};
HeldOutCount CountHeldOut(const Learner& learner, const std::string& path, const TrainOptions& o) {
  io::ExampleReader reader({path}, o.parse, o.chunking, 1);
  HeldOutCount count;
  uint64_t n = 0;
  for (;;) {
    absl::StatusOr<const io::ExampleBatch*> batch = reader.Next();
    EXPECT_TRUE(batch.ok());
    if (!batch.ok() || *batch == nullptr) break;
    for (size_t i = 0; i < (*batch)->size(); ++i) {
      if (++n % static_cast<uint64_t>(o.holdout_period) != 0) continue;
      ++count.examples;
      float score = 0;
      const auto indices = (*batch)->indices(i);
      const auto values = (*batch)->values(i);
      for (size_t k = 0; k < indices.size(); ++k)
        score += learner.PredictionWeight(indices[k]) * values[k];
      count.mistakes += (score > 0 ? 1.0f : -1.0f) != (*batch)->label(i);
    }
  }
  return count;
}

// Options to train on 400 generated examples (written in `scratch`), every
// 5th held out and scored after each pass.
TrainOptions HoldoutAfterPassOn(const ScratchDir& scratch, uint64_t seed) {
  TrainOptions o;
  o.inputs = {scratch.Path("generated.vw")};
  std::ofstream out(o.inputs[0]);
  tools::Generate(tools::GenOptions{.seed = seed, .examples = 400}, out);
  o.parse.bits = 12;
  o.holdout_after_pass = true;
  o.holdout_period = 5;
  return o;
}

// hare tune scores the holdout after each pass with the weights the pass
// left (holdout_after_pass). For Naive Bayes, one pass: the model is the
// plain one-pass model, and the holdout error is its error on the held-out
// examples, not the one scored on the way.
TEST(NaiveBayesTest, TheHoldoutAfterThePassIsTheFinalCountsError) {
  ScratchDir scratch;
  TrainOptions o = HoldoutAfterPassOn(scratch, 4);
  const std::string path = o.inputs[0];
  o.learner.rule = Rule::kNaiveBayes;
  EXPECT_TRUE(Validate(o).empty());
  auto after = MakeLearner(o.learner, 12);
  absl::StatusOr<TrainResult> r = Train(o, *after, RunOptions{});
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->passes.size(), 1u);
  // One pass with the same holdout scored on the way learns the same counts.
  TrainOptions on_the_way = o;
  on_the_way.holdout_after_pass = false;
  on_the_way.probabilities = true;  // the one way to hold out in one pass
  auto single = MakeLearner(on_the_way.learner, 12);
  absl::StatusOr<TrainResult> progressive = Train(on_the_way, *single, RunOptions{});
  ASSERT_TRUE(progressive.ok()) << progressive.status();
  for (uint32_t i = 0; i < 4096; ++i) {
    ASSERT_EQ(after->PredictionWeight(i), single->PredictionWeight(i)) << "slot " << i;
  }
  const HeldOutCount count = CountHeldOut(*after, path, o);
  EXPECT_EQ(r->passes[0].holdout_examples, count.examples);
  EXPECT_EQ(r->passes[0].holdout_mistakes, count.mistakes);
  // Scored on the way, the counts of the first examples err more.
  EXPECT_GT(progressive->passes[0].holdout_mistakes, r->passes[0].holdout_mistakes);
  // hare train refuses more than one pass of counting.
  o.passes = 2;
  EXPECT_FALSE(Validate(o).empty());
}

// Over several passes the holdout scored after each pass is the error of
// the weights that pass left (counted again after 1 and 3 passes), and the
// passes that only predict change no weight: the model is the one of the
// same passes with the holdout scored on the way.
TEST(PerceptronTest, TheHoldoutAfterEachPassIsThatPassesWeightsError) {
  ScratchDir scratch;
  TrainOptions o = HoldoutAfterPassOn(scratch, 7);
  const std::string path = o.inputs[0];
  o.early_stop = 10;  // all 3 passes, whatever the holdout does
  std::vector<PassResult> passes;
  for (const int n : {1, 3}) {
    o.passes = n;
    auto learner = MakeLearner(o.learner, 12);
    absl::StatusOr<TrainResult> r = Train(o, *learner, RunOptions{});
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_EQ(r->passes.size(), static_cast<size_t>(n));
    const HeldOutCount count = CountHeldOut(*learner, path, o);
    EXPECT_EQ(r->passes.back().holdout_examples, count.examples) << n << " passes";
    EXPECT_EQ(r->passes.back().holdout_mistakes, count.mistakes) << n << " passes";
    EXPECT_EQ(count.examples, 80u);
    if (n == 1) {
      passes = r->passes;
      continue;
    }
    EXPECT_EQ(r->passes[0].holdout_mistakes, passes[0].holdout_mistakes);
    TrainOptions on_the_way = o;
    on_the_way.holdout_after_pass = false;
    auto same = MakeLearner(o.learner, 12);
    absl::StatusOr<TrainResult> progressive = Train(on_the_way, *same, RunOptions{});
    ASSERT_TRUE(progressive.ok()) << progressive.status();
    for (uint32_t i = 0; i < 4096; ++i) {
      ASSERT_EQ(learner->PredictionWeight(i), same->PredictionWeight(i)) << "slot " << i;
    }
    // Pass 1 scored on the way errs more than its weights at the end.
    EXPECT_GT(progressive->passes[0].holdout_mistakes, r->passes[0].holdout_mistakes);
  }
}

// Lazy L1 and L2 against applying them to the whole table after every example.
// Past 300 examples the totals pass 16 and are started again (at every step,
// as 64 slots / 64 is 1).
void CheckLazyRegularization(Regularization reg, Schedule schedule, int examples = 300) {
  const Sgd rule{.loss = Loss::kLogistic, .schedule = schedule, .rate = 0.5f};
  LinearLearner<Sgd, false, false, true> lazy(rule, 6, reg);
  std::vector<double> w(64, 0.0);
  Sgd naive_rule = rule;
  for (const auto& e : RandomExamples(23, examples, false)) {
    double score = 0;
    for (size_t k = 0; k < e.indices(0).size(); ++k) score += w[e.indices(0)[k]] * e.values(0)[k];
    const float lazy_score = TrainOne(lazy, e);
    EXPECT_NEAR(lazy_score, score, 1e-4);
    naive_rule.BeginExample();
    const Step step = naive_rule.Decide(e.label(0), static_cast<float>(score), 0, 1);
    for (size_t k = 0; k < e.indices(0).size(); ++k) {
      w[e.indices(0)[k]] += step.coefficient * e.values(0)[k];
    }
    const double eta = naive_rule.Rate();
    for (double& wi : w) {
      wi *= 1 - eta * reg.l2;
      wi = wi > 0 ? std::max(0.0, wi - eta * reg.l1) : std::min(0.0, wi + eta * reg.l1);
    }
  }
  int zeros = 0;
  for (uint32_t i = 0; i < 64; ++i) {
    EXPECT_NEAR(lazy.PredictionWeight(i), w[i], 1e-4) << "slot " << i;
    zeros += w[i] == 0 && lazy.PredictionWeight(i) == 0;
  }
  if (reg.l1 > 0) {
    EXPECT_GT(zeros, 0);  // L1 makes weights exactly zero
  }
}

TEST(LazyRegularizationTest, EqualsApplyingItToTheWholeTableEveryStep) {
  CheckLazyRegularization({.l2 = 0.05f}, Schedule::kConstant);
  CheckLazyRegularization({.l2 = 0.05f}, Schedule::kSqrt);
  CheckLazyRegularization({.l1 = 0.01f}, Schedule::kConstant);
  CheckLazyRegularization({.l1 = 0.01f}, Schedule::kSqrt);
  // Both: each step's L1 is shrunk by the L2 of the steps after it.
  CheckLazyRegularization({.l1 = 0.01f, .l2 = 0.05f}, Schedule::kConstant);
  CheckLazyRegularization({.l1 = 0.01f, .l2 = 0.05f}, Schedule::kSqrt);
  CheckLazyRegularization({.l2 = 0.05f}, Schedule::kConstant, 3000);
  CheckLazyRegularization({.l1 = 0.01f}, Schedule::kConstant, 6000);
  CheckLazyRegularization({.l1 = 0.01f, .l2 = 0.05f}, Schedule::kConstant, 3000);
}

// One feature, label 1, squared loss, rate 0.5, L2 0.5: each step makes
// w = (1 - 0.25) (w - 0.5 (w - 1)), whose fixed point is 0.6. Paid from float
// snapshots of an ever larger total, 10^5 steps drifted to 0.6004; with the
// totals started again past 16 it stays at 0.6.
TEST(LazyRegularizationTest, StaysExactOverLongRuns) {
  const Sgd rule{.loss = Loss::kSquared, .schedule = Schedule::kConstant, .rate = 0.5f};
  LinearLearner<Sgd, false, false, true> lazy(rule, 4, {.l2 = 0.5f});
  const io::ExampleBatch one = Example(+1, {1.0f});
  for (int t = 0; t < 200000; ++t) TrainOne(lazy, one);
  EXPECT_NEAR(lazy.PredictionWeight(1), 0.6, 1e-6);
  // With L1 too and a tiny L2, the L1 owed since the start decides: w =
  // 0.99 (the step's 1 less L1's 0.005 / 0.5), which drifted to 0.99129.
  LinearLearner<Sgd, false, false, true> both(rule, 4, {.l1 = 0.01f, .l2 = 1e-7f});
  for (int t = 0; t < 1000000; ++t) TrainOne(both, one);
  EXPECT_NEAR(both.PredictionWeight(1), 0.99, 2e-6);
}

// Starting the totals again pays the slots that hold a weight; those at 0
// stay all zero, so a saved state keeps only what training touched.
TEST(LazyRegularizationTest, StartingAgainLeavesEmptySlotsAlone) {
  const Sgd rule{.loss = Loss::kSquared, .schedule = Schedule::kConstant, .rate = 0.5f};
  LinearLearner<Sgd, false, false, true> lazy(rule, 10, {.l1 = 0.01f, .l2 = 0.5f});
  for (int t = 0; t < 1000; ++t) TrainOne(lazy, Example(+1, {1.0f}));
  EXPECT_EQ(lazy.SaveState().indices, std::vector<uint32_t>{1});
}

// Mistakes of a learner over `repeats` passes of a generated data set.
uint64_t Mistakes(Learner& learner, const tools::GenOptions& gen, int repeats) {
  ScratchDir scratch;
  const std::string path = scratch.Path("gen.vw");
  {
    std::ofstream out(path);
    tools::Generate(gen, out);
  }
  io::ExampleReader reader(std::vector<std::string>(repeats, path), io::ParseOptions{.bits = 24},
                           io::ChunkerOptions{});
  absl::StatusOr<RunStats> stats = TrainOn(reader, learner, RunOptions{});
  EXPECT_TRUE(stats.ok());
  return stats->mistakes;
}

// Littlestone (1988): Winnow learns a k-of-n disjunction with O(k log n)
// mistakes; the Perceptron needs a number that grows with n (Kivinen, Warmuth
// & Auer 1997). Both on the same data, 10 relevant of n = 100, 1000, 10000.
TEST(TheoryTest, WinnowMistakesGrowLikeKLogNAndPerceptronsWithN) {
  std::vector<uint64_t> winnow, perceptron;
  for (int64_t n : {100, 1000, 10000}) {
    tools::GenOptions gen{.family = "disjunction", .seed = 5, .examples = 3000};
    gen.n = n;
    gen.k = 10;
    auto w = MakeLearner(LearnerOptions{.rule = Rule::kWinnow}, 24);
    auto p = MakeLearner(LearnerOptions{.rule = Rule::kPerceptron}, 24);
    winnow.push_back(Mistakes(*w, gen, 2));
    perceptron.push_back(Mistakes(*p, gen, 2));
    // Littlestone's bound for alpha = 2, theta = n is 2k(log2 n + 1) + 1;
    // alpha 1.5 takes log_1.5 2 = 1.7 times the promotions.
    EXPECT_LE(winnow.back(), 1.71 * 2 * 10 * (std::log2(double(n)) + 1) + 1) << "n " << n;
    std::cout << "n = " << n << ": winnow " << winnow.back() << " mistakes, perceptron "
              << perceptron.back() << "\n";
  }
  // Winnow: each tenfold n adds about the same number of mistakes (log n):
  // the second decade adds no more than the first.
  EXPECT_LE(winnow[2] - winnow[1], winnow[1] - winnow[0]);
  // The Perceptron's mistakes grow with n: from n = 100 to 10000 they grow at
  // least twice as fast as Winnow's, and the second decade adds more than the first.
  EXPECT_GT(perceptron[2] * winnow[0], 2 * winnow[2] * perceptron[0]);
  EXPECT_GT(perceptron[2] - perceptron[1], perceptron[1] - perceptron[0]);
  // And Winnow stays well below it.
  EXPECT_LT(winnow[1], perceptron[1] / 2);
  EXPECT_LT(winnow[2], perceptron[2] / 4);
}

// Error of a learner's prediction weights on a held-out set.
double HeldOutError(const Learner& learner, const tools::GenOptions& gen) {
  std::ostringstream text;
  tools::Generate(gen, text);
  io::Parser parser(io::ParseOptions{.bits = 24});
  std::string chunk = text.str();
  chunk.append(io::kChunkPadding, '\0');
  io::ExampleBatch batch;
  parser.Parse(std::string_view(chunk.data(), chunk.size() - io::kChunkPadding), batch);
  int wrong = 0;
  for (size_t i = 0; i < batch.size(); ++i) {
    wrong += PredictedLabel(learner.PredictionScore(batch, i)) != batch.label(i);
  }
  return double(wrong) / batch.size();
}

// Freund & Schapire (1999): on noisy data the average of the weight vectors
// generalizes better than the last one, for every mistake-driven rule.
TEST(TheoryTest, AveragingMakesFewerHeldOutErrorsOnNoisyData) {
  tools::GenOptions train{.family = "separable", .seed = 11, .concept_seed = 3, .examples = 5000};
  train.dimension = 20;
  train.gamma = 0.05f;
  train.flip = 0.1f;
  tools::GenOptions test = train;
  test.seed = 12;
  for (Rule rule : {Rule::kPerceptron, Rule::kWinnow, Rule::kBalancedWinnow,
                    Rule::kModifiedBalancedWinnow, Rule::kPa}) {
    auto last = MakeLearner(LearnerOptions{.rule = rule}, 24);
    auto averaged = MakeLearner(LearnerOptions{.rule = rule, .average = true}, 24);
    Mistakes(*last, train, 1);
    Mistakes(*averaged, train, 1);
    const double e_last = HeldOutError(*last, test), e_avg = HeldOutError(*averaged, test);
    EXPECT_LT(e_avg, e_last) << RuleName(rule);
    std::cout << RuleName(rule) << ": held-out error " << e_last << " last, " << e_avg
              << " averaged\n";
  }
}

// Novikoff over several passes through the multi-pass trainer (and its cache).
TEST(TheoryTest, NovikoffHoldsOverPassesFromTheCache) {
  ScratchDir scratch;
  const std::string path = scratch.Path("novikoff.vw");
  tools::GenOptions gen{.family = "separable", .seed = 9, .examples = 1000};
  gen.gamma = 0.1f;
  gen.dimension = 15;
  {
    std::ofstream out(path);
    tools::Generate(gen, out);
  }
  TrainOptions o;
  o.inputs = {path};
  o.parse = io::ParseOptions{.bits = 24, .constant = false};
  o.passes = 12;
  o.holdout_off = true;
  auto learner = MakeLearner(o.learner, 24);
  absl::StatusOr<TrainResult> r = Train(o, *learner, RunOptions{});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->passes.size(), 12u);
  EXPECT_EQ(r->stats.examples, 12000u);
  EXPECT_LE(r->stats.mistakes, 100u);  // (R/gamma)^2 = (1/0.1)^2
  EXPECT_GT(r->stats.mistakes, 0u);
}

}  // namespace
}  // namespace hare::learner
