// The table of 2^bits slots, each holding all the per-feature state of one
// hashed feature side by side (the weight first, then whatever the rule and
// its options keep: an average's accumulator, AdaGrad's sum of squares, a
// second Winnow weight), so that one feature costs one cache line, or two for
// a slot that straddles a line (1 in 8 of 3-float slots; the prefetch loads
// the first).
//
// Slot i starts at float i * floats_per_slot, with no padding. The averaged
// Perceptron's slot is 3 floats; padded to 4 it made the table a third
// larger. Measured on the 1 GiB hare gen file (-b 24, --average, one thread,
// perf stat -r 5): 1.91 s against 1.97 s padded, peak RSS 205 MiB against
// 271 MiB. The table is one flat array of floats, so it can be saved,
// compared or summed across processes as it is.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string>

namespace hare::learner {

// An allocation that failed, saying what it was for and what needs less.
class OutOfMemoryFor : public std::bad_alloc {
 public:
  explicit OutOfMemoryFor(std::string what) : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

// A table larger than the machine's memory: its pages are only taken when
// touched, but the scans that save a model touch them all, and the kernel
// would kill hare (or another process) then, after the training.
class TableTooLarge : public OutOfMemoryFor {
 public:
  using OutOfMemoryFor::OutOfMemoryFor;
};

// What a failed allocation says: "out of memory", with the table's sizes and
// what needs less memory (or what the memory was for).
inline std::string OutOfMemory(const std::bad_alloc& e) {
  if (const auto* table = dynamic_cast<const TableTooLarge*>(&e); table != nullptr)
    return std::string("out of memory: ") + table->what() + " (a smaller -b needs less)";
  if (const auto* other = dynamic_cast<const OutOfMemoryFor*>(&e); other != nullptr)
    return std::string("out of memory: ") + other->what();
  return "out of memory (beside the table: a long line's features, which "
         "-q, --cubic and n-grams multiply, are one cause)";
}

class WeightTable {
 public:
  // All slots zero. Throws TableTooLarge when the table would not fit in
  // the machine's memory or cannot be mapped.
  WeightTable(int bits, int floats_per_slot);
  ~WeightTable();
  WeightTable(WeightTable&& other) noexcept;
  WeightTable& operator=(WeightTable&& other) noexcept;
  WeightTable(const WeightTable&) = delete;
  WeightTable& operator=(const WeightTable&) = delete;

  float* slot(uint32_t index) { return data_ + static_cast<size_t>(index) * stride_; }
  const float* slot(uint32_t index) const { return data_ + static_cast<size_t>(index) * stride_; }
  // The same, for a caller that knows floats_per_slot() at compile time: a
  // multiply by a constant is one lea where a multiply by a member is an imul.
  template <int kFloats>
  float* slot(uint32_t index) {
    assert(kFloats == floats_per_slot());
    return data_ + static_cast<size_t>(index) * kFloats;
  }
  template <int kFloats>
  const float* slot(uint32_t index) const {
    assert(kFloats == floats_per_slot());
    return data_ + static_cast<size_t>(index) * kFloats;
  }
  void Prefetch(uint32_t index) const { __builtin_prefetch(slot(index)); }

  int bits() const { return bits_; }
  uint32_t mask() const { return bits_ >= 32 ? ~uint32_t{0} : (uint32_t{1} << bits_) - 1; }
  uint64_t slots() const { return uint64_t{1} << bits_; }
  int floats_per_slot() const { return static_cast<int>(stride_); }
  std::span<float> floats() { return {data_, size_}; }
  std::span<const float> floats() const { return {data_, size_}; }

 private:
  void Release();

  float* data_ = nullptr;
  size_t size_ = 0;  // floats
  int bits_ = 0;
  size_t stride_ = 1;  // floats per slot
};

}  // namespace hare::learner
