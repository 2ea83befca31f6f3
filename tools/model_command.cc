// hare model info -i MODEL   and   hare model dump -i MODEL
#include <algorithm>
#include <iostream>
#include <string_view>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "learner/model.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace hare::tools {

namespace {

// "unigrams, bos, ngram 2, chars 3-6, affix +4, window 2, collocations, target _TARGET_"
std::string TemplatesText(const hashing::TextFeatureOptions& t) {
  std::vector<std::string> parts;
  if (t.unigrams) parts.push_back("unigrams");
  if (t.bos) parts.push_back("bos");
  if (t.ngram > 1) parts.push_back(absl::StrFormat("ngram %d", t.ngram));
  if (t.skips > 0) parts.push_back(absl::StrFormat("skips %d", t.skips));
  if (t.maxn > 0) parts.push_back(absl::StrFormat("chars %d-%d", t.minn, t.maxn));
  if (!t.affixes.empty()) parts.push_back("affix " + hashing::AffixSpec(t.affixes));
  if (t.window > 0) parts.push_back(absl::StrFormat("window %d", t.window));
  if (t.collocations) parts.push_back("collocations");
  if (t.window > 0 || t.collocations) parts.push_back("target " + t.target);
  if (t.keep_case) parts.push_back("keep case");
  return absl::StrJoin(parts, ", ");
}

// The rows of `hare model dump`: each kept name with each class's weight at
// its slot, non-zero ones only, by weight from highest to lowest (ties by
// name, then slot, then class).
struct DumpRow {
  std::string_view name;
  uint32_t index;
  size_t klass;
  float weight;
};

int Dump(const learner::Model& model, const std::string& path) {
  const learner::ModelHeader& h = model.header();
  if (model.names().empty()) {
    return Fail("model dump",
                path +
                    " holds no feature names: train it with --keep-names to dump it (and give "
                    "--keep-names again to each hare train -i that goes on from it)",
                kExitInput);
  }
  const size_t k_classes = h.binary() ? 1 : h.classes.size();
  const uint32_t mask = hashing::MaskFor(h.bits);
  std::vector<DumpRow> rows;
  for (const learner::FeatureName& n : model.names()) {
    for (size_t k = 0; k < k_classes; ++k) {
      const float w = model.PredictionWeight((n.index + static_cast<uint32_t>(k)) & mask);
      if (w != 0) rows.push_back({n.name, n.index, k, w});
    }
  }
  std::sort(rows.begin(), rows.end(), [](const DumpRow& a, const DumpRow& b) {
    return std::tie(b.weight, a.name, a.index, a.klass) <
           std::tie(a.weight, b.name, b.index, b.klass);
  });
  std::string out;
  for (const DumpRow& r : rows) {
    AppendName(out, r.name);
    absl::StrAppend(&out, "\t", r.index, "\t");
    if (!h.binary()) absl::StrAppend(&out, h.classes[r.klass], "\t");
    AppendFloat(out, r.weight);
    out += '\n';
    if (out.size() > (1 << 20)) {
      std::cout << out;
      out.clear();
    }
  }
  std::cout << out << std::flush;
  return kExitOk;
}

// The fewest digits that read back as the same float.
std::string FloatText(float value) {
  std::string out;
  AppendFloat(out, value);
  return out;
}

constexpr const char* kModelUsage =
    "usage: hare model info -i MODEL\n"
    "       hare model dump -i MODEL\n"
    "info shows what a model file holds. dump prints, for a model trained with --keep-names,\n"
    "one line per feature name and non-zero weight, highest weight first:\n"
    "  NAME<TAB>INDEX<TAB>WEIGHT            (binary)\n"
    "  NAME<TAB>INDEX<TAB>CLASS<TAB>WEIGHT  (classes; CLASS's weight is at slot INDEX + its\n"
    "                                        number)\n"
    "Two names on one index are a hash collision: they share the weight.\n";

// A text model's tokenizer line, and whether this hare can use the model.
std::string TokenizerText(int version) {
  if (version == hashing::kTokenizerVersion)
    return absl::StrCat("tokenizer         ", version, "\n");
  return absl::StrCat("tokenizer         ", version, " (this hare's is ",
                      hashing::kTokenizerVersion,
                      ": train the model again to test or predict with it)\n");
}

}  // namespace

int ModelCommand(int argc, char** argv) {
  const std::string_view what = argc < 3 ? "" : std::string_view(argv[2]);
  if (what == "-h" || what == "--help") {
    std::cout << kModelUsage;
    return kExitOk;
  }
  if (what != "info" && what != "dump") {
    if (what.empty() || what.starts_with('-')) {
      std::cerr << "hare model: which? info or dump\n\n";
    } else {
      std::cerr << "hare model: unknown command '" << what << "'\n\n";
    }
    std::cerr << kModelUsage;
    return kExitUsage;
  }
  const std::string command = what == "info" ? "model info" : "model dump";
  std::string model_path;
  std::vector<std::string> rest;
  FlagParser flags(/*reads_data=*/false);
  flags.AddString("-i,--initial-regressor", "MODEL", "the model file", &model_path);
  if (int code = ParseCommandLine(flags, kModelUsage, argc - 1, argv + 1, &rest, command,
                                  /*files=*/false);
      code >= 0) {
    return code;
  }
  if (model_path.empty() && !rest.empty()) {
    model_path = rest[0];
    rest.erase(rest.begin());
  }
  if (!rest.empty()) {
    return FailUsage(command.c_str(),
                     {absl::StrCat("one model at a time: '", rest[0], "' is one too many")});
  }
  if (model_path.empty()) return FailUsage(command.c_str(), {MissingModel(flags)});
  absl::StatusOr<learner::Model> model =
      learner::LoadModel(model_path, learner::ModelUse::kInspect);
  if (!model.ok()) return Fail(command.c_str(), model.status(), kExitInput);
  if (what == "dump") return Dump(*model, model_path);
  const learner::ModelHeader& h = model->header();
  // Namespace letters as the flags take them back (\xHH for a space or a byte
  // outside printable ASCII).
  auto letters = [](std::string* out, const std::string& s) {
    out->append(EscapeNamespaceLetters(s));
  };
  auto grams = [](std::string* out, const std::string& s) { out->append(LetteredGramText(s)); };
  std::cout << absl::StrFormat(
      "model file        %s\n"
      "format version    %d\n"
      "rule              %s\n"
      "bits              %d (%d slots)\n"
      "hash seed         %d\n"
      "constant feature  %s\n"
      "unit norm         %s\n"
      "input format      %s\n"
      "threshold         %s\n"
      "learning rate     %s\n"
      "examples trained  %d\n"
      "non-zero weights  %d\n"
      "%s",
      model_path, model->file_version(), learner::RuleName(h.rule), h.bits, uint64_t{1} << h.bits,
      h.hash_seed, h.constant ? "yes" : "no",
      h.unit_norm         ? "yes"
      : h.normalize_input ? "no (the rule scales each example to length 1 itself)"
                          : "no",
      io::FormatName(h.format),
      FloatText(h.threshold) + (h.threshold_per_feature ? " per unit of sum x" : ""),
      FloatText(h.learning_rate), h.examples, model->nonzero(),
      (h.format == io::Format::kFastText ? "label prefix      " + h.label_prefix + "\n" : "") +
          (io::IsSentences(h.format)
               ? "text templates    " + TemplatesText(h.text) + "\n" + TokenizerText(h.tokenizer)
               : "") +
          (h.interactions.empty()
               ? ""
               : "interactions      " + absl::StrJoin(h.interactions, " ", letters) + "\n") +
          (h.ngrams.empty() ? ""
                            : "ngram             " + absl::StrJoin(h.ngrams, " ", grams) + "\n") +
          (h.skips.empty() ? ""
                           : "skips             " + absl::StrJoin(h.skips, " ", grams) + "\n") +
          (h.affixes.empty() ? "" : "affix             " + absl::StrJoin(h.affixes, ",") + "\n") +
          (h.ignore.empty() ? "" : "ignore            " + EscapeNamespaceLetters(h.ignore) + "\n") +
          (h.ignore_linear.empty()
               ? ""
               : "ignore linear     " + EscapeNamespaceLetters(h.ignore_linear) + "\n") +
          (h.keep.empty() ? "" : "keep              " + EscapeNamespaceLetters(h.keep) + "\n"));
  if (!h.learner.empty()) {
    std::cout << "learner           " << h.learner << "\n"
              << "passes run        " << h.passes_run << "\n";
  } else {  // files before version 6
    std::cout << "learner           not kept (format version " << model->file_version() << ")\n";
  }
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
  if (!model->names().empty()) std::cout << "feature names     " << model->names().size() << "\n";
  if (const learner::TrainingState* state = model->state(); state != nullptr) {
    std::cout << "training state    " << state->indices.size() << " slots of "
              << state->floats_per_slot << (state->floats_per_slot == 1 ? " float" : " floats")
              << " (--save-resume: hare train -i goes on)\n";
  }
  return kExitOk;
}

}  // namespace hare::tools
