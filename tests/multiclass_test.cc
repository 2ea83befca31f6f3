// Multiclass: the K-class updates by hand, one-vs-all against K binary
// learners, the multiclass Perceptron's mistake bound, the lazy average of K
// vectors, batch boundaries, class numbering, and calibration.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "io/example_reader.h"
#include "learner/calibration.h"
#include "learner/classes.h"
#include "learner/linear_learner.h"
#include "learner/metrics.h"
#include "learner/model.h"
#include "learner/perceptron.h"
#include "learner/random.h"
#include "learner/run.h"
#include "learner/winnow.h"
#include "tests/scratch.h"

namespace hare::learner {
namespace {

// A labelled example of class c with features at `slots`.
struct Labelled {
  std::vector<uint32_t> slots;
  std::vector<float> x;
  int32_t c;
  float importance = 1.0f;
};

io::ExampleBatch BatchOf(const std::vector<Labelled>& examples) {
  io::ExampleBatch batch;
  for (const Labelled& e : examples) {
    batch.BeginExample();
    for (size_t k = 0; k < e.slots.size(); ++k) batch.AddFeature(e.slots[k], e.x[k]);
    batch.EndExample(static_cast<uint32_t>(batch.size() + 1), io::ExampleBatch::kClassLabel,
                     e.importance, 0.0f, "");
  }
  return batch;
}

std::vector<int32_t> ClassesOf(const std::vector<Labelled>& examples) {
  std::vector<int32_t> out;
  for (const Labelled& e : examples) out.push_back(e.c);
  return out;
}

// Trains on `examples` in one batch; returns the scores.
Scores TrainAll(Learner& l, const std::vector<Labelled>& examples) {
  Scores scores;
  l.Train(BatchOf(examples), ClassesOf(examples), {}, scores);
  return scores;
}

// Features at slots 8, 16, 24: their copies for 3 classes never collide.
const std::vector<uint32_t> kSlots = {8, 16, 24};
const std::vector<float> kX = {1.0f, 2.0f, 0.5f};
const std::vector<float> kHalfX = {0.5f, 1.0f, 0.25f};

std::vector<float> ClassWeights(const Learner& l, uint32_t k) {
  return {l.PredictionWeight(8 + k), l.PredictionWeight(16 + k), l.PredictionWeight(24 + k)};
}

TEST(MulticlassUpdateTest, CrammerSingerPromotesTheTrueClassAndSharesTheDemotion) {
  LinearLearner<Perceptron, false, false> l(Perceptron{}, 6, {}, Multiclass::kCrammerSinger);
  // Every score 0: classes 0 and 1 tie with the true class 2, so E = {0, 1}.
  Scores s = TrainAll(l, {{kSlots, kX, 2}});
  EXPECT_EQ(s.columns(), 3u);
  EXPECT_EQ(ClassWeights(l, 2), (std::vector<float>{1, 2, 0.5f}));
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{-0.5f, -1, -0.25f}));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{-0.5f, -1, -0.25f}));
  // Scores -2.625, -2.625, 5.25 for true class 0: E = {1, 2}.
  s = TrainAll(l, {{kSlots, kX, 0}});
  EXPECT_EQ(s.row(0)[0], -2.625f);
  EXPECT_EQ(s.row(0)[2], 5.25f);
  EXPECT_EQ(s.Predicted(0), 2);
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{0.5f, 1, 0.25f}));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{-1, -2, -0.5f}));
  EXPECT_EQ(ClassWeights(l, 2), (std::vector<float>{0.5f, 1, 0.25f}));
  EXPECT_EQ(l.classes(), 3);
}

TEST(MulticlassUpdateTest, WinnerTakeAllDemotesOnlyTheTopClass) {
  LinearLearner<Perceptron, false, false> l(Perceptron{}, 6, {}, Multiclass::kWinnerTakeAll);
  TrainAll(l, {{kSlots, kX, 2}});  // tie: the first class (0) is the top one
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{-1, -2, -0.5f}));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(ClassWeights(l, 2), (std::vector<float>{1, 2, 0.5f}));
  TrainAll(l, {{kSlots, kX, 0}});  // scores -5.25, 0, 5.25: demote 2 only
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{0, 0, 0}));
  EXPECT_EQ(ClassWeights(l, 2), (std::vector<float>{0, 0, 0}));
}

// An example of importance 0 changes nothing, AdaGrad's sums included. In
// both runs class 1 is promoted to 1 and class 0 demoted to -1 (G = x^2),
// then class 0 promoted to -1 + 1/sqrt(2) and class 1 demoted to
// 1 - 1/sqrt(2) (G = 2 x^2); had the example of importance 0 (class 0, a
// mistake) added to G, class 0 would end at -1 + 1/sqrt(3).
TEST(MulticlassUpdateTest, AnExampleOfImportanceZeroChangesNothing) {
  for (Multiclass m : {Multiclass::kCrammerSinger, Multiclass::kWinnerTakeAll}) {
    LinearLearner<Perceptron, false, true> with(Perceptron{}, 6, {}, m);
    LinearLearner<Perceptron, false, true> without(Perceptron{}, 6, {}, m);
    TrainAll(with, {{kSlots, kX, 1}, {kSlots, kX, 0, 0.0f}, {kSlots, kX, 0}});
    TrainAll(without, {{kSlots, kX, 1}, {kSlots, kX, 0}});
    for (uint32_t k = 0; k < 2; ++k) EXPECT_EQ(ClassWeights(with, k), ClassWeights(without, k));
    EXPECT_FLOAT_EQ(ClassWeights(with, 0)[0], -1 + 1 / std::sqrt(2.0f));
    EXPECT_FLOAT_EQ(ClassWeights(with, 1)[0], 1 - 1 / std::sqrt(2.0f));
  }
}

TEST(MulticlassUpdateTest, WinnowWinnerTakeAllMultipliesTheTwoClasses) {
  LinearLearner<Winnow, false, false> l(Winnow{}, 6, {}, Multiclass::kWinnerTakeAll);
  TrainAll(l, {{kSlots, kX, 2}});  // all weights 1, scores 3.5 - 3.5 = 0
  const std::vector<float> up = ClassWeights(l, 2), down = ClassWeights(l, 0);
  EXPECT_FLOAT_EQ(up[0], 1.5f);
  EXPECT_FLOAT_EQ(up[1], 2.25f);
  EXPECT_FLOAT_EQ(up[2], std::sqrt(1.5f));
  EXPECT_FLOAT_EQ(down[0], 1 / 1.5f);
  EXPECT_FLOAT_EQ(down[1], 1 / 2.25f);
  EXPECT_FLOAT_EQ(down[2], 1 / std::sqrt(1.5f));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{1, 1, 1}));
}

// Random examples of 3 classes over slots 0, 8, ..., 8 * 40 (never colliding
// across classes), the first three of classes 0, 1, 2.
std::vector<Labelled> RandomLabelled(uint64_t seed, int count, int classes) {
  learner::Random rng(seed);
  std::vector<Labelled> out;
  for (int e = 0; e < count; ++e) {
    Labelled l;
    const int n = 1 + static_cast<int>(rng.Below(6));
    for (int k = 0; k < n; ++k) {
      l.slots.push_back(8 * static_cast<uint32_t>(rng.Below(41)));
      l.x.push_back(static_cast<float>(2 * rng.Uniform() - 1));
    }
    l.c = e < classes ? e : static_cast<int32_t>(rng.Below(classes));
    out.push_back(std::move(l));
  }
  return out;
}

template <bool kAverage>
void CheckOneVsAll() {
  const auto examples = RandomLabelled(5, 500, 3);
  LinearLearner<Perceptron, kAverage, false> ova(Perceptron{}, 9, {}, Multiclass::kOneVsAll);
  TrainAll(ova, examples);
  for (uint32_t k = 0; k < 3; ++k) {
    LinearLearner<Perceptron, kAverage, false> binary(Perceptron{}, 9);
    io::ExampleBatch batch;
    for (const Labelled& e : examples) {
      batch.BeginExample();
      for (size_t j = 0; j < e.slots.size(); ++j) batch.AddFeature(e.slots[j], e.x[j]);
      batch.EndExample(1, e.c == static_cast<int32_t>(k) ? 1.0f : -1.0f, 1.0f, 0.0f, "");
    }
    std::vector<float> scores(batch.size());
    binary.Train(batch, {}, scores);
    for (uint32_t i = 0; i <= 8 * 40; i += 8) {
      ASSERT_EQ(ova.PredictionWeight(i + k), binary.PredictionWeight(i)) << "class " << k;
    }
  }
}

TEST(OneVsAllTest, IsKBinaryLearners) {
  CheckOneVsAll<false>();
  CheckOneVsAll<true>();
}

// One batch or one batch per example: a class counts from its first example,
// whatever the batch boundaries.
TEST(MulticlassUpdateTest, BatchBoundariesDoNotMatter) {
  const auto examples = RandomLabelled(9, 300, 4);
  for (Multiclass m : {Multiclass::kOneVsAll, Multiclass::kCrammerSinger}) {
    LinearLearner<Perceptron, true, false> whole(Perceptron{.margin = 0.5f}, 6, {}, m, 0.5f);
    LinearLearner<Perceptron, true, false> single(Perceptron{.margin = 0.5f}, 6, {}, m, 0.5f);
    TrainAll(whole, examples);
    for (const Labelled& e : examples) TrainAll(single, {e});
    for (uint32_t i = 0; i < 64; ++i)
      ASSERT_EQ(whole.PredictionWeight(i), single.PredictionWeight(i));
  }
}

// An example is predicted among the classes known before it: its own class,
// first seen there, is learned from but not among its scores, and before any
// class is known nothing is predicted (and it counts as a mistake).
TEST(MulticlassUpdateTest, AClassFirstSeenIsNotAmongItsExamplesPredictions) {
  LinearLearner<Perceptron, false, false> l(Perceptron{}, 6, {}, Multiclass::kOneVsAll);
  const std::vector<Labelled> examples = {{kSlots, kX, 0}, {kSlots, kX, 1}, {kSlots, kX, 0}};
  const Scores s = TrainAll(l, examples);
  EXPECT_TRUE(s.row(0).empty());
  EXPECT_EQ(s.Predicted(0), -1);
  // Class 0 learned x from the first example (score 0 is a mistake for +1):
  // 1 + 4 + 0.25 = 5.25 for the second; class 1, scoring 0, is not shown.
  ASSERT_EQ(s.row(1).size(), 1u);
  EXPECT_EQ(s.row(1)[0], 5.25f);
  EXPECT_EQ(s.Predicted(1), 0);
  // Then class 0 lost x and class 1 gained it: the third sees 0 and 5.25,
  // and the two swap again.
  ASSERT_EQ(s.row(2).size(), 2u);
  EXPECT_EQ(s.row(2)[0], 0.0f);
  EXPECT_EQ(s.row(2)[1], 5.25f);
  EXPECT_EQ(s.Predicted(2), 1);
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{1, 2, 0.5f}));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{0, 0, 0}));

  // A held-out example makes its class known, without it among its scores.
  LinearLearner<Perceptron, false, false> h(Perceptron{}, 6, {}, Multiclass::kOneVsAll);
  Scores held;
  const std::vector<uint8_t> out = {1};
  h.Train(BatchOf({{kSlots, kX, 0}}), std::vector<int32_t>{0}, out, held);
  EXPECT_TRUE(held.row(0).empty());
  EXPECT_EQ(h.classes(), 1);
}

// --uneven-margin U by hand (the Perceptron, margin 0, U = 4): an example
// of a class learned from n times must score 4/sqrt(n) in its class's
// weights (4, 2.83, 2.31, ...); negatives keep the margin 0.
TEST(UnevenMarginTest, OneVsAllPositivesNeedMoreWhileTheirClassIsYoung) {
  LinearLearner<Perceptron, false, false> l(Perceptron{}, 6, {}, Multiclass::kOneVsAll, 0, 4);
  // x (score 0 <= 4), then x/2 (score 2.625 <= 2.83): both learned.
  TrainAll(l, {{kSlots, kX, 0}, {kSlots, kHalfX, 0}});
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{1.5f, 3, 0.75f}));
  // x/2 again scores 3.9375 > 2.31: not learned (a margin of 4 would be).
  TrainAll(l, {{kSlots, kHalfX, 0}});
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{1.5f, 3, 0.75f}));
  // Class 1's first example: 0 <= 4 in its weights; class 0's score -0.7875
  // is right for a negative by more than 0, and it is left alone.
  TrainAll(l, {{kSlots, {-0.1f, -0.2f, -0.05f}, 1}});
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{1.5f, 3, 0.75f}));
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{-0.1f, -0.2f, -0.05f}));
  EXPECT_EQ(l.SaveState().class_examples, (std::vector<uint64_t>{3, 1}));
}

// Binary labels count apart: the third example is the first -1, so it must
// score 4, not 4/sqrt(3).
TEST(UnevenMarginTest, BinaryLabelsCountApart) {
  LinearLearner<Perceptron, false, false> l(Perceptron{}, 6, {}, Multiclass::kNone, 0, 4);
  const std::vector<float> minus_half = {-0.5f, -1, -0.25f};
  // +1 x (0 <= 4), +1 x/2 (2.625 <= 2.83): w = 1.5 x.
  TrainAll(l, {{kSlots, kX, 1}, {kSlots, kHalfX, 1}});
  EXPECT_EQ(ClassWeights(l, 0)[0], 1.5f);
  // -1 -x/2: y*score = 3.9375 <= 4, learned: w = 2 x.
  TrainAll(l, {{kSlots, minus_half, 0}});
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{2, 4, 1}));
  EXPECT_EQ(l.SaveState().class_examples, (std::vector<uint64_t>{1, 2}));
}

// K-class: the other classes are errors when within the margin plus
// U/sqrt(n) of the true class's score.
TEST(UnevenMarginTest, CrammerSingerWidensTheErrorSet) {
  LinearLearner<Perceptron, false, false> l(Perceptron{}, 6, {}, Multiclass::kCrammerSinger, 0, 8);
  // Class 0 alone learns nothing; class 1's first ties class 0 at 0.
  TrainAll(l, {{kSlots, kX, 0}, {kSlots, kX, 1}});
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{1, 2, 0.5f}));
  // Scores -2.625 and 2.625: within 8/sqrt(2) = 5.66, so class 1 is
  // promoted and class 0 demoted (with margin 0 alone, nothing would move).
  TrainAll(l, {{kSlots, kHalfX, 1}});
  EXPECT_EQ(ClassWeights(l, 1), (std::vector<float>{1.5f, 3, 0.75f}));
  EXPECT_EQ(ClassWeights(l, 0), (std::vector<float>{-1.5f, -3, -0.75f}));
}

// The lazy average of K vectors against the naive one.
TEST(MulticlassUpdateTest, LazyAverageEqualsTheNaiveAverage) {
  const auto examples = RandomLabelled(11, 400, 3);
  for (Multiclass m :
       {Multiclass::kOneVsAll, Multiclass::kCrammerSinger, Multiclass::kWinnerTakeAll}) {
    LinearLearner<Perceptron, false, false> plain(Perceptron{}, 6, {}, m);
    LinearLearner<Perceptron, true, false> averaged(Perceptron{}, 6, {}, m);
    std::vector<double> sum(64, 0.0);
    for (const Labelled& e : examples) {
      TrainAll(plain, {e});
      TrainAll(averaged, {e});
      for (uint32_t i = 0; i < 64; ++i) sum[i] += plain.PredictionWeight(i);
    }
    for (uint32_t i = 0; i < 64; ++i) {
      const double naive = sum[i] / examples.size();
      EXPECT_NEAR(averaged.PredictionWeight(i), naive, 1e-4 * std::max(1.0, std::fabs(naive)))
          << MulticlassName(m) << " slot " << i;
    }
  }
}

// Data separable by W (K x d, ||W|| = 1) with margin gamma:
// w_y.x - w_r.x >= gamma for every r != y, and ||x|| <= R. The multiclass
// Perceptron is the Perceptron on Kesler's vectors, of norm <= sqrt(2) R, so
// it makes at most 2 (R / gamma)^2 mistakes (Crammer & Singer 2003 prove
// the same bound for their uniform update).
TEST(MulticlassBoundTest, MistakesWithinTwiceRSquaredOverGammaSquared) {
  constexpr int kClasses = 4, kDims = 10;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    learner::Random rng(seed);
    std::vector<double> w(kClasses * kDims);
    double norm = 0;
    for (double& v : w) {
      v = 2 * rng.Uniform() - 1;
      norm += v * v;
    }
    for (double& v : w) v /= std::sqrt(norm);
    std::vector<Labelled> data;
    double r2 = 0, gamma = INFINITY;
    while (data.size() < 400) {
      Labelled e;
      std::vector<double> s(kClasses, 0.0);
      double x2 = 0;
      for (int j = 0; j < kDims; ++j) {
        const float x = static_cast<float>(2 * rng.Uniform() - 1);
        e.slots.push_back(8 * static_cast<uint32_t>(j));
        e.x.push_back(x);
        x2 += double(x) * x;
        for (int k = 0; k < kClasses; ++k) s[k] += w[k * kDims + j] * x;
      }
      int y = 0;
      for (int k = 1; k < kClasses; ++k) y = s[k] > s[y] ? k : y;
      double margin = INFINITY;
      for (int k = 0; k < kClasses; ++k) {
        if (k != y) margin = std::min(margin, s[y] - s[k]);
      }
      if (margin < 0.05) continue;  // keep a margin of at least 0.05
      e.c = y;
      gamma = std::min(gamma, margin);
      r2 = std::max(r2, x2);
      data.push_back(std::move(e));
    }
    const double bound = 2 * r2 / (gamma * gamma);
    for (Multiclass m : {Multiclass::kCrammerSinger, Multiclass::kWinnerTakeAll}) {
      LinearLearner<Perceptron, false, false> l(Perceptron{}, 10, {}, m);
      int mistakes = 0, pass = 0;
      for (int last = -1; last != 0 && pass < 1000; ++pass) {
        last = 0;
        for (const Labelled& e : data) {
          const Scores s = TrainAll(l, {e});
          // A mistake of the update: every class, a new one too, against the true one.
          const std::span<const float> row = s.full_row(0);
          bool error = false;
          for (int k = 0; k < static_cast<int>(row.size()); ++k) {
            error |= k != e.c && row[k] >= row[e.c];
          }
          last += error;
        }
        mistakes += last;
      }
      EXPECT_LT(pass, 1000) << "did not converge";
      EXPECT_LE(mistakes, bound) << MulticlassName(m) << " seed " << seed;
      EXPECT_GT(mistakes, 0);
    }
  }
}

// 512 names of 65535 bytes take 512 * 65537 = 33,554,944 bytes, past the
// 33,554,432 a model keeps: the 512th stops the run at its line.
TEST(ClassMapTest, NamesPastWhatAModelKeepsStopAtTheirLine) {
  std::vector<std::string> names;
  for (int k = 100; k < 612; ++k) names.push_back(std::string(65532, 'c') + std::to_string(k));
  io::ExampleBatch batch;
  batch.input_name = "many.tsv";
  for (const std::string& name : names) {
    batch.BeginExample();
    batch.EndExample(static_cast<uint32_t>(batch.size() + 1), io::ExampleBatch::kClassLabel, 1, 0,
                     "", name);
  }
  ClassMap scores;  // test and predict keep every name
  std::vector<int32_t> classes;
  EXPECT_TRUE(scores.Assign(batch, classes).ok());
  ClassMap map;
  map.LimitToAModel();
  EXPECT_EQ(map.Assign(batch, classes).message(),
            "many.tsv:512: class names would take more than the 33554432 bytes a model keeps of "
            "them");
  EXPECT_EQ(map.size(), 511);
}

// In a model, an example of importance 0 (only predicted) makes no class: one
// of a class not met yet is read as unlabelled, one of a known class keeps
// it. test and predict count every labelled example, so they number it.
TEST(ClassMapTest, AnExampleOfImportanceZeroMakesNoClassOfAModel) {
  io::ExampleBatch batch;
  const std::pair<const char*, float> examples[] = {
      {"pos", 1}, {"bird", 0}, {"neg", 1}, {"pos", 0}, {"bird", 1}};
  for (const auto& [name, importance] : examples) {
    batch.BeginExample();
    batch.EndExample(1, io::ExampleBatch::kClassLabel, importance, 0, "", name);
  }
  ClassMap map;
  map.LimitToAModel();
  std::vector<int32_t> classes;
  ASSERT_TRUE(map.Assign(batch, classes).ok());
  EXPECT_EQ(classes, (std::vector<int32_t>{0, -1, 1, 0, 2}));
  EXPECT_EQ(map.names(), (std::vector<std::string>{"pos", "neg", "bird"}));
  ClassMap scores;
  ASSERT_TRUE(scores.Assign(batch, classes).ok());
  EXPECT_EQ(classes, (std::vector<int32_t>{0, 1, 2, 0, 1}));
}

TEST(ClassMapTest, NumbersNamesInInputOrderAndReadsCacheNumbers) {
  io::ExampleBatch batch;
  for (const char* name : {"spam", "ham", "", "spam", "eggs"}) {
    batch.BeginExample();
    batch.EndExample(1, *name ? io::ExampleBatch::kClassLabel : io::ExampleBatch::kNoLabel, 1, 0,
                     "", name);
  }
  batch.BeginExample();
  batch.EndExample(1, 2.0f, 1, 0, "");  // from a cache: class 1
  ClassMap map({"eggs"});
  std::vector<int32_t> classes;
  ASSERT_TRUE(map.Assign(batch, classes).ok());
  EXPECT_EQ(classes, (std::vector<int32_t>{1, 2, -1, 1, 0, 1}));
  EXPECT_EQ(map.names(), (std::vector<std::string>{"eggs", "spam", "ham"}));
  EXPECT_TRUE(map.Adopt({"eggs", "spam", "ham", "more"}).ok());
  EXPECT_EQ(map.size(), 4);
  EXPECT_FALSE(map.Adopt({"spam"}).ok());

  ClassMap binary = ClassMap::Binary();
  io::ExampleBatch b;
  for (float label : {1.0f, -1.0f, 0.0f}) {
    b.BeginExample();
    b.EndExample(1, label, 1, 0, "");
  }
  ASSERT_TRUE(binary.Assign(b, classes).ok());
  EXPECT_EQ(classes, (std::vector<int32_t>{1, 0, -1}));
  EXPECT_EQ(binary.names(), (std::vector<std::string>{"-1", "+1"}));
}

// n scores uniform in [-3, 3] and their classes, drawn with P(1) =
// sigmoid(2 s - 1).
void SigmoidLabels(int n, std::vector<float>& scores, std::vector<int32_t>& classes) {
  learner::Random rng(3);
  for (int i = 0; i < n; ++i) {
    const float s = static_cast<float>(6 * rng.Uniform() - 3);
    scores.push_back(s);
    classes.push_back(rng.Uniform() < 1 / (1 + std::exp(-(2.0 * s - 1.0))) ? 1 : 0);
  }
}

// Platt's fit is where the gradient of the (smoothed-target) log likelihood
// vanishes; on data drawn from a sigmoid it finds that sigmoid.
TEST(CalibrationTest, PlattFindsTheSigmoidThatMadeTheLabels) {
  std::vector<float> scores;
  std::vector<int32_t> classes;
  SigmoidLabels(50000, scores, classes);
  const Calibration c = FitPlatt(scores, classes);
  EXPECT_EQ(c.kind, CalibrationKind::kPlatt);
  EXPECT_NEAR(c.a, 2.0, 0.05);
  EXPECT_NEAR(c.b, -1.0, 0.05);
  // The optimum: sum (p - t) = 0 and sum s (p - t) = 0.
  double n1 = 0;
  for (int32_t k : classes) n1 += k;
  const double n0 = classes.size() - n1;
  double g1 = 0, g2 = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    const double t = classes[i] == 1 ? (n1 + 1) / (n1 + 2) : 1 / (n0 + 2);
    const double d = c.Probability(scores[i]) - t;
    g1 += scores[i] * d;
    g2 += d;
  }
  EXPECT_NEAR(g1 / scores.size(), 0, 1e-5);
  EXPECT_NEAR(g2 / scores.size(), 0, 1e-5);
}

// The fits see the scores at the scale of 1: scores 1e-5 or 1e5 times as
// large give A 1e5 or 1e-5 times as large, the same B, and a temperature
// scaled with them (at 1e-5, the absolute tolerances stopped A near 2.5e5
// instead of 2e5, and the temperature at its floor).
TEST(CalibrationTest, FitsDoNotDependOnTheScoresScale) {
  std::vector<float> scores;
  std::vector<int32_t> classes;
  SigmoidLabels(20000, scores, classes);
  const Calibration c = FitPlatt(scores, classes);
  for (float scale : {1e-5f, 1e-10f, 1e5f}) {
    std::vector<float> scaled;
    for (float s : scores) scaled.push_back(s * scale);
    const Calibration d = FitPlatt(scaled, classes);
    EXPECT_NEAR(d.a * scale, c.a, 1e-3 * c.a) << scale;
    EXPECT_NEAR(d.b, c.b, 1e-3) << scale;
    std::vector<float> rows;  // two classes: scores -s and s
    for (float s : scaled) rows.insert(rows.end(), {-s, s});
    std::vector<float> unscaled_rows;
    for (float s : scores) unscaled_rows.insert(unscaled_rows.end(), {-s, s});
    const float t = FitTemperature(unscaled_rows, 2, classes).a;
    EXPECT_NEAR(FitTemperature(rows, 2, classes).a / scale, t, 1e-3 * t) << scale;
  }
}

TEST(CalibrationTest, PlattOnSeparableScoresStaysFinite) {
  const std::vector<float> scores = {-3, -2, -1, 1, 2, 3};
  const std::vector<int32_t> classes = {0, 0, 0, 1, 1, 1};
  const Calibration c = FitPlatt(scores, classes);
  EXPECT_TRUE(std::isfinite(c.a) && std::isfinite(c.b));
  EXPECT_GT(c.a, 0);
  EXPECT_GT(c.Probability(1), 0.5);
  EXPECT_LT(c.Probability(3), 1.0);  // the targets are 4/5 and 1/5, not 1 and 0
}

// Scores past the float range (sums that overflowed) are the largest floats
// A binary P(+1) is the float it prints as, and the label follows it: with
// A = ln 2 and B = 0, a score of 1e-7 gives P = 0.5 + 1.7e-8, a float 0.5,
// so the label is -1, not a +1 printed beside 0.5.
TEST(CalibrationTest, ABinaryProbabilityIsTheFloatItPrintsAs) {
  const Calibration c{CalibrationKind::kPlatt, 0.693147f, 0.0f};
  ASSERT_GT(c.Probability(1e-7f), 0.5);
  std::vector<double> p;
  c.ClassProbabilities(std::vector<float>{1e-7f}, /*binary=*/true, p);
  EXPECT_EQ(p, (std::vector<double>{0.5, 0.5}));
  Scores scores;
  scores.Reset(2, 1, /*binary=*/true);
  scores.row(0)[0] = 1e-7f;
  EXPECT_EQ(scores.Predicted(0, p), 0);
  scores.row(1)[0] = 1e-6f;  // P = 0.5 + 1.7e-7: a float above 1/2
  c.ClassProbabilities(scores.row(1), /*binary=*/true, p);
  EXPECT_GT(static_cast<float>(p[1]), 0.5f);
  EXPECT_EQ(scores.Predicted(1, p), 1);
}

// to the fit and the probabilities: never 0 * inf or inf - inf = NaN.
TEST(CalibrationTest, InfiniteScoresGiveNumbers) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const Calibration flat{CalibrationKind::kPlatt, 0.0f, 0.5f};
  EXPECT_DOUBLE_EQ(flat.Probability(kInf), 1 / (1 + std::exp(-0.5)));
  EXPECT_DOUBLE_EQ(flat.Probability(-kInf), 1 / (1 + std::exp(-0.5)));
  const Calibration platt{CalibrationKind::kPlatt, 1.0f, 0.0f};
  EXPECT_EQ(platt.Probability(kInf), 1.0);
  EXPECT_EQ(platt.Probability(-kInf), 0.0);
  std::vector<double> p(3);
  Calibration{CalibrationKind::kTemperature, 2.0f, 0.0f}.Probabilities(
      std::vector<float>{kInf, 1.0f, -kInf}, p);
  EXPECT_EQ(p, (std::vector<double>{1.0, 0.0, 0.0}));
  Calibration{CalibrationKind::kTemperature, 2.0f, 0.0f}.Probabilities(
      std::vector<float>{-kInf, -kInf, -kInf}, p);
  EXPECT_EQ(p, (std::vector<double>{1.0 / 3, 1.0 / 3, 1.0 / 3}));

  // Mostly infinite held-out scores, their signs right: a positive slope.
  const std::vector<float> scores = {-kInf, -kInf, -1, kInf, 2, kInf, -kInf, kInf};
  const std::vector<int32_t> classes = {0, 0, 1, 1, 0, 1, 0, 1};
  const Calibration c = FitPlatt(scores, classes);
  EXPECT_TRUE(std::isfinite(c.a) && std::isfinite(c.b));
  EXPECT_GT(c.a, 0);
  EXPECT_GT(c.Probability(kInf), 0.5);
  EXPECT_LT(c.Probability(-kInf), 0.5);
  const Calibration t = FitTemperature(scores, 2, std::vector<int32_t>{0, 1, 0, 1});
  EXPECT_TRUE(std::isfinite(t.a)) << t.a;
}

// With nothing to fit on, or one class only, the probabilities are the
// sigmoid (softmax) of the scores: never A = 0, which would give every
// example P(+1) = 1/2 and so the same label.
TEST(CalibrationTest, NothingToFitOnLeavesTheScores) {
  const std::vector<float> none;
  const std::vector<int32_t> no_classes;
  EXPECT_EQ(FitPlatt(none, no_classes), (Calibration{CalibrationKind::kPlatt, 1.0f, 0.0f}));
  const std::vector<float> scores = {-2, 1, 3};
  const std::vector<int32_t> positives = {1, 1, 1}, negatives = {0, 0, 0};
  EXPECT_EQ(FitPlatt(scores, positives), (Calibration{CalibrationKind::kPlatt, 1.0f, 0.0f}));
  EXPECT_EQ(FitPlatt(scores, negatives), (Calibration{CalibrationKind::kPlatt, 1.0f, 0.0f}));
  EXPECT_EQ(FitTemperature(none, 3, no_classes),
            (Calibration{CalibrationKind::kTemperature, 1.0f, 0.0f}));
  // Rows of 2 classes' scores, all of class 0: wrong on the second (whose
  // fit alone would make T as large as it goes), right on the first.
  const std::vector<float> rows = {3, 1, -2, 0};
  EXPECT_EQ(FitTemperature(rows, 2, std::vector<int32_t>{0, 0}),
            (Calibration{CalibrationKind::kTemperature, 1.0f, 0.0f}));
  EXPECT_EQ(FitTemperature(rows, 2, std::vector<int32_t>{1, 1}),
            (Calibration{CalibrationKind::kTemperature, 1.0f, 0.0f}));
  EXPECT_NE(FitTemperature(rows, 2, std::vector<int32_t>{0, 1}).a, 1.0f);
  // Both classes, one score for all (held-out features the model never
  // saw): any A fits as well, and A = 0 would give every example one label.
  const std::vector<float> same = {0.5f, 0.5f, 0.5f};
  EXPECT_EQ(FitPlatt(same, std::vector<int32_t>{0, 1, 1}),
            (Calibration{CalibrationKind::kPlatt, 1.0f, 0.0f}));
  EXPECT_EQ(FitTemperature(std::vector<float>{0, 0, 0, 0}, 2, std::vector<int32_t>{0, 1}),
            (Calibration{CalibrationKind::kTemperature, 1.0f, 0.0f}));
  EXPECT_FALSE(Fittable(same, std::vector<int32_t>{0, 1, 1}));
  EXPECT_FALSE(Fittable(scores, positives));
  EXPECT_TRUE(Fittable(scores, std::vector<int32_t>{0, 1, 1}));
}

// Scores that favour the wrong class: the fitted softmax is all but flat up
// to scores near the float range (it was T = 1e30, which left scores of
// 1e37 sure of the wrong class).
TEST(CalibrationTest, TemperatureOfScoresThatTellNothingIsAllButFlat) {
  for (float scale : {1e-10f, 1.0f, 1e37f}) {
    const std::vector<float> rows = {3 * scale, -3 * scale, -2 * scale, 2 * scale};
    const Calibration c = FitTemperature(rows, 2, std::vector<int32_t>{1, 0});
    EXPECT_EQ(c.a, std::numeric_limits<float>::max()) << scale;
    std::vector<double> p(2);
    c.Probabilities(std::span<const float>(rows).first(2), p);
    EXPECT_NEAR(p[0], 0.5, 0.05) << scale;  // 0.544 at 1e37
  }
}

TEST(CalibrationTest, TemperatureFindsTheTemperatureThatMadeTheLabels) {
  learner::Random rng(4);
  constexpr size_t kK = 3;
  std::vector<float> scores;
  std::vector<int32_t> classes;
  const Calibration truth{CalibrationKind::kTemperature, 2.0f, 0};
  std::vector<double> p(kK);
  for (int i = 0; i < 30000; ++i) {
    for (size_t k = 0; k < kK; ++k) scores.push_back(static_cast<float>(8 * rng.Uniform() - 4));
    truth.Probabilities(std::span<const float>(scores).last(kK), p);
    const double u = rng.Uniform();
    classes.push_back(u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2);
  }
  const Calibration c = FitTemperature(scores, kK, classes);
  EXPECT_EQ(c.kind, CalibrationKind::kTemperature);
  EXPECT_NEAR(c.a, 2.0, 0.1);
}

TEST(CalibrationTest, SoftmaxSumsToOneWithoutOverflow) {
  const Calibration c{CalibrationKind::kTemperature, 0.01f, 0};
  const std::vector<float> scores = {1000, -1000, 999};
  std::vector<double> p(3);
  c.Probabilities(scores, p);
  EXPECT_NEAR(p[0] + p[1] + p[2], 1.0, 1e-12);
  EXPECT_NEAR(p[0], 1 / (1 + std::exp(-100.0)), 1e-12);
  EXPECT_EQ(p[1], 0.0);
  const Calibration platt{CalibrationKind::kPlatt, 1000, 0};
  EXPECT_EQ(platt.Probability(-1e30f), 0.0);
  EXPECT_EQ(platt.Probability(1e30f), 1.0);
}

// ECE by hand: bins (0.5, 0.6] with 0.55, 0.55 (1 right) and (0.9, 1] with
// 0.95, 1.0 (both right): (2 |0.5 - 0.55| + 2 |1 - 0.975|) / 4 = 0.0375.
TEST(CalibrationTest, ExpectedCalibrationErrorByHand) {
  Evaluation e({"a", "b"});
  EXPECT_FALSE(e.has_calibration());
  e.AddConfidence(0.55, true);
  e.AddConfidence(0.55, false);
  e.AddConfidence(0.95, true);
  e.AddConfidence(1.0, true);
  EXPECT_TRUE(e.has_calibration());
  EXPECT_NEAR(e.calibration_error(), 0.0375, 1e-12);
  EXPECT_NE(e.Text().find("expected calibration error = 0.037500 (10 bins)"), std::string::npos);
  EXPECT_NE(e.Json().find("\"ece\":0.0375"), std::string::npos);
}

// Bins are closed on the right, as Guo et al. define them: 0.5 (right) is
// in (0.4, 0.5], 0.55 (wrong) in (0.5, 0.6]: (|1 - 0.5| + |0 - 0.55|) / 2 =
// 0.525 (one bin [0.5, 0.6) would give |1 - 1.05| / 2 = 0.025); 0 is in the
// first bin, [0, 0.1], and 0.1 with it: |1 - (0 + 0.1 + 0.1)| / 3.
TEST(CalibrationTest, ExpectedCalibrationErrorBinsAreClosedOnTheRight) {
  Evaluation e({"a", "b"});
  e.AddConfidence(0.5, true);
  e.AddConfidence(0.55, false);
  EXPECT_NEAR(e.calibration_error(), 0.525, 1e-12);
  Evaluation low({"a", "b"});
  low.AddConfidence(0.0, false);
  low.AddConfidence(0.1, true);
  low.AddConfidence(0.1, false);
  EXPECT_NEAR(low.calibration_error(), 0.8 / 3, 1e-12);
}

TEST(EvaluationTest, AClassTheModelNeverSawJoinsTheMatrix) {
  Evaluation e({"a", "b", "c"});
  e.Add(0, 0, 0);
  e.Add(2, 1, 0);
  e.AddClass("d");
  e.Add(3, 0, 0);
  EXPECT_EQ(e.classes(), 4);
  EXPECT_EQ(e.confusion(0, 0), 1u);
  EXPECT_EQ(e.confusion(2, 1), 1u);
  EXPECT_EQ(e.confusion(3, 0), 1u);
  EXPECT_EQ(e.support(3), 1u);
  EXPECT_DOUBLE_EQ(e.accuracy(), 1.0 / 3);
}

// A saved model of K classes scores as the learner does; its classes and
// calibration come back.
TEST(MulticlassModelTest, SavedModelScoresEveryClassLikeTheLearner) {
  const auto examples = RandomLabelled(13, 300, 5);
  for (Rule rule : {Rule::kPerceptron, Rule::kWinnow, Rule::kPa}) {
    LearnerOptions o;
    o.rule = rule;
    o.average = true;
    o.multiclass = Multiclass::kOneVsAll;
    std::unique_ptr<Learner> l = MakeLearner(o, 10);
    TrainAll(*l, examples);
    ASSERT_EQ(l->classes(), 5);
    ModelHeader h;
    h.bits = 10;
    h.rule = rule;
    h.threshold = l->threshold();
    h.threshold_per_feature = l->threshold_per_feature();
    h.normalize_input = l->normalizes_input();
    h.multiclass = Multiclass::kOneVsAll;
    h.calibration = {CalibrationKind::kTemperature, 0.75f, 0.0f};
    h.classes = {"a", "b", "c", "d", "e"};
    ScratchDir scratch;
    const std::string path = scratch.Path("multi.hare");
    ASSERT_TRUE(SaveModel(h, *l, path).ok());
    absl::StatusOr<Model> m = LoadModel(path);
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ(m->header().classes, h.classes);
    EXPECT_EQ(m->header().multiclass, Multiclass::kOneVsAll);
    EXPECT_EQ(m->header().calibration, h.calibration);
    EXPECT_TRUE(m->header().parse_options().class_labels);
    const io::ExampleBatch batch = BatchOf(examples);
    std::vector<float> want(5), got(5);
    for (size_t i = 0; i < batch.size(); ++i) {
      l->PredictionScores(batch, i, want);
      Score(*m, batch, i, got);
      for (size_t k = 0; k < 5; ++k) {
        ASSERT_NEAR(got[k], want[k], 1e-5 * std::max(1.0f, std::fabs(want[k])))
            << RuleName(rule) << " example " << i << " class " << k;
      }
    }
  }
}

// The loader takes a header of at most 64 MiB, names at most half of it:
// 600 names of 65535 bytes (39 MB) are refused before any file is made.
TEST(MulticlassModelTest, ClassNamesBeyondWhatAModelHoldsAreRefused) {
  LearnerOptions o;
  o.multiclass = Multiclass::kOneVsAll;
  std::unique_ptr<Learner> l = MakeLearner(o, 6);
  ModelHeader h;
  h.bits = 6;
  h.multiclass = Multiclass::kOneVsAll;
  for (int k = 100; k < 700; ++k) h.classes.push_back(std::string(65532, 'c') + std::to_string(k));
  ScratchDir scratch;
  const std::string path = scratch.Path("big.hare");
  EXPECT_EQ(SaveModel(h, *l, path).message(),
            "cannot write model " + path +
                ": its 600 class names take 39322200 bytes, more than a model holds (33554432); " +
                path + " is left as it was");
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(MulticlassModelTest, RepeatedOrEmptyClassNamesAreRefused) {
  LearnerOptions o;
  o.multiclass = Multiclass::kOneVsAll;
  std::unique_ptr<Learner> l = MakeLearner(o, 6);
  for (const std::vector<std::string>& names :
       {std::vector<std::string>{"a", "a"}, std::vector<std::string>{"a", ""}}) {
    ModelHeader h;
    h.bits = 6;
    h.multiclass = Multiclass::kOneVsAll;
    h.classes = names;
    ScratchDir scratch;
    const std::string path = scratch.Path("bad.hare");
    ASSERT_TRUE(SaveModel(h, *l, path).ok());
    EXPECT_EQ(LoadModel(path).status().message(),
              "cannot load model " + path + ": its class names are empty or repeated");
  }
}

// Training on a text file of class labels, one-vs-all, in a table of 2^bits.
TrainOptions TextClassesOneVsAll(const std::string& path, int bits) {
  TrainOptions o;
  o.inputs = {path};
  o.parse.format = io::Format::kText;
  o.parse.class_labels = true;
  o.parse.bits = bits;
  o.learner.multiclass = Multiclass::kOneVsAll;
  return o;
}

// A batch of many examples in many classes is scored in parts
// (RunOptions::max_scores). The parts learn and predict as the whole does,
// held-out examples and a second pass from the cache too, and their lines,
// the blank and bad ones among them, add up to the chunk's.
TEST(MulticlassRunTest, ScoringABatchInPartsChangesNothing) {
  ScratchDir scratch;
  const std::string path = scratch.Path("classes.tsv");
  {
    std::ofstream out(path, std::ios::binary);
    Random random(7);
    for (int i = 0; i < 300; ++i) {
      if (i % 17 == 5) out << "\n";
      if (i % 31 == 9) out << "c1\tbad \xff byte\n";
      out << "c" << random.Below(12) << "\tw" << random.Below(20) << " w" << random.Below(20)
          << "\n";
    }
  }
  struct Run {
    std::vector<std::string> predictions;  // "line: scores" of every example of every pass
    uint64_t lines = 0;                    // the batches' line counts added
    TrainResult result;
    std::vector<float> weights;
  };
  auto train = [&](size_t max_scores) {
    Run r;
    TrainOptions o = TextClassesOneVsAll(path, 12);
    o.learner.average = true;
    o.passes = 2;
    o.holdout_period = 4;
    o.probabilities = true;
    const PredictionSink sink = [&](const io::ExampleBatch& batch, const Scores& scores,
                                    std::span<const std::string>) {
      r.lines += batch.line_count;
      for (size_t i = 0; i < batch.size(); ++i) {
        std::string text = absl::StrCat(batch.first_line + batch.line(i) - 1, ":");
        for (float s : scores.row(i)) absl::StrAppend(&text, " ", s);
        r.predictions.push_back(text);
      }
      return absl::OkStatus();
    };
    std::unique_ptr<Learner> l = MakeLearner(o.learner, o.parse.bits);
    absl::StatusOr<TrainResult> result =
        Train(o, *l, RunOptions{.predictions = &sink, .max_scores = max_scores});
    EXPECT_TRUE(result.ok()) << result.status();
    if (result.ok()) r.result = *result;
    for (uint32_t i = 0; i < (1u << 12); ++i) r.weights.push_back(l->PredictionWeight(i));
    return r;
  };
  const Run whole = train(RunOptions{}.max_scores);
  ASSERT_EQ(whole.result.classes.size(), 12u);
  EXPECT_EQ(whole.result.stats.bad_lines, 10u);  // counted once: the cache has none
  EXPECT_EQ(whole.lines, 300u + 18u + 10u);      // the text's; the cache's batches have none
  for (size_t max_scores : {1, 13, 50}) {
    const Run parts = train(max_scores);
    EXPECT_EQ(parts.predictions, whole.predictions) << max_scores;
    EXPECT_EQ(parts.lines, whole.lines) << max_scores;
    EXPECT_EQ(parts.weights, whole.weights) << max_scores;
    EXPECT_EQ(parts.result.stats.mistakes, whole.result.stats.mistakes) << max_scores;
    EXPECT_EQ(parts.result.stats.labelled, whole.result.stats.labelled) << max_scores;
    EXPECT_EQ(parts.result.stats.bad_lines, whole.result.stats.bad_lines) << max_scores;
    ASSERT_EQ(parts.result.passes.size(), 2u);
    EXPECT_EQ(parts.result.passes[1].holdout_mistakes, whole.result.passes[1].holdout_mistakes);
    EXPECT_EQ(parts.result.calibration, whole.result.calibration) << max_scores;
  }
}

// --probabilities fits on the first kept held-out examples whose scores (one
// per class) fit in RunOptions::max_calibration_scores: here 5 of 15, and
// the fit is the one those 5, scored by the final weights, give.
TEST(MulticlassRunTest, ProbabilitiesAreFittedOnTheFirstHeldOutExamplesThatFit) {
  ScratchDir scratch;
  const std::string path = scratch.Path("classes.tsv");
  const std::string first = scratch.Path("first_held_out.tsv");
  {
    std::ofstream out(path, std::ios::binary);
    std::ofstream held(first, std::ios::binary);
    Random random(11);
    for (int line = 1; line <= 60; ++line) {
      const uint64_t word = random.Below(8);  // says the class, but one time in 3
      const uint64_t label = random.Below(3) == 0 ? random.Below(4) : word % 4;
      const std::string text = absl::StrCat("c", label, "\tw", word, " w", random.Below(9), "\n");
      out << text;
      if (line % 4 == 0 && line <= 20) held << text;  // held out: every 4th
    }
  }
  TrainOptions o = TextClassesOneVsAll(path, 10);
  o.holdout_period = 4;
  o.probabilities = true;
  std::unique_ptr<Learner> all = MakeLearner(o.learner, o.parse.bits);
  absl::StatusOr<TrainResult> whole = Train(o, *all, RunOptions{});
  ASSERT_TRUE(whole.ok()) << whole.status();
  EXPECT_EQ(whole->calibration_examples, 15u);
  std::unique_ptr<Learner> l = MakeLearner(o.learner, o.parse.bits);
  absl::StatusOr<TrainResult> capped =
      Train(o, *l, RunOptions{.max_calibration_scores = 4 * 5 + 3});
  ASSERT_TRUE(capped.ok()) << capped.status();
  ASSERT_EQ(capped->classes.size(), 4u);
  EXPECT_EQ(capped->calibration_examples, 5u);
  ASSERT_TRUE(capped->calibration_fitted);

  io::ExampleReader reader({first}, o.parse, io::ChunkerOptions{});
  absl::StatusOr<const io::ExampleBatch*> batch = reader.Next();
  ASSERT_TRUE(batch.ok() && *batch != nullptr);
  ASSERT_EQ((*batch)->size(), 5u);
  ClassMap classes(capped->classes);
  std::vector<int32_t> ids;
  ASSERT_TRUE(classes.Assign(**batch, ids).ok());
  std::vector<float> scores(5 * 4);
  for (size_t i = 0; i < 5; ++i) {
    l->PredictionScores(**batch, i, std::span<float>(scores).subspan(i * 4, 4));
  }
  EXPECT_EQ(capped->calibration, FitTemperature(scores, 4, ids));
  EXPECT_GT(capped->calibration.a, 0.0f);
  EXPECT_LT(capped->calibration.a, 100.0f);
  EXPECT_NE(capped->calibration.a, whole->calibration.a);
}

}  // namespace
}  // namespace hare::learner
