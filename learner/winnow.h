// The Winnow family: multiplicative updates on the active features.
//
// Winnow (Littlestone 1988). Weights start at w0 > 0. Score s = w.x - theta;
// predict +1 iff s > 0. On a false negative promote, w_i *= alpha^(x_i); on a
// false positive demote, w_i *= beta^(x_i); active features only; beta
// defaults to 1/alpha. It needs O(k log n) mistakes to learn a k-of-n
// disjunction where the Perceptron needs O(kn).
//
//   Defaults: alpha = 1.5, w0 = 1, theta = w0 * sum_i x_i (for 0/1 features,
//   w0 times the number of active features). SNoW and LBJava used alpha 1.5
//   or 2 and a threshold tied to the active features. The theta default makes
//   the untrained score exactly 0 for any example length, so hashed sentences
//   of 5 or 50 words start alike, and predicts +1 iff the mean active weight
//   exceeds w0: no tuning of theta to the vocabulary size (which hashing hides)
//   is needed. alpha 1.5 rather than 2 gave fewer mistakes on the sentence
//   corpora (README), as it did for SNoW. --threshold T sets a fixed theta
//   (the classic analysis uses theta = n).
//
// Balanced Winnow (Littlestone 1988): two weights per feature, u and v,
// starting at w0 (so u - v = 0); score (u - v).x - theta, theta default 0 (the
// constant feature learns the bias). Promotion u_i *= alpha^(x_i),
// v_i *= beta^(x_i); demotion the reverse.
//
// Modified Balanced Winnow (Carvalho & Cohen, KDD 2006): examples are
// normalized to ||x|| = 1 (the constant feature is the added bias); u starts
// at 2, v at 1; score (u - v).x - theta with theta = 1; it updates when
// y*score <= M, M = 1; on a positive example u_i *= alpha*(1 + x_i),
// v_i *= beta*(1 - x_i), on a negative one u_i *= beta*(1 - x_i),
// v_i *= alpha*(1 + x_i), active features only; alpha 1.5, beta 0.5.
//
// Slots hold the offset from the starting weight (w - w0), so a table of zeros
// is a table of starting weights.
#pragma once

#include <cmath>

#include "learner/rule.h"

namespace hare::learner {

// x * importance-th power of factor: exp(e * log(factor)), exact for e = 1.
inline float Power(float factor, float log_factor, float e) {
  return e == 1.0f ? factor : std::exp(e * log_factor);
}

struct Winnow {
  static constexpr int kWeights = 1;
  static constexpr bool kAdditive = false;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = false;

  float alpha = 1.5f, beta = 1 / 1.5f, w0 = 1.0f;
  float theta = -1.0f;  // < 0: w0 * sum x
  float margin = 0.0f;
  float log_alpha = std::log(1.5f), log_beta = std::log(1 / 1.5f);

  float Weight(const float* slot) const { return slot[0] + w0; }
  float Baseline() const { return w0; }
  float Threshold(float xsum) const { return theta >= 0 ? theta : w0 * xsum; }
  Step Decide(float y, float score, float, float importance) const {
    return NeedsUpdate(y, score, margin) ? Step{y * importance, 0} : Step{};
  }
  void Update(float* slot, float x, const Step& step, float) const {
    const float c = step.coefficient;
    const float e = std::fabs(c) * x;
    const float factor = c > 0 ? Power(alpha, log_alpha, e) : Power(beta, log_beta, e);
    SetIfFinite(slot[0], ClampWeight((slot[0] + w0) * factor, w0) - w0);
  }
};

struct BalancedWinnow {
  static constexpr int kWeights = 2;
  static constexpr bool kAdditive = false;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = false;

  float alpha = 1.5f, beta = 1 / 1.5f, w0 = 1.0f;
  float theta = 0.0f;
  float margin = 0.0f;
  float log_alpha = std::log(1.5f), log_beta = std::log(1 / 1.5f);

  float Weight(const float* slot) const { return (slot[0] + w0) - (slot[1] + w0); }
  static float Baseline() { return 0.0f; }
  float Threshold(float) const { return theta; }
  Step Decide(float y, float score, float, float importance) const {
    return NeedsUpdate(y, score, margin) ? Step{y * importance, 0} : Step{};
  }
  void Update(float* slot, float x, const Step& step, float) const {
    const float c = step.coefficient;
    const float e = std::fabs(c) * x;
    const float up = Power(alpha, log_alpha, e), down = Power(beta, log_beta, e);
    SetIfFinite(slot[0], ClampWeight((slot[0] + w0) * (c > 0 ? up : down), w0) - w0);
    SetIfFinite(slot[1], ClampWeight((slot[1] + w0) * (c > 0 ? down : up), w0) - w0);
  }
};

struct ModifiedBalancedWinnow {
  static constexpr int kWeights = 2;
  static constexpr bool kAdditive = false;
  static constexpr bool kNormalizesInput = true;
  static constexpr bool kStepUsesNorm = false;

  float alpha = 1.5f, beta = 0.5f;
  float u0 = 2.0f, v0 = 1.0f;
  float theta = 1.0f;
  float margin = 1.0f;

  float Weight(const float* slot) const { return (slot[0] + u0) - (slot[1] + v0); }
  float Baseline() const { return u0 - v0; }
  float Threshold(float) const { return theta; }
  Step Decide(float y, float score, float, float importance) const {
    return y * score <= margin ? Step{y * importance, 0} : Step{};
  }
  void Update(float* slot, float x, const Step& step, float) const {
    const float c = step.coefficient;
    const float e = std::fabs(c);
    const float grow = std::pow(alpha * (1 + x), e);
    const float shrink = std::pow(beta * (1 - x), e);
    SetIfFinite(slot[0], ClampWeight((slot[0] + u0) * (c > 0 ? grow : shrink), u0) - u0);
    SetIfFinite(slot[1], ClampWeight((slot[1] + v0) * (c > 0 ? shrink : grow), v0) - v0);
  }
};

}  // namespace hare::learner
