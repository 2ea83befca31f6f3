#include "learner/weight_table.h"

#include <sys/mman.h>

#include <new>
#include <utility>

namespace hare::learner {

// Anonymous mmap: pages are zero and only become memory when touched, so a
// 2^28 table costs nothing until used, and transparent huge pages cut the TLB
// misses of random access into a large table.
WeightTable::WeightTable(int bits, int floats_per_slot) : bits_(bits) {
  while ((1 << shift_) < floats_per_slot) ++shift_;
  size_ = (size_t{1} << bits) << shift_;
  void* p = mmap(nullptr, size_ * sizeof(float), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(p, size_ * sizeof(float), MADV_HUGEPAGE);
#endif
  data_ = static_cast<float*>(p);
}

WeightTable::~WeightTable() { Release(); }

void WeightTable::Release() {
  if (data_ != nullptr) munmap(data_, size_ * sizeof(float));
  data_ = nullptr;
}

WeightTable::WeightTable(WeightTable&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(other.size_),
      bits_(other.bits_),
      shift_(other.shift_) {}

WeightTable& WeightTable::operator=(WeightTable&& other) noexcept {
  if (this != &other) {
    Release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = other.size_;
    bits_ = other.bits_;
    shift_ = other.shift_;
  }
  return *this;
}

}  // namespace hare::learner
