// The scores of one example, a column per class, through the one per-feature
// loop: row[k] = initial + (w_k . x) s - t, where s = 1/||x|| when the
// examples are scaled to unit length (1 otherwise) and t is the threshold of
// the scaled example.
//
// The sums are kept in floats, as training keeps them. Where they overflow
// (w.x or sum x_i^2 beyond 3.4e38, as values near the float limit give), the
// float result can be inf - inf = NaN, or, scaled by 1/sqrt(inf), the same
// score for every example; and where scaling to unit length meets a sum
// x_i^2 below the normal floats (every |x_i| below about 1e-19), the example
// would be left unscaled (at 0) or scaled imprecisely (a subnormal sum). Such an example is scored
// again in doubles, so that a score is at worst infinite and never NaN.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>

#include "learner/feature_loop.h"

namespace hare::learner {

// What a rule subtracts from w.x: theta, or theta times sum x_i (Winnow's
// threshold by default).
struct Threshold {
  float theta = 0.0f;
  bool per_feature = false;
};

// A double as a float, infinite beyond the float range (where a plain
// conversion is undefined).
inline float ToFloat(double v) {
  constexpr double kMax = std::numeric_limits<float>::max();
  if (v > kMax) return std::numeric_limits<float>::infinity();
  if (v < -kMax) return -std::numeric_limits<float>::infinity();
  return static_cast<float>(v);
}

// A double as a float, the largest float beyond the range: for a value that
// is a float but for rounding (an average of floats), or that must stay a
// number (an infinite score in A s + B, where 0 * inf would be NaN).
inline float Saturate(double v) {
  constexpr double kMax = std::numeric_limits<float>::max();
  return static_cast<float>(std::clamp(v, -kMax, kMax));
}

// sum x_i^2, and the scale s applied to every x_i.
template <class Acc>
struct Lengths {
  Acc norm2, scale;
};

// The scores with sums in Acc (float or double). weight(slot) reads the
// weight a slot scores with.
template <class Acc, int kFloats = 0, class Table, class Weight>
Lengths<Acc> ExampleScoresIn(const Table& table, std::span<const uint32_t> indices,
                             std::span<const float> values, float initial, bool normalize,
                             Threshold threshold, Weight&& weight, std::span<float> row) {
  Acc norm2 = 0, xsum = 0;
  for (float x : values) {
    norm2 += Acc{x} * x;
    xsum += x;
  }
  const Acc scale = normalize && norm2 > 0 ? 1 / std::sqrt(norm2) : Acc{1};
  const Acc theta = threshold.per_feature ? threshold.theta * (xsum * scale) : threshold.theta;
  for (uint32_t k = 0; k < row.size(); ++k) {
    Acc dot = 0;
    ForEachFeature<kFloats>(table, indices, values, k,
                            [&](const float* slot, float x) { dot += Acc{weight(slot)} * x; });
    row[k] = ToFloat(initial + dot * scale - theta);
  }
  return {norm2, scale};
}

struct ExampleSums {
  float norm2;     // sum x_i^2, as floats sum it (inf, or subnormal, out of their range)
  float scale;     // 1/sqrt(norm2) with unit length (1 without, or at norm2 = 0), in floats
  bool in_floats;  // floats held every sum; else the scores were done in doubles
};

// Scores each class of one example; never NaN (see above). Unit length
// needs a finite sum x_i^2 too: scaled by 1/sqrt(inf) = 0, every score would
// be initial - t, finite but wrong; and a normal float when any x_i is not 0.
template <int kFloats = 0, class Table, class Weight>
ExampleSums ExampleScores(const Table& table, std::span<const uint32_t> indices,
                          std::span<const float> values, float initial, bool normalize,
                          Threshold threshold, Weight&& weight, std::span<float> row) {
  const auto [norm2, scale] = ExampleScoresIn<float, kFloats>(table, indices, values, initial,
                                                              normalize, threshold, weight, row);
  const bool in_floats =
      (!normalize || (std::isfinite(norm2) && (norm2 >= std::numeric_limits<float>::min() ||
                                               std::all_of(values.begin(), values.end(),
                                                           [](float x) { return x == 0; })))) &&
      std::all_of(row.begin(), row.end(), [](float s) { return std::isfinite(s); });
  if (!in_floats) {
    ExampleScoresIn<double, kFloats>(table, indices, values, initial, normalize, threshold, weight,
                                     row);
  }
  return {norm2, scale, in_floats};
}

}  // namespace hare::learner
