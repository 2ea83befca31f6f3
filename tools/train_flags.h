// The options of hare train as flags, shared by hare train and hare tune
// (which trains with train's options for every candidate it tries).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "learner/options.h"
#include "tools/flags.h"

namespace hare::tools {

class TrainFlags {
 public:
  // Adds every flag of hare train to `flags`, bound to this object, which
  // must outlive flags.Parse and not move. Without `resumable` (hare tune,
  // which starts from scratch), -i is not one of them, and --threads counts
  // the candidates trained at once.
  explicit TrainFlags(FlagParser& flags, bool resumable = true);
  TrainFlags(const TrainFlags&) = delete;
  TrainFlags& operator=(const TrainFlags&) = delete;

  // After flags.Parse: completes `options` and returns every problem with
  // them, in words.
  std::vector<std::string> Finish();

  learner::TrainOptions options;

 private:
  int64_t bits_ = options.parse.bits, passes_ = 1, holdout_ = 10, early_ = 3;
  int64_t threads_;
  bool noconstant_ = false;
  const FlagParser& flags_;
};

// How `options` learn, as hare train flags: the rule, each option of it that
// was given or is not its default (--margin, --average, --arow-r, --loss,
// --l2, ...), then the passes, the holdout where one is kept and the early
// stop, e.g. "--rule arow --arow-r 0.03 --passes 1", each number in the
// fewest digits that read back as the same float. What a model file keeps
// for hare model info; the features and classes are kept apart.
std::string LearnerFlags(const learner::TrainOptions& options);

// hare train's flags, for a command that uses a model to name them in its
// messages (FlagParser::SetTrainingOptions): not movable, as the flags are
// bound to it.
class TrainingFlagNames {
 public:
  TrainingFlagNames() : flags_(parser_) {}
  TrainingFlagNames(const TrainingFlagNames&) = delete;
  TrainingFlagNames& operator=(const TrainingFlagNames&) = delete;
  const FlagParser* parser() const { return &parser_; }

 private:
  FlagParser parser_;
  TrainFlags flags_;
};

}  // namespace hare::tools
