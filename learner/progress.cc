#include "learner/progress.h"

#include "absl/strings/str_format.h"

namespace hare::learner {

void ProgressTable::PrintRow(const RunStats& stats, std::string_view label,
                             std::string_view predicted, size_t features) {
  if (out_ == nullptr) return;
  if (next_row_ == 1) {
    *out_ << absl::StrFormat("%12s %10s %10s %10s %6s %7s %8s\n", "examples", "mistakes", "error",
                             "since last", "label", "predict", "features");
  }
  const uint64_t labelled = stats.labelled - last_labelled_;
  const double since = labelled == 0 ? 0.0 : double(stats.mistakes - last_mistakes_) / labelled;
  *out_ << absl::StrFormat("%12d %10d %10.6f %10.6f %6s %7s %8d\n", stats.examples, stats.mistakes,
                           stats.error_rate(), since, absl::string_view(label.data(), label.size()),
                           absl::string_view(predicted.data(), predicted.size()), features);
  last_labelled_ = stats.labelled;
  last_mistakes_ = stats.mistakes;
  next_row_ *= 2;
}

void PrintSummary(const RunStats& s, std::ostream& out) {
  const double seconds = s.seconds > 0 ? s.seconds : 1e-9;
  out << absl::StrFormat(
      "\nfinished run\n"
      "number of examples = %d\n"
      "labelled examples = %d\n"
      "total features = %d\n"
      "bytes read = %d\n"
      "lines skipped = %d\n"
      "mistakes = %d\n"
      "error rate = %.6f\n"
      "wall seconds = %.3f\n"
      "examples/s = %.0f\n"
      "MB/s = %.1f\n",
      s.examples, s.labelled, s.features, s.bytes, s.bad_lines, s.mistakes, s.error_rate(),
      s.seconds, s.examples / seconds, s.bytes / seconds / 1e6);
}

}  // namespace hare::learner
