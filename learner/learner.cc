// The one place that turns options into a compiled training loop.
#include "learner/learner.h"

#include <cmath>

#include "learner/arow.h"
#include "learner/linear_learner.h"
#include "learner/naive_bayes.h"
#include "learner/passive_aggressive.h"
#include "learner/perceptron.h"
#include "learner/sgd.h"
#include "learner/svm.h"
#include "learner/winnow.h"

namespace hare::learner {
namespace {

// What is made of the loop the options pick: the learner itself, or only the
// size of its table (known before the table is mapped).
struct NewLearner {
  using Result = std::unique_ptr<Learner>;
  template <class Rule, bool kAverage, bool kAdagrad, bool kLazyReg>
  static Result Of(const Rule& rule, const LearnerOptions& o, int bits, Regularization reg) {
    return std::make_unique<LinearLearner<Rule, kAverage, kAdagrad, kLazyReg>>(
        rule, bits, reg, o.multiclass, o.margin.value_or(0.0f), o.uneven_margin, o.shuffle);
  }
};
struct TableSize {
  using Result = uint64_t;
  template <class Rule, bool kAverage, bool kAdagrad, bool kLazyReg>
  static Result Of(const Rule&, const LearnerOptions&, int bits, Regularization) {
    return (uint64_t{1} << bits) * LinearLearner<Rule, kAverage, kAdagrad, kLazyReg>::kFloats *
           sizeof(float);
  }
};

// Instantiates the loop for a rule with the options that change slot layout
// (averaging with L1/L2 is refused by the options).
template <class Maker, class Rule>
typename Maker::Result Make(const Rule& rule, const LearnerOptions& o, int bits,
                            Regularization reg = {}) {
  if constexpr (Rule::kAdditive) {
    if constexpr (requires { rule.Rate(); }) {  // SGD: lazy L1/L2
      if (reg.l1 > 0 || reg.l2 > 0) {
        return o.adagrad ? Maker::template Of<Rule, false, true, true>(rule, o, bits, reg)
                         : Maker::template Of<Rule, false, false, true>(rule, o, bits, reg);
      }
    }
    if (o.adagrad) {
      return o.average ? Maker::template Of<Rule, true, true, false>(rule, o, bits, reg)
                       : Maker::template Of<Rule, false, true, false>(rule, o, bits, reg);
    }
  }
  return o.average ? Maker::template Of<Rule, true, false, false>(rule, o, bits, reg)
                   : Maker::template Of<Rule, false, false, false>(rule, o, bits, reg);
}

template <class WinnowRule>
WinnowRule WinnowFrom(const LearnerOptions& o, WinnowRule r) {
  r.alpha = o.alpha.value_or(r.alpha);
  r.beta = o.beta.value_or(1 / r.alpha);
  r.log_alpha = std::log(r.alpha);
  r.log_beta = std::log(r.beta);
  r.w0 = o.initial.value_or(r.w0);
  r.theta = o.threshold.value_or(r.theta);
  r.margin = o.margin.value_or(0.0f);
  return r;
}

// The rule the options name, with its parameters, made by `Maker`.
template <class Maker>
typename Maker::Result Build(const LearnerOptions& o, int bits) {
  switch (o.rule) {
    case Rule::kPerceptron:
      return Make<Maker>(Perceptron{.rate = o.learning_rate,
                                    .margin = o.margin.value_or(0.0f),
                                    .normalized_margin = o.normalized_margin},
                         o, bits);
    case Rule::kWinnow:
      return Make<Maker>(WinnowFrom(o, Winnow{}), o, bits);
    case Rule::kBalancedWinnow:
      return Make<Maker>(WinnowFrom(o, BalancedWinnow{}), o, bits);
    case Rule::kModifiedBalancedWinnow: {
      ModifiedBalancedWinnow r;
      r.alpha = o.alpha.value_or(r.alpha);
      r.beta = o.beta.value_or(r.beta);
      r.u0 = o.initial.value_or(r.u0);
      r.v0 = r.u0 - 1;
      r.theta = o.threshold.value_or(r.theta);
      r.margin = o.margin.value_or(r.margin);
      return Make<Maker>(r, o, bits);
    }
    case Rule::kPa:
      return Make<Maker>(PassiveAggressive{.variant = o.pa_variant,
                                           .c = o.aggressiveness.value_or(1.0f),
                                           .margin = o.margin.value_or(1.0f)},
                         o, bits);
    case Rule::kSgd: {
      Sgd r{.loss = o.loss,
            .schedule = o.schedule,
            .rate = o.learning_rate,
            .power_t = o.power_t,
            .adagrad = o.adagrad};
      if (o.l1 > 0 || o.l2 > 0) return Make<Maker>(r, o, bits, Regularization{o.l1, o.l2});
      return Make<Maker>(r, o, bits);
    }
    case Rule::kArow:
      return Make<Maker>(Arow{.r = o.arow_r.value_or(1.0f), .margin = o.margin.value_or(1.0f)}, o,
                         bits);
    case Rule::kNaiveBayes:
      return Make<Maker>(NaiveBayes{.smoothing = o.smoothing.value_or(1.0f)}, o, bits);
    case Rule::kSvm:
      return Make<Maker>(
          DualSvm{.c = o.aggressiveness.value_or(1.0f), .margin = o.margin.value_or(1.0f)}, o,
          bits);
  }
  return {};
}

}  // namespace

void Learner::Train(const io::ExampleBatch& batch, std::span<const uint8_t> held_out,
                    std::span<float> scores) {
  std::vector<int32_t> classes(batch.size());
  for (size_t i = 0; i < batch.size(); ++i)
    classes[i] = batch.has_label(i) ? BinaryClass(batch.label(i)) : -1;
  Scores rows;
  Train(batch, classes, held_out, rows);
  for (size_t i = 0; i < batch.size(); ++i) scores[i] = rows.row(i)[0];
}

std::unique_ptr<Learner> MakeLearner(const LearnerOptions& o, int bits) {
  return Build<NewLearner>(o, bits);
}

uint64_t TableBytes(const LearnerOptions& o, int bits) { return Build<TableSize>(o, bits); }

}  // namespace hare::learner
