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
  // must outlive flags.Parse and not move.
  explicit TrainFlags(FlagParser& flags);
  TrainFlags(const TrainFlags&) = delete;
  TrainFlags& operator=(const TrainFlags&) = delete;

  // After flags.Parse: completes `options` and returns every problem with
  // them, in words.
  std::vector<std::string> Finish();

  learner::TrainOptions options;

 private:
  int64_t bits_ = options.parse.bits, seed_ = 0, passes_ = 1, holdout_ = 10, early_ = 3;
  int64_t threads_;
  bool noconstant_ = false;
  const FlagParser& flags_;
};

}  // namespace hare::tools
