// Rosenblatt's Perceptron (Rosenblatt 1958; Novikoff 1962).
//
//   score      s = w.x                       (plus the example's initial score)
//   prediction +1 if s > 0, else -1          (a score of exactly 0 predicts -1)
//   mistake    prediction != y
//   update     w_i += r * h * y * x_i        for each active feature i,
//              r the learning rate (-l), h the example's importance weight
//
// Nothing changes when the prediction is right. On data separable with margin
// gamma by a unit vector, with ||x|| <= R, it makes at most (R/gamma)^2
// mistakes (Novikoff), whatever r: starting from w = 0, r only scales w.
#pragma once

namespace hare::learner {

struct Perceptron {
  static constexpr int kSlotFloats = 1;

  float rate = 1.0f;

  static float Weight(const float* slot) { return slot[0]; }
  static bool IsMistake(float y, float score) { return (score > 0 ? 1.0f : -1.0f) != y; }
  void Update(float* slot, float x, float y, float importance) const {
    slot[0] += rate * importance * y * x;
  }
};

}  // namespace hare::learner
