#include "learner/options.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "hashing/feature_hash.h"

namespace hare::learner {

const char* RuleName(Rule r) {
  switch (r) {
    case Rule::kPerceptron:
      return "perceptron";
  }
  return "?";
}

std::optional<Rule> RuleFromName(std::string_view name) {
  if (name == "perceptron") return Rule::kPerceptron;
  return std::nullopt;
}

std::vector<std::string> Validate(const TrainOptions& o) {
  std::vector<std::string> problems;
  if (o.parse.bits < hashing::kMinBits || o.parse.bits > hashing::kMaxBits) {
    problems.push_back(absl::StrCat("-b ", o.parse.bits, " is out of range: bits must be ",
                                    hashing::kMinBits, " to ", hashing::kMaxBits));
  }
  if (!(o.learner.learning_rate > 0) || !std::isfinite(o.learner.learning_rate)) {
    problems.push_back(absl::StrCat("-l ", o.learner.learning_rate,
                                    " is not a learning rate: it must be a positive number"));
  }
  if (o.chunking.block_size < 4096) {
    problems.push_back("the block size must be at least 4096 bytes");
  }
  return problems;
}

}  // namespace hare::learner
