// The feature hash on names of typical lengths (hashing/feature_hash.h).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "hashing/feature_hash.h"
#include "hashing/text_features.h"

namespace hare::hashing {
namespace {

// 1024 different names of `length` letters and digits, so that the loop does
// not hash one name from the cache of the branch predictor.
std::vector<std::string> Names(size_t length) {
  std::vector<std::string> names(1024);
  uint64_t x = 88172645463325252ull;  // xorshift64
  for (std::string& name : names) {
    for (size_t i = 0; i < length; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      name.push_back("abcdefghijklmnopqrstuvwxyz0123456789"[x % 36]);
    }
  }
  return names;
}

void BM_FeatureHash(benchmark::State& state) {
  const size_t length = static_cast<size_t>(state.range(0));
  const std::vector<std::string> names = Names(length);
  const uint64_t ns = NamespaceHash(kDefaultNamespace, 0);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(FeatureHash(names[i++ & 1023], ns));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * length));
}
BENCHMARK(BM_FeatureHash)->ArgName("name_bytes")->RangeMultiplier(2)->Range(4, 64);

// Hash and mask, as a parser does for every feature.
void BM_FeatureSlot(benchmark::State& state) {
  const std::vector<std::string> names = Names(8);
  const uint64_t ns = NamespaceHash(kDefaultNamespace, 0);
  const uint32_t mask = MaskFor(static_cast<int>(state.range(0)));
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(static_cast<uint32_t>(FeatureHash(names[i++ & 1023], ns)) & mask);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * 8));
}
BENCHMARK(BM_FeatureSlot)->ArgName("bits")->Arg(18)->Arg(24);

// A LIBSVM index: printed as decimal text, then hashed.
void BM_NumberFeatureHash(benchmark::State& state) {
  const uint64_t ns = NamespaceHash(kDefaultNamespace, 0);
  const uint64_t limit = static_cast<uint64_t>(state.range(0));
  uint64_t n = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(NumberFeatureHash(n, ns));
    if (++n == limit) n = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_NumberFeatureHash)->ArgName("indices")->Arg(1000)->Arg(1000000);

// An affix (--affix) of words 1 to 12 characters long (a third to a half of
// them no longer than the affix, which makes none); with `greek`, each of
// their letters two bytes long. It is about a tenth of a one-thread pass of
// the sentences' default over text (perf, rt-polarity repeated 100 times).
void BM_AffixName(benchmark::State& state, bool greek) {
  const int affix = static_cast<int>(state.range(0));
  std::vector<std::string> words(1024);
  uint64_t x = 88172645463325252ull;  // xorshift64
  for (std::string& word : words) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const size_t length = 1 + x % 12;
    for (size_t i = 0; i < length; ++i) {
      const char letter = "abcdefghijklmnopqrstuvwxyz"[(x >> (5 * (i % 12))) % 26];
      if (greek) {
        word.append({static_cast<char>(0xce), static_cast<char>(0x91 + (letter - 'a') % 24)});
      } else {
        word.push_back(letter);
      }
    }
  }
  std::string name;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(AffixName(words[i++ & 1023], affix, name));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_AffixName, ascii, false)->ArgName("affix")->Arg(4)->Arg(6)->Arg(-3);
BENCHMARK_CAPTURE(BM_AffixName, greek, true)->ArgName("affix")->Arg(4)->Arg(-3);

}  // namespace
}  // namespace hare::hashing
