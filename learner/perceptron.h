// Rosenblatt's Perceptron (Rosenblatt 1958; Novikoff 1962).
//
//   score      s = w.x                       (plus the example's initial score)
//   prediction +1 if s > 0, else -1          (a score of exactly 0 predicts -1)
//   update     w_i += r * h * y * x_i        on a mistake, for each active feature i,
//              r the learning rate (-l), h the example's importance weight
//
// Nothing changes when the prediction is right. On data separable with margin
// gamma by a unit vector, with ||x|| <= R, it makes at most (R/gamma)^2
// mistakes (Novikoff), whatever r: starting from w = 0, r only scales w.
//
// With --margin gamma it is the thick-separator Perceptron: it also updates
// when y*s <= gamma. With --normalized-margin the test is on the geometric
// margin, y*s/||w|| < gamma/2 (the margin Perceptron of Krauth & Mezard 1987
// and Freund & Schapire 1999), with ||w||^2 kept up to date at each update.
#pragma once

#include <cmath>

#include "learner/rule.h"

namespace hare::learner {

struct Perceptron {
  static constexpr int kWeights = 1;
  static constexpr bool kAdditive = true;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = false;

  float rate = 1.0f;
  float margin = 0.0f;
  bool normalized_margin = false;
  double norm_w2 = 0;  // ||w||^2, kept only with normalized_margin

  static float Weight(const float* slot) { return slot[0]; }
  static float Baseline() { return 0.0f; }
  static float Threshold(float) { return 0.0f; }

  Step Decide(float y, float score, float, float importance) const {
    bool update;
    if (normalized_margin) {
      update = NeedsUpdate(y, score, 0.0f) ||
               (norm_w2 > 0 && y * score / std::sqrt(norm_w2) < margin / 2);
    } else {
      update = NeedsUpdate(y, score, margin);
    }
    return update ? Step{rate * importance * y, y} : Step{};
  }

  void Update(float* slot, float x, const Step& step, float rate_i) {
    const float old = slot[0];
    SetIfFinite(slot[0], old + step.coefficient * x * rate_i);
    if (normalized_margin) norm_w2 += double(slot[0]) * slot[0] - double(old) * old;
  }
};

}  // namespace hare::learner
