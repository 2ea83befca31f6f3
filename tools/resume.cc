#include "tools/resume.h"

#include <algorithm>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "tools/train_flags.h"

namespace hare::tools {
namespace {

// The flags of a run, which the model does not fix.
constexpr std::string_view kRunFlags[] = {
    "-i",           "-f",        "--passes", "-c",       "--holdout-period", "--holdout-off",
    "--early-stop", "--threads", "--quiet",  "--strict", "--save-resume",    "--probabilities",
    "--keep-names", "-p",        "-h",       "--shuffle"};

// The model's learner line without what belongs to its run ("--passes 5",
// "--holdout-off", "--holdout-period 4", "--early-stop 2", "--shuffle").
std::vector<std::string> LearnerWords(const std::string& line) {
  std::vector<std::string> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
  std::vector<std::string> kept;
  for (size_t k = 0; k < words.size(); ++k) {
    if (words[k] == "--holdout-off" || words[k] == "--shuffle") continue;
    if (words[k] == "--passes" || words[k] == "--holdout-period" || words[k] == "--early-stop") {
      ++k;  // and its value
      continue;
    }
    kept.push_back(words[k]);
  }
  return kept;
}

}  // namespace

std::vector<std::string> FixedFlagProblems(const FlagParser& flags, const std::string& model_path) {
  std::vector<std::string> fixed;
  for (const FlagParser::Given& g : flags.given()) {
    const bool run = std::any_of(std::begin(kRunFlags), std::end(kRunFlags),
                                 [&](std::string_view f) { return flags.SameFlag(g.name, f); });
    if (!run && std::find(fixed.begin(), fixed.end(), g.name) == fixed.end())
      fixed.push_back(g.name);
  }
  if (fixed.empty()) return {};
  return {absl::StrCat(
      "-i ", model_path, " trains on with the model's own features and learner: leave out ",
      absl::StrJoin(fixed, ", "), " (hare model info -i ", model_path, " shows them)")};
}

std::vector<std::string> ResumeOptions(const FlagParser& flags, const std::string& model_path,
                                       const learner::Model& model,
                                       learner::TrainOptions& options) {
  if (std::vector<std::string> p = FixedFlagProblems(flags, model_path); !p.empty()) return p;
  const learner::ModelHeader& h = model.header();
  if (model.state() == nullptr) {
    return {absl::StrCat(model_path,
                         " holds no training state to go on from: train it with --save-resume")};
  }
  // The learner's options, read back from the line the model keeps.
  std::vector<std::string> words = {"hare", "train"};
  for (std::string& w : LearnerWords(h.learner)) words.push_back(std::move(w));
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  FlagParser learner_flags;
  TrainFlags learner_train(learner_flags);
  std::vector<std::string> unexpected;
  absl::Status parsed =
      learner_flags.Parse(static_cast<int>(argv.size()), argv.data(), 2, &unexpected);
  std::vector<std::string> problems = learner_train.Finish();
  if (!parsed.ok() || !unexpected.empty() || !problems.empty()) {
    return {absl::StrCat(model_path, "'s learner line '", h.learner,
                         "' is not one this hare reads: train it again")};
  }
  const bool shuffle = options.learner.shuffle;  // the order of this run's passes
  options.learner = learner_train.options.learner;
  options.learner.shuffle = shuffle;
  options.learner.multiclass = h.multiclass;
  options.parse = h.parse_options();
  options.classes = h.classes;
  return learner::Validate(options);
}

}  // namespace hare::tools
