// hare train [FILE...] [-f MODEL] [-b BITS] [-l RATE] [--rule NAME] [options]
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <optional>
#include <span>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "hashing/feature_hash.h"
#include "io/example_cache.h"
#include "io/example_reader.h"
#include "io/number.h"
#include "learner/learner.h"
#include "learner/model.h"
#include "learner/run.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/output.h"
#include "tools/predictions.h"
#include "tools/resume.h"
#include "tools/train_flags.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare train [FILE...] [-f MODEL] [options]\n"
    "Learns from labelled examples in FILEs (plain, gzip, bzip2, xz or zstd; none or '-' reads\n"
    "stdin). Every example is predicted before it is learned from (progressive validation);\n"
    "progress and a summary go to stderr.\n";

// A fill this high says only that there are several features per slot.
constexpr double kFull = 0.99;

// n features hashed into m slots fill f = 1 - exp(-n/m) of them, so the fill
// seen gives n = -m ln(1 - f); a full table says only that n is larger, and
// `classes` classes take at least as many slots (the constant's). Returns the
// -b at which those n would fill about 1/8 of the slots (n/m = 0.1335), at
// least one more than `bits`.
int BitsFor(double fill, int bits, int classes) {
  const double m = std::ldexp(1.0, bits);
  const double n = std::max(-m * std::log1p(-std::min(fill, kFull)), static_cast<double>(classes));
  const int wanted = static_cast<int>(std::ceil(std::log2(n / 0.1335)));
  return std::clamp(wanted, bits + 1, hashing::kMaxBits);
}

// What to look at when a file's labels were not read as the options say:
// fastText lines without a word of the prefix, and text lines without a
// TAB, are unlabelled, not bad; numeric formats' bad labels may be class
// names. "" when nothing points anywhere.
std::string InputHint(const learner::TrainOptions& o, const learner::RunStats& stats) {
  if (o.parse.format == io::Format::kFastText && stats.examples > 0 && stats.labelled == 0) {
    return absl::StrCat(" (labels are the words starting with '", o.parse.label_prefix,
                        "'; --label gives another prefix)");
  }
  if (o.parse.format == io::Format::kText && stats.bad_labels == 0 && stats.examples > 0 &&
      stats.labelled == 0) {
    return " (--format text reads a label, a TAB, then the sentence: a line without a TAB, or "
           "with only white space before it, is a sentence to predict)";
  }
  if (!o.parse.class_labels && stats.bad_labels > 0) {
    return " (if the labels are class names, such as 'spam', or class numbers, such as VW's "
           "--oaa 1 to K, they need --multiclass ova; fastText's __label__ lines, --format "
           "fasttext)";
  }
  if (o.parse.format == io::Format::kVw && o.parse.class_labels && stats.bad_lines > 0) {
    return " (--format vw, the default, reads a label, then '|' and the features; label TAB "
           "sentence is --format text, __label__ lines --format fasttext)";
  }
  return "";
}

}  // namespace

int TrainCommand(int argc, char** argv) {
  FlagParser flags;
  TrainFlags train(flags);
  learner::TrainOptions& o = train.options;
  const learner::LearnerOptions& l = o.learner;
  std::string predictions_path;
  flags.AddString("-p,--predictions", "FILE",
                  "write each example's prediction, made before learning from it, to FILE ('-' "
                  "for stdout), every pass (VW's -p while training)",
                  &predictions_path);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &o.inputs); code >= 0) return code;
  if (!o.model_in.empty()) {
    if (std::vector<std::string> p = FixedFlagProblems(flags, o.model_in); !p.empty()) {
      return FailUsage("train", p, /*point_to_help=*/false);
    }
  }
  std::vector<std::string> problems = train.Finish();
  if (flags.WasGiven("-p") && predictions_path.empty()) {
    problems.push_back("-p needs a file name ('-' for stdout)");
  }
  // hare train's own (tune sets the passes, holdout and cache itself): one
  // pass holds nothing out, but for --probabilities to fit on, and has no
  // pass after which to stop; and the model must not replace the cache.
  if (o.passes == 1 && flags.WasGiven("--holdout-period") && !o.probabilities) {
    problems.push_back(
        "--holdout-period is for --passes 2 or more, or --probabilities: one pass holds nothing "
        "out");
  }
  if (o.passes == 1 && flags.WasGiven("--early-stop")) {
    problems.push_back("--early-stop is for --passes 2 or more");
  }
  for (const char* flag : {"--holdout-period", "--early-stop"}) {
    if (o.holdout_off && flags.WasGiven(flag)) {
      problems.push_back(absl::StrCat(flag, " needs a holdout: --holdout-off holds nothing out"));
    }
  }
  auto full = [](const std::string& path) {  // it need not exist yet
    std::error_code error;
    return std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
  };
  if (!o.cache.empty() && !o.model_out.empty() && o.cache != "-" &&
      (full(o.cache) == full(o.model_out) ||
       !io::InputAt(o.cache, std::vector{o.model_out}).empty())) {
    problems.push_back("-c and -f name the same file: the model would replace the cache");
  }
  // By name, or one file by two names (a hard link): -p is opened first, and
  // would empty the model or cache before a run that fails.
  for (const auto& [flag, path] : {std::pair{"-f", o.model_out}, std::pair{"-c", o.cache}}) {
    if (!predictions_path.empty() && predictions_path != "-" && !path.empty() && path != "-" &&
        (full(predictions_path) == full(path) ||
         !io::InputAt(predictions_path, std::vector{path}).empty())) {
      problems.push_back(absl::StrCat("-p and ", flag, " name the same file"));
    }
  }
  // Nor one descriptor by two names (-p - and -f /dev/stdout): the model's
  // bytes would be mixed with the lines.
  if (!predictions_path.empty() && !o.model_out.empty()) {
    const int p = predictions_path == "-" ? 1 : io::WriteTargetOf(predictions_path).descriptor;
    if (p >= 0 && p == io::WriteTargetOf(o.model_out).descriptor) {
      problems.push_back(absl::StrCat("-p and -f both write to descriptor ", p,
                                      (p == 1 ? " (stdout)" : ""),
                                      ": the model would be mixed with the predictions"));
    }
  }
  // Nor the messages' descriptor (-f /dev/stderr).
  if (StandardStreamAt(o.model_out, /*stdout_too=*/false) == "stderr") {
    problems.push_back(absl::StrCat("-f ", o.model_out,
                                    " writes to stderr, where the messages go: the model would "
                                    "be mixed with them (name a file)"));
  }
  if (!problems.empty()) return FailUsage("train", problems);
  // -i: the model to go on from gives the features, the learner and its
  // state; of the rest, only its header and names are kept.
  std::optional<learner::ModelHeader> start;
  std::vector<learner::FeatureName> start_names;
  std::optional<learner::TrainingState> state;
  if (!o.model_in.empty()) {
    if (!io::InputAt(o.model_in, o.inputs).empty()) {
      return FailUsage("train", {absl::StrCat("-i ", o.model_in, " is also given as data")});
    }
    absl::StatusOr<learner::Model> loaded = learner::LoadModel(o.model_in);
    if (!loaded.ok()) return Fail("train", loaded.status(), kExitInput);
    if (std::vector<std::string> p = ResumeOptions(flags, o.model_in, *loaded, o); !p.empty()) {
      return FailUsage("train", p, /*point_to_help=*/false);
    }
    start = loaded->header();
    start_names = loaded->names();
    state = loaded->TakeState();
  }
  if (absl::Status s = io::CheckReadable(o.inputs); !s.ok()) return Fail("train", s, kExitInput);
  if (!o.model_out.empty()) {
    if (absl::Status s = learner::CheckWritable(o.model_out, io::InputsOrStdin(o.inputs));
        !s.ok()) {
      return Fail("train", s, kExitInput);
    }
  }
  if (!o.cache.empty()) {
    if (absl::Status s = io::CheckCachePath(o.cache, io::InputsOrStdin(o.inputs)); !s.ok()) {
      return Fail("train", s, kExitInput);
    }
  }
  // -p: as hare test -p, never onto the data or the model gone on from.
  File predictions;
  if (!predictions_path.empty()) {
    absl::StatusOr<File> opened = OpenPredictions(predictions_path, o.inputs, o.model_in);
    if (!opened.ok()) return Fail("train", opened.status(), kExitInput);
    predictions = *std::move(opened);
    // Each line answered as it arrives, as hare predict does: a chunk is
    // parsed when read, not when a block is full.
    o.chunking.fill_blocks = false;
  }

  std::unique_ptr<learner::Learner> model = learner::MakeLearner(l, o.parse.bits);
  if (state) {
    if (absl::Status s = model->Resume(*state); !s.ok()) {
      return Fail("train", absl::StrCat("cannot go on from ", o.model_in, ": ", s.message()),
                  kExitInput);
    }
    state.reset();
    if (start->calibration.kind != learner::CalibrationKind::kNone && !o.probabilities) {
      std::cerr << "hare train: warning: " << o.model_in
                << "'s probabilities are not carried over: give --probabilities to fit them "
                   "again\n";
    }
    if (!o.save_resume && !o.model_out.empty()) {
      std::cerr << "hare train: warning: " << o.model_in
                << "'s training state is not carried over: give --save-resume to keep it in "
                << o.model_out << " for a later -i\n";
    }
    if (!start_names.empty() && !o.keep_names) {
      std::cerr << "hare train: warning: " << o.model_in << "'s " << start_names.size()
                << " feature names are not carried over: give --keep-names to keep them\n";
    }
  }
  const uint64_t overflowed_before = model->overflowed();
  learner::RunOptions run{
      .strict = o.strict, .messages = &std::cerr, .progress = o.quiet ? nullptr : &std::cerr};
  if (!o.quiet) {
    std::cerr << "hare train: rule " << learner::RuleName(l.rule) << (l.average ? ", averaged" : "")
              << (l.adagrad ? ", adagrad" : "") << ", 2^" << o.parse.bits << " slots, format "
              << io::FormatName(o.parse.format) << (o.parse.constant ? "" : ", no constant")
              << (o.parse.unit_norm ? ", unit norm" : "")
              << (o.passes > 1 ? absl::StrCat(", ", o.passes, " passes") : "")
              << (o.parse.class_labels
                      ? absl::StrCat(", classes ", learner::MulticlassName(l.multiclass))
                      : "")
              << (start ? absl::StrCat(", going on from ", o.model_in, " (", start->examples,
                                       " examples)")
                        : "")
              << "\n";
  }
  // The progressive predictions, one line per example (as hare predict
  // writes them, with raw scores: probabilities are fitted after training).
  std::string text;
  std::vector<int32_t> order;
  const std::string written =
      predictions_path == "-" ? "to stdout" : absl::StrCat("predictions ", predictions_path);
  const learner::PredictionSink write_predictions = [&](const io::ExampleBatch& batch,
                                                        const learner::Scores& scores,
                                                        std::span<const std::string> names) {
    for (size_t i = 0; i < batch.size(); ++i) {
      AppendPrediction(l.multiclass == learner::Multiclass::kNone, names, batch, scores, i, {}, 1,
                       order, text);
    }
    return WriteText(predictions.get(), text, /*flush=*/true, written);
  };
  if (predictions) run.predictions = &write_predictions;
  absl::StatusOr<learner::TrainResult> result = learner::Train(o, *model, run);
  if (!result.ok()) return Fail("train", result.status(), kExitInput);
  if (predictions) {
    if (absl::Status s = WriteText(predictions.get(), text, /*flush=*/true, written); !s.ok()) {
      return Fail("train", s, kExitInput);
    }
  }
  learner::PrintSummary(result->stats, std::cerr, /*after_table=*/!o.quiet);
  if (model->overflowed() > overflowed_before) {
    std::cerr << "hare train: warning: " << model->overflowed() - overflowed_before
              << " examples (counted in every pass) were not learned from: a score or squared "
                 "length was beyond a float's range (feature values, importance weights or "
                 "the learning rate too large, or the values all too small: scale them, or "
                 "--unit-norm)\n";
  }
  WarnIfNoTarget("train", o.parse.text, result->stats.parsed_text, result->stats.marked);
  if (o.parse.class_labels && result->classes.empty()) {
    std::cerr << "classes = 0\n";
  } else if (o.parse.class_labels) {
    std::cerr << "classes = " << result->classes.size() << " ("
              << absl::StrJoin(result->classes.begin(),
                               result->classes.begin() + static_cast<ptrdiff_t>(std::min<size_t>(
                                                             result->classes.size(), 20)),
                               " ")
              << (result->classes.size() > 20 ? " ..." : "") << ")\n";
  }
  if (o.probabilities) {
    const learner::Calibration& c = result->calibration;
    std::cerr
        << (o.parse.class_labels
                ? absl::StrFormat("calibration = softmax temperature %g", static_cast<double>(c.a))
                : absl::StrFormat("calibration = sigmoid A %g B %g", static_cast<double>(c.a),
                                  static_cast<double>(c.b)))
        << (result->calibration_fitted
                ? absl::StrCat(" (fitted on ", result->calibration_examples, " held-out examples)")
                : std::string(" (not fitted)"))
        << "\n";
    if (!result->calibration_fitted) {
      std::cerr << "hare train: warning: "
                << (result->calibration_examples == 0
                        ? std::string("no labelled held-out example to fit probabilities on")
                        : absl::StrCat("the ", result->calibration_examples,
                                       " held-out examples are all of one class or all score "
                                       "the same: nothing to fit probabilities on"))
                << (o.parse.class_labels ? ": the probabilities are the softmax of the scores"
                                         : ": P(+1) is the sigmoid of the score")
                << "\n";
    }
  }
  // Past half full, about as many features share a slot as not: say so, as
  // the default -b 18 is small for many classes or n-grams.
  const uint64_t in_use = model->slots_in_use(), slots = uint64_t{1} << o.parse.bits;
  if (in_use * 2 > slots) {
    const double fill = static_cast<double>(in_use) / static_cast<double>(slots);
    const int bits = BitsFor(fill, o.parse.bits, model->classes());
    std::cerr << absl::StrFormat(
        "hare train: warning: %d%% of the 2^%d slots hold a weight, so many features share a "
        "slot%s: %s\n",
        static_cast<int>(100 * fill), o.parse.bits,
        model->classes() > 1 ? " (each class takes a slot per feature)" : "",
        o.parse.bits == hashing::kMaxBits
            ? "-b 32 is the largest table, so only fewer features (n-grams, interactions, "
              "classes) would keep them apart"
            : absl::StrCat("a larger -b, such as -b ", bits, fill >= kFull ? " or more" : "",
                           ", keeps them apart"));
  }
  // With -f or without: a script sees that nothing was learnt (empty input,
  // or every line bad) by the exit code, not only by the messages. But with
  // -p and no -f, predictions of unlabelled lines may have been the point:
  // a warning, as test -p gives.
  const std::string hint = InputHint(o, result->stats);
  if (result->stats.labelled == 0) {
    const std::string why = absl::StrCat(
        "no labelled example to learn from",
        o.model_out.empty() ? "" : absl::StrCat(": ", o.model_out, " is not written"), hint);
    if (predictions_path.empty() || !o.model_out.empty() || result->stats.examples == 0) {
      return Fail("train", why, kExitInput);
    }
    std::cerr << "hare train: warning: " << why << "\n";
  }
  if (!o.model_out.empty()) {
    learner::ModelHeader header{.bits = o.parse.bits,
                                .hash_seed = o.parse.hash_seed,
                                .constant = o.parse.constant,
                                .unit_norm = o.parse.unit_norm,
                                .format = o.parse.format,
                                .rule = l.rule,
                                .threshold = model->threshold(),
                                .threshold_per_feature = model->threshold_per_feature(),
                                .normalize_input = model->normalizes_input(),
                                .learning_rate = l.learning_rate,
                                .examples = result->stats.labelled + (start ? start->examples : 0),
                                .text = o.parse.text,
                                .interactions = o.parse.interactions,
                                .multiclass = l.multiclass,
                                .calibration = result->calibration,
                                .classes = result->classes,
                                .ngrams = o.parse.ngrams,
                                .skips = o.parse.skips,
                                .affixes = o.parse.affixes,
                                .ignore = o.parse.ignore,
                                .ignore_linear = o.parse.ignore_linear,
                                .keep = o.parse.keep,
                                .learner = LearnerFlags(o),
                                .passes_run = static_cast<uint32_t>(result->passes.size()),
                                .label_prefix = o.parse.label_prefix};
    // The names the model had and those of this run, by slot then name, once.
    std::vector<learner::FeatureName> names = result->names;
    if (start && o.keep_names) {
      std::vector<learner::FeatureName> both;
      std::merge(start_names.begin(), start_names.end(), names.begin(), names.end(),
                 std::back_inserter(both));
      both.erase(std::unique(both.begin(), both.end()), both.end());
      names = std::move(both);
    }
    const std::optional<learner::TrainingState> end_state =
        o.save_resume ? std::optional(model->SaveState()) : std::nullopt;
    if (absl::Status s = learner::SaveModel(header, *model, o.model_out, names,
                                            end_state ? &*end_state : nullptr);
        !s.ok()) {
      return Fail("train", s, kExitInput);
    }
    std::cerr << "final model = " << o.model_out << "\n";
    if (o.keep_names) std::cerr << "feature names kept = " << names.size() << "\n";
  } else {
    std::cerr << "final model = none (no -f: the model is not saved)\n";
  }
  ReportSkipped("train", result->stats.bad_lines, /*has_strict=*/true);
  // Most lines bad, or one class: the options likely do not fit the file
  // (its format, a header, swapped columns), though a model was made. Every
  // pass reads the same lines; the bad ones are counted once.
  const uint64_t examples =
      result->passes.empty() ? 0 : result->stats.examples / result->passes.size();
  if (result->stats.labelled > 0 && result->stats.bad_lines > examples) {
    std::cerr << "hare train: warning: more lines were bad (" << result->stats.bad_lines
              << ") than read as examples (" << examples
              << "): are --format and --multiclass right for the file?" << hint << "\n";
  }
  const uint64_t positive = result->stats.positive, labelled = result->stats.labelled;
  const bool binary = l.multiclass == learner::Multiclass::kNone;
  if ((!binary && result->classes.size() == 1) ||
      (binary && !start && labelled > 0 && (positive == 0 || positive == labelled))) {
    const std::string only = binary ? (positive == 0 ? "-1" : "+1") : io::Quote(result->classes[0]);
    // A binary model can still score an example of unseen features or
    // values the other way, so only a model of classes predicts it always.
    std::cerr << "hare train: warning: every labelled example is of the class " << only
              << (binary ? ": the model has seen no example of the other class\n"
                         : ": the model knows that class only, and predicts it for everything\n");
  }
  return kExitOk;
}

}  // namespace hare::tools
