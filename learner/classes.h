// The classes of a run: what the labels of examples are, as class numbers.
//
// Binary labels are class 0 (-1) and class 1 (+1). Class labels are names,
// numbered in the order they first appear in the input (after the classes of
// a model or a cache, which come first). Numbers are given by the one thread
// that trains, in input order, so they are the same for any thread count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "io/example_batch.h"

namespace hare::learner {

class ClassMap {
 public:
  // Binary labels: classes "-1" and "+1".
  static ClassMap Binary();
  // Class labels, numbered from the given names on.
  explicit ClassMap(const std::vector<std::string>& names = {});

  bool binary() const { return binary_; }
  // The classes go into a model: Assign refuses names a model cannot store
  // (over kMaxClassName bytes, or all of them over kMaxClassNameBytes).
  void LimitToAModel() { for_model_ = true; }
  int size() const { return static_cast<int>(names_.size()); }
  const std::vector<std::string>& names() const { return names_; }

  // The class of each example of `batch` (-1: no label) into `classes`.
  // Fails when a batch would bring the classes over kMaxClasses. For a
  // model, an example of importance 0 brings no class: one of a class not
  // yet met is -1.
  absl::Status Assign(const io::ExampleBatch& batch, std::vector<int32_t>& classes);

  // Takes the classes of a cache: `names` must begin with the classes known
  // so far (none, on a first pass).
  absl::Status Adopt(const std::vector<std::string>& names);

 private:
  int32_t Add(const std::string& name);

  bool binary_ = false;
  bool for_model_ = false;
  std::vector<std::string> names_;
  absl::flat_hash_map<std::string, int32_t> numbers_;
  uint64_t name_bytes_ = 0;  // as a model stores them: 2 + the length of each
};

}  // namespace hare::learner
