// Counts of a run, the progress table printed while it goes, and its summary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace hare::learner {

struct RunStats {
  uint64_t examples = 0;       // parsed examples
  uint64_t labelled = 0;       // of which had a label
  uint64_t positive = 0;       // of which +1 (binary labels: class 1)
  uint64_t features = 0;       // active features, constant included
  uint64_t bytes = 0;          // the text's bytes (after decompression), every pass
  uint64_t bad_lines = 0;      // lines skipped as malformed
  uint64_t bad_labels = 0;     // of which for their label
  uint64_t out_of_memory = 0;  // of which for features the memory could not hold
  uint64_t mistakes = 0;       // progressive-validation mistakes on labelled examples
  uint64_t parsed_text = 0;    // examples parsed from sentences (not read from a cache)
  uint64_t marked = 0;         // of which the text templates found the target in
  double seconds = 0;          // wall time

  double error_rate() const { return labelled == 0 ? 0.0 : double(mistakes) / double(labelled); }
};

// Vowpal Wabbit's progress table: a row each time the example count doubles.
// The label and predict columns widen to the longest name printed so far
// (class names such as ENTY:cremat), up to kMaxKnownWidth, and the header is
// printed again above the row that widens them, so that it lines up.
class ProgressTable {
 public:
  explicit ProgressTable(std::ostream* out) : out_(out) {}

  // Class names known before the run (a model's, in test or after -i) widen
  // the columns before the first row, so that the header lines up too; to
  // at most kMaxKnownWidth, so that one long name does not push every row
  // (a longer one overflows its own row).
  static constexpr size_t kMaxKnownWidth = 24;
  void Widen(std::span<const std::string> names);

  // Counts one example, with the names of its label and prediction, and
  // prints a row when due.
  void Add(const RunStats& stats, std::string_view label, std::string_view predicted,
           size_t features) {
    if (stats.examples == next_row_) PrintRow(stats, label, predicted, features);
  }

 private:
  void PrintRow(const RunStats& stats, std::string_view label, std::string_view predicted,
                size_t features);

  std::ostream* out_;
  uint64_t next_row_ = 1;
  uint64_t last_labelled_ = 0;
  uint64_t last_mistakes_ = 0;
  size_t label_width_ = 6;    // "label"'s, VW's
  size_t predict_width_ = 7;  // "predict"'s
};

// The closing summary: `name = value` lines, as VW prints them, after a
// blank line that sets them apart from the progress table above (none
// with --quiet, where there is no table).
void PrintSummary(const RunStats& stats, std::ostream& out, bool after_table = true);

}  // namespace hare::learner
