// The L2-regularized linear SVM with the hinge loss, by dual coordinate
// descent (Hsieh, Chang, Lin, Keerthi & Sundararajan, "A Dual Coordinate
// Descent Method for Large-scale Linear SVM", ICML 2008; LIBLINEAR -s 3):
//
//   min_w  1/2 ||w||^2 + C sum_i max(0, gamma - y_i w.x_i)    gamma = --margin, default 1
//
// Each example i learned from has a dual variable alpha_i in [0, C h_i]
// (h_i its importance weight), and w = sum_i alpha_i y_i x_i. A visit to i
// minimizes the dual in alpha_i alone:
//
//   G = y w.x - gamma       alpha_i' = clip(alpha_i - G / ||x||^2, 0, C h_i)
//   w_j += (alpha_i' - alpha_i) y x_j
//
// A first visit (alpha_i = 0) is PA-I's step, so one pass is PA-I's pass;
// later passes go back to each example with its alpha_i, and may take part
// of an earlier step back (alpha_i' < alpha_i), which PA's passes cannot:
// they converge to the SVM's weights. The loop (linear_learner.h) keeps the
// alphas, one float per example and class, while more passes follow.
#pragma once

#include <algorithm>
#include <cmath>

#include "learner/rule.h"

namespace hare::learner {

struct DualSvm {
  static constexpr int kWeights = 1;
  // Its steps come from the duals, in the plain metric: no AdaGrad on top.
  static constexpr bool kAdditive = false;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = true;

  float c = 1.0f;
  float margin = 1.0f;

  static float Weight(const float* slot) { return slot[0]; }
  static float Baseline() { return 0.0f; }
  static float Threshold(float) { return 0.0f; }
  // The step of an example met for the first time (alpha 0).
  Step Decide(float y, float score, float norm2, float importance) const {
    float alpha = 0;
    return Decide(y, score, norm2, importance, alpha);
  }
  // The step given the example's dual variable `alpha`, which it updates.
  Step Decide(float y, float score, float norm2, float importance, float& alpha) const {
    if (!(norm2 > 0)) return {};
    const float g = y * score - margin;
    const float next = std::clamp(alpha - g / norm2, 0.0f, c * importance);
    if (!std::isfinite(next) || next == alpha) return {};  // (NaN: an overflowed score)
    const float change = next - alpha;
    alpha = next;
    return {change * y, -y};
  }
  static void Update(float* slot, float x, const Step& step, float) {
    SetIfFinite(slot[0], slot[0] + step.coefficient * x);
  }
};

}  // namespace hare::learner
