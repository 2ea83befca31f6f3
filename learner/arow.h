// AROW, adaptive regularization of weight vectors (Crammer, Kulesza & Dredze,
// "Adaptive Regularization of Weight Vectors", NIPS 2009), diagonal version.
//
// Each weight w_i has a variance s_i (1 at first): how unsure the rule is of
// it. On an example with margin m = y * w.x below gamma (--margin, default 1):
//
//   v     = sum_i s_i * x_i^2          the example's variance under the model
//   beta  = 1 / (v + r)                r = --arow-r, default 1
//   alpha = (gamma - m) * beta
//   w_i  += alpha * y * s_i * x_i      features seen rarely move the most
//   s_i  -= beta * s_i^2 * x_i^2       and each sighting makes them surer
//
// So a feature's step shrinks with the number of times it was seen, as with
// AdaGrad, but the step is sized to the example, as with passive-aggressive
// learning; in one pass it gets close to what a batch learner finds. A larger
// r is more conservative. An importance weight h divides r.
#pragma once

#include <algorithm>
#include <cmath>

#include "learner/rule.h"

namespace hare::learner {

struct Arow {
  // w_i, then p_i = 1/s_i - 1: a fresh slot, all zero, has s_i = 1, and a
  // variance near 0 keeps its precision (1 - s_i would round to 1 after
  // about 10^4 sightings of a feature and stop shrinking).
  static constexpr int kWeights = 2;
  static constexpr bool kAdditive = false;  // its own per-feature rates: no AdaGrad on top
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = true;

  float r = 1.0f;
  float margin = 1.0f;

  static float Weight(const float* slot) { return slot[0]; }
  static float Baseline() { return 0.0f; }
  static float Threshold(float) { return 0.0f; }
  // s_i, the factor of x_i^2 in the `norm2` Decide is given (v above).
  static float Variance(const float* slot) { return 1 / (1 + slot[1]); }
  // A saved slot: a finite weight and precision offset, the offset >= 0.
  static bool ValidSlot(const float* slot) {
    return std::isfinite(slot[0]) && std::isfinite(slot[1]) && slot[1] >= 0;
  }
  Step Decide(float y, float score, float norm2, float importance) const {
    const float loss = margin - y * score;
    if (!(loss > 0)) return {};
    const float beta = 1 / (norm2 + r / importance);
    const float alpha = loss * beta;
    if (!std::isfinite(alpha) || !std::isfinite(beta)) return {};  // an overflowed score or v
    return {.coefficient = alpha * y, .gradient = 0, .shrink = beta};
  }
  // s_i -= beta s_i^2 x_i^2, that is s_i *= 1 - q with q = beta s_i x_i^2 < 1
  // (v holds s_i x_i^2), so p_i = (p_i + q) / (1 - q).
  static void Update(float* slot, float x, const Step& step, float) {
    const float s = Variance(slot);
    const float w = slot[0] + step.coefficient * s * x;
    SetIfFinite(slot[0], w);
    const float q = std::min(step.shrink * s * x * x, 1 - 1e-7f);
    slot[1] = std::min((slot[1] + q) / (1 - q), 1e30f);
  }
};

}  // namespace hare::learner
