// hare test -i MODEL [FILE...] [-p PREDICTIONS]   and   hare predict -i MODEL
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "io/example_reader.h"
#include "io/number.h"
#include "learner/memory_limit.h"
#include "learner/metrics.h"
#include "learner/model.h"
#include "learner/run.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/output.h"
#include "tools/predictions.h"
#include "tools/train_flags.h"

namespace hare::tools {
namespace {

// io::CheckReadable's answer, with fastText's habit named: "predict MODEL
// FILE 2" asks it for 2 answers, where hare sees a file "2" that is not
// there; `k_hint` says what hare has for it.
absl::Status CheckInputs(const std::vector<std::string>& inputs, std::string_view k_hint) {
  absl::Status s = io::CheckReadable(inputs);
  if (!absl::IsNotFound(s)) return s;
  for (const std::string& path : inputs) {
    if (!path.empty() && std::all_of(path.begin(), path.end(), absl::ascii_isdigit) &&
        access(path.c_str(), F_OK) != 0) {
      return absl::NotFoundError(absl::StrCat(s.message(), " (", std::string(k_hint), ")"));
    }
  }
  return s;
}

constexpr const char* kTestSynopsis =
    "usage: hare test -i MODEL [FILE...] [-p PREDICTIONS] [--json]\n"
    "Scores the examples in FILEs (or stdin) with MODEL. With -p, writes one line per input\n"
    "line: the predicted label, then the raw score, or with a model trained with --probabilities\n"
    "P(+1) (binary) or the probability of the predicted class (then the tag, if any); an empty\n"
    "line for a blank or malformed line, as hare predict does. --top K writes the K best classes,\n"
    "each with its value, best first. When the\n"
    "examples have labels, a summary, the accuracy, per-class precision, recall and F1, their\n"
    "macro averages, AUC (binary), log loss and expected calibration error (with\n"
    "probabilities) and the confusion matrix go to stderr; --json also writes them to stdout as\n"
    "one JSON object. With no labelled example there is nothing to score: it exits 2, or with\n"
    "-p and unlabelled examples (predictions only) warns.\n";

constexpr const char* kPredictSynopsis =
    "usage: hare predict -i MODEL [FILE...]\n"
    "Reads examples from stdin (or FILEs) and writes one line per input line to stdout: the\n"
    "predicted label and the raw score (or probability, as hare test -p), or an empty line for a\n"
    "blank or malformed line; --top K, the K best classes, each with its value. Each\n"
    "line is answered as soon as it arrives, so it works as a filter in a pipe.\n";

constexpr const char* kTopHelp =
    "a model of classes: write its K best for each example, best first, each with its score or "
    "probability (default 1)";

}  // namespace

int TestCommand(int argc, char** argv) {
  std::string model_path, predictions_path;
  bool quiet = false, strict = false, json = false;
  int64_t threads = DefaultThreads();
  int64_t top = 1;
  std::vector<std::string> inputs;
  const TrainingFlagNames training;
  FlagParser flags;
  flags.SetTrainingOptions(training.parser());
  flags.AddString("-i,--initial-regressor", "MODEL", "the model to test (required)", &model_path);
  flags.AddString("-p,--predictions", "FILE", "write predictions to FILE ('-' for stdout)",
                  &predictions_path);
  flags.AddInt("--top", "K", kTopHelp, &top);
  flags.AddSwitch("--json", "also write the evaluation to stdout as one JSON object", &json);
  flags.AddSwitch("--quiet", "no progress table, only the summary", &quiet);
  flags.AddSwitch("--strict", "stop at the first bad line (exit code 2)", &strict);
  flags.AddInt("--threads", "N", "parser threads (default: all cores)", &threads);
  if (int code = ParseCommandLine(flags, kTestSynopsis, argc, argv, &inputs); code >= 0)
    return code;
  if (model_path.empty()) return FailUsage("test", {MissingModel(flags)});
  if (threads < 1 || threads > 256) return FailUsage("test", {"--threads must be 1 to 256"});
  if (flags.WasGiven("-p") && predictions_path.empty()) {
    return FailUsage("test", {"-p needs a file name ('-' for stdout)"});
  }
  if (top < 1) return FailUsage("test", {"--top must be 1 or more"});
  if (flags.WasGiven("--top") && predictions_path.empty()) {
    return FailUsage("test", {"--top is for the predictions -p writes"});
  }
  // By any name of descriptor 1 (-p /dev/stdout), or of the file stdout
  // writes (-p out > out, or a pipe): the report would follow the lines, or cut them.
  if (json && !predictions_path.empty()) {
    if (predictions_path == "-" || io::WriteTargetOf(predictions_path).descriptor == 1) {
      return FailUsage("test", {absl::StrCat("--json and -p ", predictions_path,
                                             " both write to stdout; give -p a file")});
    }
    if (io::NamesDescriptor(predictions_path, 1)) {
      return FailUsage("test",
                       {absl::StrCat("--json writes to stdout, which goes to ", predictions_path,
                                     ", the file -p names; give -p another file")});
    }
  }

  absl::StatusOr<learner::Model> model = learner::LoadModel(model_path);
  if (!model.ok()) return Fail("test", model.status(), kExitInput);
  if (absl::Status s = CheckInputs(
          inputs, "fastText's k: hare test -p FILE --top K writes each line's K best classes");
      !s.ok()) {
    return Fail("test", s, kExitInput);
  }
  File out;
  if (!predictions_path.empty()) {
    absl::StatusOr<File> opened = OpenPredictions(predictions_path, inputs, model_path);
    if (!opened.ok()) return Fail("test", opened.status(), kExitInput);
    out = *std::move(opened);
  }
  // With -p each line is answered as it arrives, as train -p and hare predict
  // do: a chunk is parsed when read, not when a block is full, and written at once.
  io::ParseOptions parse = model->header().parse_options();
  io::ChunkerOptions chunking{.fill_blocks = !out};
  learner::LimitLinesToTheMemory(parse, chunking);
  io::ExampleReader reader(inputs, parse, chunking, static_cast<int>(threads));
  learner::RunOptions run{
      .strict = strict, .messages = &std::cerr, .progress = quiet ? nullptr : &std::cerr};
  const learner::ModelHeader& h = model->header();
  learner::ClassMap classes = learner::ClassesOf(h);
  learner::Evaluation evaluation(classes.names());
  evaluation.set_probabilities(h.calibration.kind != learner::CalibrationKind::kNone);
  const float platt_a =
      h.binary() && h.calibration.kind == learner::CalibrationKind::kPlatt ? h.calibration.a : 1.0f;
  // A model of one class scores that one: the second class a test file
  // brings has no score to rank by.
  if (!h.binary() && classes.size() < 2) {
    evaluation.set_no_ranking(classes.size() == 1 ? "the model knows one class"
                                                  : "the model knows no class");
  }
  std::vector<double> probabilities;
  std::vector<int32_t> order;
  std::string text;
  const int32_t model_classes = classes.size();
  uint64_t unknown_labels = 0;  // labelled examples of a class the model never saw
  const std::string written =
      predictions_path == "-" ? "to stdout" : absl::StrCat("predictions ", predictions_path);
  absl::StatusOr<learner::RunStats> stats = learner::ScoreWith(
      reader, *model, classes, run,
      [&](const io::ExampleBatch& batch, std::span<const int32_t> ids,
          const learner::Scores& scores) {
        while (evaluation.classes() < classes.size())
          evaluation.AddClass(classes.names()[evaluation.classes()]);
        text.clear();
        uint32_t line = 1;  // next line of the chunk to answer
        for (size_t i = 0; i < batch.size(); ++i) {
          h.calibration.ClassProbabilities(scores.row(i), h.binary(), probabilities);
          if (out) {
            PadTo(batch.line(i), line, text);
            AppendPrediction(h.binary(), classes.names(), batch, scores, i, probabilities,
                             static_cast<size_t>(top), order, text);
            ++line;
          }
          if (ids[i] < 0) continue;
          unknown_labels += !h.binary() && ids[i] >= model_classes;
          const int32_t predicted = scores.Predicted(i, probabilities);
          const std::span<const float> row = scores.row(i);
          // AUC ranks by the score of class 1 (+1, or the second class of two),
          // as the probability does: Platt's A turns it (A < 0 reverses it).
          evaluation.Add(ids[i], predicted,
                         h.binary()        ? row[0] * platt_a
                         : row.size() == 2 ? row[1] - row[0]
                                           : 0.0f);
          if (!probabilities.empty()) {
            // A class the model never saw has probability 0.
            const size_t truth = static_cast<size_t>(ids[i]);
            evaluation.AddProbability(truth < probabilities.size() ? probabilities[truth] : 0.0);
            evaluation.AddConfidence(probabilities[predicted], predicted == ids[i]);
          }
        }
        if (!out) return absl::OkStatus();
        PadTo(batch.line_count + 1, line, text);
        return WriteText(out.get(), text, /*flush=*/true, written);
      });
  if (!stats.ok()) return Fail("test", stats.status(), kExitInput);
  if (out) {
    if (absl::Status s = WriteText(out.get(), text, /*flush=*/true, written); !s.ok()) {
      return Fail("test", s, kExitInput);
    }
  }
  learner::PrintSummary(*stats, std::cerr, /*after_table=*/!quiet);
  WarnIfNoTarget("test", parse.text, stats->parsed_text, stats->marked);
  // Nothing to score, as with a file of another format: exit 2, as train
  // does; with -p the predictions may have been the point.
  if (stats->labelled == 0) {
    const std::string why = absl::StrCat(
        "no labelled example to score (the model reads --format ",
        io::FormatName(model->header().format),
        model->header().format == io::Format::kFastText
            ? absl::StrCat(", labels starting with ", model->header().label_prefix)
            : "",
        stats->bad_lines > 0 ? absl::StrCat("; ", stats->bad_lines, " bad line(s) skipped") : "",
        "; unlabelled examples get predictions from hare predict)");
    if (predictions_path.empty() || stats->examples == 0) return Fail("test", why, kExitInput);
    std::cerr << "hare test: warning: " << why << "\n";
  } else {
    // No label a class of the model: the test file's labels are spelt
    // otherwise ("ham" with its quotes, 1.0 for 1) or it is another task's.
    if (unknown_labels == stats->labelled && model_classes > 0) {
      const std::vector<std::string>& names = classes.names();
      auto quoted = [&](size_t from, size_t to) {
        std::vector<std::string> q;
        for (size_t k = from; k < std::min(to, from + 4); ++k) q.push_back(io::Quote(names[k]));
        return absl::StrCat(absl::StrJoin(q, " "), to - from > 4 ? " ..." : "");
      };
      std::cerr << "hare test: warning: no test label is a class of the model (the model's: "
                << quoted(0, static_cast<size_t>(model_classes))
                << "; the test file's: " << quoted(static_cast<size_t>(model_classes), names.size())
                << ")\n";
    }
    std::cerr << absl::StrFormat("accuracy = %.6f (%d of %d labelled examples right)\n",
                                 1.0 - stats->error_rate(), stats->labelled - stats->mistakes,
                                 stats->labelled);
    std::cerr << '\n' << evaluation.Text();
  }
  if (json) {
    const std::string line = evaluation.Json() + '\n';
    if (fwrite(line.data(), 1, line.size(), stdout) != line.size() || fflush(stdout) != 0) {
      return Fail("test", "cannot write the JSON report to stdout", kExitInput);
    }
  }
  return kExitOk;
}

int PredictCommand(int argc, char** argv) {
  std::string model_path;
  int64_t top = 1;
  std::vector<std::string> inputs;
  bool strict = false, quiet = false;
  const TrainingFlagNames training;
  FlagParser flags;
  flags.SetTrainingOptions(training.parser());
  flags.AddString("-i,--initial-regressor", "MODEL", "the model to predict with (required)",
                  &model_path);
  flags.AddInt("--top", "K", kTopHelp, &top);
  flags.AddSwitch("--strict", "stop at the first bad line (exit 2)", &strict);
  // test's --quiet, taken so that its options run here: predict prints no
  // progress rows.
  flags.AddSwitch("--quiet", "no progress rows (predict prints none)", &quiet);
  if (int code = ParseCommandLine(flags, kPredictSynopsis, argc, argv, &inputs); code >= 0) {
    return code;
  }
  if (model_path.empty()) return FailUsage("predict", {MissingModel(flags)});
  if (top < 1) return FailUsage("predict", {"--top must be 1 or more"});
  absl::StatusOr<learner::Model> model = learner::LoadModel(model_path);
  if (!model.ok()) return Fail("predict", model.status(), kExitInput);
  if (absl::Status s = CheckInputs(inputs, "fastText's k, the number of answers, is --top K here");
      !s.ok()) {
    return Fail("predict", s, kExitInput);
  }
  if (absl::Status s = CheckStdout(inputs, model_path); !s.ok()) {
    return Fail("predict", s, kExitInput);
  }

  io::ParseOptions parse = model->header().parse_options();
  io::ChunkerOptions chunking{.fill_blocks = false};
  learner::LimitLinesToTheMemory(parse, chunking);
  io::ExampleReader reader(inputs, parse, chunking);
  learner::RunOptions run{.strict = strict, .messages = &std::cerr};
  learner::ClassMap classes = learner::ClassesOf(model->header());
  std::vector<double> probabilities;
  std::vector<int32_t> order;
  std::string text;
  absl::StatusOr<learner::RunStats> stats = learner::ScoreWith(
      reader, *model, classes, run,
      [&](const io::ExampleBatch& batch, std::span<const int32_t>, const learner::Scores& scores) {
        text.clear();
        uint32_t line = 1;  // next line of the chunk to answer
        for (size_t i = 0; i < batch.size(); ++i) {
          PadTo(batch.line(i), line, text);
          model->header().calibration.ClassProbabilities(scores.row(i), model->header().binary(),
                                                         probabilities);
          AppendPrediction(model->header().binary(), classes.names(), batch, scores, i,
                           probabilities, static_cast<size_t>(top), order, text);
          ++line;
        }
        PadTo(batch.line_count + 1, line, text);
        return WriteText(stdout, text, /*flush=*/true, "to stdout");
      });
  if (!stats.ok()) return Fail("predict", stats.status(), kExitInput);
  ReportSkipped("predict", stats->bad_lines, /*has_strict=*/true);
  WarnIfNoTarget("predict", parse.text, stats->parsed_text, stats->marked);
  return kExitOk;
}

}  // namespace hare::tools
