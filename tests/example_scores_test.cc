#include "learner/example_scores.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "learner/weight_table.h"

namespace hare::learner {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
const auto kWeight = [](const float* slot) { return slot[0]; };

// A table of 2^4 one-float slots: feature 1 weighs 4, feature 2 weighs -4
// (class 0), and class 1's copies (slots 2 and 3) weigh 1 and 2.
WeightTable Table() {
  WeightTable t(4, 1);
  t.slot(1)[0] = 4;
  t.slot(2)[0] = -4;
  t.slot(3)[0] = 2;
  return t;
}

TEST(ExampleScoresTest, OrdinarySumsAreFloats) {
  const WeightTable t = Table();
  const std::vector<uint32_t> indices = {1, 2};
  const std::vector<float> values = {0.5f, 0.25f};
  std::vector<float> row(2);
  // 4*0.5 - 4*0.25 = 1; class 1: -4*0.5 + 2*0.25 = -1.5. Base 0.5, threshold 0.25.
  ExampleScores(t, indices, values, 0.5f, false, Threshold{0.25f, false}, kWeight, row);
  EXPECT_EQ(row, (std::vector<float>{1.25f, -1.25f}));
  // Winnow's threshold per unit of sum x (0.75): theta 2 takes 1.5.
  ExampleScores(t, indices, values, 0.0f, false, Threshold{2.0f, true}, kWeight, row);
  EXPECT_EQ(row, (std::vector<float>{-0.5f, -3.0f}));
  // Unit length: x / ||x|| = (0.5, 0.25) / sqrt(0.3125).
  ExampleScores(t, indices, values, 0.0f, true, Threshold{}, kWeight, row);
  EXPECT_FLOAT_EQ(row[0], static_cast<float>(1 / std::sqrt(0.3125)));
  EXPECT_FLOAT_EQ(row[1], static_cast<float>(-1.5 / std::sqrt(0.3125)));
}

// Values near the float limit: 4 * 3e38 - 4 * 3e38 is inf - inf = NaN in
// floats; in doubles 0. A sum past the float range is infinite, never NaN.
TEST(ExampleScoresTest, OverflowingSumsAreDoneAgainInDoubles) {
  const WeightTable t = Table();
  const std::vector<uint32_t> indices = {1, 2};
  std::vector<float> row(2);
  ExampleScores(t, indices, std::vector<float>{3e38f, 3e38f}, 0.0f, false, Threshold{}, kWeight,
                row);
  EXPECT_EQ(row[0], 0.0f);
  EXPECT_EQ(row[1], -kInf);  // -4*3e38 + 2*3e38
  ExampleScores(t, indices, std::vector<float>{3e38f, 1e38f}, 1.0f, false, Threshold{}, kWeight,
                row);
  EXPECT_EQ(row[0], kInf);  // 8e38
  // Scaled to unit length, the same example has ordinary scores:
  // (4*3e38 - 4*1e38) / sqrt(1e77) = 8e38 / 3.1623e38.
  ExampleScores(t, indices, std::vector<float>{3e38f, 1e38f}, 0.0f, true, Threshold{}, kWeight,
                row);
  EXPECT_FLOAT_EQ(row[0], static_cast<float>(8 / std::sqrt(10.0)));
  EXPECT_FLOAT_EQ(row[1], static_cast<float>(-10 / std::sqrt(10.0)));
  // Only the squared length overflows (2e40): in floats the scale would be
  // 1/sqrt(inf) = 0 and the score 0, finite; (4e20 + 2e20) / sqrt(2e40).
  ExampleScores(t, std::vector<uint32_t>{1, 3}, std::vector<float>{1e20f, 1e20f}, 0.0f, true,
                Threshold{}, kWeight, row);
  EXPECT_FLOAT_EQ(row[0], static_cast<float>(6 / std::sqrt(2.0)));
  // Winnow's threshold of 3e38 + 3e38 features: in doubles too.
  ExampleScores(t, std::vector<uint32_t>{1, 1}, std::vector<float>{3e38f, 3e38f}, 0.0f, false,
                Threshold{4.0f, true}, kWeight, row);
  EXPECT_EQ(row[0], 0.0f);
}

// Values below 4e-23 square to 0 in floats: unit length would leave the
// example unscaled (scale 1, scores near 0). In doubles it is scaled:
// (4e-30 - 4e-25) / sqrt(1e-60 + 1e-50).
TEST(ExampleScoresTest, ASquaredLengthThatUnderflowsIsDoneAgainInDoubles) {
  const WeightTable t = Table();
  const std::vector<uint32_t> indices = {1, 2};
  std::vector<float> row(2);
  const ExampleSums sums = ExampleScores(t, indices, std::vector<float>{1e-30f, 1e-25f}, 0.0f, true,
                                         Threshold{}, kWeight, row);
  EXPECT_FALSE(sums.in_floats);
  const double x1 = 1e-30f, x2 = 1e-25f;
  EXPECT_FLOAT_EQ(row[0], static_cast<float>((4 * x1 - 4 * x2) / std::sqrt(x1 * x1 + x2 * x2)));
  // A subnormal sum (5e-40) is done in doubles too: 4 (2e-20 - 1e-20) / sqrt(5e-40).
  EXPECT_FALSE(ExampleScores(t, indices, std::vector<float>{2e-20f, 1e-20f}, 0.0f, true,
                             Threshold{}, kWeight, row)
                   .in_floats);
  EXPECT_FLOAT_EQ(row[0], static_cast<float>(4 / std::sqrt(5.0)));
  // Unscaled, such values are ordinary floats.
  EXPECT_TRUE(ExampleScores(t, indices, std::vector<float>{1e-30f, 1e-25f}, 0.0f, false,
                            Threshold{}, kWeight, row)
                  .in_floats);
}

TEST(ExampleScoresTest, ToFloatIsInfiniteBeyondTheRange) {
  EXPECT_EQ(ToFloat(1e39), kInf);
  EXPECT_EQ(ToFloat(-1e39), -kInf);
  EXPECT_EQ(ToFloat(3e38), 3e38f);
  EXPECT_EQ(ToFloat(0.1), 0.1f);
}

}  // namespace
}  // namespace hare::learner
