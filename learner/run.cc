#include "learner/run.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "io/example_cache.h"
#include "io/example_reader.h"
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

// One pass over a stream: reports bad lines, marks held-out examples, scores
// (and learns from) each batch with `score_batch`, and counts.
struct Pass {
  int holdout_period = 0;  // 0: nothing held out
  io::CacheWriter* cache = nullptr;
  PassResult* result = nullptr;
};

template <class ScoreBatch>
absl::Status RunPass(io::ExampleStream& stream, const RunOptions& options, const Pass& pass,
                     RunStats& stats, ProgressTable& table, ScoreBatch&& score_batch) {
  std::vector<float> scores;
  std::vector<uint8_t> held_out;
  uint64_t position = 0;  // examples of this pass so far
  for (;;) {
    absl::StatusOr<const io::ExampleBatch*> next = stream.Next();
    if (!next.ok()) return next.status();
    const io::ExampleBatch* batch = *next;
    if (batch == nullptr) break;
    if (absl::Status s = HandleBadLines(*batch, options, stats); !s.ok()) return s;
    if (pass.cache != nullptr) pass.cache->Append(*batch);
    scores.resize(batch->size());
    held_out.assign(pass.holdout_period > 0 ? batch->size() : 0, 0);
    for (size_t i = 0; i < held_out.size(); ++i) {
      held_out[i] = (position + i + 1) % static_cast<uint64_t>(pass.holdout_period) == 0;
    }
    score_batch(*batch, std::span<const uint8_t>(held_out), std::span<float>(scores));
    for (size_t i = 0; i < batch->size(); ++i) {
      const float predicted = PredictedLabel(scores[i]);
      const size_t features = batch->indices(i).size();
      ++stats.examples;
      stats.features += features;
      const bool wrong = batch->has_label(i) && predicted != batch->label(i);
      if (!held_out.empty() && held_out[i]) {
        if (batch->has_label(i)) {
          ++pass.result->holdout_examples;
          pass.result->holdout_mistakes += wrong;
        }
      } else if (batch->has_label(i)) {
        ++stats.labelled;
        stats.mistakes += wrong;
      }
      table.Add(stats, batch->label(i), predicted, features);
    }
    position += batch->size();
  }
  stats.bytes += stream.bytes();
  return absl::OkStatus();
}

// A file name for a cache that lives only while training runs.
std::string TemporaryCachePath() {
  const auto now = Clock::now().time_since_epoch().count();
  return (std::filesystem::temp_directory_path() / absl::StrCat("hare-cache.", getpid(), ".", now))
      .string();
}

double Since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

absl::StatusOr<RunStats> TrainOn(io::ExampleStream& stream, Learner& learner,
                                 const RunOptions& options) {
  const Clock::time_point start = Clock::now();
  RunStats stats;
  ProgressTable table(options.progress);
  absl::Status s =
      RunPass(stream, options, Pass{}, stats, table,
              [&](const io::ExampleBatch& batch, std::span<const uint8_t> held_out,
                  std::span<float> scores) { learner.Train(batch, held_out, scores); });
  if (!s.ok()) return s;
  stats.seconds = Since(start);
  return stats;
}

absl::StatusOr<TrainResult> Train(const TrainOptions& o, Learner& learner, const RunOptions& run) {
  const Clock::time_point start = Clock::now();
  TrainResult result;
  ProgressTable table(run.progress);
  const bool use_cache = o.passes > 1 || !o.cache.empty();
  const bool temporary = o.cache.empty();
  const std::string cache_path = temporary ? TemporaryCachePath() : o.cache;
  const std::string key = io::CacheKey(o.parse, o.inputs);
  const uint32_t mask = hashing::MaskFor(o.parse.bits);
  const int holdout = o.passes > 1 && !o.holdout_off ? o.holdout_period : 0;
  auto say = [&](const std::string& text) {
    if (run.messages != nullptr) *run.messages << "hare train: " << text << "\n";
  };

  // The first pass reads a valid cache if one was named, else the text.
  std::unique_ptr<io::ExampleStream> stream;
  std::unique_ptr<io::CacheWriter> writer;
  if (!temporary) {
    absl::StatusOr<std::unique_ptr<io::CacheReader>> cached =
        io::CacheReader::Open(cache_path, key, mask);
    if (cached.ok()) {
      say(absl::StrCat("reading examples from cache ", cache_path));
      stream = std::move(*cached);
    } else if (absl::IsFailedPrecondition(cached.status())) {
      say(absl::StrCat(cached.status().message(), "; rebuilding it"));
    }
  }
  if (stream == nullptr) {
    stream = std::make_unique<io::ExampleReader>(o.inputs, o.parse, o.chunking, o.threads);
    if (use_cache) {
      absl::StatusOr<std::unique_ptr<io::CacheWriter>> w = io::CacheWriter::Create(cache_path, key);
      if (!w.ok()) return w.status();
      writer = std::move(*w);
    }
  }

  double best = INFINITY;
  int since_best = 0;
  absl::Status status;
  for (int pass = 1; pass <= o.passes; ++pass) {
    if (pass > 1) {
      absl::StatusOr<std::unique_ptr<io::CacheReader>> cached =
          io::CacheReader::Open(cache_path, key, mask);
      if (!cached.ok()) {
        status = cached.status();
        break;
      }
      stream = std::move(*cached);
    }
    result.passes.push_back(PassResult{.pass = pass});
    status = RunPass(*stream, run, Pass{holdout, writer.get(), &result.passes.back()}, result.stats,
                     table,
                     [&](const io::ExampleBatch& batch, std::span<const uint8_t> held_out,
                         std::span<float> scores) { learner.Train(batch, held_out, scores); });
    if (!status.ok()) break;
    if (writer != nullptr) {
      status = writer->Finish();
      writer.reset();
      if (!status.ok()) break;
    }
    if (holdout > 0) {
      const PassResult& p = result.passes.back();
      say(absl::StrFormat("pass %d: holdout error %.6f (%d of %d held-out examples)", pass,
                          p.holdout_error(), p.holdout_mistakes, p.holdout_examples));
      if (p.holdout_error() < best) {
        best = p.holdout_error();
        since_best = 0;
      } else if (++since_best >= o.early_stop && pass < o.passes) {
        say(absl::StrCat("stopping early: no improvement on the holdout for ", o.early_stop,
                         " passes"));
        break;
      }
    }
  }
  writer.reset();
  if (temporary && use_cache) std::filesystem::remove(cache_path);
  if (!status.ok()) return status;
  result.stats.seconds = Since(start);
  return result;
}

float Score(const Model& model, const io::ExampleBatch& batch, size_t i) {
  float dot = 0, norm2 = 0, xsum = 0;
  ForEachFeature(model.weights(), batch.indices(i), batch.values(i),
                 [&](const float* slot, float x) {
                   dot += slot[0] * x;
                   norm2 += x * x;
                   xsum += x;
                 });
  const ModelHeader& h = model.header();
  const float scale = h.normalize_input && norm2 > 0 ? 1 / std::sqrt(norm2) : 1.0f;
  const float theta = h.threshold_per_feature ? h.threshold * xsum * scale : h.threshold;
  return batch.initial(i) + dot * scale - theta;
}

absl::StatusOr<RunStats> ScoreWith(io::ExampleStream& stream, const Model& model,
                                   const RunOptions& options, const ScoreSink& sink) {
  const Clock::time_point start = Clock::now();
  RunStats stats;
  ProgressTable table(options.progress);
  absl::Status s = RunPass(
      stream, options, Pass{}, stats, table,
      [&](const io::ExampleBatch& batch, std::span<const uint8_t>, std::span<float> scores) {
        // Slots prefetched 4 examples ahead, as the learner does (linear_learner.h).
        constexpr size_t kAhead = 4;
        for (size_t i = 0; i < batch.size(); ++i) {
          if (i + kAhead < batch.size())
            PrefetchFeatures(model.weights(), batch.indices(i + kAhead));
          scores[i] = Score(model, batch, i);
        }
        if (sink) sink(batch, scores);
      });
  if (!s.ok()) return s;
  stats.seconds = Since(start);
  return stats;
}

}  // namespace hare::learner
