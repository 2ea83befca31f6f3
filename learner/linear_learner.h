// The training loop of every linear rule, written once. The Rule type gives
// the slot layout, the weight, the mistake test and the update of one slot.
#pragma once

#include <cstddef>
#include <span>

#include "io/example_batch.h"
#include "learner/feature_loop.h"
#include "learner/learner.h"
#include "learner/weight_table.h"

namespace hare::learner {

template <class Rule>
class LinearLearner final : public Learner {
 public:
  LinearLearner(Rule rule, int bits) : rule_(rule), table_(bits, Rule::kSlotFloats) {}

  void Train(const io::ExampleBatch& batch, std::span<float> scores) override {
    for (size_t i = 0; i < batch.size(); ++i) {
      const auto indices = batch.indices(i);
      const auto values = batch.values(i);
      if (i + 1 < batch.size()) PrefetchFeatures(table_, batch.indices(i + 1));
      float dot = 0;
      ForEachFeature(table_, indices, values,
                     [&](const float* slot, float x) { dot += Rule::Weight(slot) * x; });
      const float score = batch.initial(i) + dot;
      scores[i] = score;
      if (!batch.has_label(i)) continue;
      const float y = batch.label(i);
      if (!Rule::IsMistake(y, score)) continue;
      const float importance = batch.importance(i);
      ForEachFeature(table_, indices, values,
                     [&](float* slot, float x) { rule_.Update(slot, x, y, importance); });
    }
  }

  int bits() const override { return table_.bits(); }
  float PredictionWeight(uint32_t index) const override { return Rule::Weight(table_.slot(index)); }
  float threshold() const override { return 0.0f; }

 private:
  Rule rule_;
  WeightTable table_;
};

}  // namespace hare::learner
