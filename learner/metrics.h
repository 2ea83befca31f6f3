// Evaluation of a classifier on labelled examples: accuracy, per-class
// precision, recall and F1, macro averages, the confusion matrix, AUC (binary)
// and log loss, as a human report and as one line of JSON.
//
// Written for K classes; binary is K = 2 with class 1 the positive class.
// Conventions, as scikit-learn's classification_report with zero_division=0:
// - precision(c) = TP / (TP + FP), recall(c) = TP / (TP + FN),
//   F1(c) = 2 TP / (2 TP + FP + FN) (the harmonic mean of the two), and any of
//   them whose denominator is 0 (a class never predicted, or never seen) is 0.
// - Macro averages are the plain means over the classes that are the true or
//   the predicted class of some example (a class of the model absent from the
//   test set is left out), so every such class weighs the same whatever its
//   size.
// - AUC is the Mann-Whitney statistic: the probability that a positive
//   example scores above a negative one, ties counting 1/2. It is exact.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace hare::learner {

// Log loss of one example: -ln p, where p is the probability the model gave to
// the example's true class (for binary, P(+1) for a positive, 1 - P(+1) for a
// negative). p is clamped to [1e-15, 1 - 1e-15], as scikit-learn did, so that a
// confident mistake costs 34.5 rather than infinity; a NaN counts as 1e-15.
double LogLoss(double true_class_probability);

// The mean of LogLoss over `true_class_probabilities`; 0 when it is empty.
double LogLoss(std::span<const double> true_class_probabilities);

class Evaluation {
 public:
  // One name per class; class i of Add is class_names[i]. K >= 1.
  explicit Evaluation(std::vector<std::string> class_names);

  // Counts one labelled example. Classes are in [0, K); `score` is the raw
  // score of the positive class (class 1) and is kept only when K = 2, for
  // AUC. Memory: 4 bytes per example kept (a vector's capacity can be up to
  // twice that), so 400-800 MB for 1e8 test examples, plus a scratch copy of
  // the larger class while auc() sorts: the price of an exact AUC. No
  // allocation per call beyond the vector's amortized growth.
  void Add(int true_class, int predicted_class, float score) {
    ++cells_[Cell(true_class, predicted_class)];
    ++support_[true_class];
    ++predicted_[predicted_class];
    ++examples_;
    if (classes() == 2) {
      keys_[true_class == 1].push_back(SortKey(score));
      keys_sorted_ = false;
    }
  }

  // The hook for log loss: counts one example's LogLoss. Call it only when the
  // model gives probabilities; log loss is reported only if it was called.
  void AddProbability(double true_class_probability) {
    log_loss_sum_ += LogLoss(true_class_probability);
    ++log_loss_examples_;
  }

  // The hook for calibration: counts one example's confidence (the
  // probability the model gave to the class it predicted) and whether that
  // prediction was right. The expected calibration error is reported only if
  // it was called.
  void AddConfidence(double confidence, bool correct);

  // A class the test set has and the model never saw (no example is
  // predicted as it); it becomes class classes(). Constant time: a test
  // file of a million labels the model never saw (ids in the label column)
  // is counted as fast as any other.
  void AddClass(std::string name);

  int classes() const { return static_cast<int>(names_.size()); }
  const std::string& class_name(int c) const { return names_[c]; }

  // The confusion matrix: examples of true class `t` predicted as `p`.
  uint64_t confusion(int t, int p) const {
    const auto it = cells_.find(Cell(t, p));
    return it == cells_.end() ? 0 : it->second;
  }
  // Its non-zero cells, by true class then predicted class.
  struct ConfusionCell {
    int true_class, predicted_class;
    uint64_t examples;
  };
  std::vector<ConfusionCell> cells() const;
  uint64_t examples() const { return examples_; }            // all examples added
  uint64_t support(int c) const { return support_[c]; }      // examples of true class c
  uint64_t predicted(int c) const { return predicted_[c]; }  // examples predicted as c

  double accuracy() const;  // 0 with no examples
  double precision(int c) const;
  double recall(int c) const;
  double f1(int c) const;
  // Means over the classes that are the true or the predicted class of some
  // example (scikit-learn's classification_report); 0 with no examples.
  double macro_precision() const;
  double macro_recall() const;
  double macro_f1() const;

  // Binary only: AUC of the scores of class 1 against class 0. NaN when
  // K != 2 (a model of two classes and a test label it never saw: K = 3),
  // when either class has no examples, or after set_no_ranking (it is
  // undefined then).
  double auc() const;
  // The scores given to Add do not rank the classes (a model that knows one
  // class of the two scores only that one), for the reason `why`: AUC is
  // undefined, and the report says why.
  void set_no_ranking(std::string why) { no_ranking_ = std::move(why); }

  // The model gives probabilities: the JSON has "log_loss" and "ece" even
  // before an example counts (null then), so that scripts find the keys.
  void set_probabilities(bool on) { probabilities_ = on; }
  bool has_log_loss() const { return log_loss_examples_ > 0; }
  double log_loss() const;  // mean over AddProbability's examples; 0 if none

  // Expected calibration error (Naeini, Cooper & Hauskrecht 2015; Guo et al.
  // 2017): the confidences cut into kCalibrationBins equal-width bins closed
  // on the right, as Guo et al. define them ((m-1)/M, m/M], the first [0, 1/M]),
  // ECE = sum over bins of (n_b / N) |accuracy_b - mean confidence_b|.
  static constexpr int kCalibrationBins = 10;
  bool has_calibration() const { return confidence_examples_ > 0; }
  double calibration_error() const;

  // The confusion matrix is printed as a table up to this many classes, and
  // beyond as its non-zero cells (a table of K^2 counts would not be read).
  static constexpr int kMaxTableClasses = 100;

  // A report like scikit-learn's classification_report: per-class precision,
  // recall, F1 and support, accuracy, macro averages, AUC and log loss when
  // defined, then the confusion matrix. Ends with a newline.
  std::string Text() const;

  // The same as one line of JSON (no newline):
  // {"examples":N,"accuracy":A,"macro_precision":P,"macro_recall":R,
  //  "macro_f1":F,"auc":U,"log_loss":L,"ece":E,"classes":[{"name":"-1","precision":P,
  //  "recall":R,"f1":F,"support":N},...],"confusion":[[...],...],
  //  "confusion_cells":[[t,p,n],...]}
  // A class with no example and no prediction (left out of the macro
  // averages, and of Text's table) has null precision, recall and f1: 0/0.
  // "auc" only when K = 2 or the model's K was 2 (null when undefined), "log_loss" only when
  // has_log_loss() or set_probabilities, "ece" only when has_calibration() or
  // set_probabilities (null when undefined); "confusion" is null
  // beyond kMaxTableClasses, and "confusion_cells" lists the non-zero cells
  // (class numbers index "classes") whatever K. Numbers are printed with the
  // fewest digits that read back as the same double.
  std::string Json() const;

 private:
  double Macro(double (Evaluation::*ratio)(int) const) const;
  // Whether the reports have an AUC (maybe undefined): a test or a model of
  // two classes, or a model of fewer (one class: all it scores) on a test of
  // at most two.
  bool HasAucLine() const {
    return classes() == 2 || model_classes_ == 2 || (model_classes_ < 2 && classes() <= 2);
  }
  // A float's bits mapped so that unsigned order is the float order, with -0
  // folded into +0 (x + 0.0f is +0 for either zero) so that they tie. A NaN
  // (no learner gives one) sorts above +inf or below -inf by its sign.
  static uint32_t SortKey(float score) {
    const auto bits = std::bit_cast<uint32_t>(score + 0.0f);
    return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
  }

  static uint64_t Cell(int t, int p) { return uint64_t(uint32_t(t)) << 32 | uint32_t(p); }

  std::vector<std::string> names_;
  int model_classes_;  // the classes given at construction, before AddClass
  // The confusion matrix's non-zero cells, (t << 32 | p) -> count: a dense
  // K x K matrix would take K^2 memory, and time to widen for each class the
  // model never saw.
  absl::flat_hash_map<uint64_t, uint64_t> cells_;
  std::vector<uint64_t> support_, predicted_;  // its row and column sums
  uint64_t examples_ = 0;
  // Binary only: the sort keys of the scores of class 0 and class 1. Sorted in
  // place by auc(), which is why they are mutable: a sorted copy would double
  // the memory on a large test set.
  mutable std::vector<uint32_t> keys_[2];
  mutable bool keys_sorted_ = true;
  std::string no_ranking_;  // why the scores do not rank, if they do not
  double log_loss_sum_ = 0;
  uint64_t log_loss_examples_ = 0;
  struct Bin {
    uint64_t examples = 0, correct = 0;
    double confidence = 0;
  };
  Bin bins_[kCalibrationBins];
  uint64_t confidence_examples_ = 0;
  bool probabilities_ = false;
};

}  // namespace hare::learner
