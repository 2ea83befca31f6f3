// The table of 2^bits slots, each holding all the per-feature state of one
// hashed feature side by side (the weight first, then whatever the rule and
// its options keep: an average's accumulator, AdaGrad's sum of squares, a
// second Winnow weight), so that one feature costs one cache line.
//
// The floats of a slot are a power of two, so slot i starts at i << shift. The
// table is one flat array of floats, so it can be saved, compared or summed
// across processes as it is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace hare::learner {

class WeightTable {
 public:
  // All slots zero. floats_per_slot is rounded up to a power of two.
  WeightTable(int bits, int floats_per_slot);
  ~WeightTable();
  WeightTable(WeightTable&& other) noexcept;
  WeightTable& operator=(WeightTable&& other) noexcept;
  WeightTable(const WeightTable&) = delete;
  WeightTable& operator=(const WeightTable&) = delete;

  float* slot(uint32_t index) { return data_ + (static_cast<size_t>(index) << shift_); }
  const float* slot(uint32_t index) const { return data_ + (static_cast<size_t>(index) << shift_); }
  void Prefetch(uint32_t index) const { __builtin_prefetch(slot(index)); }

  int bits() const { return bits_; }
  uint32_t mask() const { return bits_ >= 32 ? ~uint32_t{0} : (uint32_t{1} << bits_) - 1; }
  uint64_t slots() const { return uint64_t{1} << bits_; }
  int floats_per_slot() const { return 1 << shift_; }
  std::span<float> floats() { return {data_, size_}; }
  std::span<const float> floats() const { return {data_, size_}; }

 private:
  void Release();

  float* data_ = nullptr;
  size_t size_ = 0;  // floats
  int bits_ = 0;
  int shift_ = 0;
};

}  // namespace hare::learner
