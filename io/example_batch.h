// The examples parsed from one chunk, as a structure of arrays.
//
// All examples of a batch share three growing arrays (feature indices, values,
// and per-example offsets into them), so parsing allocates nothing once the
// arrays have reached the size of the largest chunk.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hare::io {

// A line that could not be parsed. `line` counts from 1 within the batch's
// chunk; ExampleBatch::first_line turns it into the line of the input.
struct BadLine {
  uint32_t line = 0;
  uint32_t column = 0;  // 1-based byte column of the offending text
  std::string message;
  bool label = false;          // the label is what is wrong
  bool out_of_memory = false;  // the line's features did not fit in the memory
};

class ExampleBatch {
 public:
  // Label of an example that has none (lines given only for prediction).
  static constexpr float kNoLabel = 0.0f;
  // Label of an example whose class is given by name (class_label) or, read
  // back from a cache, as a class number c stored as the label c + 1.
  static constexpr float kClassLabel = 1.0f;

  void Clear();

  // Building an example: Begin, AddFeature..., then End or Drop.
  void BeginExample() { feature_end_mark_ = indices_.size(); }
  void AddFeature(uint32_t index, float value) {
    indices_.push_back(index);
    values_.push_back(value);
  }
  // Divides the values added since BeginExample by their Euclidean length
  // (each added value counts once, as in the learner's sum of x_i^2); an
  // example without features, or of length 0, is left as it is.
  void ScaleToUnitLength();
  // With names kept, each AddFeature is followed by its name.
  void AddName(std::string name) { names_.push_back(std::move(name)); }
  void EndExample(uint32_t line, float label, float importance, float initial, std::string_view tag,
                  std::string_view class_label = {});
  void DropExample();  // forgets the features added since BeginExample
  // A copy of `text` that lives until Clear(), for a class label that is
  // not the chunk's own text (LIBSVM's "1.0" read as the class "1").
  std::string_view Keep(std::string_view text) { return kept_.emplace_back(text); }
  // Example i's tag becomes `tag`, which must live as long as the batch's
  // examples (a cache's tags, kept together by its reader).
  void SetTag(size_t i, std::string_view tag) { tags_[i] = tag; }
  // Makes this batch a copy of examples [begin, end) of `from`, a part of it
  // to score on its own. The part's lines run from the one after example
  // begin - 1's (the chunk's first when begin is 0) to example end - 1's (to
  // the chunk's last when end is from.size()), numbered from its own first
  // line, so that the parts' lines add up to the chunk's. It has no bad
  // lines (they are `from`'s) and no byte count; tags and class labels still
  // point into `from`'s chunk (or what `from` keeps).
  void CopyPart(const ExampleBatch& from, size_t begin, size_t end);
  size_t FeaturesSinceBegin() const { return indices_.size() - feature_end_mark_; }
  // Gives back the memory the features' vectors hold beyond their size.
  void ReleaseSpareMemory();

  size_t size() const { return labels_.size(); }
  bool empty() const { return labels_.empty(); }

  float label(size_t i) const { return labels_[i]; }
  bool has_label(size_t i) const { return labels_[i] != kNoLabel; }
  float importance(size_t i) const { return importances_[i]; }
  // VW's "base": a score the example starts from before the weights add theirs.
  float initial(size_t i) const { return initials_[i]; }
  std::string_view tag(size_t i) const { return tags_[i]; }
  // The class name of a labelled example when labels are names; else empty.
  std::string_view class_label(size_t i) const { return class_labels_[i]; }
  uint32_t line(size_t i) const { return lines_[i]; }
  std::span<const uint32_t> indices(size_t i) const {
    return {indices_.data() + offsets_[i], offsets_[i + 1] - offsets_[i]};
  }
  std::span<const float> values(size_t i) const {
    return {values_.data() + offsets_[i], offsets_[i + 1] - offsets_[i]};
  }
  size_t feature_count() const { return indices_.size(); }
  // The names of example i's features, if the parser kept them (ParseOptions::names).
  // Empty if it did not.
  std::span<const std::string> names(size_t i) const {
    if (names_.size() != indices_.size()) return {};
    return {names_.data() + offsets_[i], offsets_[i + 1] - offsets_[i]};
  }

  // Where the batch came from, set by the reader.
  std::string_view input_name;
  uint64_t first_line = 1;  // line number, in its input, of the chunk's first line
  uint32_t line_count = 0;  // lines in the chunk, blank and bad ones included
  size_t byte_count = 0;    // bytes of the chunk
  // Examples in which the text templates (--window, --collocations) found
  // the target; -1 in a batch not parsed from text (a cache's).
  int64_t marked = -1;

  // Lines that could not be parsed: the first kBadLinesKept of the batch with
  // their messages (no run shows more than that many), and counts of all of
  // them, so that a file of bad lines costs no memory per line.
  static constexpr size_t kBadLinesKept = 100;
  void AddBadLine(BadLine bad);
  std::vector<BadLine> bad_lines;
  uint64_t bad_line_count = 0;
  uint64_t bad_label_count = 0;      // of them, those whose label is what is wrong
  uint64_t out_of_memory_count = 0;  // of them, those whose features did not fit

 private:
  std::vector<float> labels_;
  std::vector<float> importances_;
  std::vector<float> initials_;
  // Views into the chunk, valid while it is, or into what Keep keeps (or,
  // for tags, what SetTag's caller keeps).
  std::vector<std::string_view> tags_;
  std::vector<std::string_view> class_labels_;
  std::vector<uint32_t> lines_;
  std::vector<size_t> offsets_{0};  // a batch may hold more than 2^32 features
  std::vector<uint32_t> indices_;
  std::vector<float> values_;
  std::vector<std::string> names_;  // empty unless names are kept
  std::deque<std::string> kept_;    // Keep's texts: a deque, so they never move
  size_t feature_end_mark_ = 0;
};

}  // namespace hare::io
