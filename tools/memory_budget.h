// The memory that work running at once may take: hare tune's candidates,
// each holding a table of weights. A candidate starts when its table fits
// beside the tables of those running, or when nothing else runs, so that no
// candidate is refused or killed for another's memory: each scores as it
// would alone, whatever the number of threads.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace hare {

class MemoryBudget {
 public:
  explicit MemoryBudget(uint64_t bytes) : bytes_(bytes) {}  // 0: no limit

  // Holds `bytes` of the budget (waiting until they fit) while it lives.
  class Hold {
   public:
    Hold(MemoryBudget* budget, uint64_t bytes) : budget_(budget), bytes_(bytes) {
      if (budget_ != nullptr) budget_->Take(bytes_);
    }
    ~Hold() {
      if (budget_ != nullptr) budget_->Give(bytes_);
    }
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    MemoryBudget* budget_;
    uint64_t bytes_;
  };

 private:
  void Take(uint64_t bytes) {
    std::unique_lock lock(mutex_);
    fits_.wait(lock, [&] { return bytes_ == 0 || taken_ == 0 || taken_ + bytes <= bytes_; });
    taken_ += bytes;
  }
  void Give(uint64_t bytes) {
    {
      std::lock_guard lock(mutex_);
      taken_ -= bytes;
    }
    fits_.notify_all();
  }

  const uint64_t bytes_;
  uint64_t taken_ = 0;
  std::mutex mutex_;
  std::condition_variable fits_;
};

}  // namespace hare
