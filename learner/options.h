// Every option of a training run, their defaults, and one validation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/chunker.h"
#include "io/format.h"

namespace hare::learner {

enum class Rule {
  kPerceptron,
  kWinnow,
  kBalancedWinnow,
  kModifiedBalancedWinnow,
  kPa,
  kSgd,
  kArow,
  kNaiveBayes,
  kSvm  // the last: a model's header checks its rule against it
};
enum class PaVariant { kPa, kPaI, kPaII };
enum class Loss { kHinge, kLogistic, kSquared };
enum class Schedule { kConstant, kSqrt, kPower };
// How labels that are class names are learned (multiclass.h): not at all
// (binary -1/+1 labels), one-vs-all, or one K-class update.
enum class Multiclass { kNone, kOneVsAll, kCrammerSinger, kWinnerTakeAll };

const char* RuleName(Rule r);
std::optional<Rule> RuleFromName(std::string_view name);
const char* PaVariantName(PaVariant v);
std::optional<PaVariant> PaVariantFromName(std::string_view name);
const char* LossName(Loss l);
std::optional<Loss> LossFromName(std::string_view name);
const char* ScheduleName(Schedule s);
std::optional<Schedule> ScheduleFromName(std::string_view name);
const char* MulticlassName(Multiclass m);
std::optional<Multiclass> MulticlassFromName(std::string_view name);

// The most classes a model may have.
inline constexpr int kMaxClasses = 65536;
inline constexpr size_t kMaxClassName = 65535;  // bytes: a model stores the length in 16 bits
// Bytes of all class names as a model stores them (2 + each length): half
// of the largest model header the loader takes.
inline constexpr uint64_t kMaxClassNameBytes = uint64_t{1} << 25;

// A value that is "the rule's default" until set.
using Maybe = std::optional<float>;

struct LearnerOptions {
  Rule rule = Rule::kPerceptron;
  Multiclass multiclass = Multiclass::kNone;  // --multiclass
  float learning_rate = 1.0f;                 // -l: Perceptron's r, SGD's base rate
  Maybe margin = std::nullopt;                // --margin: update also when y*score <= margin
  bool normalized_margin = false;             // Perceptron: test y*w.x/||w|| < margin/2 instead
  float uneven_margin = 0.0f;                 // --uneven-margin U: U/sqrt(n) more for a class's nth
  bool average = false;                       // --average: predict with the average weights
  bool adagrad = false;                       // --adagrad: per-feature rates r/sqrt(sum g^2)
  bool shuffle = false;  // --shuffle: passes after the first learn each batch in a random order
  // Winnow family.
  Maybe alpha = std::nullopt;      // promotion factor
  Maybe beta = std::nullopt;       // demotion factor
  Maybe initial = std::nullopt;    // initial weight w0 (Balanced: u0; v0 is initial - 1 for MBW,
                                   // initial otherwise)
  Maybe threshold = std::nullopt;  // theta; Winnow's default ties it to the active features
  // Passive-aggressive.
  PaVariant pa_variant = PaVariant::kPaI;
  Maybe aggressiveness = std::nullopt;  // C, default 1 (also the SVM's cost)
  // AROW.
  Maybe arow_r = std::nullopt;  // r, default 1: the larger, the smaller the steps
  // Naive Bayes.
  Maybe smoothing = std::nullopt;  // a, default 1: added to each count
  // SGD.
  Loss loss = Loss::kHinge;
  Schedule schedule = Schedule::kSqrt;
  float power_t = 0.5f;
  float l1 = 0.0f;
  float l2 = 0.0f;
};

struct TrainOptions {
  std::vector<std::string> inputs;  // none, or "-", is stdin
  io::ParseOptions parse;
  LearnerOptions learner;
  std::string model_out;     // -f; empty: the model is not saved
  std::string model_in;      // -i: go on training this model (saved with --save-resume)
  bool save_resume = false;  // -f also keeps the training state, for a later -i
  bool strict = false;       // stop at the first bad line
  bool quiet = false;        // no progress rows
  int passes = 1;
  int holdout_period = 10;  // with passes > 1, every k-th example is held out
  int holdout_offset = 0;   // ... counting from this one: example n when (n + offset) % k == 0
  bool holdout_off = false;
  // The holdout scored after each pass with the weights it left, in a pass
  // over the cache that only predicts, instead of on the pass's way (hare
  // tune: its score is then the model's).
  bool holdout_after_pass = false;
  int early_stop = 3;                // passes without holdout improvement before stopping
  bool probabilities = false;        // fit a calibration on held-out examples
  bool keep_names = false;           // remember the names behind the slots of trained examples
  std::vector<std::string> classes;  // class names numbered first (-i: the model's)
  std::string cache;                 // --cache FILE: parsed examples for later passes
  int threads = 1;                   // parser threads (1: read, parse and learn on one thread)
  io::ChunkerOptions chunking;
};

// Every problem with `options`, each in words a user can act on.
std::vector<std::string> Validate(const TrainOptions& options);

}  // namespace hare::learner
