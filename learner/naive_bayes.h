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
// not only from mistakes; with -1/+1 labels the order of the examples does
// not matter (with classes, a class counts from its first example, as its
// weights do for every rule). Counts are of positive feature values times
// the importance weight, kept as doubles (a float stops counting ones at
// 2^24); a value <= 0 counts nothing. On short texts of two classes
// (sentiment, subjectivity) it is strong.
#pragma once

#include <cmath>
#include <cstring>

#include "learner/rule.h"

namespace hare::learner {

struct NaiveBayes {
  static constexpr int kWeights = 5;  // w_i, then n+_i and n-_i as doubles (two floats each)
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
  // A saved slot: a finite weight and counts.
  static bool ValidSlot(const float* slot) {
    return std::isfinite(slot[0]) && std::isfinite(Count(slot, 0)) && Count(slot, 0) >= 0 &&
           std::isfinite(Count(slot, 1)) && Count(slot, 1) >= 0;
  }
  static double Count(const float* slot, int side) {
    double n;
    std::memcpy(&n, slot + 1 + 2 * side, sizeof n);
    return n;
  }
  void Update(float* slot, float x, const Step& step, float) const {
    const double count = std::fabs(double(step.coefficient)) * x;
    if (!(count > 0)) return;
    const int side = step.coefficient > 0 ? 0 : 1;
    const double n = Count(slot, side) + count;
    std::memcpy(slot + 1 + 2 * side, &n, sizeof n);
    // One log of a ratio of doubles: smoothing >= 1e-45 and counts far
    // below 1e263 keep it finite (a float ratio could overflow). Measured
    // with bench/learner_bench (BM_Train/nb/20/24, two runs each, one
    // session): 65-75 M features/s, against 46-47 M/s for a difference of
    // two logs; a float log of the clamped ratio was only 10% faster.
    slot[0] =
        static_cast<float>(std::log((Count(slot, 0) + smoothing) / (Count(slot, 1) + smoothing)));
  }
};

}  // namespace hare::learner
