#include "learner/weight_table.h"

#include <string>

#include "gtest/gtest.h"

namespace hare::learner {
namespace {

TEST(WeightTableTest, SlotsStartAtZeroAndAreSideBySide) {
  WeightTable t(4, 3);
  EXPECT_EQ(t.slots(), 16u);
  for (uint32_t i = 0; i < 16; ++i) {
    for (int k = 0; k < 3; ++k) EXPECT_EQ(t.slot(i)[k], 0.0f);
  }
  EXPECT_EQ(t.slot(5), t.slot(4) + 3);
}

// 2^32 slots of 64 floats is a terabyte: refused with its size, not mapped
// and left for the kernel to kill hare when the model is saved.
TEST(WeightTableTest, ATableLargerThanTheMemoryIsRefused) {
  try {
    WeightTable t(32, 64);
    FAIL() << "a 1 TiB table was made";
  } catch (const TableTooLarge& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with(
        "the table of 2^32 slots of 64 floats needs 1024.0 GiB, and "
        "this machine has "))
        << e.what();
  }
}

}  // namespace
}  // namespace hare::learner
