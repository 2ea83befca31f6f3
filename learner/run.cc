#include "learner/run.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "learner/feature_loop.h"

namespace hare::learner {
namespace {

using Clock = std::chrono::steady_clock;

// Reports a batch's bad lines; under --strict the first one ends the run.
absl::Status HandleBadLines(const io::ExampleBatch& batch, const RunOptions& options,
                            RunStats& stats) {
  for (const io::BadLine& bad : batch.bad_lines) {
    std::string where = absl::StrCat(std::string(batch.input_name), ":",
                                     batch.first_line + bad.line - 1, ":", bad.column, ": ");
    if (options.strict) {
      return absl::InvalidArgumentError(absl::StrCat(where, bad.message, " (stopped by --strict)"));
    }
    if (options.messages != nullptr && stats.bad_lines < options.max_messages) {
      *options.messages << where << bad.message << "; line skipped\n";
      if (stats.bad_lines + 1 == options.max_messages) {
        *options.messages << "(further bad lines are counted but not shown)\n";
      }
    }
    ++stats.bad_lines;
  }
  return absl::OkStatus();
}

// Reads every batch, reports its bad lines, scores it with `score_batch`
// (which fills one score per example), then counts it.
template <class ScoreBatch>
absl::StatusOr<RunStats> Run(io::ExampleReader& reader, const RunOptions& options,
                             ScoreBatch&& score_batch) {
  const Clock::time_point start = Clock::now();
  RunStats stats;
  ProgressTable table(options.progress);
  std::vector<float> scores;
  for (;;) {
    absl::StatusOr<const io::ExampleBatch*> next = reader.Next();
    if (!next.ok()) return next.status();
    const io::ExampleBatch* batch = *next;
    if (batch == nullptr) break;
    if (absl::Status s = HandleBadLines(*batch, options, stats); !s.ok()) return s;
    scores.resize(batch->size());
    score_batch(*batch, std::span<float>(scores));
    for (size_t i = 0; i < batch->size(); ++i) {
      const float predicted = PredictedLabel(scores[i]);
      const size_t features = batch->indices(i).size();
      ++stats.examples;
      stats.features += features;
      if (batch->has_label(i)) {
        ++stats.labelled;
        stats.mistakes += predicted != batch->label(i);
      }
      table.Add(stats, batch->label(i), predicted, features);
    }
  }
  stats.bytes = reader.bytes();
  stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return stats;
}

}  // namespace

absl::StatusOr<RunStats> TrainOn(io::ExampleReader& reader, Learner& learner,
                                 const RunOptions& options) {
  return Run(reader, options, [&](const io::ExampleBatch& batch, std::span<float> scores) {
    learner.Train(batch, scores);
  });
}

float Score(const Model& model, const io::ExampleBatch& batch, size_t i) {
  float dot = 0;
  ForEachFeature(model.weights(), batch.indices(i), batch.values(i),
                 [&](const float* slot, float x) { dot += slot[0] * x; });
  return batch.initial(i) + dot - model.header().threshold;
}

absl::StatusOr<RunStats> ScoreWith(io::ExampleReader& reader, const Model& model,
                                   const RunOptions& options, const ScoreSink& sink) {
  return Run(reader, options, [&](const io::ExampleBatch& batch, std::span<float> scores) {
    for (size_t i = 0; i < batch.size(); ++i) scores[i] = Score(model, batch, i);
    if (sink) sink(batch, scores);
  });
}

}  // namespace hare::learner
