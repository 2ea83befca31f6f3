#include "learner/metrics.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "learner/columns.h"

namespace hare::learner {
namespace {

// 0/0 is 0 (see metrics.h); a count over a count otherwise.
double Ratio(uint64_t numerator, uint64_t denominator) {
  return denominator == 0 ? 0.0 : double(numerator) / double(denominator);
}

// Least significant digit radix sort, 8 bits a pass. On 2.24 million scores
// (one class of a 1 GiB `hare gen` test file) it took 0.020 s where std::sort
// took 0.19 s, which would have made `hare test` slower than training.
void RadixSort(std::vector<uint32_t>& keys) {
  if (keys.size() < 2) return;
  std::vector<uint32_t> scratch(keys.size());
  for (int shift = 0; shift < 32; shift += 8) {
    size_t start[256] = {};
    for (uint32_t k : keys) ++start[(k >> shift) & 0xFF];
    // Every key has the same digit here (the top byte, when all scores have
    // one sign and a similar size): nothing moves.
    if (start[(keys[0] >> shift) & 0xFF] == keys.size()) continue;
    size_t sum = 0;
    for (size_t& s : start) {
      const size_t count = s;
      s = sum;
      sum += count;
    }
    for (uint32_t k : keys) scratch[start[(k >> shift) & 0xFF]++] = k;
    keys.swap(scratch);
  }
}

void AppendCount(std::string& out, uint64_t n) {
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
  out.append(digits, end);
}

// The shortest text that reads back as the same double; null for NaN or an
// infinity, which JSON cannot hold.
void AppendDouble(std::string& out, double x) {
  if (!std::isfinite(x)) {
    out += "null";
    return;
  }
  char digits[32];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, x);
  out.append(digits, end);
}

// A JSON string: quotes, backslashes and control characters escaped; other
// bytes (UTF-8 class names) as they are.
void AppendString(std::string& out, std::string_view s) {
  out += '"';
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      out += absl::StrFormat("\\u%04x", c);
    } else {
      out += ch;
    }
  }
  out += '"';
}

}  // namespace

double LogLoss(double true_class_probability) {
  constexpr double kLowest = 1e-15, kHighest = 1 - 1e-15;
  double p = true_class_probability;
  if (!(p >= kLowest)) p = kLowest;  // NaN included
  if (p > kHighest) p = kHighest;
  return -std::log(p);
}

double LogLoss(std::span<const double> true_class_probabilities) {
  if (true_class_probabilities.empty()) return 0.0;
  double sum = 0;
  for (double p : true_class_probabilities) sum += LogLoss(p);
  return sum / double(true_class_probabilities.size());
}

Evaluation::Evaluation(std::vector<std::string> class_names)
    : names_(std::move(class_names)),
      model_classes_(static_cast<int>(names_.size())),
      support_(names_.size(), 0),
      predicted_(names_.size(), 0) {}

std::vector<Evaluation::ConfusionCell> Evaluation::cells() const {
  std::vector<ConfusionCell> out;
  out.reserve(cells_.size());
  for (const auto& [key, n] : cells_) {
    out.push_back({static_cast<int>(key >> 32), static_cast<int>(key & 0xFFFFFFFFu), n});
  }
  std::sort(out.begin(), out.end(), [](const ConfusionCell& a, const ConfusionCell& b) {
    return std::pair(a.true_class, a.predicted_class) < std::pair(b.true_class, b.predicted_class);
  });
  return out;
}

double Evaluation::accuracy() const {
  uint64_t right = 0;
  for (int c = 0; c < classes(); ++c) right += confusion(c, c);
  return Ratio(right, examples());
}

double Evaluation::precision(int c) const { return Ratio(confusion(c, c), predicted(c)); }

double Evaluation::recall(int c) const { return Ratio(confusion(c, c), support(c)); }

// 2 TP / (2 TP + FP + FN) is the harmonic mean of precision and recall when
// both are defined, and computes it from the counts without their rounding.
double Evaluation::f1(int c) const {
  const uint64_t tp = confusion(c, c);
  return Ratio(2 * tp, support(c) + predicted(c));
}

// As scikit-learn's classification_report: the mean over the classes that
// occur in the test, as the true or the predicted class. A class of the model
// that neither does (a rare class absent from this test file) is left out,
// not counted as 0.
double Evaluation::Macro(double (Evaluation::*ratio)(int) const) const {
  double sum = 0;
  int n = 0;
  for (int c = 0; c < classes(); ++c) {
    if (support(c) == 0 && predicted(c) == 0) continue;
    sum += (this->*ratio)(c);
    ++n;
  }
  return n == 0 ? 0.0 : sum / n;
}

double Evaluation::macro_precision() const { return Macro(&Evaluation::precision); }
double Evaluation::macro_recall() const { return Macro(&Evaluation::recall); }
double Evaluation::macro_f1() const { return Macro(&Evaluation::f1); }

// With both classes sorted, one merge-like walk counts, for each positive,
// the negatives strictly below it and those at or below it; their sum is
// twice that positive's share of the Mann-Whitney U (a tie counts 1/2), kept
// in integers so that the only rounding is the final division.
double Evaluation::auc() const {
  if (classes() != 2 || keys_[0].empty() || keys_[1].empty() || !no_ranking_.empty()) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  if (!keys_sorted_) {
    RadixSort(keys_[0]);
    RadixSort(keys_[1]);
    keys_sorted_ = true;
  }
  const std::vector<uint32_t>& negatives = keys_[0];
  const std::vector<uint32_t>& positives = keys_[1];
  size_t below = 0, not_above = 0;
  uint64_t twice_u = 0;
  for (uint32_t p : positives) {
    while (below < negatives.size() && negatives[below] < p) ++below;
    not_above = std::max(not_above, below);
    while (not_above < negatives.size() && negatives[not_above] <= p) ++not_above;
    twice_u += below + not_above;
  }
  return double(twice_u) / (2.0 * double(negatives.size()) * double(positives.size()));
}

void Evaluation::AddConfidence(double confidence, bool correct) {
  if (!(confidence >= 0)) confidence = 0;  // NaN too
  // Bin m - 1 holds ((m-1)/M, m/M]: ceil(M c) - 1, and 0 for c = 0.
  const int b = std::clamp(static_cast<int>(std::ceil(confidence * kCalibrationBins)) - 1, 0,
                           kCalibrationBins - 1);
  ++bins_[b].examples;
  bins_[b].correct += correct;
  bins_[b].confidence += std::min(confidence, 1.0);
  ++confidence_examples_;
}

double Evaluation::calibration_error() const {
  if (confidence_examples_ == 0) return 0;
  double sum = 0;
  for (const Bin& b : bins_) {
    if (b.examples == 0) continue;
    sum += std::fabs(double(b.correct) - b.confidence);  // n_b |acc_b - conf_b|
  }
  return sum / double(confidence_examples_);
}

void Evaluation::AddClass(std::string name) {
  names_.push_back(std::move(name));
  support_.push_back(0);
  predicted_.push_back(0);
}

double Evaluation::log_loss() const {
  return log_loss_examples_ == 0 ? 0.0 : log_loss_sum_ / double(log_loss_examples_);
}

std::string Evaluation::Text() const {
  // The name column fits the longest class name and "macro avg".
  size_t name_width = std::string_view("macro avg").size();
  for (const std::string& name : names_) name_width = std::max(name_width, Columns(name));
  const int w = static_cast<int>(name_width);
  std::string out = absl::StrFormat("%-*s %10s %10s %10s %10s\n", w, "class", "precision", "recall",
                                    "f1", "support");
  // The classes the macro averages leave out (no example, no prediction:
  // ratios of 0/0) are not listed either, here or in the matrix, only counted.
  std::vector<int> listed;
  for (int c = 0; c < classes(); ++c) {
    if (support(c) > 0 || predicted(c) > 0) listed.push_back(c);
  }
  const int k = static_cast<int>(listed.size());
  const int unlisted = classes() - k;
  for (int c : listed) {
    out += absl::StrFormat("%s %10.6f %10.6f %10.6f %10d\n", Padded(names_[c], name_width, true),
                           precision(c), recall(c), f1(c), support(c));
  }
  out += absl::StrFormat("%-*s %10s %10s %10.6f %10d\n", w, "accuracy", "", "", accuracy(),
                         examples());
  out += absl::StrFormat("%-*s %10.6f %10.6f %10.6f %10d\n", w, "macro avg", macro_precision(),
                         macro_recall(), macro_f1(), examples());
  if (unlisted > 0) {
    out +=
        absl::StrFormat("(%d class%s of the model with no example and no prediction: not listed)\n",
                        unlisted, unlisted == 1 ? "" : "es");
  }
  if (HasAucLine()) {
    const double area = auc();
    std::string why;  // AUC undefined
    if (!no_ranking_.empty()) {
      why = no_ranking_;
    } else if (classes() != 2) {
      why = "a test label the model never saw makes a third class; AUC is for two";
    } else if (std::isnan(area)) {
      why = "one class has no examples";
    }
    out += why.empty() ? absl::StrFormat("auc = %.6f\n", area)
                       : absl::StrCat("auc = undefined (", why, ")\n");
  }
  if (has_log_loss()) out += absl::StrFormat("log loss = %.6f\n", log_loss());
  if (has_calibration()) {
    out += absl::StrFormat("expected calibration error = %.6f (%d bins)\n", calibration_error(),
                           kCalibrationBins);
  }

  const std::vector<ConfusionCell> nonzero = cells();
  if (k > kMaxTableClasses) {
    out += absl::StrFormat(
        "\nconfusion matrix: %d classes, too many for a table; its %d non-zero cells (true "
        "class, predicted class, examples)\n",
        k, nonzero.size());
    for (const ConfusionCell& c : nonzero) {
      out += absl::StrFormat("%s\t%s\t%d\n", names_[c.true_class], names_[c.predicted_class],
                             c.examples);
    }
    return out;
  }
  // Columns wide enough for the largest count and every class name.
  uint64_t largest = 0;
  for (const ConfusionCell& c : nonzero) largest = std::max(largest, c.examples);
  size_t column = absl::StrFormat("%d", largest).size();
  for (int c : listed) column = std::max(column, Columns(names_[c]));
  const int cw = static_cast<int>(column);
  out += "\nconfusion matrix (rows: true class, columns: predicted class)\n";
  out += absl::StrFormat("%-*s", w, "");
  for (int p : listed) absl::StrAppend(&out, "  ", Padded(names_[p], column, false));
  out += '\n';
  for (int t : listed) {
    out += Padded(names_[t], name_width, true);
    for (int p : listed) out += absl::StrFormat("  %*d", cw, confusion(t, p));
    out += '\n';
  }
  return out;
}

std::string Evaluation::Json() const {
  std::string out = "{\"examples\":";
  AppendCount(out, examples());
  // With no labelled example these are undefined: null (NaN), not 0.
  auto defined = [this](double v) {
    return examples() == 0 ? std::numeric_limits<double>::quiet_NaN() : v;
  };
  out += ",\"accuracy\":";
  AppendDouble(out, defined(accuracy()));
  out += ",\"macro_precision\":";
  AppendDouble(out, defined(macro_precision()));
  out += ",\"macro_recall\":";
  AppendDouble(out, defined(macro_recall()));
  out += ",\"macro_f1\":";
  AppendDouble(out, defined(macro_f1()));
  constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();  // null
  // Always there, so that a script reads it whatever the classes: null
  // where the text report has no AUC line (more than two classes).
  out += ",\"auc\":";
  AppendDouble(out, HasAucLine() ? auc() : kUndefined);
  if (has_log_loss() || probabilities_) {
    out += ",\"log_loss\":";
    AppendDouble(out, has_log_loss() ? log_loss() : kUndefined);
  }
  if (has_calibration() || probabilities_) {
    out += ",\"ece\":";
    AppendDouble(out, has_calibration() ? calibration_error() : kUndefined);
  }
  out += ",\"classes\":[";
  for (int c = 0; c < classes(); ++c) {
    if (c > 0) out += ',';
    out += "{\"name\":";
    AppendString(out, names_[c]);
    // Kept, so that the class numbers of "confusion" index this list.
    const bool absent = support(c) == 0 && predicted(c) == 0;
    auto ratio = [absent](double v) {
      return absent ? std::numeric_limits<double>::quiet_NaN() : v;
    };
    out += ",\"precision\":";
    AppendDouble(out, ratio(precision(c)));
    out += ",\"recall\":";
    AppendDouble(out, ratio(recall(c)));
    out += ",\"f1\":";
    AppendDouble(out, ratio(f1(c)));
    out += ",\"support\":";
    AppendCount(out, support(c));
    out += '}';
  }
  out += "],\"confusion\":";
  if (classes() > kMaxTableClasses) {
    out += "null";
  } else {
    out += '[';
    for (int t = 0; t < classes(); ++t) {
      if (t > 0) out += ',';
      out += '[';
      for (int p = 0; p < classes(); ++p) {
        if (p > 0) out += ',';
        AppendCount(out, confusion(t, p));
      }
      out += ']';
    }
    out += ']';
  }
  out += ",\"confusion_cells\":[";
  bool first = true;
  for (const ConfusionCell& c : cells()) {
    if (!first) out += ',';
    first = false;
    absl::StrAppend(&out, "[", c.true_class, ",", c.predicted_class, ",", c.examples, "]");
  }
  out += "]}";
  return out;
}

}  // namespace hare::learner
