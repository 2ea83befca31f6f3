#include "learner/feature_names.h"

#include <algorithm>
#include <string_view>

namespace hare::learner {
namespace {

// The first kMaxNameBytes bytes of `name`, or fewer, so as not to cut a
// UTF-8 character in two (a name of 40,000 é would end in half of one).
std::string_view Cut(std::string_view name) {
  if (name.size() <= kMaxNameBytes) return name;
  size_t cut = kMaxNameBytes;
  // name[cut], the first byte left out, continues a character begun before:
  // leave that character out too (3 bytes at most precede its last).
  for (int back = 0; back < 3 && (static_cast<unsigned char>(name[cut]) & 0xc0) == 0x80; ++back) {
    --cut;
  }
  return name.substr(0, cut);
}

}  // namespace

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
      seen_.emplace(indices[k], Cut(names[k]));
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
