// Passive-aggressive learning (Crammer, Dekel, Keshet, Shalev-Shwartz & Singer,
// "Online Passive-Aggressive Algorithms", JMLR 2006).
//
//   loss  l = max(0, gamma - y * w.x)        gamma = --margin, default 1
//   PA    tau = l / ||x||^2
//   PA-I  tau = min(C, l / ||x||^2)
//   PA-II tau = l / (||x||^2 + 1/(2C))
//   update w_i += tau * y * x_i
//
// The smallest change of w that puts the example at margin gamma (PA), with
// the step capped (PA-I) or softened (PA-II) by the aggressiveness C (-C,
// default 1); the importance weight h multiplies C (plain PA takes its full
// step for any h > 0, as for h copies, and none for h = 0). This is the "aggressive
// perceptron" with threshold-relative updating r = (theta - w.x)/||x||^2.
// With --adagrad, ||x||^2 is the norm in AdaGrad's metric, sum x_i^2 / sqrt(G_i).
#pragma once

#include <algorithm>

#include "learner/options.h"
#include "learner/rule.h"

namespace hare::learner {

struct PassiveAggressive {
  static constexpr int kWeights = 1;
  static constexpr bool kAdditive = true;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = true;

  PaVariant variant = PaVariant::kPaI;
  float c = 1.0f;
  float margin = 1.0f;

  static float Weight(const float* slot) { return slot[0]; }
  static float Baseline() { return 0.0f; }
  static float Threshold(float) { return 0.0f; }
  Step Decide(float y, float score, float norm2, float importance) const {
    const float loss = margin - y * score;
    // Importance 0 is no copy of the example: no step (PA's full step would
    // not see it; PA-I's and PA-II's shrink to 0 by themselves).
    if (!(loss > 0) || !(norm2 > 0) || !(importance > 0)) return {};
    float tau = 0;
    switch (variant) {
      case PaVariant::kPa:
        tau = loss / norm2;
        break;
      case PaVariant::kPaI:
        tau = std::min(c * importance, loss / norm2);
        break;
      case PaVariant::kPaII:
        tau = loss / (norm2 + 1 / (2 * c * importance));
        break;
    }
    return {tau * y, -y};
  }
  static void Update(float* slot, float x, const Step& step, float rate_i) {
    SetIfFinite(slot[0], slot[0] + step.coefficient * x * rate_i);
  }
};

}  // namespace hare::learner
