// hare model info -i MODEL
#include <iostream>
#include <string_view>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "learner/model.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace hare::tools {

namespace {

// "unigrams, ngram 2, chars 3-6, window 2, collocations, target _TARGET_"
std::string TemplatesText(const hashing::TextFeatureOptions& t) {
  std::vector<std::string> parts;
  if (t.unigrams) parts.push_back("unigrams");
  if (t.ngram > 1) parts.push_back(absl::StrFormat("ngram %d", t.ngram));
  if (t.skips > 0) parts.push_back(absl::StrFormat("skips %d", t.skips));
  if (t.maxn > 0) parts.push_back(absl::StrFormat("chars %d-%d", t.minn, t.maxn));
  if (t.window > 0) parts.push_back(absl::StrFormat("window %d", t.window));
  if (t.collocations) parts.push_back("collocations");
  if (t.window > 0 || t.collocations) parts.push_back("target " + t.target);
  if (t.keep_case) parts.push_back("keep case");
  return absl::StrJoin(parts, ", ");
}

}  // namespace

int ModelCommand(int argc, char** argv) {
  if (argc < 3 || std::string_view(argv[2]) != "info") {
    std::cerr << "usage: hare model info -i MODEL\n";
    return kExitUsage;
  }
  std::string model_path;
  std::vector<std::string> rest;
  FlagParser flags;
  flags.AddString("-i,--initial-regressor", "MODEL", "the model file", &model_path);
  if (int code =
          ParseCommandLine(flags, "usage: hare model info -i MODEL\n", argc - 1, argv + 1, &rest);
      code >= 0) {
    return code;
  }
  if (model_path.empty() && rest.size() == 1) model_path = rest[0];
  if (model_path.empty()) return Fail("model info", "-i MODEL is required", kExitUsage);
  absl::StatusOr<learner::Model> model = learner::LoadModel(model_path);
  if (!model.ok()) return Fail("model info", model.status(), kExitInput);
  const learner::ModelHeader& h = model->header();
  std::cout << absl::StrFormat(
      "model file        %s\n"
      "format version    %d\n"
      "rule              %s\n"
      "bits              %d (%d slots)\n"
      "hash seed         %d\n"
      "constant feature  %s\n"
      "input format      %s\n"
      "threshold         %g\n"
      "learning rate     %g\n"
      "examples trained  %d\n"
      "non-zero weights  %d\n"
      "%s",
      model_path, learner::kModelVersion, learner::RuleName(h.rule), h.bits, uint64_t{1} << h.bits,
      h.hash_seed, h.constant ? "yes" : "no", io::FormatName(h.format), h.threshold,
      h.learning_rate, h.examples, model->nonzero(),
      (h.format == io::Format::kText ? "text templates    " + TemplatesText(h.text) + "\n" : "") +
          (h.interactions.empty()
               ? ""
               : "interactions      " + absl::StrJoin(h.interactions, " ") + "\n"));
  if (!h.binary()) {
    std::cout << "multiclass        " << learner::MulticlassName(h.multiclass) << "\n"
              << "classes           " << h.classes.size() << ": " << absl::StrJoin(h.classes, " ")
              << "\n";
  }
  switch (h.calibration.kind) {
    case learner::CalibrationKind::kNone:
      break;
    case learner::CalibrationKind::kPlatt:
      std::cout << absl::StrFormat("probabilities     sigmoid, A %g, B %g\n", h.calibration.a,
                                   h.calibration.b);
      break;
    case learner::CalibrationKind::kTemperature:
      std::cout << absl::StrFormat("probabilities     softmax, temperature %g\n", h.calibration.a);
      break;
  }
  return kExitOk;
}

}  // namespace hare::tools
