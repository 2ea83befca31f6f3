// The squared length of an example as the weights see it: a slot listed
// more than once (a word twice in a sentence, two words hashed alike) is
// one coordinate holding the sum of its listings' values.
//
// The SVM's coordinate descent steps by this length; the sum of the
// listings' squares is less, and its longer steps swing for ever across the
// optimum. The slots are gathered in a small open-addressed table, so the
// cost follows the example's length (a sort of the listings cost the first
// pass 8 to 13 times the rest of its work).
#ifndef HARE_LEARNER_SLOT_NORM_H_
#define HARE_LEARNER_SLOT_NORM_H_

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace hare::learner {

class SlotNorm {
 public:
  // ||x||^2 with each slot's listings summed first; `listed`, the sum of
  // the listings' squares as the caller has it, when every slot is listed
  // once (so that the common case adds no rounding of its own).
  float Norm2(std::span<const uint32_t> indices, std::span<const float> values, float listed) {
    const size_t n = indices.size();
    if (n < 2) return listed;
    // At most half full, so that a probe ends soon.
    const size_t capacity = std::bit_ceil(2 * n);
    if (entries_.size() < capacity) {
      entries_.assign(capacity, Entry{});
      stamp_ = 0;
    }
    // An entry is in this example's table when it holds this call's stamp:
    // nothing is cleared between examples.
    if (++stamp_ == 0) {
      for (Entry& e : entries_) e.stamp = 0;
      stamp_ = 1;
    }
    const int shift = 32 - std::countr_zero(capacity);
    const size_t mask = capacity - 1;
    bool repeated = false;
    double norm2 = 0;  // kept as the slots fill: (x + v)^2 = x^2 + v (2x + v)
    for (size_t i = 0; i < n; ++i) {
      const uint32_t slot = indices[i];
      const double v = values[i];
      // Fibonacci hashing: the product's high bits (n >= 2, so shift < 32).
      size_t j = static_cast<uint32_t>(slot * 2654435769u) >> shift;
      while (entries_[j].stamp == stamp_ && entries_[j].slot != slot) j = (j + 1) & mask;
      Entry& e = entries_[j];
      if (e.stamp == stamp_) {
        norm2 += v * (2 * e.x + v);
        e.x += v;
        repeated = true;
      } else {
        norm2 += v * v;
        e = Entry{stamp_, slot, v};
      }
    }
    if (!repeated) return listed;
    // Listings that cancel leave 0, which rounding must not take below.
    return static_cast<float>(std::max(norm2, 0.0));
  }

 private:
  struct Entry {
    uint32_t stamp = 0;
    uint32_t slot = 0;
    double x = 0;
  };
  std::vector<Entry> entries_;
  uint32_t stamp_ = 0;
};

}  // namespace hare::learner

#endif  // HARE_LEARNER_SLOT_NORM_H_
