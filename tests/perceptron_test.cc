// The Perceptron's updates, computed by hand, and Novikoff's mistake bound.
#include "learner/perceptron.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "gtest/gtest.h"
#include "io/example_reader.h"
#include "learner/linear_learner.h"
#include "learner/run.h"
#include "tests/scratch.h"
#include "tools/synthetic.h"

namespace hare::learner {
namespace {

using ::hare::ScratchDir;

// One example of three features: slots 1, 2, 3 with values 0.5, -1, 2.
void AddExample(io::ExampleBatch& batch, float label, float importance = 1.0f) {
  batch.BeginExample();
  batch.AddFeature(1, 0.5f);
  batch.AddFeature(2, -1.0f);
  batch.AddFeature(3, 2.0f);
  batch.EndExample(static_cast<uint32_t>(batch.size() + 1), label, importance, 0.0f, "");
}

std::vector<float> Weights(const Learner& l) {
  return {l.PredictionWeight(1), l.PredictionWeight(2), l.PredictionWeight(3)};
}

TEST(PerceptronTest, UpdatesByHand) {
  LinearLearner<Perceptron, false, false> learner(Perceptron{.rate = 0.5f}, 4);
  io::ExampleBatch batch;
  std::vector<float> scores(1);

  // w = 0: score 0 predicts -1, wrong for +1: w += 0.5 * (+1) * x.
  AddExample(batch, +1);
  learner.Train(batch, {}, scores);
  EXPECT_EQ(scores[0], 0.0f);
  EXPECT_EQ(Weights(learner), (std::vector<float>{0.25f, -0.5f, 1.0f}));

  // score = 0.25*0.5 + (-0.5)(-1) + 1*2 = 2.625 > 0, right for +1: nothing changes.
  learner.Train(batch, {}, scores);
  EXPECT_EQ(scores[0], 2.625f);
  EXPECT_EQ(Weights(learner), (std::vector<float>{0.25f, -0.5f, 1.0f}));

  // The same x labelled -1 with importance 2: a mistake, w -= 0.5 * 2 * x.
  batch.Clear();
  AddExample(batch, -1, 2.0f);
  learner.Train(batch, {}, scores);
  EXPECT_EQ(scores[0], 2.625f);
  EXPECT_EQ(Weights(learner), (std::vector<float>{-0.25f, 0.5f, -1.0f}));
  EXPECT_EQ(learner.PredictionWeight(0), 0.0f);  // untouched slots stay zero
}

TEST(PerceptronTest, ZeroScorePredictsMinusOne) {
  LinearLearner<Perceptron, false, false> learner(Perceptron{}, 4);
  io::ExampleBatch batch;
  std::vector<float> scores(1);
  AddExample(batch, -1);
  learner.Train(batch, {}, scores);  // score 0 -> -1: right, so no update
  EXPECT_EQ(Weights(learner), (std::vector<float>{0.0f, 0.0f, 0.0f}));
  EXPECT_EQ(PredictedLabel(0.0f), -1.0f);
  EXPECT_EQ(PredictedLabel(1e-30f), 1.0f);
}

TEST(PerceptronTest, UnlabelledExamplesAreScoredNotLearned) {
  LinearLearner<Perceptron, false, false> learner(Perceptron{}, 4);
  io::ExampleBatch batch;
  std::vector<float> scores(1);
  AddExample(batch, io::ExampleBatch::kNoLabel);
  learner.Train(batch, {}, scores);
  EXPECT_EQ(Weights(learner), (std::vector<float>{0.0f, 0.0f, 0.0f}));
}

// Novikoff (1962): on data separable with margin gamma by a unit vector, with
// ||x|| <= R, the Perceptron makes at most (R/gamma)^2 mistakes, however many
// times the data is repeated; once it stops making mistakes, it never starts
// again on the same data.
TEST(PerceptronTest, NovikoffBoundOnSeparableData) {
  for (float gamma : {0.05f, 0.1f, 0.2f}) {
    tools::GenOptions gen{.family = "separable", .seed = 7, .examples = 2000};
    gen.gamma = gamma;
    gen.radius = 1.0f;
    gen.dimension = 10;
    ScratchDir scratch;
    const std::string path = scratch.Path("separable.vw");
    {
      std::ofstream out(path);
      tools::Generate(gen, out);
    }
    const int repeats = 20;
    std::vector<std::string> paths(repeats, path);
    io::ExampleReader reader(paths, io::ParseOptions{.bits = 24, .constant = false},
                             io::ChunkerOptions{});
    LinearLearner<Perceptron, false, false> learner(Perceptron{}, 24);
    // Mistakes per repetition of the data, and in all.
    std::vector<uint64_t> mistakes_in(repeats, 0);
    uint64_t seen = 0, total = 0;
    std::vector<float> scores;
    for (;;) {
      absl::StatusOr<const io::ExampleBatch*> batch = reader.Next();
      ASSERT_TRUE(batch.ok());
      if (*batch == nullptr) break;
      scores.resize((*batch)->size());
      learner.Train(**batch, {}, scores);
      for (size_t i = 0; i < (*batch)->size(); ++i, ++seen) {
        if (PredictedLabel(scores[i]) == (*batch)->label(i)) continue;
        ++mistakes_in[seen / gen.examples];
        ++total;
      }
    }
    ASSERT_EQ(seen, repeats * gen.examples);
    const double bound = std::pow(gen.radius / gamma, 2);
    EXPECT_LE(static_cast<double>(total), bound) << "gamma " << gamma;
    EXPECT_GT(total, 0u);
    // It converged: the last repetitions are free of mistakes.
    EXPECT_EQ(mistakes_in[repeats - 1], 0u) << "gamma " << gamma;
    EXPECT_EQ(mistakes_in[repeats - 2], 0u) << "gamma " << gamma;
  }
}

}  // namespace
}  // namespace hare::learner
