#include "learner/slot_norm.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <vector>

#include "learner/random.h"

namespace hare::learner {
namespace {

// Every slot listed once: the caller's own sum is returned as it is, so the
// common case adds no rounding (the 123 shows it was not recomputed).
TEST(SlotNormTest, SlotsListedOnceGiveTheCallersSum) {
  SlotNorm norm;
  const std::vector<uint32_t> slots = {5, 7, 9, 0, 0xffffffffu};
  const std::vector<float> x = {1, 2, 3, 4, 5};
  EXPECT_EQ(norm.Norm2(slots, x, 123.0f), 123.0f);
  EXPECT_EQ(norm.Norm2({}, {}, 0.0f), 0.0f);
  EXPECT_EQ(norm.Norm2(std::vector<uint32_t>{3}, std::vector<float>{2}, 4.0f), 4.0f);
}

// Listings of one slot are one coordinate: (1 + 3)^2 + 2^2, not 1 + 4 + 9.
TEST(SlotNormTest, ASlotListedTwiceIsOneCoordinateOfTheSum) {
  SlotNorm norm;
  EXPECT_EQ(norm.Norm2(std::vector<uint32_t>{5, 7, 5}, std::vector<float>{1, 2, 3}, 14.0f), 20.0f);
  // Opposite values cancel: the slot is 0.
  EXPECT_EQ(norm.Norm2(std::vector<uint32_t>{0xffffffffu, 0, 0xffffffffu},
                       std::vector<float>{0.5f, 2, -0.5f}, 4.5f),
            4.0f);
  // The next example starts empty: the 5 and 7 above are not carried over.
  EXPECT_EQ(norm.Norm2(std::vector<uint32_t>{5, 5}, std::vector<float>{1, 1}, 2.0f), 4.0f);
}

// Listings that cancel leave their slot at 0 whatever the other values'
// size: the 1 is not lost beside 1e8 (a running sum of the squares' changes
// would lose it).
TEST(SlotNormTest, ListingsThatCancelLeaveTheOthersWhole) {
  SlotNorm norm;
  EXPECT_EQ(norm.Norm2(std::vector<uint32_t>{1, 2, 1}, std::vector<float>{1e8f, 1, -1e8f}, 2e16f),
            1.0f);
}

// Every 2^32nd call the stamps start again: the entries of the call before
// are not taken for this one's.
TEST(SlotNormTest, TheStampsWrapAround) {
  SlotNorm norm(0xfffffffeu);
  const std::vector<uint32_t> slots = {3, 4, 3};
  const std::vector<float> x = {1, 1, 1};
  EXPECT_EQ(norm.Norm2(slots, x, 3.0f), 5.0f);  // stamp 0xffffffff
  EXPECT_EQ(norm.Norm2(slots, x, 3.0f), 5.0f);  // stamp 0, so 1
  EXPECT_EQ(norm.Norm2(slots, x, 3.0f), 5.0f);
}

// Long examples of slots drawn from a small range (many repeats, many
// probes past taken entries) or a large one (few), against a map's sums; whole values keep every
// sum exact, so the two agree to the bit.
TEST(SlotNormTest, AgreesWithAMapOnLongExamplesOfManyRepeats) {
  SlotNorm norm;
  Random random(42);
  // Past kMostInTable listings (70,000) they are sorted instead.
  for (const size_t n : {2u, 3u, 17u, 100u, 1000u, 5000u, 70000u, 40u}) {
    for (const uint32_t range : {2u, 64u, 1000u, 1u << 30}) {
      std::vector<uint32_t> slots(n);
      std::vector<float> x(n);
      double listed = 0;
      for (size_t i = 0; i < n; ++i) {
        // Multiples of 1024 share their low bits, as class copies of one
        // feature do.
        slots[i] = static_cast<uint32_t>(random.Below(range)) * 1024u;
        x[i] = static_cast<float>(static_cast<int>(random.Below(7)) - 3);
        listed += double{x[i]} * x[i];
      }
      std::map<uint32_t, double> sums;
      for (size_t i = 0; i < n; ++i) sums[slots[i]] += x[i];
      double expected = 0;
      for (const auto& [slot, sum] : sums) expected += sum * sum;
      SCOPED_TRACE(testing::Message() << n << " listings of " << range << " slots");
      const float got = norm.Norm2(slots, x, static_cast<float>(listed));
      EXPECT_EQ(got, sums.size() == n ? static_cast<float>(listed) : static_cast<float>(expected));
    }
  }
}

}  // namespace
}  // namespace hare::learner
