#include "learner/feature_names.h"

#include <algorithm>

namespace hare::learner {

void FeatureNames::Add(const io::ExampleBatch& batch, std::span<const int32_t> classes,
                       std::span<const uint8_t> held_out) {
  for (size_t i = 0; i < batch.size(); ++i) {
    if ((!classes.empty() && classes[i] < 0) || (!held_out.empty() && held_out[i] != 0) ||
        batch.importance(i) == 0) {
      continue;  // not trained on
    }
    const auto indices = batch.indices(i);
    const auto names = batch.names(i);
    for (size_t k = 0; k < names.size(); ++k) {
      seen_.emplace(indices[k], std::string_view(names[k]).substr(0, kMaxNameBytes));
    }
  }
}

std::vector<FeatureName> FeatureNames::Sorted() const {
  std::vector<FeatureName> out;
  out.reserve(seen_.size());
  for (const auto& [index, name] : seen_) out.push_back({index, name});
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace hare::learner
