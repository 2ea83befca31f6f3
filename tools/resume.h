// hare train -i MODEL: training goes on from a model saved with --save-resume
// (VW's -i with --save_resume). The model fixes what it learned with: the
// features (format, table, templates, interactions) and the learner (the rule
// and its options, the multiclass method, the classes so far); the command
// line gives only what a run chooses: its files, passes, holdout, cache,
// threads, output, --probabilities and --keep-names.
#pragma once

#include <string>
#include <vector>

#include "learner/model.h"
#include "learner/options.h"
#include "tools/flags.h"

namespace hare::tools {

// The flags given that the model fixes (all but the run's: files, passes,
// holdout, cache, threads, output...), as the one problem that names them;
// none if there are none. Checked before any other, as those flags are
// checked against the model's features and learner, not the defaults.
std::vector<std::string> FixedFlagProblems(const FlagParser& flags, const std::string& model_path);

// With `flags` parsed and `options` finished from them, takes the model's
// features, learner and classes into `options`. Returns every problem, in
// words: a flag the model fixes, a model without its training state.
std::vector<std::string> ResumeOptions(const FlagParser& flags, const std::string& model_path,
                                       const learner::Model& model, learner::TrainOptions& options);

}  // namespace hare::tools
