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
  kept_.clear();
  bad_lines.clear();
  bad_line_count = bad_label_count = out_of_memory_count = 0;
  line_count = 0;
  byte_count = 0;
  marked = -1;
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

void ExampleBatch::AddBadLine(BadLine bad) {
  ++bad_line_count;
  bad_label_count += bad.label;
  out_of_memory_count += bad.out_of_memory;
  if (bad_lines.size() < kBadLinesKept) bad_lines.push_back(std::move(bad));
}

void ExampleBatch::CopyPart(const ExampleBatch& from, size_t begin, size_t end) {
  Clear();
  const uint32_t before = begin == 0 ? 0 : from.line(begin - 1);  // the earlier parts' lines
  const uint32_t last = end == from.size() ? from.line_count : from.line(end - 1);
  input_name = from.input_name;
  first_line = from.first_line + before;
  line_count = last - before;
  const bool names = !from.names_.empty() && from.names_.size() == from.indices_.size();
  for (size_t i = begin; i < end; ++i) {
    BeginExample();
    const size_t first = from.offsets_[i];
    const size_t stop = from.offsets_[i + 1];
    indices_.insert(indices_.end(), from.indices_.begin() + first, from.indices_.begin() + stop);
    values_.insert(values_.end(), from.values_.begin() + first, from.values_.begin() + stop);
    if (names) names_.insert(names_.end(), from.names_.begin() + first, from.names_.begin() + stop);
    EndExample(from.lines_[i] - before, from.labels_[i], from.importances_[i], from.initials_[i],
               from.tags_[i], from.class_labels_[i]);
  }
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
