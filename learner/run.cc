#include "learner/run.h"

#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "io/example_cache.h"
#include "io/example_reader.h"
#include "learner/example_scores.h"
#include "learner/memory_limit.h"

namespace hare::learner {
namespace {

using Clock = std::chrono::steady_clock;

// Reports a batch's bad lines; under --strict the first one ends the run.
absl::Status HandleBadLines(const io::ExampleBatch& batch, const RunOptions& options,
                            RunStats& stats) {
  uint64_t shown = stats.bad_lines;  // the bad lines before this one, run-wide
  for (const io::BadLine& bad : batch.bad_lines) {
    std::string where = absl::StrCat(std::string(batch.input_name), ":",
                                     batch.first_line + bad.line - 1, ":", bad.column, ": ");
    if (options.strict) {
      return absl::InvalidArgumentError(absl::StrCat(where, bad.message, " (stopped by --strict)"));
    }
    // A batch keeps the messages of its first kBadLinesKept bad lines only.
    const uint64_t max_messages = std::min(options.max_messages, io::ExampleBatch::kBadLinesKept);
    if (options.messages != nullptr && shown < max_messages) {
      *options.messages << where << bad.message << "; line skipped\n";
      if (shown + 1 == max_messages) {
        *options.messages << "(further bad lines are counted but not shown)\n";
      }
    }
    ++shown;
  }
  stats.bad_lines += batch.bad_line_count;
  stats.bad_labels += batch.bad_label_count;
  stats.out_of_memory += batch.out_of_memory_count;
  return absl::OkStatus();
}

// Under --strict, `part` becomes the lines of `batch` before its first bad
// line, so that they are answered (scored, predicted, learned from) before
// the run stops at it, however the input was cut into batches; false when
// that line is the batch's first.
bool BeforeFirstBadLine(const io::ExampleBatch& batch, io::ExampleBatch& part) {
  const uint32_t bad = batch.bad_lines.front().line;
  if (bad <= 1) return false;
  size_t good = 0;
  while (good < batch.size() && batch.line(good) < bad) ++good;
  if (good > 0) {
    part.CopyPart(batch, 0, good);
  } else {
    part.Clear();
    part.input_name = batch.input_name;
    part.first_line = batch.first_line;
  }
  part.line_count = bad - 1;  // blank lines before the bad one too
  return true;
}

// One pass over a stream: reports bad lines, numbers the classes, marks
// held-out examples (and keeps copies of them to calibrate on), scores (and
// learns from) each batch with `score_batch`, and counts.
struct Pass {
  int holdout_period = 0;  // 0: nothing held out
  int holdout_offset = 0;
  io::CacheWriter* cache = nullptr;
  PassResult* result = nullptr;
  io::ExampleBatch* keep = nullptr;  // held-out examples kept, up to kCalibrationFeatures
  std::vector<int32_t>* kept_classes = nullptr;
  FeatureNames* names = nullptr;  // collects the names of the examples trained on
  // A saved model's probabilities: a binary label is then P(+1) > 1/2.
  const Calibration* calibration = nullptr;
};

template <class ScoreBatch>
absl::Status RunPass(io::ExampleStream& stream, const RunOptions& options, const Pass& pass,
                     ClassMap& classes, RunStats& stats, ProgressTable& table,
                     ScoreBatch&& score_batch) {
  Scores scores;
  io::ExampleBatch part_batch;    // a part of a batch too large to score whole
  io::ExampleBatch strict_batch;  // under --strict, the lines before the first bad one
  std::vector<int32_t> ids;
  std::vector<uint8_t> held_out;
  std::vector<double> probabilities;
  uint64_t position = 0;  // examples of this pass so far
  for (;;) {
    absl::StatusOr<const io::ExampleBatch*> next = stream.Next();
    if (!next.ok()) return next.status();
    const io::ExampleBatch* batch = *next;
    if (batch == nullptr) break;
    const absl::Status stop = HandleBadLines(*batch, options, stats);
    if (!stop.ok()) {
      if (!BeforeFirstBadLine(*batch, strict_batch)) return stop;
      batch = &strict_batch;
    }
    if (batch->marked >= 0) {
      stats.parsed_text += batch->size();
      stats.marked += static_cast<uint64_t>(batch->marked);
    }
    if (absl::Status s = classes.Assign(*batch, ids); !s.ok()) return s;
    if (pass.cache != nullptr) {
      pass.cache->Append(*batch, classes.binary() ? std::span<const int32_t>() : ids);
    }
    held_out.assign(pass.holdout_period > 0 ? batch->size() : 0, 0);
    for (size_t i = 0; i < held_out.size(); ++i) {
      held_out[i] = (position + i + 1 + static_cast<uint64_t>(pass.holdout_offset)) %
                        static_cast<uint64_t>(pass.holdout_period) ==
                    0;
      if (held_out[i] && pass.keep != nullptr && ids[i] >= 0 &&
          pass.keep->feature_count() + batch->indices(i).size() <= kCalibrationFeatures) {
        pass.keep->BeginExample();
        const auto indices = batch->indices(i);
        const auto values = batch->values(i);
        for (size_t k = 0; k < indices.size(); ++k) pass.keep->AddFeature(indices[k], values[k]);
        pass.keep->EndExample(0, batch->label(i), batch->importance(i), batch->initial(i), {});
        pass.kept_classes->push_back(ids[i]);
      }
    }
    if (pass.names != nullptr) pass.names->Add(*batch, ids, held_out);
    const std::span<const uint8_t> holdout(held_out);
    // Scored in parts of at most options.max_scores scores (one part, the
    // batch itself, unless its examples times its classes are more).
    const size_t part = std::max<size_t>(
        1, options.max_scores / std::max<size_t>(1, static_cast<size_t>(classes.size())));
    size_t begin = 0;
    do {
      const size_t end = std::min(batch->size(), begin + part);
      const io::ExampleBatch* scored = batch;
      if (begin > 0 || end < batch->size()) {
        part_batch.CopyPart(*batch, begin, end);
        scored = &part_batch;
      }
      if (absl::Status s =
              score_batch(*scored, std::span<const int32_t>(ids).subspan(begin, end - begin),
                          holdout.empty() ? holdout : holdout.subspan(begin, end - begin), scores);
          !s.ok()) {
        return s;
      }
      const std::vector<std::string>& names = classes.names();
      for (size_t j = 0; j < end - begin; ++j) {
        const size_t i = begin + j;
        if (pass.calibration != nullptr && scores.binary()) {
          pass.calibration->ClassProbabilities(scores.row(j), true, probabilities);
        }
        const int32_t predicted = scores.Predicted(j, probabilities);
        const size_t features = batch->indices(i).size();
        ++stats.examples;
        stats.features += features;
        const bool wrong = ids[i] >= 0 && predicted != ids[i];
        if (!held_out.empty() && held_out[i]) {
          PassResult& r = *pass.result;
          r.holdout_unlabelled += ids[i] < 0;
          if (ids[i] >= 0) {
            ++r.holdout_examples;
            r.holdout_mistakes += wrong;
            if (r.holdout_class < 0) r.holdout_class = ids[i];
            r.holdout_one_class &= ids[i] == r.holdout_class;
          }
        } else if (ids[i] >= 0) {
          ++stats.labelled;
          stats.positive += classes.binary() && ids[i] == 1;
          stats.mistakes += wrong;
        }
        table.Add(
            stats, ids[i] >= 0 ? std::string_view(names[ids[i]]) : "none",
            predicted >= 0 && predicted < classes.size() ? std::string_view(names[predicted]) : "?",
            features);
      }
      begin = end;
    } while (begin < batch->size());
    position += batch->size();
    if (!stop.ok()) return stop;
  }
  stats.bytes += stream.bytes();
  return absl::OkStatus();
}

// Fits the calibration to the first kept held-out examples, as many as have
// at most `max_scores` scores, scored by the learner's final prediction
// weights, into `result`.
void Calibrate(const Learner& learner, bool binary, const io::ExampleBatch& kept,
               std::span<const int32_t> classes, size_t max_scores, TrainResult& result) {
  const size_t k = binary ? 1 : static_cast<size_t>(learner.classes());
  const size_t n = std::min(kept.size(), std::max<size_t>(1, max_scores / std::max<size_t>(1, k)));
  classes = classes.first(std::min(n, classes.size()));
  std::vector<float> scores(classes.size() * k);
  for (size_t i = 0; i < classes.size(); ++i) {
    learner.PredictionScores(kept, i, std::span<float>(scores).subspan(i * k, k));
  }
  result.calibration = binary ? FitPlatt(scores, classes) : FitTemperature(scores, k, classes);
  result.calibration_examples = classes.size();
  result.calibration_fitted = Fittable(scores, classes);
}

// A file name for a cache that lives only while training runs, in the
// temporary directory (TMPDIR).
absl::StatusOr<std::string> TemporaryCachePath() {
  std::error_code error;
  // An empty TMPDIR (TMPDIR= cmd) is unset, as mktemp and most tools take it.
  const char* tmpdir = std::getenv("TMPDIR");
  const std::filesystem::path folder = tmpdir != nullptr && *tmpdir == '\0'
                                           ? std::filesystem::path("/tmp")
                                           : std::filesystem::temp_directory_path(error);
  if (error) {
    std::string variable;  // the one the C++ library took the folder from
    for (const char* name : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"}) {
      if (const char* value = std::getenv(name); value != nullptr && variable.empty())
        variable = absl::StrCat(name, "=", value, ": ");
    }
    return absl::FailedPreconditionError(absl::StrCat(
        "no temporary directory for the cache of later passes (", variable, error.message(),
        "): set TMPDIR to a directory (or, in hare train, give the cache a file with -c FILE)"));
  }
  const auto now = Clock::now().time_since_epoch().count();
  const size_t thread = std::hash<std::thread::id>()(std::this_thread::get_id());
  return (folder / absl::StrCat("hare-cache.", getpid(), ".", thread, ".", now)).string();
}

// An error of the temporary cache, whose name no user could look for (the
// file is unlinked, or never linked): it names the folder instead.
absl::Status OfTemporaryCache(const absl::Status& status, const std::string& path) {
  if (path.empty()) return status;  // no cache was made
  const std::string folder = std::filesystem::path(path).parent_path().string();
  const std::string named =
      absl::StrCat("cache (a temporary file in ", folder, ", for the passes after the first)");
  return absl::Status(status.code(),
                      absl::StrReplaceAll(status.message(),
                                          {{absl::StrCat("cache ", path), named}, {path, named}}));
}

double Since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A pass over the cache that only predicts: the held-out examples scored
// with the weights as the pass before left them, counted into `result`
// (the others are not scored: their rows stay 0 and count nowhere).
absl::Status ScoreHoldout(io::CacheReader& reader, const Learner& learner, int holdout, int offset,
                          size_t max_scores, ClassMap& classes, PassResult& result) {
  if (absl::Status s = reader.Rewind(); !s.ok()) return s;
  RunStats unused;  // the counts of the examples learned from are the learning pass's
  ProgressTable silent(nullptr);
  return RunPass(reader, RunOptions{.max_scores = max_scores},
                 Pass{.holdout_period = holdout, .holdout_offset = offset, .result = &result},
                 classes, unused, silent,
                 [&](const io::ExampleBatch& batch, std::span<const int32_t>,
                     std::span<const uint8_t> held_out, Scores& scores) {
                   const bool binary = classes.binary();
                   scores.Reset(batch.size(), binary ? 1 : static_cast<size_t>(learner.classes()),
                                binary);
                   for (size_t i = 0; i < batch.size(); ++i) {
                     if (held_out[i]) learner.PredictionScores(batch, i, scores.row(i));
                   }
                   return absl::OkStatus();
                 });
}

}  // namespace

absl::StatusOr<RunStats> TrainOn(io::ExampleStream& stream, Learner& learner,
                                 const RunOptions& options, ClassMap classes) {
  const Clock::time_point start = Clock::now();
  RunStats stats;
  ProgressTable table(options.progress);
  table.Widen(classes.names());
  learner.BeginPass(1, 1);
  absl::Status s = RunPass(stream, options, Pass{}, classes, stats, table,
                           [&](const io::ExampleBatch& batch, std::span<const int32_t> ids,
                               std::span<const uint8_t> held_out, Scores& scores) {
                             learner.Train(batch, ids, held_out, scores);
                             return absl::OkStatus();
                           });
  if (!s.ok()) return s;
  stats.seconds = Since(start);
  return stats;
}

absl::StatusOr<TrainResult> Train(const TrainOptions& o, Learner& learner, const RunOptions& run) {
  const Clock::time_point start = Clock::now();
  TrainResult result;
  ProgressTable table(run.progress);
  const bool use_cache =
      o.passes > 1 || (o.holdout_after_pass && !o.holdout_off) || !o.cache.empty();
  const bool temporary = o.cache.empty();
  std::string cache_path = o.cache;
  if (use_cache && temporary) {
    absl::StatusOr<std::string> path = TemporaryCachePath();
    if (!path.ok()) return path.status();
    cache_path = *std::move(path);
  }
  io::ParseOptions parse = o.parse;
  parse.names = o.keep_names;
  io::ChunkerOptions chunking = o.chunking;
  LimitLinesToTheMemory(parse, chunking);
  // After -i, classes are numbered from the model's: a cache holds numbers.
  std::string key = io::CacheKey(parse, o.inputs);
  if (!o.classes.empty()) {
    const std::string names = absl::StrJoin(o.classes, "\n");
    absl::StrAppend(&key, " first_classes=", o.classes.size(), ":",
                    absl::Hex(XXH3_64bits(names.data(), names.size())));
  }
  const uint32_t mask = hashing::MaskFor(o.parse.bits);
  const int holdout = (o.passes > 1 || o.probabilities || o.holdout_after_pass) && !o.holdout_off
                          ? o.holdout_period
                          : 0;
  const bool binary = o.learner.multiclass == Multiclass::kNone;
  ClassMap classes = binary ? ClassMap::Binary() : ClassMap(o.classes);
  classes.LimitToAModel();
  table.Widen(classes.names());
  io::ExampleBatch kept;  // held-out examples to calibrate on
  std::vector<int32_t> kept_classes;
  FeatureNames names;
  auto say = [&](const std::string& text) {
    if (run.messages != nullptr && !run.bad_lines_only)
      *run.messages << "hare train: " << text << "\n";
  };

  // The first pass reads a valid cache if one was named, else the text (which
  // alone has the names).
  std::unique_ptr<io::ExampleStream> stream;
  io::CacheReader* reader = nullptr;  // the stream, once it reads the cache
  std::unique_ptr<io::CacheWriter> writer;
  // Stdin or a named pipe may hold other data on each run, and nothing in a
  // cache can tell: a cache is reused only for regular files (their size and
  // times are in its key).
  const std::string stream_input = io::StreamInput(o.inputs);
  const bool from_stream = !stream_input.empty();
  if (!temporary && from_stream) {
    say(absl::StrCat("writing cache ", cache_path, " from ", stream_input,
                     " (a cache is reused only for regular input files)"));
  }
  if (!temporary && !o.keep_names && !from_stream) {
    absl::StatusOr<std::unique_ptr<io::CacheReader>> cached =
        io::CacheReader::Open(cache_path, key, mask);
    if (cached.ok() && run.strict && (*cached)->bad_lines() > 0) {
      say(absl::StrCat("cache ", cache_path, " was made from text with ", (*cached)->bad_lines(),
                       " bad line(s); --strict reads the text again"));
    } else if (cached.ok()) {
      // A cache numbers its classes as the run that made it met them; one
      // whose classes do not begin with this run's (the key names -i's) is
      // rebuilt rather than read with other numbers.
      if (absl::Status s = classes.Adopt((*cached)->class_names()); !s.ok()) {
        say(absl::StrCat(s.message(), "; rebuilding it"));
      } else {
        say(absl::StrCat("reading examples from cache ", cache_path));
        // The text's bad lines were reported when the cache was made, and count.
        result.stats.bad_lines += (*cached)->bad_lines();
        reader = cached->get();
        stream = std::move(*cached);
      }
    } else if (absl::IsFailedPrecondition(cached.status())) {
      say(absl::StrCat(cached.status().message(), "; rebuilding it"));
    }
  }
  if (stream == nullptr) {
    stream = std::make_unique<io::ExampleReader>(o.inputs, parse, chunking, o.threads);
    if (use_cache) {
      absl::StatusOr<std::unique_ptr<io::CacheWriter>> w = io::CacheWriter::Create(cache_path, key);
      if (!w.ok()) return temporary ? OfTemporaryCache(w.status(), cache_path) : w.status();
      writer = std::move(*w);
    }
  }

  double best = INFINITY;
  int since_best = 0;
  absl::Status status;
  for (int pass = 1; pass <= o.passes; ++pass) {
    if (pass > 1) {  // there is a cache: passes > 1 make one
      status = reader->Rewind();
      if (!status.ok()) break;
    }
    result.passes.push_back(PassResult{.pass = pass});
    learner.BeginPass(pass, o.passes);
    const bool keep = o.probabilities && pass == 1;
    // With holdout_after_pass the holdout is counted by ScoreHoldout right
    // after this pass; what this one scores on its way is dropped.
    PassResult on_the_way;
    status = RunPass(
        *stream, run,
        Pass{holdout, o.holdout_offset, writer.get(),
             o.holdout_after_pass ? &on_the_way : &result.passes.back(), keep ? &kept : nullptr,
             &kept_classes, o.keep_names && pass == 1 ? &names : nullptr},
        classes, result.stats, table,
        [&](const io::ExampleBatch& batch, std::span<const int32_t> ids,
            std::span<const uint8_t> held_out, Scores& scores) {
          learner.Train(batch, ids, held_out, scores);
          return run.predictions == nullptr ? absl::OkStatus()
                                            : (*run.predictions)(batch, scores, classes.names());
        });
    if (!status.ok()) break;
    if (writer != nullptr) {
      // The later passes read the cache just written through its descriptor:
      // a temporary one never has a name, so an interrupted run leaves none.
      absl::StatusOr<std::unique_ptr<io::CacheReader>> written = writer->Finish(
          mask, /*keep=*/!temporary, binary ? std::vector<std::string>() : classes.names(),
          result.stats.bad_lines, stream->bytes());
      writer.reset();
      if (!written.ok()) {
        status = written.status();
        break;
      }
      reader = written->get();
      stream = std::move(*written);
    }
    if (o.holdout_after_pass && holdout > 0) {
      status = ScoreHoldout(*reader, learner, holdout, o.holdout_offset, run.max_scores, classes,
                            result.passes.back());
      if (!status.ok()) break;
    }
    if (holdout > 0 && result.passes.back().holdout_examples == 0) {
      const uint64_t unlabelled = result.passes.back().holdout_unlabelled;
      if (pass == 1 && o.passes > 1 && unlabelled > 0) {
        say(absl::StrCat("no labelled example was held out (",
                         unlabelled == 1 ? "the one held out has"
                                         : absl::StrCat("the ", unlabelled, " held out have"),
                         " no label): no early stop"));
      } else if (pass == 1 && o.passes > 1) {
        say(absl::StrCat("nothing was held out (fewer examples than --holdout-period ", holdout,
                         "): no early stop"));
      }
    } else if (holdout > 0) {
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
  // Reading the temporary cache back (later passes, the holdout's scoring)
  // fails under the name of its folder too.
  if (!status.ok()) return temporary && use_cache ? OfTemporaryCache(status, cache_path) : status;
  if (!binary) result.classes = classes.names();
  result.names = names.Sorted();
  if (o.probabilities) {
    Calibrate(learner, binary, kept, kept_classes, run.max_calibration_scores, result);
  }
  result.stats.seconds = Since(start);
  return result;
}

ClassMap ClassesOf(const ModelHeader& header) {
  return header.binary() ? ClassMap::Binary() : ClassMap(header.classes);
}

void Score(const Model& model, const io::ExampleBatch& batch, size_t i, std::span<float> row) {
  const ModelHeader& h = model.header();
  ExampleScores(
      model.weights(), batch.indices(i), batch.values(i), batch.initial(i), h.normalize_input,
      Threshold{h.threshold, h.threshold_per_feature}, [](const float* slot) { return slot[0]; },
      row);
}

absl::StatusOr<RunStats> ScoreWith(io::ExampleStream& stream, const Model& model, ClassMap& classes,
                                   const RunOptions& options, const ScoreSink& sink) {
  const Clock::time_point start = Clock::now();
  RunStats stats;
  ProgressTable table(options.progress);
  table.Widen(classes.names());
  const bool binary = model.header().binary();
  const size_t k = binary ? 1 : model.header().classes.size();
  absl::Status s = RunPass(stream, options, Pass{.calibration = &model.header().calibration},
                           classes, stats, table,
                           [&](const io::ExampleBatch& batch, std::span<const int32_t> ids,
                               std::span<const uint8_t>, Scores& scores) {
                             scores.Reset(batch.size(), k, binary);
                             // Slots prefetched 4 examples ahead, as the learner does
                             // (linear_learner.h).
                             constexpr size_t kAhead = 4;
                             for (size_t i = 0; i < batch.size(); ++i) {
                               if (i + kAhead < batch.size())
                                 PrefetchFeatures(model.weights(), batch.indices(i + kAhead));
                               Score(model, batch, i, scores.row(i));
                             }
                             return sink ? sink(batch, ids, scores) : absl::OkStatus();
                           });
  if (!s.ok()) return s;
  stats.seconds = Since(start);
  return stats;
}

}  // namespace hare::learner
