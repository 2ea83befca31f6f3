#include "learner/calibration.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "learner/example_scores.h"

namespace hare::learner {
namespace {

// log(1 + exp(x)) without overflow.
double Log1pExp(double x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }

// 1 / (1 + exp(-x)) without overflow.
double Sigmoid(double x) {
  if (x >= 0) return 1 / (1 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1 + e);
}

// A score, an infinite one (sums past the float range) as the largest float:
// A s + B and s / T stay numbers (0 * inf and inf - inf would be NaN).
double Bounded(float score) { return Saturate(score); }

}  // namespace

double Calibration::Probability(float score) const {
  return Sigmoid(double{a} * Bounded(score) + b);
}

void Calibration::Probabilities(std::span<const float> scores, std::span<double> out) const {
  double top = -INFINITY;
  for (float s : scores) top = std::max(top, Bounded(s) / a);
  double sum = 0;
  for (size_t k = 0; k < scores.size(); ++k) {
    out[k] = std::exp(Bounded(scores[k]) / a - top);
    sum += out[k];
  }
  for (double& p : out) p /= sum;
}

void Calibration::ClassProbabilities(std::span<const float> scores, bool binary,
                                     std::vector<double>& out) const {
  if (kind == CalibrationKind::kNone) {
    out.clear();
  } else if (binary) {
    // As printed (a float), so that the label (P(+1) > 1/2), the value
    // shown and its calibration bin agree: 0.5 + 1.7e-8 prints as 0.5.
    const double p = static_cast<float>(Probability(scores[0]));
    out.assign({1 - p, p});
  } else {
    out.resize(scores.size());
    Probabilities(scores, out);
  }
}

bool Fittable(std::span<const float> scores, std::span<const int32_t> classes) {
  auto differ = [](auto range) {
    return std::adjacent_find(range.begin(), range.end(), std::not_equal_to<>()) != range.end();
  };
  return differ(classes) && differ(scores);
}

namespace {

// The largest |score| (the largest float for an infinite one), or 1 when
// every score is 0: the fits see the scores divided by it, so that they find
// the same probabilities whatever the scores' scale (a rate of 1e-10, values
// of 1e-5) and stop on tolerances made for scores near 1.
double ScoreScale(std::span<const float> scores) {
  double top = 0;
  for (float s : scores) top = std::max(top, std::fabs(Bounded(s)));
  return top > 0 ? top : 1;
}

}  // namespace

Calibration FitPlatt(std::span<const float> scores, std::span<const int32_t> classes) {
  // Without both classes, or with one score for all, the slope is unknown
  // (A = 0 would make every probability, and so every label, the same): the
  // sigmoid of the score.
  if (!Fittable(scores, classes)) return {CalibrationKind::kPlatt, 1.0f, 0.0f};
  double positives = 0, negatives = 0;
  for (int32_t c : classes) (c == 1 ? positives : negatives) += 1;
  const double scale = ScoreScale(scores);
  auto score = [&](size_t i) { return Bounded(scores[i]) / scale; };
  const double high = (positives + 1) / (positives + 2), low = 1 / (negatives + 2);
  // Minimizes sum_i -t_i log p_i - (1 - t_i) log(1 - p_i), p_i = sigmoid(A s_i + B).
  double a = 0, b = std::log((positives + 1) / (negatives + 1));
  auto loss = [&](double a_, double b_) {
    double f = 0;
    for (size_t i = 0; i < scores.size(); ++i) {
      const double t = classes[i] == 1 ? high : low;
      const double z = a_ * score(i) + b_;
      f += Log1pExp(z) - t * z;
    }
    return f;
  };
  double f = loss(a, b);
  for (int iteration = 0; iteration < 100; ++iteration) {
    // Gradient and Hessian; 1e-12 on the diagonal keeps it invertible.
    double g1 = 0, g2 = 0, h11 = 1e-12, h22 = 1e-12, h21 = 0;
    for (size_t i = 0; i < scores.size(); ++i) {
      const double s = score(i);
      const double p = Sigmoid(a * s + b);
      const double d = (p - (classes[i] == 1 ? high : low));
      const double w = p * (1 - p);
      g1 += s * d;
      g2 += d;
      h11 += s * s * w;
      h22 += w;
      h21 += s * w;
    }
    if (std::fabs(g1) < 1e-5 && std::fabs(g2) < 1e-5) break;
    const double det = h11 * h22 - h21 * h21;
    const double da = -(h22 * g1 - h21 * g2) / det;
    const double db = -(h11 * g2 - h21 * g1) / det;
    const double slope = g1 * da + g2 * db;
    double step = 1;
    for (; step >= 1e-10; step /= 2) {
      const double next = loss(a + step * da, b + step * db);
      if (next < f + 1e-4 * step * slope) {
        a += step * da;
        b += step * db;
        f = next;
        break;
      }
    }
    if (step < 1e-10) break;  // no progress along Newton's direction
  }
  if (!std::isfinite(a) || !std::isfinite(b)) return {CalibrationKind::kPlatt, 1.0f, 0.0f};
  // A for the scores themselves; as a float at most the largest one.
  constexpr double kMax = std::numeric_limits<float>::max();
  return {CalibrationKind::kPlatt, static_cast<float>(std::clamp(a / scale, -kMax, kMax)),
          static_cast<float>(b)};
}

Calibration FitTemperature(std::span<const float> scores, size_t k,
                           std::span<const int32_t> classes) {
  const size_t n = classes.size();
  // Without two classes, or with one score for all, there is no telling how
  // sure to be: T = 1.
  if (!Fittable(scores, classes)) return {CalibrationKind::kTemperature, 1.0f, 0.0f};
  const double scale = ScoreScale(scores);
  auto score = [&](const float* row, size_t c) { return Bounded(row[c]) / scale; };
  // d/dbeta of the log loss at inverse temperature beta: sum_i E_p[s] - s_y.
  std::vector<double> p(k);
  auto slope = [&](double beta) {
    double g = 0;
    for (size_t i = 0; i < n; ++i) {
      const float* row = scores.data() + i * k;
      double top = -INFINITY;
      for (size_t c = 0; c < k; ++c) top = std::max(top, beta * score(row, c));
      double sum = 0, mean = 0;
      for (size_t c = 0; c < k; ++c) {
        p[c] = std::exp(beta * score(row, c) - top);
        sum += p[c];
        mean += p[c] * score(row, c);
      }
      g += mean / sum - score(row, static_cast<size_t>(classes[i]));
    }
    return g;
  };
  // The slope grows with beta (the loss is convex); bracket its zero.
  constexpr double kMaxBeta = 1e6;
  double low = 0, high = 1e-3;
  // Scores that rank the true class no higher than the others on average
  // tell nothing: T as large as a float goes, a flat softmax up to scores
  // near the float range (where s / T reaches 1: two classes at +-3.4e38
  // get 0.88 and 0.12; a fixed 1e30 made scores of 1e37 all but sure).
  if (slope(0) >= 0) {
    return {CalibrationKind::kTemperature, std::numeric_limits<float>::max(), 0.0f};
  }
  while (high < kMaxBeta && slope(high) < 0) {
    low = high;
    high *= 4;
  }
  for (int i = 0; i < 60 && high < kMaxBeta; ++i) {
    const double mid = (low + high) / 2;
    (slope(mid) < 0 ? low : high) = mid;
  }
  const double beta = std::min((low + high) / 2, kMaxBeta);
  // T for the scores themselves, as a float above 0.
  const double t = std::clamp(scale / beta, double{std::numeric_limits<float>::denorm_min()},
                              double{std::numeric_limits<float>::max()});
  return {CalibrationKind::kTemperature, static_cast<float>(t), 0.0f};
}

}  // namespace hare::learner
