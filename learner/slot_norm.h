// The squared length of an example as the weights see it: a slot listed
// more than once (a word twice in a sentence, two words hashed alike) is
// one coordinate holding the sum of its listings' values.
//
// The SVM's coordinate descent steps by this length; the sum of the
// listings' squares is less, and its longer steps swing for ever across the
// optimum. The slots are gathered in a small open-addressed table, so the
// cost follows the example's length: in learner_bench's first SVM pass
// (BM_Train/svm) a sort of the listings took 80 to 92% of the time. Past
// kMostInTable listings, where the table's 32 to 64 bytes a listing would
// weigh on a line's memory, they are sorted (8 bytes a listing).
#ifndef HARE_LEARNER_SLOT_NORM_H_
#define HARE_LEARNER_SLOT_NORM_H_

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace hare::learner {

class SlotNorm {
 public:
  static constexpr size_t kMostInTable = size_t{1} << 16;

  // `stamp`, the last call's number, is for tests of its wrap-around.
  explicit SlotNorm(uint32_t stamp = 0) : stamp_(stamp) {}

  // ||x||^2 with each slot's listings summed first; `listed`, the sum of
  // the listings' squares as the caller has it, when every slot is listed
  // once (so that the common case adds no rounding of its own).
  float Norm2(std::span<const uint32_t> indices, std::span<const float> values, float listed) {
    const size_t n = indices.size();
    if (n < 2) return listed;
    if (n > kMostInTable) return SortedNorm2(indices, values, listed);
    // At most half full, so that a probe ends soon.
    const size_t capacity = std::bit_ceil(2 * n);
    if (entries_.size() < capacity) entries_.assign(capacity, Entry{});
    // An entry is in this example's table when it holds this call's stamp:
    // nothing is cleared between examples, but for every 2^32nd.
    if (++stamp_ == 0) {
      for (Entry& e : entries_) e.stamp = 0;
      stamp_ = 1;
    }
    const int shift = 32 - std::countr_zero(capacity);  // 15 or more
    const size_t mask = capacity - 1;
    touched_.clear();
    for (size_t i = 0; i < n; ++i) {
      const uint32_t slot = indices[i];
      // Fibonacci hashing: the product's high bits.
      size_t j = static_cast<uint32_t>(slot * 2654435769u) >> shift;
      while (entries_[j].stamp == stamp_ && entries_[j].slot != slot) j = (j + 1) & mask;
      Entry& e = entries_[j];
      if (e.stamp == stamp_) {
        e.x += values[i];
      } else {
        e = Entry{stamp_, slot, values[i]};
        touched_.push_back(static_cast<uint32_t>(j));
      }
    }
    if (touched_.size() == n) return listed;
    double norm2 = 0;
    for (const uint32_t j : touched_) norm2 += entries_[j].x * entries_[j].x;
    return static_cast<float>(norm2);
  }

 private:
  // The same by a sort of the listings.
  float SortedNorm2(std::span<const uint32_t> indices, std::span<const float> values,
                    float listed) {
    sorted_.clear();
    for (size_t i = 0; i < indices.size(); ++i) sorted_.emplace_back(indices[i], values[i]);
    std::sort(sorted_.begin(), sorted_.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    double norm2 = 0;
    size_t slots = 0;
    for (size_t i = 0; i < sorted_.size(); ++slots) {
      double x = 0;
      const uint32_t slot = sorted_[i].first;
      for (; i < sorted_.size() && sorted_[i].first == slot; ++i) x += sorted_[i].second;
      norm2 += x * x;
    }
    return slots == sorted_.size() ? listed : static_cast<float>(norm2);
  }

  struct Entry {
    uint32_t stamp = 0;
    uint32_t slot = 0;
    double x = 0;
  };
  std::vector<Entry> entries_;
  std::vector<uint32_t> touched_;  // this call's entries
  std::vector<std::pair<uint32_t, float>> sorted_;
  uint32_t stamp_;
};

}  // namespace hare::learner

#endif  // HARE_LEARNER_SLOT_NORM_H_
