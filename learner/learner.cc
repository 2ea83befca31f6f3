#include "learner/learner.h"

#include "learner/linear_learner.h"
#include "learner/perceptron.h"

namespace hare::learner {

std::unique_ptr<Learner> MakeLearner(const LearnerOptions& options, int bits) {
  switch (options.rule) {
    case Rule::kPerceptron:
      return std::make_unique<LinearLearner<Perceptron>>(Perceptron{options.learning_rate}, bits);
  }
  return nullptr;
}

}  // namespace hare::learner
