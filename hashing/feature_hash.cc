#include "hashing/feature_hash.h"

#include <charconv>

namespace hare::hashing {

// GCC 12 warns that the inlined XXH3 reads past `digits`; it does not: it
// reads only the bytes to_chars wrote (a known -Warray-bounds false positive).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
uint64_t NumberFeatureHash(uint64_t number, uint64_t namespace_hash) {
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, number);
  (void)ec;  // 24 bytes always hold a uint64_t.
  return FeatureHash(std::string_view(digits, end - digits), namespace_hash);
}
#pragma GCC diagnostic pop

uint32_t ConstantIndex(uint64_t seed, int bits) {
  return static_cast<uint32_t>(FeatureHash("", NamespaceHash(kConstantNamespace, seed))) &
         MaskFor(bits);
}

}  // namespace hare::hashing
