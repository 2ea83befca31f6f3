#include "learner/progress.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_format.h"
#include "learner/columns.h"

namespace hare::learner {

void ProgressTable::Widen(std::span<const std::string> names) {
  for (const std::string& name : names) {
    const size_t width = std::min(Columns(name), kMaxKnownWidth);
    label_width_ = std::max(label_width_, width);
    predict_width_ = std::max(predict_width_, width);
  }
}

void ProgressTable::PrintRow(const RunStats& stats, std::string_view label,
                             std::string_view predicted, size_t features) {
  if (out_ == nullptr) return;
  // A name wider than the columns so far widens them (up to kMaxKnownWidth;
  // a longer one overflows its own row), under a header printed again.
  const size_t label_width = std::max(label_width_, std::min(Columns(label), kMaxKnownWidth));
  const size_t predict_width =
      std::max(predict_width_, std::min(Columns(predicted), kMaxKnownWidth));
  if (next_row_ == 1 || label_width != label_width_ || predict_width != predict_width_) {
    label_width_ = label_width;
    predict_width_ = predict_width;
    *out_ << absl::StrFormat("%12s %10s %10s %10s %*s %*s %8s\n", "examples", "mistakes", "error",
                             "since last", static_cast<int>(label_width_), "label",
                             static_cast<int>(predict_width_), "predict", "features");
  }
  // With no labelled example to count (so far; since the last row), VW's "n.a.".
  const uint64_t labelled = stats.labelled - last_labelled_;
  const std::string error =
      stats.labelled == 0 ? "n.a." : absl::StrFormat("%.6f", stats.error_rate());
  const std::string since =
      labelled == 0
          ? "n.a."
          : absl::StrFormat("%.6f", double(stats.mistakes - last_mistakes_) / double(labelled));
  *out_ << absl::StrFormat("%12d %10d %10s %10s %s %s %8d\n", stats.examples, stats.mistakes, error,
                           since, Padded(label, label_width_, false),
                           Padded(predicted, predict_width_, false), features);
  last_labelled_ = stats.labelled;
  last_mistakes_ = stats.mistakes;
  next_row_ *= 2;
}

void PrintSummary(const RunStats& s, std::ostream& out, bool after_table) {
  const double seconds = s.seconds > 0 ? s.seconds : 1e-9;
  if (after_table) out << "\n";
  out << absl::StrFormat(
      "finished run\n"
      "number of examples = %d\n"
      "labelled examples = %d\n"
      "total features = %d\n"
      "bytes read = %d\n"
      "lines skipped = %d\n"
      "mistakes = %d\n"
      "error rate = %s\n"
      "wall seconds = %.3f\n"
      "examples/s = %.0f\n"
      "MB/s = %.1f\n",
      s.examples, s.labelled, s.features, s.bytes, s.bad_lines, s.mistakes,
      s.labelled == 0 ? "n.a." : absl::StrFormat("%.6f", s.error_rate()), s.seconds,
      s.examples / seconds, s.bytes / seconds / 1e6);
}

}  // namespace hare::learner
