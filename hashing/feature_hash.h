// The one place that decides which table slot a feature gets.
//
//   namespace hash = XXH3_64(namespace name bytes, seed = the model's hash seed)
//   feature hash   = XXH3_64(feature name bytes, seed = its namespace hash)
//   slot index     = feature hash & (2^bits - 1)
//
// Bytes are hashed as they are (no sign extension, no normalisation), so a
// byte >= 0x80 hashes as the unsigned value it is. tests/hashing_test.cc pins
// exact values: changing anything here makes every saved model useless, so
// those tests must never be "updated" to match new output.
#pragma once

#include <cstdint>
#include <string_view>

// Inlined: feature names are short, and a call into libxxhash costs as much as
// hashing them (bench/hash_bench.cc).
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace hare::hashing {

inline constexpr int kMinBits = 1;
inline constexpr int kMaxBits = 32;
inline constexpr int kDefaultBits = 18;

// The namespace of features written without one ("| a b", LIBSVM indices,
// words of plain text) has the empty name.
inline constexpr std::string_view kDefaultNamespace = "";

// The namespace that holds the constant (bias) feature. Its one feature has the
// empty name, which no input can write, so it never collides by name.
inline constexpr std::string_view kConstantNamespace = "constant";

inline uint64_t NamespaceHash(std::string_view name, uint64_t seed) {
  return XXH3_64bits_withSeed(name.data(), name.size(), seed);
}

// Feature names are nearly always short: their XXH3 path is inlined here
// rather than reached through XXH3_64bits_withSeed's length dispatch, which
// the compiler keeps out of line (perf: XXH3 was 17-19% of training on the
// 1 GiB hare gen file as a call; --threads 2 went 1.67 s -> 1.42-1.50 s).
// Same function, same values (tests/hashing_test.cc pins them).
inline uint64_t FeatureHash(std::string_view name, uint64_t namespace_hash) {
  if (name.size() <= 16) {
    return XXH3_len_0to16_64b(reinterpret_cast<const xxh_u8*>(name.data()), name.size(),
                              XXH3_kSecret, namespace_hash);
  }
  return XXH3_64bits_withSeed(name.data(), name.size(), namespace_hash);
}

// The hash of a combination of two features (an n-gram, a window word at
// its offset, a collocation): XXH3 of b's 8 bytes seeded by a. Pinned in tests.
inline uint64_t Combine(uint64_t a, uint64_t b) { return XXH3_64bits_withSeed(&b, sizeof b, a); }

// The hash of an interaction of two features (-q, and --cubic as a pair then
// a third): XXH3 of a's and b's 16 bytes with a seed of its own, so that it is
// never, by construction, the n-gram of the same features (Combine(a, b):
// "a^x*a^y" and "a^x_y" are two features, as are "a^x*a^y*a^z" and
// "a^x_y_z"). Pinned in tests.
inline uint64_t Interact(uint64_t a, uint64_t b) {
  constexpr uint64_t kInteractionSeed = 0x71u;  // 'q'
  const uint64_t parts[2] = {a, b};
  return XXH3_64bits_withSeed(parts, sizeof parts, kInteractionSeed);
}

inline uint32_t MaskFor(int bits) { return bits >= 32 ? 0xFFFFFFFFu : ((uint32_t{1} << bits) - 1); }

// A numeric feature (a LIBSVM index) hashes as its canonical decimal text, so
// "7:1" in LIBSVM and "| 7:1" in VW text are the same feature.
uint64_t NumberFeatureHash(uint64_t number, uint64_t namespace_hash);

// The slot of the constant feature for this seed and table size.
uint32_t ConstantIndex(uint64_t seed, int bits);

}  // namespace hare::hashing
