// A model in training. One virtual call per batch; inside, the rule is a
// template parameter and its per-feature work is inlined (linear_learner.h).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "io/example_batch.h"
#include "learner/options.h"

namespace hare::learner {

// Where the weights of a model to save come from.
class WeightSource {
 public:
  virtual ~WeightSource() = default;
  virtual int bits() const = 0;
  // The weight of slot `index` that predictions use.
  virtual float PredictionWeight(uint32_t index) const = 0;
};

// The predicted binary label of a score: +1 above zero, -1 at or below it.
inline float PredictedLabel(float score) { return score > 0 ? 1.0f : -1.0f; }

class Learner : public WeightSource {
 public:
  // Progressive validation: each example of the batch is scored, its score
  // stored in scores[i], and only then learned from (if it has a label).
  // Examples with held_out[i] set are scored with the prediction weights (the
  // average, with --average) and not learned from. An empty held_out holds
  // nothing out.
  virtual void Train(const io::ExampleBatch& batch, std::span<const uint8_t> held_out,
                     std::span<float> scores) = 0;
  // The score of one example under the prediction weights.
  virtual float PredictionScore(const io::ExampleBatch& batch, size_t i) const = 0;
  // What a saved model needs to score like PredictionScore.
  virtual float threshold() const = 0;
  virtual bool threshold_per_feature() const = 0;  // theta = threshold * sum x
  virtual bool normalizes_input() const = 0;
};

std::unique_ptr<Learner> MakeLearner(const LearnerOptions& options, int bits);

}  // namespace hare::learner
