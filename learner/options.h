// Every option of a training run, their defaults, and one validation.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/chunker.h"
#include "io/format.h"

namespace hare::learner {

enum class Rule { kPerceptron };

const char* RuleName(Rule r);
std::optional<Rule> RuleFromName(std::string_view name);

struct LearnerOptions {
  Rule rule = Rule::kPerceptron;
  float learning_rate = 1.0f;  // -l
};

struct TrainOptions {
  std::vector<std::string> inputs;  // none, or "-", is stdin
  io::ParseOptions parse;
  LearnerOptions learner;
  std::string model_out;  // -f; empty: the model is not saved
  bool strict = false;    // stop at the first bad line
  bool quiet = false;     // no progress rows
  io::ChunkerOptions chunking;
};

// Every problem with `options`, each in words a user can act on.
std::vector<std::string> Validate(const TrainOptions& options);

}  // namespace hare::learner
