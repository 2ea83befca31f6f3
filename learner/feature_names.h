// The strings behind hashed slots (--keep-names, like VW's --invert_hash):
// what `hare model dump` prints beside each weight.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "io/example_batch.h"

namespace hare::learner {

struct FeatureName {
  uint32_t index = 0;  // the feature's slot (of class 0, for classes)
  std::string name;

  bool operator==(const FeatureName&) const = default;
  auto operator<=>(const FeatureName&) const = default;
};

// Longer names are cut to this many bytes, or up to 3 fewer so that the cut
// falls between UTF-8 characters (a model stores a u16 length).
inline constexpr size_t kMaxNameBytes = 65535;

// Collects the distinct (slot, name) pairs of the examples it is shown. Two
// names on one slot are a hash collision, and both are kept.
class FeatureNames {
 public:
  // Adds the names of the examples of `batch` that are trained on: those
  // with a class (classes[i] >= 0; every example if `classes` is empty) and
  // an importance other than 0, whose `held_out` entry is 0 (every one if it
  // is empty). A batch parsed without names adds nothing.
  void Add(const io::ExampleBatch& batch, std::span<const int32_t> classes,
           std::span<const uint8_t> held_out);

  size_t size() const { return seen_.size(); }
  // By slot, then name: the same for every order the pairs came in.
  std::vector<FeatureName> Sorted() const;

 private:
  absl::flat_hash_set<std::pair<uint32_t, std::string>> seen_;
};

}  // namespace hare::learner
