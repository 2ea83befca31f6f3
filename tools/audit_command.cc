// hare audit -i MODEL [FILE...]: every feature of every example, with its
// slot, value and weight, and the score (VW's --audit).
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "io/example_reader.h"
#include "io/source.h"
#include "learner/memory_limit.h"
#include "learner/model.h"
#include "learner/run.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/output.h"
#include "tools/train_flags.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare audit -i MODEL [FILE...]\n"
    "Reads examples (stdin by default) as MODEL reads them and prints, for each, a line\n"
    "  INPUT:LINE<TAB>label L<TAB>predicted P<TAB>score S\n"
    "(a model of classes prints 'scores C1:S1 C2:S2 ...'; a model with probabilities adds\n"
    "'probability P'), then one line per feature, as VW's --audit prints them:\n"
    "  <TAB>NAME:INDEX:VALUE:WEIGHT\n"
    "NAME is 'namespace^feature' ('feature' in the default namespace, 'a^x*b^y' for an\n"
    "interaction, 'Constant' for the bias), INDEX its slot, and WEIGHT the model's weight\n"
    "there; a model of classes gives one weight per class, in the order of its classes,\n"
    "separated by ','.\n";

}  // namespace

int AuditCommand(int argc, char** argv) {
  std::string model_path;
  bool strict = false;
  std::vector<std::string> inputs;
  const TrainingFlagNames training;
  FlagParser flags;
  flags.SetTrainingOptions(training.parser());
  flags.AddString("-i,--initial-regressor", "MODEL", "the model (required)", &model_path);
  flags.AddSwitch("--strict", "stop at the first bad line (exit code 2)", &strict);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &inputs); code >= 0) return code;
  if (model_path.empty()) return FailUsage("audit", {MissingModel(flags)});
  absl::StatusOr<learner::Model> model = learner::LoadModel(model_path);
  if (!model.ok()) return Fail("audit", model.status(), kExitInput);
  if (absl::Status s = io::CheckReadable(inputs); !s.ok()) return Fail("audit", s, kExitInput);
  if (absl::Status s = CheckStdout(inputs, model_path); !s.ok())
    return Fail("audit", s, kExitInput);

  const learner::ModelHeader& h = model->header();
  io::ParseOptions parse = h.parse_options();
  parse.names = true;
  io::ChunkerOptions chunking{.fill_blocks = false};
  learner::LimitLinesToTheMemory(parse, chunking);
  // Lines are read as they come and answered at once, so that audit works
  // in a pipe (| less); its output, a line per feature and class weights,
  // goes out every 64 KiB, not held a chunk at a time.
  io::ExampleReader reader(inputs, parse, chunking, 1);
  learner::RunOptions run{.strict = strict, .messages = &std::cerr};
  learner::ClassMap classes = learner::ClassesOf(h);
  const size_t k_classes = h.binary() ? 1 : h.classes.size();
  const uint32_t mask = hashing::MaskFor(h.bits);
  std::vector<double> probabilities;
  constexpr size_t kFlushBytes = size_t{1} << 16;
  std::string text;
  absl::StatusOr<learner::RunStats> stats = learner::ScoreWith(
      reader, *model, classes, run,
      [&](const io::ExampleBatch& batch, std::span<const int32_t> ids,
          const learner::Scores& scores) {
        text.clear();
        const std::vector<std::string>& names = classes.names();
        for (size_t i = 0; i < batch.size(); ++i) {
          const std::span<const float> row = scores.row(i);
          h.calibration.ClassProbabilities(row, h.binary(), probabilities);
          const int32_t predicted = scores.Predicted(i, probabilities);
          text += batch.input_name;
          absl::StrAppend(&text, ":", batch.first_line + batch.line(i) - 1, "\tlabel ",
                          ids[i] >= 0 ? names[ids[i]] : "none", "\tpredicted ", names[predicted]);
          if (h.binary()) {
            text += "\tscore ";
            AppendFloat(text, row[0]);
          } else {
            text += "\tscores";
            for (size_t k = 0; k < row.size(); ++k) {
              absl::StrAppend(&text, " ", names[k], ":");
              AppendFloat(text, row[k]);
            }
          }
          if (!probabilities.empty()) {
            text += "\tprobability ";
            AppendFloat(text, static_cast<float>(
                                  probabilities[h.binary() ? 1 : static_cast<size_t>(predicted)]));
          }
          text += '\n';
          const auto indices = batch.indices(i);
          const auto values = batch.values(i);
          const auto feature_names = batch.names(i);
          for (size_t f = 0; f < indices.size(); ++f) {
            text += '\t';
            AppendName(text, feature_names[f]);
            absl::StrAppend(&text, ":", indices[f], ":");
            AppendFloat(text, values[f]);
            text += ':';
            for (size_t k = 0; k < k_classes; ++k) {
              if (k > 0) text += ',';
              AppendFloat(text,
                          model->PredictionWeight((indices[f] + static_cast<uint32_t>(k)) & mask));
            }
            text += '\n';
          }
          if (text.size() >= kFlushBytes) {
            if (absl::Status s = WriteText(stdout, text, /*flush=*/false, "to stdout"); !s.ok())
              return s;
          }
        }
        return WriteText(stdout, text, /*flush=*/true, "to stdout");
      });
  if (!stats.ok()) return Fail("audit", stats.status(), kExitInput);
  ReportSkipped("audit", stats->bad_lines, /*has_strict=*/true);
  WarnIfNoTarget("audit", parse.text, stats->parsed_text, stats->marked);
  return kExitOk;
}

}  // namespace hare::tools
