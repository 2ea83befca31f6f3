// Model files: what a trained model predicts with, in a file that defends itself.
//
// Layout (little-endian):
//   8  magic "HAREMODL"
//   4  u32 format version (kModelVersion)
//   4  u32 header bytes H
//   H  header: u32 bits, u64 hash seed, u8 constant feature, u8 input format,
//      u8 rule, u8 flags (1: threshold per unit of sum x, 2: inputs normalized
//      to ||x|| = 1, 4: feature values scaled to length 1 before the constant
//      is added, --unit-norm), f32 threshold, f32 learning rate, u64 examples trained,
//      then the text templates: u8 unigrams (bit 0; from version 14, bit 1:
//      --bos), ngram, skips, minn, maxn, window,
//      collocations, keep case, tokenizer version (hashing::kTokenizerVersion;
//      a text model of another is refused; version 4 files lack this byte),
//      u16 target length T, T bytes of the target,
//      then u8 I interactions, each u8 length L (2 or 3) and L bytes,
//      then u8 multiclass method, u8 calibration, f32 A, f32 B, u32 K
//      classes (0: binary), each u16 length L and L bytes of its name,
//      then VW's --ngram and --skips specs: for each, u8 count, each u8
//      length L and L bytes,
//      then (from version 6) u16 length L and L bytes of the learner's
//      options as hare train flags (LearnerFlags), and u32 passes run,
//      then (from version 8) u8 A and A i8 affixes of the text's words
//      (+n: the first n characters, -n: the last n),
//      then (from version 9) VW's --affix specs: u8 count, each u8 length L
//      and L bytes ("+4a", "-3"), then the namespace letters of --ignore,
//      --ignore_linear and --keep: for each, u8 length L and L bytes,
//      then (from version 12) u8 length L and L bytes of the label prefix
//      of --format fasttext (--label; "__label__" in older files)
//
// A model scores x as s = initial + (w.x) * c - theta, where c = 1/||x|| if
// inputs are normalized (else 1) and theta = threshold * c * sum x if the
// threshold is per unit (Winnow's default), else the threshold. A model of K
// classes has a score per class, with class k's weights at slots (i + k) &
// mask (feature_loop.h). Calibration (calibration.h) turns scores into
// probabilities: binary 1/(1 + exp(-(A s + B))), classes softmax(s / A).
//   8  u64 N, the number of non-zero weights
//   8N N pairs (u32 slot index, f32 weight), by increasing index
//   8  u64 M, the number of feature names (--keep-names; 0 without)
//   8  u64 B, their bytes
//   B  M entries (u32 slot index, u16 length L, L bytes of the name), by
//      index then name
//   (from version 10) the training state (--save-resume; learner.h):
//   8  u64 S, its bytes (0: none; then nothing more)
//   S  u32 floats per slot F, i32 classes seen, u64 steps, u64 overflowed,
//      f64 L2 total, f64 L1 total, f64 ||w||^2 (the Perceptron's
//      --normalized-margin), u64 P slots, then P entries (u32 slot
//      index, F f32 floats), by increasing index, then (from version 13)
//      u64 C and C u64 counts of the examples learned from in each class
//      (binary: 2, the -1 then the +1 examples; --uneven-margin)
//   8  u64 XXH3-64 of every byte before it
//
// A file is written whole as a new file without a name (io::PendingFile) and
// then renamed over the target, so a crash never leaves half a model (nor,
// where the file system has O_TMPFILE, a temporary file) and never damages
// the previous one.
// Loading checks magic, version, every size and the checksum before it
// allocates or uses anything.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "io/format.h"
#include "learner/calibration.h"
#include "learner/feature_names.h"
#include "learner/learner.h"
#include "learner/options.h"
#include "learner/weight_table.h"

namespace hare::learner {

inline constexpr char kModelMagic[8] = {'H', 'A', 'R', 'E', 'M', 'O', 'D', 'L'};
// 5: the tokenizer version. Version 4 files load as tokenizer version 1's.
// 6: the learner's options and the passes run. Older files load without them.
// 7: -q/--cubic features hashed apart from n-grams (hashing::Interact). Older
//    files with interactions are refused (their features hash otherwise now);
//    those without load.
// 8: the text's affixes (--affix). Older files load without them.
// 9: VW's affixes (--affix +4a), --ignore, --ignore_linear and --keep. Older
//    files load without them.
// 10: the training state (--save-resume). Older files load without one.
// 11: n-grams of 3 or more skip at most --skips items in all, as VW's do (not
//    that many at each gap). Older files with such n-grams (--ngram 3 or more
//    and --skips 1 or more) are refused; those without load.
// 12: fastText's label prefix (--label). Older files load with __label__.
// 13: the training state's class counts (--uneven-margin). Older states load
//    without them.
// 14: --bos, bit 1 of the text templates' unigrams byte. Older files load
//    without it.
// 15: a set of features two -q/--cubic patterns would both make on a line
//    is made once (io::InteractionsOverlap). Older files whose patterns
//    overlap are refused; the others load.
inline constexpr uint32_t kModelVersion = 15;

struct ModelHeader {
  int bits = 18;
  uint64_t hash_seed = 0;
  bool constant = true;
  bool unit_norm = false;  // --unit-norm: io::ParseOptions::unit_norm
  io::Format format = io::Format::kVw;
  Rule rule = Rule::kPerceptron;
  float threshold = 0.0f;
  bool threshold_per_feature = false;
  bool normalize_input = false;
  float learning_rate = 1.0f;
  uint64_t examples = 0;
  hashing::TextFeatureOptions text = {};
  std::vector<std::string> interactions = {};
  Multiclass multiclass = Multiclass::kNone;
  Calibration calibration = {};
  std::vector<std::string> classes = {};       // empty: binary labels
  std::vector<std::string> ngrams = {};        // VW --ngram specs
  std::vector<std::string> skips = {};         // VW --skips specs
  std::vector<std::string> affixes = {};       // VW --affix specs
  std::string ignore = {};                     // VW --ignore letters
  std::string ignore_linear = {};              // VW --ignore_linear letters
  std::string keep = {};                       // VW --keep letters
  std::string learner = {};                    // LearnerFlags of the training; "" before version 6
  uint32_t passes_run = 0;                     // fewer than --passes after an early stop
  int tokenizer = hashing::kTokenizerVersion;  // the tokenizer that split the text's words
  std::string label_prefix = std::string(io::kFastTextLabel);  // --label

  bool binary() const { return multiclass == Multiclass::kNone; }
  io::ParseOptions parse_options() const {
    return {.format = format,
            .bits = bits,
            .hash_seed = hash_seed,
            .constant = constant,
            .unit_norm = unit_norm,
            .text = text,
            .interactions = interactions,
            .ngrams = ngrams,
            .skips = skips,
            .affixes = affixes,
            .ignore = ignore,
            .ignore_linear = ignore_linear,
            .keep = keep,
            .class_labels = !binary(),
            .label_prefix = label_prefix};
  }
};

// A loaded model: its header and one prediction weight per slot.
class Model : public WeightSource {
 public:
  explicit Model(const ModelHeader& header, uint32_t file_version = kModelVersion)
      : header_(header), file_version_(file_version), weights_(header.bits, 1) {}

  const ModelHeader& header() const { return header_; }
  // The format version of the file it was loaded from; saved, it is the current one.
  uint32_t file_version() const { return file_version_; }
  int bits() const override { return header_.bits; }
  float PredictionWeight(uint32_t index) const override { return weights_.slot(index)[0]; }
  float* weight(uint32_t index) { return weights_.slot(index); }
  const WeightTable& weights() const { return weights_; }
  uint64_t nonzero() const { return nonzero_; }
  void set_nonzero(uint64_t n) { nonzero_ = n; }
  // The names training kept (--keep-names), by slot then name; else empty.
  const std::vector<FeatureName>& names() const { return names_; }
  void set_names(std::vector<FeatureName> names) { names_ = std::move(names); }
  // What training needs to go on (saved with --save-resume), or null.
  const TrainingState* state() const { return state_ ? &*state_ : nullptr; }
  void set_state(TrainingState state) { state_ = std::move(state); }
  // Gives the state and the table's memory up (hare train -i: the learner
  // takes the state over; the prediction weights are not needed).
  std::optional<TrainingState> TakeState() {
    weights_ = WeightTable(1, 1);
    return std::exchange(state_, std::nullopt);
  }

 private:
  ModelHeader header_;
  uint32_t file_version_;
  WeightTable weights_;
  uint64_t nonzero_ = 0;
  std::vector<FeatureName> names_;
  std::optional<TrainingState> state_;
};

// `names` must be sorted (FeatureNames::Sorted) and hold names of at most
// 65535 bytes.
absl::Status SaveModel(const ModelHeader& header, const WeightSource& weights,
                       const std::string& path, std::span<const FeatureName> names = {},
                       const TrainingState* state = nullptr);
// kPredict refuses a text model whose words an older tokenizer split (its
// features would not match this hare's); kInspect (hare model info, dump)
// loads it, its header saying which tokenizer.
enum class ModelUse { kPredict, kInspect };
absl::StatusOr<Model> LoadModel(const std::string& path, ModelUse use = ModelUse::kPredict);

// Fails early, before hours of training, if `path` could not be written or
// names one of the `inputs` (the same file by any name).
absl::Status CheckWritable(const std::string& path, std::span<const std::string> inputs = {});

}  // namespace hare::learner
