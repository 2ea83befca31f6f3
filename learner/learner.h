// A model in training. One virtual call per batch; inside, the rule is a
// template parameter and its per-feature work is inlined (linear_learner.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "io/example_batch.h"
#include "learner/options.h"

namespace hare::learner {

// Where the weights of a model to save come from.
class WeightSource {
 public:
  virtual ~WeightSource() = default;
  virtual int bits() const = 0;
  // The weight of slot `index` that predictions use.
  virtual float PredictionWeight(uint32_t index) const = 0;
};

// The predicted binary label of a score: +1 above zero, -1 at or below it.
inline float PredictedLabel(float score) { return score > 0 ? 1.0f : -1.0f; }

// The classes of binary labels: -1 is class 0, +1 is class 1.
inline int32_t BinaryClass(float label) { return label > 0 ? 1 : 0; }

// The scores of a batch, one row per example. A binary model has one column,
// the score of +1; a model of K classes has a column per class, and an
// example's row holds the classes known before it (its own class, first seen
// there, is not among them: the example could not have been predicted so).
class Scores {
 public:
  void Reset(size_t examples, size_t columns, bool binary) {
    columns_ = columns;
    binary_ = binary;
    values_.assign(examples * columns, 0.0f);
    known_.assign(examples, columns);
  }
  size_t columns() const { return columns_; }
  bool binary() const { return binary_; }
  // Every column of row i, the classes not known before example i too (the
  // learner fills them: its update sees them).
  std::span<float> full_row(size_t i) { return {values_.data() + i * columns_, columns_}; }
  std::span<const float> full_row(size_t i) const {
    return {values_.data() + i * columns_, columns_};
  }
  // Row i shows its first `known` columns only.
  void Restrict(size_t i, size_t known) { known_[i] = std::min(known, columns_); }
  std::span<float> row(size_t i) { return {values_.data() + i * columns_, known_[i]}; }
  std::span<const float> row(size_t i) const { return {values_.data() + i * columns_, known_[i]}; }

  // The class example i is predicted: binary, 1 (+1) if its score is > 0,
  // else 0; otherwise the class of the highest score, the first among ties.
  int32_t Predicted(size_t i) const {
    const std::span<const float> r = row(i);
    if (r.empty()) return -1;  // no class known before the example
    if (binary_) return r[0] > 0 ? 1 : 0;
    int32_t best = 0;
    for (size_t k = 1; k < r.size(); ++k) {
      if (r[k] > r[best]) best = static_cast<int32_t>(k);
    }
    return best;
  }
  // The same given the row's probabilities (Calibration::ClassProbabilities;
  // empty without): binary, 1 when P(+1) > 1/2, which Platt's B moves off
  // score 0, so that the label agrees with the probability printed beside it.
  int32_t Predicted(size_t i, std::span<const double> probabilities) const {
    if (binary_ && probabilities.size() == 2) return probabilities[1] > 0.5 ? 1 : 0;
    return Predicted(i);
  }

 private:
  size_t columns_ = 1;
  bool binary_ = true;
  std::vector<float> values_;
  std::vector<size_t> known_;
};

// All a learner holds, so that training can go on where it stopped
// (--save-resume, then hare train -i): its counters, and the table's slots
// that are not all zero, each with every float the rule keeps in it (the
// weight, an AROW variance, an average's sum, AdaGrad's G, ...).
struct TrainingState {
  int32_t classes = 0;      // classes seen (class labels only)
  uint64_t steps = 0;       // labelled examples learned from
  uint64_t overflowed = 0;  // of which not learned from (learner.h: overflowed())
  double l2_total = 0;      // SGD's regularization owed, as linear_learner.h keeps it
  double l1_total = 0;
  double norm_w2 = 0;  // the Perceptron's ||w||^2 (--normalized-margin)
  int floats_per_slot = 1;
  // Labelled examples learned from, by class (binary: -1, then +1), for
  // --uneven-margin; empty in states saved before format version 13.
  std::vector<uint64_t> class_examples = {};
  std::vector<uint32_t> indices = {};  // ascending
  std::vector<float> floats = {};      // floats_per_slot for each index
};

class Learner : public WeightSource {
 public:
  // Progressive validation: each example of the batch is scored, its scores
  // stored in scores.row(i), and only then learned from if it has a class
  // (classes[i] >= 0; binary: 1 for +1, 0 for -1). Examples with held_out[i]
  // set are scored with the prediction weights (the average, with --average)
  // and not learned from. An empty held_out holds nothing out.
  virtual void Train(const io::ExampleBatch& batch, std::span<const int32_t> classes,
                     std::span<const uint8_t> held_out, Scores& scores) = 0;
  // Called before each pass of a run (pass 1 to passes): what a rule keeps
  // for each example (the SVM's dual variables) is kept while another pass
  // follows, and --shuffle reorders the passes after the first. A learner
  // never told is in pass 1 of 1.
  virtual void BeginPass(int pass, int passes) = 0;
  // The scores of one example under the prediction weights, one per column.
  virtual void PredictionScores(const io::ExampleBatch& batch, size_t i,
                                std::span<float> row) const = 0;
  // Classes learned so far (binary: 1, the one weight vector).
  virtual int classes() const = 0;
  // Slots of the 2^bits that training has written to: how full the table is.
  virtual uint64_t slots_in_use() const = 0;
  // The bytes of its table: 2^bits slots of the floats its options keep.
  virtual uint64_t table_bytes() const = 0;
  // What a saved model needs to score like PredictionScores.
  virtual float threshold() const = 0;
  virtual bool threshold_per_feature() const = 0;  // theta = threshold * sum x
  virtual bool normalizes_input() const = 0;
  // Labelled examples whose score or squared length overflowed a float
  // (feature values too large): not learned from, or not by every class.
  virtual uint64_t overflowed() const = 0;
  virtual TrainingState SaveState() const = 0;
  // Takes a state that SaveState of a learner of the same options gave;
  // fails, changing nothing, when its layout is another's.
  virtual absl::Status Resume(const TrainingState& state) = 0;

  // Binary shorthands: labels from the batch, one score per example.
  void Train(const io::ExampleBatch& batch, std::span<const uint8_t> held_out,
             std::span<float> scores);
  float PredictionScore(const io::ExampleBatch& batch, size_t i) const {
    float score = 0;
    PredictionScores(batch, i, {&score, 1});
    return score;
  }
};

std::unique_ptr<Learner> MakeLearner(const LearnerOptions& options, int bits);

// The bytes of the table MakeLearner(options, bits) maps, without making it.
uint64_t TableBytes(const LearnerOptions& options, int bits);

}  // namespace hare::learner
