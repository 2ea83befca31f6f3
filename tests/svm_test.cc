// The SVM's dual coordinate descent (svm.h) by hand over several passes, its
// first pass against PA-I's, its convergence to the SVM's weights where PA's
// passes go elsewhere, and --shuffle's orders.
#include "learner/svm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "io/example_batch.h"
#include "learner/linear_learner.h"
#include "learner/options.h"
#include "learner/passive_aggressive.h"
#include "learner/perceptron.h"
#include "learner/random.h"

namespace hare::learner {
namespace {

using Svm = LinearLearner<DualSvm, false, false>;

// Examples over slots 1 and 2 (no constant), each (label, x1, x2, importance).
struct Point {
  float label, x1, x2, importance = 1.0f;
};
io::ExampleBatch Batch(const std::vector<Point>& points) {
  io::ExampleBatch batch;
  for (const Point& p : points) {
    batch.BeginExample();
    if (p.x1 != 0) batch.AddFeature(1, p.x1);
    if (p.x2 != 0) batch.AddFeature(2, p.x2);
    batch.EndExample(1, p.label, p.importance, 0.0f, "");
  }
  return batch;
}

template <class L>
void Pass(L& learner, const io::ExampleBatch& batch, int pass, int passes) {
  learner.BeginPass(pass, passes);
  std::vector<float> scores(batch.size());
  learner.Train(batch, {}, scores);
}

template <class L>
std::vector<float> W(const L& l) {
  return {l.PredictionWeight(1), l.PredictionWeight(2)};
}

// x2 = (1, 1) +1, x1 = (1, 0) +1, x3 = (0, 1) -1, C = 10, margin 1.
// Pass 1: x2 scores 0, alpha 0 + 1/2, w = (0.5, 0.5); x1 scores 0.5, alpha
// 0.5, w = (1, 0.5); x3 scores 0.5, G = -1.5, alpha 1.5, w = (1, -1).
// Pass 2: x2 scores 0, alpha 1, w = (1.5, -0.5); x1 scores 1.5, G = +0.5:
// alpha 0.5 - 0.5 = 0, a step taken back, w = (1, -0.5); x3 scores -0.5,
// G = -0.5, alpha 2, w = (1, -1). Pass 3: x2 alpha 1.5, w = (1.5, -0.5); x1
// scores 1.5, its alpha stays 0; x3 scores -0.5, alpha 2.5, w = (1.5, -1).
// Pass 4: (1.75, -1), alphas 1.75, 0, 2.75; the gap halves each pass, to the
// SVM's weights (2, -1) (margins 1, 2 and 1; w = 2 x2 - 3 x3).
TEST(DualSvmTest, PassesByHandTakeAStepBack) {
  const io::ExampleBatch batch = Batch({{+1, 1, 1}, {+1, 1, 0}, {-1, 0, 1}});
  Svm l(DualSvm{.c = 10}, 4);
  const std::vector<std::vector<float>> weights = {{1, -1}, {1, -1}, {1.5, -1}, {1.75, -1}};
  const std::vector<std::vector<float>> duals = {
      {0.5, 0.5, 1.5}, {1, 0, 2}, {1.5, 0, 2.5}, {1.75, 0, 2.75}};
  for (int pass = 1; pass <= 40; ++pass) {
    Pass(l, batch, pass, 40);
    if (pass > 4) continue;
    EXPECT_EQ(W(l), weights[pass - 1]) << "pass " << pass;
    for (uint64_t i = 0; i < 3; ++i)
      EXPECT_EQ(l.dual(0, i), duals[pass - 1][i]) << "pass " << pass << ", example " << i;
  }
  const std::vector<float> w = W(l);
  EXPECT_NEAR(w[0], 2, 1e-6);
  EXPECT_NEAR(w[1], -1, 1e-6);
}

// x1 = (1, 0) +1, x2 = (1, 1) -1. With C = 10 the SVM's weights are
// (1, -2) (alphas 3 and 2); with C = 2.5 x1's alpha stops at C and x2's
// margin alone is met: w = 2.5 x1 - a x2 with 2a - 2.5 = 1, a = 1.75, w =
// (0.75, -1.75), reached in pass 3 (passes 1-3 give (0, -1), (0.5, -1.5),
// (0.75, -1.75)). PA-I with the same C caps each step, not the sum, and goes
// to (1, -2) instead.
TEST(DualSvmTest, ConvergesToTheSvmNotToPaI) {
  const io::ExampleBatch batch = Batch({{+1, 1, 0}, {-1, 1, 1}});
  Svm big(DualSvm{.c = 10}, 4), capped(DualSvm{.c = 2.5}, 4);
  LinearLearner<PassiveAggressive, false, false> pa(
      PassiveAggressive{.variant = PaVariant::kPaI, .c = 2.5}, 4);
  const std::vector<std::vector<float>> first = {{0, -1}, {0.5, -1.5}, {0.75, -1.75}};
  for (int pass = 1; pass <= 60; ++pass) {
    Pass(big, batch, pass, 60);
    Pass(capped, batch, pass, 60);
    Pass(pa, batch, pass, 60);
    if (pass <= 3) {
      EXPECT_EQ(W(capped), first[pass - 1]) << "pass " << pass;
    }
  }
  const std::vector<float> w = W(big);
  EXPECT_NEAR(w[0], 1, 1e-5);
  EXPECT_NEAR(w[1], -2, 1e-5);
  EXPECT_EQ(W(capped), (std::vector<float>{0.75, -1.75}));
  EXPECT_EQ(capped.dual(0, 0), 2.5f);
  EXPECT_EQ(capped.dual(0, 1), 1.75f);
  const std::vector<float> p = W(pa);
  EXPECT_NEAR(p[0], 1, 1e-5);
  EXPECT_NEAR(p[1], -2, 1e-5);
}

// A slot listed twice is one of twice the value to the weights, and to the
// step: on "1 | a a" (no constant) the first visit asks alpha = 1 / (2^2),
// w = 2 alpha = 0.5, the score 1, and later passes stay. Stepping by the
// listings' 1^2 + 1^2 = 2 overshot (w = 1, score 2) and the next pass took it
// all back (w = 0), and so on for ever. With a second slot, "1 | a a b":
// ||x||^2 = 4 + 1, alpha = 1/5, w = (0.4, 0.2), score 1.
TEST(DualSvmTest, ARepeatedSlotStepsAsOneOfItsSummedValue) {
  io::ExampleBatch batch;
  batch.BeginExample();
  batch.AddFeature(1, 1.0f);
  batch.AddFeature(1, 1.0f);
  batch.EndExample(1, 1.0f, 1.0f, 0.0f, "");
  Svm l(DualSvm{.c = 10}, 4);
  for (int pass = 1; pass <= 5; ++pass) {
    Pass(l, batch, pass, 5);
    EXPECT_EQ(W(l), (std::vector<float>{0.5f, 0})) << "pass " << pass;
    EXPECT_EQ(l.dual(0, 0), 0.25f);
  }
  Svm one(DualSvm{.c = 10}, 4);  // one pass: nothing kept, the same step
  Pass(one, batch, 1, 1);
  EXPECT_EQ(W(one), (std::vector<float>{0.5f, 0}));
  io::ExampleBatch two;
  two.BeginExample();
  two.AddFeature(1, 1.0f);
  two.AddFeature(2, 1.0f);
  two.AddFeature(1, 1.0f);
  two.EndExample(1, 1.0f, 1.0f, 0.0f, "");
  Svm m(DualSvm{.c = 10}, 4);
  for (int pass = 1; pass <= 3; ++pass) Pass(m, two, pass, 3);
  EXPECT_FLOAT_EQ(W(m)[0], 0.4f);
  EXPECT_FLOAT_EQ(W(m)[1], 0.2f);
}

// The hand example above with x1 = (1, 0) written as slot 1 listed twice
// with 0.5: the same example to the weights, so the same passes, weights
// and duals, the later passes' steps by x1's length kept from its first
// visit (by the listings' 0.5^2 + 0.5^2 they would differ from pass 1 on).
TEST(DualSvmTest, ARepeatedSlotTakesThePassesOfItsSummedValue) {
  io::ExampleBatch batch;
  const std::vector<std::vector<std::pair<uint32_t, float>>> examples = {
      {{1, 1}, {2, 1}}, {{1, 0.5f}, {1, 0.5f}}, {{2, 1}}};
  const float labels[] = {+1, +1, -1};
  for (size_t i = 0; i < examples.size(); ++i) {
    batch.BeginExample();
    for (const auto& [slot, x] : examples[i]) batch.AddFeature(slot, x);
    batch.EndExample(1, labels[i], 1.0f, 0.0f, "");
  }
  Svm l(DualSvm{.c = 10}, 4);
  const std::vector<std::vector<float>> weights = {{1, -1}, {1, -1}, {1.5, -1}, {1.75, -1}};
  const std::vector<std::vector<float>> duals = {
      {0.5, 0.5, 1.5}, {1, 0, 2}, {1.5, 0, 2.5}, {1.75, 0, 2.75}};
  for (int pass = 1; pass <= 4; ++pass) {
    Pass(l, batch, pass, 4);
    EXPECT_EQ(W(l), weights[pass - 1]) << "pass " << pass;
    for (uint64_t i = 0; i < 3; ++i)
      EXPECT_EQ(l.dual(0, i), duals[pass - 1][i]) << "pass " << pass << ", example " << i;
  }
}

// The importance weight h bounds alpha by C h: x = (0.5) with h = 0.5 and
// C = 1 asks for alpha = 1/0.25 = 4 and gets 0.5, w = 0.25; the next pass
// asks for more and gets none. Importance 0 takes no step.
TEST(DualSvmTest, ImportanceScalesTheBound) {
  const io::ExampleBatch batch = Batch({{+1, 0.5, 0, 0.5f}, {-1, 0, 1, 0.0f}});
  Svm l(DualSvm{.c = 1}, 4);
  for (int pass = 1; pass <= 2; ++pass) {
    Pass(l, batch, pass, 2);
    EXPECT_EQ(W(l), (std::vector<float>{0.25, 0})) << "pass " << pass;
    EXPECT_EQ(l.dual(0, 0), 0.5f);
    EXPECT_EQ(l.dual(0, 1), 0.0f);
  }
}

// Random examples over 64 slots, labels from a fixed hyperplane with noise.
io::ExampleBatch RandomBatch(uint64_t seed, int n) {
  Random random(seed);
  io::ExampleBatch batch;
  for (int i = 0; i < n; ++i) {
    batch.BeginExample();
    float dot = 0;
    std::vector<uint32_t> used;
    for (int k = 0; k < 5; ++k) {
      auto slot = static_cast<uint32_t>(random.Below(64));
      while (std::find(used.begin(), used.end(), slot) != used.end()) {
        slot = static_cast<uint32_t>(random.Below(64));
      }
      used.push_back(slot);
      const auto x = static_cast<float>(random.Uniform() * 2 - 0.5);
      batch.AddFeature(slot, x);
      dot += (slot % 3 == 0 ? 1.0f : -0.5f) * x;
    }
    const bool flip = random.Uniform() < 0.1;
    batch.EndExample(1, (dot > 0) != flip ? 1.0f : -1.0f, 1.0f, 0.0f, "");
  }
  return batch;
}

std::vector<float> Table(const Learner& l) {
  std::vector<float> w;
  for (uint32_t i = 0; i < 64; ++i) w.push_back(l.PredictionWeight(i));
  return w;
}

// A first visit is PA-I's step, bit for bit: with one pass (no duals kept)
// and in the first of several (on examples without a repeated slot: below).
TEST(DualSvmTest, OnePassIsPaI) {
  const io::ExampleBatch batch = RandomBatch(1, 500);
  for (int passes : {1, 3}) {
    for (float c : {0.1f, 1.0f, 10.0f}) {
      Svm svm(DualSvm{.c = c}, 6);
      LinearLearner<PassiveAggressive, false, false> pa(
          PassiveAggressive{.variant = PaVariant::kPaI, .c = c}, 6);
      Pass(svm, batch, 1, passes);
      Pass(pa, batch, 1, passes);
      EXPECT_EQ(Table(svm), Table(pa)) << "C " << c << ", passes " << passes;
    }
  }
}

// --shuffle: the first pass is in the batch's order, later ones in another
// order each pass, the same in every run; DCD in any order goes to the one
// SVM solution (the hand example above).
TEST(ShuffleTest, LaterPassesInOtherOrdersTheSameEachRun) {
  const io::ExampleBatch batch = RandomBatch(2, 300);
  using P = LinearLearner<Perceptron, false, false>;
  P plain(Perceptron{}, 6), shuffled(Perceptron{}, 6, {}, Multiclass::kNone, 0, 0, true),
      again(Perceptron{}, 6, {}, Multiclass::kNone, 0, 0, true);
  Pass(plain, batch, 1, 2);
  Pass(shuffled, batch, 1, 2);
  Pass(again, batch, 1, 2);
  EXPECT_EQ(Table(plain), Table(shuffled));
  Pass(plain, batch, 2, 2);
  Pass(shuffled, batch, 2, 2);
  Pass(again, batch, 2, 2);
  EXPECT_NE(Table(plain), Table(shuffled));
  EXPECT_EQ(Table(shuffled), Table(again));

  const io::ExampleBatch three = Batch({{+1, 1, 1}, {+1, 1, 0}, {-1, 0, 1}});
  Svm svm(DualSvm{.c = 10}, 4, {}, Multiclass::kNone, 0, 0, true);
  for (int pass = 1; pass <= 30; ++pass) Pass(svm, three, pass, 30);
  const std::vector<float> w = W(svm);
  EXPECT_NEAR(w[0], 2, 1e-5);
  EXPECT_NEAR(w[1], -1, 1e-5);
}

}  // namespace
}  // namespace hare::learner
