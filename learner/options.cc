#include "learner/options.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "hashing/feature_hash.h"

namespace hare::learner {
namespace {

template <class E, size_t N>
const char* NameOf(E value, const std::pair<E, const char*> (&names)[N]) {
  for (const auto& [v, n] : names) {
    if (v == value) return n;
  }
  return "?";
}

template <class E, size_t N>
std::optional<E> ValueOf(std::string_view name, const std::pair<E, const char*> (&names)[N]) {
  for (const auto& [v, n] : names) {
    if (name == n) return v;
  }
  return std::nullopt;
}

constexpr std::pair<Rule, const char*> kRules[] = {
    {Rule::kPerceptron, "perceptron"},
    {Rule::kWinnow, "winnow"},
    {Rule::kBalancedWinnow, "balanced-winnow"},
    {Rule::kModifiedBalancedWinnow, "modified-balanced-winnow"},
    {Rule::kPa, "pa"},
    {Rule::kSgd, "sgd"},
    {Rule::kArow, "arow"},
    {Rule::kNaiveBayes, "nb"},
    {Rule::kSvm, "svm"}};
constexpr std::pair<PaVariant, const char*> kPaVariants[] = {
    {PaVariant::kPa, "pa"}, {PaVariant::kPaI, "pa-i"}, {PaVariant::kPaII, "pa-ii"}};
constexpr std::pair<Loss, const char*> kLosses[] = {
    {Loss::kHinge, "hinge"}, {Loss::kLogistic, "logistic"}, {Loss::kSquared, "squared"}};
constexpr std::pair<Schedule, const char*> kSchedules[] = {
    {Schedule::kConstant, "constant"}, {Schedule::kSqrt, "sqrt"}, {Schedule::kPower, "power"}};

constexpr std::pair<Multiclass, const char*> kMulticlass[] = {
    {Multiclass::kNone, "none"},
    {Multiclass::kOneVsAll, "ova"},
    {Multiclass::kCrammerSinger, "crammer-singer"},
    {Multiclass::kWinnerTakeAll, "wta"}};

bool Positive(float v) { return std::isfinite(v) && v > 0; }

}  // namespace

const char* RuleName(Rule r) { return NameOf(r, kRules); }
std::optional<Rule> RuleFromName(std::string_view n) { return ValueOf(n, kRules); }
const char* PaVariantName(PaVariant v) { return NameOf(v, kPaVariants); }
std::optional<PaVariant> PaVariantFromName(std::string_view n) { return ValueOf(n, kPaVariants); }
const char* LossName(Loss l) { return NameOf(l, kLosses); }
std::optional<Loss> LossFromName(std::string_view n) { return ValueOf(n, kLosses); }
const char* ScheduleName(Schedule s) { return NameOf(s, kSchedules); }
std::optional<Schedule> ScheduleFromName(std::string_view n) { return ValueOf(n, kSchedules); }
const char* MulticlassName(Multiclass m) { return NameOf(m, kMulticlass); }
std::optional<Multiclass> MulticlassFromName(std::string_view n) { return ValueOf(n, kMulticlass); }

std::vector<std::string> Validate(const TrainOptions& o) {
  std::vector<std::string> problems;
  const LearnerOptions& l = o.learner;
  auto problem = [&](auto&&... parts) { problems.push_back(absl::StrCat(parts...)); };
  if (o.parse.bits < hashing::kMinBits || o.parse.bits > hashing::kMaxBits) {
    problem("-b ", o.parse.bits, " is out of range: bits must be ", hashing::kMinBits, " to ",
            hashing::kMaxBits);
  }
  if (!Positive(l.learning_rate)) {
    problem("-l ", l.learning_rate, " is not a learning rate: it must be a positive number");
  }
  if (l.margin && !(std::isfinite(*l.margin) && *l.margin >= 0)) {
    problem("--margin must be a number >= 0");
  }
  if (l.normalized_margin && l.rule != Rule::kPerceptron) {
    problem("--normalized-margin is for --rule perceptron");
  }
  if (l.normalized_margin && !l.margin) problem("--normalized-margin needs --margin G");
  if (l.margin && l.rule == Rule::kNaiveBayes) {
    problem("--margin is for the mistake-driven rules: nb learns from every example");
  }
  if (l.margin && l.rule == Rule::kSgd) {
    problem("--margin is not for --rule sgd: its --loss decides when it updates");
  }
  if (!(std::isfinite(l.uneven_margin) && l.uneven_margin >= 0)) {
    problem("--uneven-margin must be a number >= 0");
  }
  if (l.uneven_margin > 0 && l.normalized_margin) {
    problem("--uneven-margin is not for --normalized-margin, whose margin is geometric");
  }
  if (l.uneven_margin > 0 && (l.rule == Rule::kNaiveBayes || l.rule == Rule::kSgd)) {
    problem(
        "--uneven-margin is for the rules with a margin (perceptron, the winnows, pa, arow, svm), "
        "not ",
        RuleName(l.rule));
  }
  if (l.aggressiveness && l.rule == Rule::kPa && l.pa_variant == PaVariant::kPa) {
    problem("-C is for --pa-variant pa-i and pa-ii: plain pa takes the whole step");
  }
  if (l.margin && *l.margin == 0 &&
      (l.rule == Rule::kPa || l.rule == Rule::kArow || l.rule == Rule::kSvm)) {
    problem("--margin must be > 0 for ", RuleName(l.rule),
            ": its loss is margin - y*score, so from zero weights it would never learn");
  }
  if (l.average && l.rule == Rule::kNaiveBayes) {
    problem("--average is not for nb: its counts already sum over every example");
  }
  const bool winnow = l.rule == Rule::kWinnow || l.rule == Rule::kBalancedWinnow ||
                      l.rule == Rule::kModifiedBalancedWinnow;
  if (l.adagrad &&
      (winnow || l.rule == Rule::kArow || l.rule == Rule::kNaiveBayes || l.rule == Rule::kSvm)) {
    problem("--adagrad is for the additive rules (perceptron, pa, sgd), not ", RuleName(l.rule));
  }
  if ((l.alpha || l.beta || l.initial || l.threshold) && !winnow) {
    problem("--alpha, --beta, --initial-weight and --threshold are for the Winnow rules");
  }
  if (l.alpha && !(std::isfinite(*l.alpha) && *l.alpha > 1)) problem("--alpha must be > 1");
  if (l.beta && !(std::isfinite(*l.beta) && *l.beta > 0 && *l.beta < 1)) {
    problem("--beta must be between 0 and 1");
  }
  // Slots keep w - w0 in a float, and weights stay in [w0 2^-20, 1e30]: a w0
  // far from 1 would leave no room on one side.
  if (l.initial && !(*l.initial >= 1e-20f && *l.initial <= 1e20f)) {
    problem("--initial-weight must be from 1e-20 to 1e20");
  }
  if (l.initial && l.rule == Rule::kModifiedBalancedWinnow && !(*l.initial > 1)) {
    problem(
        "--initial-weight is u0 for modified-balanced-winnow and must be > 1: v starts at u0 - 1, "
        "and a weight at 0 or below cannot be multiplied");
  }
  if (l.threshold && !(std::isfinite(*l.threshold) && *l.threshold >= 0)) {
    problem("--threshold must be a number >= 0");
  }
  // A rule's own step option (of one or two rules): positive, and refused
  // with another rule (which would ignore it).
  auto own = [&](const Maybe& value, const char* flag, Rule owner, Rule also) {
    if (!value) return;
    if (!Positive(*value)) problem(flag, " must be > 0");
    if (l.rule != owner && l.rule != also) {
      problem(flag, " is for --rule ", RuleName(owner),
              owner == also ? "" : absl::StrCat(" and ", RuleName(also)));
    }
  };
  own(l.aggressiveness, "-C", Rule::kPa, Rule::kSvm);
  own(l.arow_r, "--arow-r", Rule::kArow, Rule::kArow);
  own(l.smoothing, "--smoothing", Rule::kNaiveBayes, Rule::kNaiveBayes);
  if (!(std::isfinite(l.power_t) && l.power_t >= 0)) problem("--power-t must be >= 0");
  if (!(std::isfinite(l.l1) && l.l1 >= 0) || !(std::isfinite(l.l2) && l.l2 >= 0)) {
    problem("--l1 and --l2 must be >= 0");
  }
  if ((l.l1 > 0 || l.l2 > 0) && l.rule != Rule::kSgd) problem("--l1 and --l2 are for --rule sgd");
  if ((l.l1 > 0 || l.l2 > 0) && l.average) {
    problem(
        "--average with --l1/--l2 is not supported: the lazy average of a weight that decays "
        "between updates is not kept");
  }
  const bool k_class =
      l.multiclass == Multiclass::kCrammerSinger || l.multiclass == Multiclass::kWinnerTakeAll;
  if (k_class && l.rule != Rule::kPerceptron && l.rule != Rule::kWinnow &&
      l.rule != Rule::kBalancedWinnow) {
    problem("--multiclass ", MulticlassName(l.multiclass),
            " is for the perceptron and winnow rules; use --multiclass ova with ",
            RuleName(l.rule));
  }
  if (l.multiclass != Multiclass::kNone && l.normalized_margin) {
    problem("--normalized-margin is for binary labels");
  }
  if (o.probabilities && o.holdout_off) {
    problem("--probabilities fits on held-out examples: it cannot go with --holdout-off");
  }
  if (o.passes < 1) problem("--passes must be at least 1");
  if (o.passes > 1 && l.rule == Rule::kNaiveBayes) {
    problem("nb counts every example once: --passes must be 1");
  }
  if (o.threads < 1 || o.threads > 256) problem("--threads must be 1 to 256");
  if (o.holdout_period < 2) problem("--holdout-period must be at least 2");
  if (o.holdout_period >= 2 && (o.holdout_offset < 0 || o.holdout_offset >= o.holdout_period)) {
    problem("the holdout offset must be 0 to the holdout period - 1");
  }
  if (o.early_stop < 1) problem("--early-stop must be at least 1");
  if (o.chunking.block_size < 4096) problem("the block size must be at least 4096 bytes");
  return problems;
}

}  // namespace hare::learner
