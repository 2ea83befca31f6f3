// Naive Bayes, counted online: for each class, how often each feature occurs
// in its positive and in its negative examples (one-vs-all classes, or the
// -1/+1 labels), and the weight of the feature is the smoothed log ratio
//
//   w_i = log((n+_i + a) / (n-_i + a))          a = --smoothing, default 1
//
// so w.x sums the evidence of the features: Wang & Manning's (ACL 2012)
// log-count ratio, without dividing the counts by each side's total (the
// table keeps no per-class totals). The constant feature, in every example,
// learns log((N+ + a) / (N- + a)), the prior. It learns from every example,
// not only from mistakes, and the order of the examples does not matter.
// Counts are of positive feature values times the importance weight; a value
// <= 0 counts nothing, and a count stops at 1e30, so the weights stay finite.
// On short texts of two classes (sentiment, subjectivity) it is strong.
#pragma once

#include <algorithm>
#include <cmath>

#include "learner/rule.h"

namespace hare::learner {

struct NaiveBayes {
  static constexpr int kWeights = 3;  // w_i, then n+_i and n-_i
  static constexpr bool kAdditive = false;
  static constexpr bool kNormalizesInput = false;
  static constexpr bool kStepUsesNorm = false;

  float smoothing = 1.0f;

  static float Weight(const float* slot) { return slot[0]; }
  static float Baseline() { return 0.0f; }
  static float Threshold(float) { return 0.0f; }
  static Step Decide(float y, float, float, float importance) {
    return {.coefficient = y * importance, .gradient = 0};
  }
  void Update(float* slot, float x, const Step& step, float) const {
    const float count = std::fabs(step.coefficient) * x;
    if (!(count > 0)) return;
    float& n = slot[step.coefficient > 0 ? 1 : 2];
    n = std::min(n + count, 1e30f);  // finite whatever the values and importance weights
    slot[0] = std::log((slot[1] + smoothing) / (slot[2] + smoothing));
  }
};

}  // namespace hare::learner
