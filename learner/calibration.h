// Probabilities from scores, fitted on held-out examples.
//
// Binary: Platt's sigmoid, P(+1 | s) = 1 / (1 + exp(-(A s + B))), with A and
// B fitted by maximum likelihood (Platt 1999) in the form of Lin, Lin & Weng
// (2007): Newton's method with a backtracking line search, and the targets
// (N+ + 1)/(N+ + 2) for positives and 1/(N- + 2) for negatives instead of 1
// and 0, so that a separable holdout does not drive A to infinity.
//
// K classes: a softmax of the scores divided by a temperature T (Guo, Pleiss,
// Sun & Weinberger 2017), P(k | s) = exp(s_k / T) / sum_j exp(s_j / T), with
// T fitted by maximum likelihood. The log loss is convex in 1/T, so its
// minimum is found by bisection on the derivative.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace hare::learner {

enum class CalibrationKind : uint8_t { kNone, kPlatt, kTemperature };

struct Calibration {
  CalibrationKind kind = CalibrationKind::kNone;
  float a = 1.0f;  // Platt's A, or the temperature T
  float b = 0.0f;  // Platt's B

  bool operator==(const Calibration&) const = default;

  // Binary: P(+1) of a score.
  double Probability(float score) const;
  // K classes: the probability of each class, into `out` (same size).
  void Probabilities(std::span<const float> scores, std::span<double> out) const;
  // The probability of each class of a row of scores into `out`: binary (one
  // score), -1 then +1; K classes, the K probabilities. Empty for kNone.
  void ClassProbabilities(std::span<const float> scores, bool binary,
                          std::vector<double>& out) const;
};

// Whether held-out examples can fit a calibration: `classes` holds two
// different classes or more, and `scores` two different scores or more (the
// slope of one score for all is unknown). The fits are the same at any scale
// of the scores.
bool Fittable(std::span<const float> scores, std::span<const int32_t> classes);

// Fits Platt's A and B to binary examples: scores[i] and classes[i] (1 for
// +1, 0 for -1). Unless Fittable, A = 1 and B = 0.
Calibration FitPlatt(std::span<const float> scores, std::span<const int32_t> classes);

// Fits the temperature to K-class examples: row i of `scores` (K floats) has
// the true class classes[i]. Unless Fittable, T = 1.
Calibration FitTemperature(std::span<const float> scores, size_t k,
                           std::span<const int32_t> classes);

}  // namespace hare::learner
