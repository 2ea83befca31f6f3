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
#include "io/example_stream.h"
#include "learner/learner.h"
#include "learner/model.h"
#include "learner/options.h"
#include "learner/progress.h"

namespace hare::learner {

struct RunOptions {
  bool strict = false;               // the first bad line is an error
  std::ostream* messages = nullptr;  // bad lines, cache and pass reports (null: nowhere)
  std::ostream* progress = nullptr;  // the progress table (null: none)
  size_t max_messages = 100;         // bad lines reported before going quiet
};

struct PassResult {
  int pass = 0;
  uint64_t holdout_examples = 0;
  uint64_t holdout_mistakes = 0;
  double holdout_error() const {
    return holdout_examples == 0 ? 0.0 : double(holdout_mistakes) / double(holdout_examples);
  }
};

struct TrainResult {
  RunStats stats;                  // over every pass; mistakes of trained examples only
  std::vector<PassResult> passes;  // one per pass run
};

// Trains `learner` on one stream (one pass, nothing held out).
absl::StatusOr<RunStats> TrainOn(io::ExampleStream& stream, Learner& learner,
                                 const RunOptions& options);

// Trains `learner` on options.inputs for options.passes passes. With more than
// one pass (or --cache), the first pass writes a cache of parsed examples that
// the later ones read; every holdout_period-th example is held out and its
// error reported after each pass; training stops early when that error has
// not improved for early_stop passes.
absl::StatusOr<TrainResult> Train(const TrainOptions& options, Learner& learner,
                                  const RunOptions& run);

// Scores everything `stream` yields with `model` and hands each batch with its
// scores to `sink` (which may write predictions). Stats count mistakes on the
// examples that have labels.
using ScoreSink = std::function<void(const io::ExampleBatch&, std::span<const float>)>;
absl::StatusOr<RunStats> ScoreWith(io::ExampleStream& stream, const Model& model,
                                   const RunOptions& options, const ScoreSink& sink);

// The score of example i of `batch` under `model`.
float Score(const Model& model, const io::ExampleBatch& batch, size_t i);

}  // namespace hare::learner
