// N-grams of a sequence of hashed items (words of a sentence, features of a
// VW namespace), shared by the text templates and VW's --ngram/--skips.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "hashing/feature_hash.h"

namespace hare::hashing {

// Scratch space of ForEachGram, reused from call to call.
struct GramScratch {
  std::vector<size_t> at;      // positions of the gram being built
  std::vector<uint64_t> hash;  // hash[k]: the gram of the first k + 1 of them
};

// Calls emit(hash, positions) for every gram of 2..max_n items that skips at
// most `skips` items in all between its first and its last (VW's k-skip-n-
// grams: with skips 1, "a b c d e" gives a_c_d and a_b_d but not a_c_e), by
// first item, then depth first: (0,1), (0,1,2), ..., (0,2) with skips, ...,
// (1,2), ... The hash is Combine(...Combine(h[p0], h[p1])..., h[pn-1]).
template <class Emit>
void ForEachGram(std::span<const uint64_t> items, int max_n, int skips, GramScratch& s,
                 Emit&& emit) {
  const size_t n = items.size();
  const size_t most = max_n < 2 ? 0 : static_cast<size_t>(max_n);
  const size_t gap = static_cast<size_t>(skips < 0 ? 0 : skips);
  for (size_t first = 0; most >= 2 && first + 1 < n; ++first) {
    s.at.assign(1, first);
    s.hash.assign(1, items[first]);
    while (!s.at.empty()) {
      const size_t len = s.at.size();
      if (len >= 2) emit(s.hash[len - 1], std::span<const size_t>(s.at));
      // Extend by the next item, else move the last item right within the
      // skips left (those of the gram up to it: its span less its items),
      // else drop it and move the one before.
      if (len < most && s.at.back() + 1 < n) {
        s.at.push_back(s.at.back() + 1);
        s.hash.push_back(Combine(s.hash[len - 1], items[s.at.back()]));
        continue;
      }
      while (s.at.size() > 1) {
        const size_t k = s.at.size() - 1;
        const size_t next = s.at[k] + 1;
        if (next < n && next - s.at[0] - k <= gap) {
          s.at[k] = next;
          s.hash[k] = Combine(s.hash[k - 1], items[next]);
          break;
        }
        s.at.pop_back();
        s.hash.pop_back();
      }
      if (s.at.size() == 1) s.at.clear();
    }
  }
}

}  // namespace hare::hashing
