#include "learner/weight_table.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <utility>

#include "absl/strings/str_format.h"
#include "learner/memory_limit.h"

namespace hare::learner {

// Anonymous mmap: pages are zero and only become memory when touched, so a
// 2^28 table costs nothing until used, and transparent huge pages cut the TLB
// misses of random access into a large table.
//
// The table starts on a 2 MiB boundary (the mapping is made 2 MiB larger and
// trimmed), so that every part of it can be a huge page.
constexpr size_t kHugePage = size_t{2} << 20;

WeightTable::WeightTable(int bits, int floats_per_slot)
    : bits_(bits), stride_(static_cast<size_t>(floats_per_slot)) {
  size_ = (size_t{1} << bits) * stride_;
  const size_t bytes = size_ * sizeof(float);
  const MemoryLimit limit = CurrentMemoryLimit();
  const std::string table = absl::StrFormat("the table of 2^%d slots of %d float%s", bits,
                                            floats_per_slot, floats_per_slot == 1 ? "" : "s");
  const double gib = 1 << 30, need = static_cast<double>(bytes) / gib;
  if (limit.bytes > 0 && bytes > limit.bytes) {
    const double have = static_cast<double>(limit.bytes) / gib;
    throw TableTooLarge(
        limit.cgroup
            ? absl::StrFormat("%s needs %.1f GiB, and hare may use %.1f GiB of memory (its "
                              "cgroup's limit)",
                              table, need, have)
            : absl::StrFormat("%s needs %.1f GiB, and this machine has %.1f GiB of memory", table,
                              need, have));
  }
  const size_t mapped = bytes + kHugePage;
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {  // a limit on the address space (ulimit -v), say
    throw TableTooLarge(
        absl::StrFormat("%s (%.1f GiB) cannot be mapped: %s", table, need, std::strerror(errno)));
  }
  char* base = static_cast<char*>(p);
  char* aligned = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(base) + kHugePage - 1) &
                                          ~(uintptr_t{kHugePage} - 1));
  if (aligned > base) munmap(base, static_cast<size_t>(aligned - base));
  // munmap wants a page-aligned start: the table's last page stays whole
  // (a slot of 3 floats makes a size that is not a multiple of the page).
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  char* tail = aligned + (bytes + page - 1) / page * page;
  if (base + mapped > tail) munmap(tail, static_cast<size_t>(base + mapped - tail));
#ifdef MADV_HUGEPAGE
  madvise(aligned, bytes, MADV_HUGEPAGE);
#endif
  data_ = reinterpret_cast<float*>(aligned);
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
      stride_(other.stride_) {}

WeightTable& WeightTable::operator=(WeightTable&& other) noexcept {
  if (this != &other) {
    Release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = other.size_;
    bits_ = other.bits_;
    stride_ = other.stride_;
  }
  return *this;
}

}  // namespace hare::learner
