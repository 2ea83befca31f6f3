// The one per-feature loop. Every rule's dot product and update go through
// it, with the per-feature operation as a template parameter, so the compiler
// inlines it: no virtual call and no std::function per feature.
//
// A model of K classes keeps K weight vectors in the one table: class k's
// copy of feature i is slot (i + k) & mask, so the K copies of a feature sit
// side by side (one or two cache lines for all of them), and a binary model
// is class 0 alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "learner/weight_table.h"

namespace hare::learner {

// Calls fn(slot, value) for each active feature of one example, in the
// weight vector of class `klass`. kFloats, when given, is the table's
// floats_per_slot(), known at compile time.
template <int kFloats = 0, class Table, class Fn>
inline void ForEachFeature(Table& table, std::span<const uint32_t> indices,
                           std::span<const float> values, uint32_t klass, Fn&& fn) {
  const uint32_t mask = table.mask();
  for (size_t k = 0; k < indices.size(); ++k) {
    const uint32_t index = (indices[k] + klass) & mask;
    if constexpr (kFloats > 0) {
      fn(table.template slot<kFloats>(index), values[k]);
    } else {
      fn(table.slot(index), values[k]);
    }
  }
}

// Issues a prefetch for each slot of an example, so that its memory reads
// overlap with the work on the example before it.
inline void PrefetchFeatures(const WeightTable& table, std::span<const uint32_t> indices) {
  for (uint32_t index : indices) table.Prefetch(index);
}

}  // namespace hare::learner
