#include "io/example_batch.h"

#include <cmath>

namespace hare::io {

void ExampleBatch::Clear() {
  labels_.clear();
  importances_.clear();
  initials_.clear();
  tags_.clear();
  class_labels_.clear();
  lines_.clear();
  offsets_.resize(1);
  indices_.clear();
  values_.clear();
  names_.clear();
  bad_lines.clear();
  line_count = 0;
  byte_count = 0;
  feature_end_mark_ = 0;
}

void ExampleBatch::EndExample(uint32_t line, float label, float importance, float initial,
                              std::string_view tag, std::string_view class_label) {
  labels_.push_back(label);
  importances_.push_back(importance);
  initials_.push_back(initial);
  tags_.push_back(tag);
  class_labels_.push_back(class_label);
  lines_.push_back(line);
  offsets_.push_back(indices_.size());
}

void ExampleBatch::ScaleToUnitLength() {
  const std::span<float> values(values_.data() + feature_end_mark_,
                                values_.size() - feature_end_mark_);
  double sum = 0;  // in double: a float sum of many squares would round
  for (float x : values) sum += double{x} * x;
  if (!(sum > 0) || !std::isfinite(sum)) return;
  const double scale = 1 / std::sqrt(sum);
  for (float& x : values) x = static_cast<float>(x * scale);
}

void ExampleBatch::ReleaseSpareMemory() {
  indices_.shrink_to_fit();
  values_.shrink_to_fit();
  names_.shrink_to_fit();
}

void ExampleBatch::DropExample() {
  indices_.resize(feature_end_mark_);
  values_.resize(feature_end_mark_);
  if (names_.size() > feature_end_mark_) names_.resize(feature_end_mark_);
}

}  // namespace hare::io
