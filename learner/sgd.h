// Stochastic gradient descent on a convex loss of the score s = w.x:
//
//   hinge     l = max(0, 1 - y s)         dl/ds = -y if y s < 1, else 0
//   logistic  l = log(1 + exp(-y s))      dl/ds = -y / (1 + exp(y s))
//   squared   l = (s - y)^2 / 2           dl/ds = s - y
//
//   w_i -= eta_t * h * dl/ds * x_i,  eta_t = r (constant), r / sqrt(t) (sqrt,
//   the default) or r * t^-p (power, --power-t p); t counts the examples
//   learned from. With --adagrad eta_t is r and each feature's rate is
//   1/sqrt(G_i), G_i the sum of its squared gradients (Duchi, Hazan & Singer 2011).
//   --l1/--l2: see linear_learner.h (applied lazily).
#pragma once

#include <cmath>

#include "learner/options.h"
#include "learner/rule.h"

namespace hare::learner {

struct Sgd {
  static constexpr int kWeights = 1;
  static constexpr bool kAdditive = true;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = false;

  Loss loss = Loss::kHinge;
  Schedule schedule = Schedule::kSqrt;
  float rate = 1.0f;
  float power_t = 0.5f;
  bool adagrad = false;
  uint64_t t = 0;  // examples learned from, this one included

  static float Weight(const float* slot) { return slot[0]; }
  static float Baseline() { return 0.0f; }
  static float Threshold(float) { return 0.0f; }

  float Rate() const {
    if (adagrad) return rate;
    switch (schedule) {
      case Schedule::kConstant:
        return rate;
      case Schedule::kSqrt:
        return rate / std::sqrt(static_cast<float>(t));
      case Schedule::kPower:
        return rate * std::pow(static_cast<float>(t), -power_t);
    }
    return rate;
  }

  static float Derivative(Loss loss, float y, float score) {
    switch (loss) {
      case Loss::kHinge:
        return y * score < 1 ? -y : 0.0f;
      case Loss::kLogistic:
        return -y / (1 + std::exp(y * score));
      case Loss::kSquared:
        return score - y;
    }
    return 0;
  }

  // Called once per example learned from, before Decide (for every class).
  void BeginExample() { ++t; }
  Step Decide(float y, float score, float, float importance) const {
    const float d = Derivative(loss, y, score);
    if (d == 0) return {};
    return {-Rate() * importance * d, d};
  }
  static void Update(float* slot, float x, const Step& step, float rate_i) {
    SetIfFinite(slot[0], slot[0] + step.coefficient * x * rate_i);
  }
};

}  // namespace hare::learner
