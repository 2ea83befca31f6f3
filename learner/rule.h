// What every update rule provides to the one training loop (linear_learner.h).
//
//   kWeights           floats of the rule's own state at the start of a slot
//   kAdditive          updates are w += c * x * rate_i (so AdaGrad applies)
//   kNormalizesInput   examples are scaled to ||x|| = 1 first (Modified Balanced Winnow)
//   kStepUsesNorm      the step size depends on ||x||^2 (passive-aggressive), or
//                      with Variance, on sum_i Variance(slot_i) x_i^2 (AROW)
//   Weight(slot)       the weight predictions use
//   Baseline()         Weight() of a slot never touched (Winnow starts at w0, not 0)
//   Threshold(xsum)    subtracted from w.x to give the score; xsum = sum of x_i
//   Decide(...)        whether and how much to update on this example
//   Update(slot, x, step, rate)  the update of one slot
//   Variance(slot)     optional: the rule's uncertainty about a weight (AROW)
//   BeginExample()     optional: called once per example learned from, before
//                      Decide (which may be called once per class)
#pragma once

#include <algorithm>
#include <cmath>

namespace hare::learner {

// The decision of a rule on one example. coefficient 0: no update. For the
// additive rules, w_i += coefficient * x_i * rate_i, and `gradient` is the
// derivative of the loss in the score, whose square AdaGrad sums. For the
// Winnow rules the sign of the coefficient says promote (+) or demote (-) and
// its size is the importance weight (the factors are raised to it).
struct Step {
  float coefficient = 0.0f;
  float gradient = 0.0f;
  float shrink = 0.0f;  // AROW: beta, by which the variances of the features shrink
};

// Whether a label/score pair asks for an update: a mistake (the score's side,
// 0 counting as -1, is not the label's), or, with a margin gamma > 0, a score
// inside the margin: y * score <= gamma.
inline bool NeedsUpdate(float y, float score, float margin) {
  const bool mistake = (score > 0 ? 1.0f : -1.0f) != y;
  return mistake || (margin > 0 && y * score <= margin);
}

// Multiplicative updates keep weights in a range where a float neither
// overflows to infinity nor reaches zero (a weight at 0 could never grow).
// The Winnow rules keep w - start in a float, which tells w from 0 only down
// to about start * 2^-24: a weight stops at start * 2^-20 (9.5e-7 start).
inline float ClampWeight(float w, float start) {
  const float lowest = std::clamp(start * 0x1p-20f, 1e-30f, 1e30f);
  return std::clamp(w, lowest, 1e30f);
}

// Stores w in a weight unless it overflowed: a step on extreme values (a
// feature value near the float limit, a diverging rate) leaves the weight as
// it was instead of making it infinite or NaN.
inline void SetIfFinite(float& weight, float w) {
  if (std::isfinite(w)) weight = w;
}

}  // namespace hare::learner
