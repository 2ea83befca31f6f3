// hare train [FILE...] [-f MODEL] [-b BITS] [-l RATE] [--rule NAME] [options]
#include <algorithm>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "io/example_reader.h"
#include "io/number.h"
#include "learner/learner.h"
#include "learner/model.h"
#include "learner/run.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare train [FILE...] [-f MODEL] [options]\n"
    "Learns from labelled examples in FILEs (plain, gzip, bzip2, xz or zstd; none or '-' reads\n"
    "stdin). Every example is predicted before it is learned from (progressive validation);\n"
    "progress and a summary go to stderr.\n";

// A flag whose value must be one of a set of names.
template <class E>
void AddChoice(FlagParser& flags, const char* names, const char* value_name, const char* help,
               std::optional<E> (*from_name)(std::string_view), E* out) {
  flags.Add(names, value_name, help, [from_name, out, help](std::string_view v) {
    std::optional<E> e = from_name(v);
    if (!e)
      return absl::InvalidArgumentError(
          absl::StrCat("unknown value '", std::string(v), "': ", help));
    *out = *e;
    return absl::OkStatus();
  });
}

void AddMaybe(FlagParser& flags, const char* names, const char* value_name, const char* help,
              learner::Maybe* out) {
  flags.Add(names, value_name, help, [out](std::string_view v) {
    float f = 0;
    io::NumberError e = io::ParseFloat(v, &f);
    if (e != io::NumberError::kNone) {
      return absl::InvalidArgumentError(absl::StrCat(io::Quote(v), " is ", io::NumberErrorText(e)));
    }
    *out = f;
    return absl::OkStatus();
  });
}

}  // namespace

int TrainCommand(int argc, char** argv) {
  learner::TrainOptions o;
  learner::LearnerOptions& l = o.learner;
  FlagParser flags;
  int64_t bits = o.parse.bits, seed = 0, passes = 1, holdout = 10, early = 3;
  int64_t threads = DefaultThreads();
  bool noconstant = false;
  flags.AddString("-f,--final-regressor", "MODEL", "write the model to MODEL", &o.model_out);
  flags.AddInt("-b,--bits", "BITS", "hash table size 2^BITS (1-32, default 18)", &bits);
  AddChoice(flags, "--format", "F", "input format: vw (default), libsvm or text",
            &io::FormatFromName, &o.parse.format);
  flags.AddInt("--hash-seed", "N", "seed of the feature hash (default 0)", &seed);
  flags.AddSwitch("--noconstant", "do not add the constant (bias) feature", &noconstant);
  AddTextFeatureFlags(flags, o.parse.text);
  auto interaction = [&o](size_t letters, const char* name) {
    return [&o, letters, name](std::string_view v) {
      if (v.size() != letters) {
        return absl::InvalidArgumentError(absl::StrCat(name, " takes ", letters,
                                                       " namespace letters (':' for any), e.g. ",
                                                       letters == 2 ? "-q ab" : "--cubic abc"));
      }
      o.parse.interactions.emplace_back(v);
      return absl::OkStatus();
    };
  };
  flags.Add("-q,--quadratic", "AB", "vw: pair the features of namespaces A* and B* (repeatable)",
            interaction(2, "-q"));
  flags.Add("--cubic", "ABC", "vw: triples of namespaces A*, B*, C* (repeatable)",
            interaction(3, "--cubic"));
  AddChoice(flags, "--multiclass", "M",
            "labels are class names, learned one-vs-all (ova), or by one K-class update: "
            "crammer-singer (perceptron: demote every class that beats the true one) or wta "
            "(winner-take-all: demote the top one)",
            &learner::MulticlassFromName, &l.multiclass);
  flags.AddSwitch("--probabilities",
                  "fit probabilities on held-out examples (Platt's sigmoid; a softmax "
                  "temperature for classes)",
                  &o.probabilities);
  AddChoice(flags, "--rule", "NAME",
            "perceptron (default), winnow, balanced-winnow, modified-balanced-winnow, pa, sgd",
            &learner::RuleFromName, &l.rule);
  flags.AddFloat("-l,--learning-rate", "RATE", "learning rate r (default 1)", &l.learning_rate);
  AddMaybe(flags, "--margin", "G", "also update when y*score <= G (thick separator)", &l.margin);
  flags.AddSwitch("--normalized-margin", "perceptron: test y*w.x/||w|| < G/2 instead",
                  &l.normalized_margin);
  flags.AddSwitch("--average", "predict with the average of the weights over all examples",
                  &l.average);
  flags.AddSwitch("--adagrad", "per-feature rates r/sqrt(sum of squared gradients)", &l.adagrad);
  AddMaybe(flags, "--alpha", "A", "winnow: promotion factor (default 1.5)", &l.alpha);
  AddMaybe(flags, "--beta", "B", "winnow: demotion factor (default 1/alpha; MBW 0.5)", &l.beta);
  AddMaybe(flags, "--initial-weight", "W", "winnow: initial weight (default 1; MBW u0 2)",
           &l.initial);
  AddMaybe(flags, "--threshold", "T",
           "winnow: threshold (default: initial weight x sum of x; balanced 0; MBW 1)",
           &l.threshold);
  AddChoice(flags, "--pa-variant", "V", "pa: pa, pa-i (default) or pa-ii",
            &learner::PaVariantFromName, &l.pa_variant);
  flags.AddFloat("-C,--aggressiveness", "C", "pa: aggressiveness C (default 1)", &l.aggressiveness);
  AddChoice(flags, "--loss", "L", "sgd: hinge (default), logistic or squared",
            &learner::LossFromName, &l.loss);
  AddChoice(flags, "--schedule", "S", "sgd: constant, sqrt (default: r/sqrt(t)) or power",
            &learner::ScheduleFromName, &l.schedule);
  flags.AddFloat("--power-t", "P", "sgd: rate r*t^-P with --schedule power (default 0.5)",
                 &l.power_t);
  flags.AddFloat("--l1", "L", "sgd: L1 regularization (default 0)", &l.l1);
  flags.AddFloat("--l2", "L", "sgd: L2 regularization (default 0)", &l.l2);
  flags.AddInt("--passes", "N", "passes over the data (default 1)", &passes);
  flags.AddString("-c,--cache", "FILE", "cache of parsed examples for later passes and runs",
                  &o.cache);
  flags.AddInt("--holdout-period", "K", "with passes > 1, hold out every K-th example (10)",
               &holdout);
  flags.AddSwitch("--holdout-off", "do not hold out examples", &o.holdout_off);
  flags.AddInt("--early-stop", "N", "stop after N passes without holdout improvement (3)", &early);
  flags.AddInt("--threads", "N",
               "parser threads beside the learner (default: all cores); the model is the same "
               "for every N",
               &threads);
  flags.AddSwitch("--quiet", "no progress table, only the summary", &o.quiet);
  flags.AddSwitch("--strict", "stop at the first bad line (exit code 2)", &o.strict);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &o.inputs); code >= 0) return code;

  o.parse.bits = static_cast<int>(bits);
  o.parse.hash_seed = static_cast<uint64_t>(seed);
  o.parse.constant = !noconstant;
  o.parse.class_labels = l.multiclass != learner::Multiclass::kNone;
  o.passes = static_cast<int>(std::clamp<int64_t>(passes, 0, 1 << 20));
  o.holdout_period = static_cast<int>(std::clamp<int64_t>(holdout, 0, 1 << 30));
  o.early_stop = static_cast<int>(std::clamp<int64_t>(early, 0, 1 << 20));
  o.threads = static_cast<int>(std::clamp<int64_t>(threads, 0, 1 << 20));
  std::vector<std::string> problems = learner::Validate(o);
  for (std::string& p : ValidateTextFeatures(o.parse.text)) problems.push_back(std::move(p));
  if (o.parse.format != io::Format::kVw && !o.parse.interactions.empty()) {
    problems.push_back("-q and --cubic pair VW namespaces: they need --format vw");
  }
  if (o.parse.interactions.size() > 255) problems.push_back("at most 255 interactions");
  if (o.parse.format != io::Format::kText && !(o.parse.text == hashing::TextFeatureOptions{})) {
    problems.push_back(
        "the text templates (--ngram, --skips, --minn, --maxn, --window, "
        "--collocations, --target, --keep-case, --no-unigrams) need --format text");
  }
  if (bits != o.parse.bits) problems.push_back("-b is out of range: bits must be 1 to 32");
  if (!problems.empty()) {
    return Fail("train",
                absl::StrJoin(problems, "\n") + "\nRun 'hare train --help' for the options.",
                kExitUsage);
  }
  if (absl::Status s = io::CheckReadable(o.inputs); !s.ok()) return Fail("train", s, kExitInput);
  if (!o.model_out.empty()) {
    if (absl::Status s = learner::CheckWritable(o.model_out); !s.ok()) {
      return Fail("train", s, kExitInput);
    }
  }

  std::unique_ptr<learner::Learner> model = learner::MakeLearner(l, o.parse.bits);
  learner::RunOptions run{
      .strict = o.strict, .messages = &std::cerr, .progress = o.quiet ? nullptr : &std::cerr};
  if (!o.quiet) {
    std::cerr << "hare train: rule " << learner::RuleName(l.rule) << (l.average ? ", averaged" : "")
              << (l.adagrad ? ", adagrad" : "") << ", 2^" << o.parse.bits << " slots, format "
              << io::FormatName(o.parse.format) << (o.parse.constant ? "" : ", no constant")
              << (o.passes > 1 ? absl::StrCat(", ", o.passes, " passes") : "")
              << (o.parse.class_labels
                      ? absl::StrCat(", classes ", learner::MulticlassName(l.multiclass))
                      : "")
              << "\n";
  }
  absl::StatusOr<learner::TrainResult> result = learner::Train(o, *model, run);
  if (!result.ok()) return Fail("train", result.status(), kExitInput);
  learner::PrintSummary(result->stats, std::cerr);
  if (o.parse.class_labels) {
    std::cerr << "classes = " << result->classes.size() << " ("
              << absl::StrJoin(result->classes.begin(),
                               result->classes.begin() + static_cast<ptrdiff_t>(std::min<size_t>(
                                                             result->classes.size(), 20)),
                               " ")
              << (result->classes.size() > 20 ? " ..." : "") << ")\n";
  }
  if (o.probabilities) {
    const learner::Calibration& c = result->calibration;
    std::cerr << (o.parse.class_labels
                      ? absl::StrFormat("calibration = softmax temperature %g",
                                        static_cast<double>(c.a))
                      : absl::StrFormat("calibration = sigmoid A %g B %g", static_cast<double>(c.a),
                                        static_cast<double>(c.b)))
              << " (fitted on " << result->calibration_examples << " held-out examples)\n";
    if (result->calibration_examples == 0) {
      std::cerr << "hare train: warning: no labelled held-out example to fit probabilities on\n";
    }
  }
  if (o.parse.class_labels && result->classes.empty() && !o.model_out.empty()) {
    return Fail("train", "no labelled example: a model of classes needs at least one", kExitInput);
  }
  if (!o.model_out.empty()) {
    learner::ModelHeader header{.bits = o.parse.bits,
                                .hash_seed = o.parse.hash_seed,
                                .constant = o.parse.constant,
                                .format = o.parse.format,
                                .rule = l.rule,
                                .threshold = model->threshold(),
                                .threshold_per_feature = model->threshold_per_feature(),
                                .normalize_input = model->normalizes_input(),
                                .learning_rate = l.learning_rate,
                                .examples = result->stats.labelled,
                                .text = o.parse.text,
                                .interactions = o.parse.interactions,
                                .multiclass = l.multiclass,
                                .calibration = result->calibration,
                                .classes = result->classes};
    if (absl::Status s = learner::SaveModel(header, *model, o.model_out); !s.ok()) {
      return Fail("train", s, kExitInput);
    }
    std::cerr << "final model = " << o.model_out << "\n";
  }
  if (result->stats.bad_lines > 0) {
    std::cerr << "hare train: skipped " << result->stats.bad_lines
              << " malformed line(s); use --strict to stop at the first\n";
  }
  return kExitOk;
}

}  // namespace hare::tools
