// Running a learner or a model over streams of examples: training over one or
// more passes with progressive validation and holdout, scoring for test and
// predict, and the handling of bad lines that all share.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "io/example_batch.h"
#include "io/example_stream.h"
#include "learner/calibration.h"
#include "learner/classes.h"
#include "learner/feature_names.h"
#include "learner/learner.h"
#include "learner/model.h"
#include "learner/options.h"
#include "learner/progress.h"

namespace hare::learner {

// Train's progressive predictions: each batch's scores, made before it was
// learned from, with the names of the classes met so far (class labels). An
// error (output refused) ends the run with it.
using PredictionSink = std::function<absl::Status(const io::ExampleBatch&, const Scores&,
                                                  std::span<const std::string> class_names)>;

struct RunOptions {
  bool strict = false;               // the first bad line is an error
  std::ostream* messages = nullptr;  // bad lines, cache and pass reports (null: nowhere)
  std::ostream* progress = nullptr;  // the progress table (null: none)
  // Bad lines reported before going quiet: at most the messages a batch keeps.
  size_t max_messages = io::ExampleBatch::kBadLinesKept;
  bool bad_lines_only = false;                  // messages: no cache or pass reports
  const PredictionSink* predictions = nullptr;  // Train: given every batch of every pass
  // The most scores (examples times classes) a batch is scored in at once: a
  // chunk of many short lines in many classes is scored in parts of this many
  // or fewer (16 MiB), so that memory does not grow as the two multiply. The
  // parts give what the whole would.
  size_t max_scores = size_t{1} << 22;
  // The most scores the probabilities are fitted on (--probabilities): the
  // first of the kept held-out examples, as many as fit, each with a score
  // per class (16 MiB; 83,886 examples of 50 classes, 64 of 65,536).
  size_t max_calibration_scores = size_t{1} << 22;
};

struct PassResult {
  int pass = 0;
  uint64_t holdout_examples = 0;  // labelled held-out examples
  uint64_t holdout_mistakes = 0;
  uint64_t holdout_unlabelled = 0;  // held-out examples without a label
  int32_t holdout_class = -1;       // the class of the first labelled held-out example
  bool holdout_one_class = true;    // whether every labelled held-out example is of it
  double holdout_error() const {
    return holdout_examples == 0 ? 0.0 : double(holdout_mistakes) / double(holdout_examples);
  }
};

struct TrainResult {
  RunStats stats;                     // over every pass; mistakes of trained examples only
  std::vector<PassResult> passes;     // one per pass run
  std::vector<std::string> classes;   // class labels: the names, by class number
  Calibration calibration;            // with options.probabilities
  uint64_t calibration_examples = 0;  // held-out examples it was fitted on
  // Whether they could fit it: examples of two classes or more, and scores
  // that are not all the same (calibration.h: Fittable). If not, the
  // calibration is the identity (A = 1, B = 0; T = 1).
  bool calibration_fitted = false;
  std::vector<FeatureName> names;  // with options.keep_names: by slot, then name
};

// Trains `learner` on one stream (one pass, nothing held out), with binary
// labels unless `classes` says otherwise.
absl::StatusOr<RunStats> TrainOn(io::ExampleStream& stream, Learner& learner,
                                 const RunOptions& options, ClassMap classes = ClassMap::Binary());

// Trains `learner` on options.inputs for options.passes passes. With more than
// one pass (or --cache), the first pass writes a cache of parsed examples that
// the later ones read; every holdout_period-th example is held out and its
// error reported after each pass; training stops early when that error has
// not improved for early_stop passes. With options.probabilities, examples
// are held out even in one pass, and the calibration is fitted on (up to
// kCalibrationFeatures features and run.max_calibration_scores scores of)
// them, scored by the final weights. With
// options.keep_names, the first pass parses the text (never a cache) and
// keeps the names of the features of every example it trains on.
inline constexpr size_t kCalibrationFeatures = size_t{1} << 23;
absl::StatusOr<TrainResult> Train(const TrainOptions& options, Learner& learner,
                                  const RunOptions& run);

// Scores everything `stream` yields with `model` and hands each batch, with
// the classes of its examples (numbered as in `classes`, which starts as the
// model's and grows by the labels the model never saw) and their scores, to
// `sink` (which may write predictions). Stats count mistakes on the examples
// that have labels. A sink's error (output refused) ends the pass with it.
using ScoreSink =
    std::function<absl::Status(const io::ExampleBatch&, std::span<const int32_t>, const Scores&)>;
absl::StatusOr<RunStats> ScoreWith(io::ExampleStream& stream, const Model& model, ClassMap& classes,
                                   const RunOptions& options, const ScoreSink& sink);

// The classes a model knows.
ClassMap ClassesOf(const ModelHeader& header);

// The scores of example i of `batch` under `model`: one per column of `row`
// (a binary model has one; a model of K classes K).
void Score(const Model& model, const io::ExampleBatch& batch, size_t i, std::span<float> row);

}  // namespace hare::learner
