// Running a learner or a model over a stream of examples: progressive
// validation while training, scoring for test and predict, and the handling of
// bad lines that both share.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "io/example_reader.h"
#include "learner/learner.h"
#include "learner/model.h"
#include "learner/progress.h"

namespace hare::learner {

struct RunOptions {
  bool strict = false;               // the first bad line is an error
  std::ostream* messages = nullptr;  // where bad lines are reported (null: nowhere)
  std::ostream* progress = nullptr;  // where the progress table goes (null: none)
  size_t max_messages = 100;         // bad lines reported before going quiet
};

// Trains `learner` on everything `reader` yields.
absl::StatusOr<RunStats> TrainOn(io::ExampleReader& reader, Learner& learner,
                                 const RunOptions& options);

// Scores everything `reader` yields with `model` and hands each batch with its
// scores to `sink` (which may write predictions). Stats count mistakes on the
// examples that have labels.
using ScoreSink = std::function<void(const io::ExampleBatch&, std::span<const float>)>;
absl::StatusOr<RunStats> ScoreWith(io::ExampleReader& reader, const Model& model,
                                   const RunOptions& options, const ScoreSink& sink);

// The score of example i of `batch` under `model`.
float Score(const Model& model, const io::ExampleBatch& batch, size_t i);

}  // namespace hare::learner
