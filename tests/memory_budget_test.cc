#include "tools/memory_budget.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "gtest/gtest.h"

namespace hare {
namespace {

// A hold that does not fit beside the one held waits until it is given back.
TEST(MemoryBudgetTest, AHoldThatDoesNotFitWaitsForTheOthers) {
  MemoryBudget budget(100);
  std::atomic<bool> started = false;
  std::thread second;
  {
    const MemoryBudget::Hold first(&budget, 60);
    second = std::thread([&] {
      const MemoryBudget::Hold hold(&budget, 60);
      started = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_FALSE(started);
  }
  second.join();
  EXPECT_TRUE(started);
}

// Holds that fit together, one larger than the budget when it is alone, and
// any with no budget (0) or none given, go ahead at once.
TEST(MemoryBudgetTest, WhatFitsOrRunsAloneGoesAhead) {
  MemoryBudget budget(100);
  {
    const MemoryBudget::Hold a(&budget, 40);
    const MemoryBudget::Hold b(&budget, 60);
  }
  { const MemoryBudget::Hold alone(&budget, 1000); }
  MemoryBudget unlimited(0);
  const MemoryBudget::Hold c(&unlimited, 1000);
  const MemoryBudget::Hold d(&unlimited, 1000);
  const MemoryBudget::Hold e(nullptr, 1000);
  SUCCEED();
}

}  // namespace
}  // namespace hare
