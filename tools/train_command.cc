// hare train [FILE...] [-f MODEL] [-b BITS] [-l RATE] [--format F] [--quiet] [--strict]
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "io/example_reader.h"
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

// Adds the flags that say how input is read and hashed.
void AddInputFlags(FlagParser& flags, io::ParseOptions& parse, int64_t& bits, int64_t& seed,
                   bool& noconstant) {
  flags.AddInt("-b,--bits", "BITS", "hash table size 2^BITS (1-32, default 18)", &bits);
  flags.Add("--format", "F", "input format: vw (default), libsvm or text",
            [&parse](std::string_view v) {
              std::optional<io::Format> f = io::FormatFromName(v);
              if (!f)
                return absl::InvalidArgumentError(
                    absl::StrCat("unknown format '", std::string(v), "' (vw, libsvm, text)"));
              parse.format = *f;
              return absl::OkStatus();
            });
  flags.AddInt("--hash-seed", "N", "seed of the feature hash (default 0)", &seed);
  flags.AddSwitch("--noconstant", "do not add the constant (bias) feature", &noconstant);
}

}  // namespace

int TrainCommand(int argc, char** argv) {
  learner::TrainOptions o;
  FlagParser flags;
  int64_t bits = o.parse.bits, seed = 0;
  bool noconstant = false;
  std::string rule = learner::RuleName(o.learner.rule);
  flags.AddString("-f,--final-regressor", "MODEL", "write the model to MODEL", &o.model_out);
  AddInputFlags(flags, o.parse, bits, seed, noconstant);
  flags.AddFloat("-l,--learning-rate", "RATE", "learning rate r (default 1)",
                 &o.learner.learning_rate);
  flags.AddString("--rule", "NAME", "update rule: perceptron (default)", &rule);
  flags.AddSwitch("--quiet", "no progress table, only the summary", &o.quiet);
  flags.AddSwitch("--strict", "stop at the first bad line (exit code 2)", &o.strict);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &o.inputs); code >= 0) return code;

  o.parse.bits = static_cast<int>(bits);
  o.parse.hash_seed = static_cast<uint64_t>(seed);
  o.parse.constant = !noconstant;
  std::vector<std::string> problems = learner::Validate(o);
  if (bits != o.parse.bits) problems.push_back("-b is out of range: bits must be 1 to 32");
  std::optional<learner::Rule> r = learner::RuleFromName(rule);
  if (!r) problems.push_back(absl::StrCat("unknown rule '", rule, "' (perceptron)"));
  if (!problems.empty()) {
    return Fail("train",
                absl::StrJoin(problems, "\n") + "\nRun 'hare train --help' for the options.",
                kExitUsage);
  }
  o.learner.rule = *r;
  if (absl::Status s = io::CheckReadable(o.inputs); !s.ok()) return Fail("train", s, kExitInput);
  if (!o.model_out.empty()) {
    if (absl::Status s = learner::CheckWritable(o.model_out); !s.ok()) {
      return Fail("train", s, kExitInput);
    }
  }

  std::unique_ptr<learner::Learner> model = learner::MakeLearner(o.learner, o.parse.bits);
  io::ExampleReader reader(o.inputs, o.parse, o.chunking);
  learner::RunOptions run{
      .strict = o.strict, .messages = &std::cerr, .progress = o.quiet ? nullptr : &std::cerr};
  if (!o.quiet) {
    std::cerr << "hare train: rule " << learner::RuleName(o.learner.rule) << ", 2^" << o.parse.bits
              << " slots, learning rate " << o.learner.learning_rate << ", format "
              << io::FormatName(o.parse.format) << (o.parse.constant ? "" : ", no constant")
              << "\n";
  }
  absl::StatusOr<learner::RunStats> stats = learner::TrainOn(reader, *model, run);
  if (!stats.ok()) return Fail("train", stats.status(), kExitInput);
  learner::PrintSummary(*stats, std::cerr);
  if (!o.model_out.empty()) {
    learner::ModelHeader header{.bits = o.parse.bits,
                                .hash_seed = o.parse.hash_seed,
                                .constant = o.parse.constant,
                                .format = o.parse.format,
                                .rule = o.learner.rule,
                                .threshold = model->threshold(),
                                .learning_rate = o.learner.learning_rate,
                                .examples = stats->labelled};
    if (absl::Status s = learner::SaveModel(header, *model, o.model_out); !s.ok()) {
      return Fail("train", s, kExitInput);
    }
    std::cerr << "final model = " << o.model_out << "\n";
  }
  if (stats->bad_lines > 0) {
    std::cerr << "hare train: skipped " << stats->bad_lines
              << " malformed line(s); use --strict to stop at the first\n";
  }
  return kExitOk;
}

}  // namespace hare::tools
