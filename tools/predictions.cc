#include "tools/predictions.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "io/example_reader.h"
#include "tools/cli.h"

namespace hare::tools {

void AppendPrediction(bool binary, std::span<const std::string> names,
                      const io::ExampleBatch& batch, const learner::Scores& scores, size_t i,
                      std::span<const double> probabilities, size_t top,
                      std::vector<int32_t>& order, std::string& out) {
  const std::span<const float> row = scores.row(i);
  const bool predicted = binary || !row.empty();  // no class known yet: nothing
  if (binary) {
    out += scores.Predicted(i, probabilities) == 1 ? "1 " : "-1 ";
    AppendFloat(out, static_cast<float>(probabilities.empty() ? row[0] : probabilities[1]));
  } else {
    // Highest score first, the first class among ties: the predicted class
    // leads, by Scores::Predicted's rule.
    order.resize(row.size());
    std::iota(order.begin(), order.end(), 0);
    const auto n = static_cast<std::ptrdiff_t>(std::min(top, order.size()));
    std::partial_sort(order.begin(), order.begin() + n, order.end(), [&](int32_t a, int32_t b) {
      const float sa = row[static_cast<size_t>(a)], sb = row[static_cast<size_t>(b)];
      return sa > sb || (sa == sb && a < b);
    });
    for (std::ptrdiff_t j = 0; j < n; ++j) {
      const auto k = static_cast<size_t>(order[static_cast<size_t>(j)]);
      if (j > 0) out += ' ';
      out += names[k];
      out += ' ';
      AppendFloat(out, static_cast<float>(probabilities.empty() ? row[k] : probabilities[k]));
    }
  }
  if (!batch.tag(i).empty()) {
    if (predicted) out += ' ';
    out += batch.tag(i);
  }
  out += '\n';
}

// Empty lines for the lines of a chunk from `next` up to `line` (not
// included): its blank and bad lines, so that line n out answers line n in.
absl::StatusOr<File> OpenPredictions(const std::string& path,
                                     const std::vector<std::string>& inputs,
                                     const std::string& model) {
  if (path == "-") {
    if (absl::Status s = CheckStdout(inputs, model); !s.ok()) return s;
  } else {  // checked before opening empties the file
    if (const std::string file = InputOrModelAt(path, inputs, model); !file.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "cannot write predictions ", path, ": it is the ", file == model ? "model " : "input ",
          file, " (the predictions ", io::OverwriteEffect(path), ")"));
    }
  }
  File out(path == "-" ? stdout : fopen(path.c_str(), "w"));
  if (!out) {
    const std::string why = std::strerror(errno);
    const std::string closed = io::ClosedStandardStream(path);
    return absl::PermissionDeniedError(
        absl::StrCat("cannot write predictions ", path, ": ", closed.empty() ? why : closed));
  }
  return out;
}

void PadTo(uint32_t line, uint32_t& next, std::string& text) {
  for (; next < line; ++next) text += '\n';
}

}  // namespace hare::tools
