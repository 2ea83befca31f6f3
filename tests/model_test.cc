// Model files: save -> load round trips, byte-identical re-saves, and refusal
// of truncated, damaged and foreign files with a clear message.
#include "learner/model.h"

#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <sstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "hashing/text_features.h"
#include "learner/linear_learner.h"
#include "learner/perceptron.h"
#include "learner/run.h"
#include "tests/scratch.h"

namespace hare::learner {
namespace {

using ::hare::ScratchDir;

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// A small model with a few known weights.
class TestWeights : public WeightSource {
 public:
  int bits() const override { return 6; }
  float PredictionWeight(uint32_t index) const override {
    switch (index) {
      case 0:
        return 1.5f;
      case 7:
        return -0.25f;
      case 63:
        return 3e-20f;
      default:
        return 0.0f;
    }
  }
};

ModelHeader Header() {
  return {.bits = 6,
          .hash_seed = 42,
          .constant = false,
          .format = io::Format::kLibsvm,
          .rule = Rule::kPerceptron,
          .threshold = 0,
          .learning_rate = 0.5f,
          .examples = 123,
          .learner = "--rule perceptron -l 0.5 --average --passes 4",
          .passes_run = 3};
}

class ModelTest : public ::testing::Test {
 protected:
  ScratchDir scratch_;
  std::string dir_ = scratch_.path();
  std::string path_ = dir_ + "/model_test.hare";
};

TEST_F(ModelTest, RoundTripKeepsHeaderAndWeights) {
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->header().bits, 6);
  EXPECT_EQ(m->header().hash_seed, 42u);
  EXPECT_FALSE(m->header().constant);
  EXPECT_FALSE(m->header().unit_norm);
  EXPECT_EQ(m->header().format, io::Format::kLibsvm);
  EXPECT_EQ(m->header().learning_rate, 0.5f);
  EXPECT_EQ(m->header().examples, 123u);
  EXPECT_EQ(m->nonzero(), 3u);
  TestWeights w;
  for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(m->PredictionWeight(i), w.PredictionWeight(i)) << i;
  EXPECT_EQ(m->header().text, hashing::TextFeatureOptions{});
  EXPECT_TRUE(m->header().interactions.empty());
  EXPECT_TRUE(m->header().binary());
  EXPECT_TRUE(m->header().classes.empty());
  EXPECT_EQ(m->header().calibration, Calibration{});
  EXPECT_TRUE(m->header().ngrams.empty());
  EXPECT_TRUE(m->header().skips.empty());
  EXPECT_TRUE(m->names().empty());
  EXPECT_EQ(m->header().learner, "--rule perceptron -l 0.5 --average --passes 4");
  EXPECT_EQ(m->header().passes_run, 3u);
  // 16 preamble + 43 header + 8 target ("_TARGET_") + 1 interaction count
  // + 14 classes part (method, calibration kind, A, B, class count) + 2
  // counts of --ngram and --skips specs + 2 + 45 learner flags + 4 passes
  // run + 1 affix count + 1 VW affix count + 3 lengths of --ignore,
  // --ignore_linear and --keep + 10 label prefix ("__label__") + 8 count + 3
  // * 8 weights + 16 names count and bytes + 8 training state bytes (none) +
  // 8 checksum.
  EXPECT_EQ(ReadFile(path_).size(), 16u + 43u + 8u + 1u + 14u + 2u + 2u + 45u + 4u + 1u + 1u + 3u +
                                        10u + 8u + 24u + 16u + 8u + 8u);
}

TEST_F(ModelTest, TheLabelPrefixRoundTripsAndReachesTheParser) {
  ModelHeader h = Header();
  h.format = io::Format::kFastText;
  h.classes = {"#c#pos", "#c#neg"};
  h.multiclass = Multiclass::kOneVsAll;
  h.label_prefix = "#c#";
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->header().label_prefix, "#c#");
  EXPECT_EQ(m->header().parse_options().label_prefix, "#c#");
  // One the command line refuses is damage.
  h.label_prefix = "a b";
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  EXPECT_EQ(LoadModel(path_).status().message(),
            "cannot load model " + path_ + ": damaged label prefix");
}

TEST_F(ModelTest, TextTemplatesAndInteractionsRoundTrip) {
  ModelHeader h = Header();
  h.format = io::Format::kText;
  h.text = {.unigrams = false,
            .bos = true,
            .ngram = 3,
            .skips = 1,
            .minn = 2,
            .maxn = 5,
            .window = 2,
            .collocations = true,
            .affixes = {4, -3, 7, -1},
            .keep_case = true,
            .target = "<<here>>"};
  h.interactions = {"ab", "::", "a b"};
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->header().text, h.text);
  EXPECT_EQ(m->header().parse_options().text, h.text);
  EXPECT_EQ(m->header().interactions, h.interactions);
  EXPECT_EQ(m->header().parse_options().interactions, h.interactions);
  h.ngrams = {"2", "a3"};
  h.skips = {"b1"};
  h.affixes = {"+4", "-3a", "+7b"};
  h.ignore = " c";
  h.ignore_linear = "ab";
  h.keep = "abx";
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->header().ngrams, h.ngrams);
  EXPECT_EQ(m->header().skips, h.skips);
  EXPECT_EQ(m->header().affixes, h.affixes);
  EXPECT_EQ(m->header().parse_options().ngrams, h.ngrams);
  EXPECT_EQ(m->header().parse_options().skips, h.skips);
  EXPECT_EQ(m->header().parse_options().affixes, h.affixes);
  EXPECT_EQ(m->header().parse_options().ignore, h.ignore);
  EXPECT_EQ(m->header().parse_options().ignore_linear, h.ignore_linear);
  EXPECT_EQ(m->header().parse_options().keep, h.keep);
  // Every truncation of a model with a variable header is refused too.
  const std::string bytes = ReadFile(path_);
  for (size_t n = 0; n < bytes.size(); ++n) {
    WriteFile(path_, bytes.substr(0, n));
    ASSERT_FALSE(LoadModel(path_).ok()) << n;
  }
}

TEST_F(ModelTest, UnitNormRoundTripsAndReachesTheParser) {
  ModelHeader h = Header();
  h.unit_norm = true;
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE(m->header().unit_norm);
  EXPECT_TRUE(m->header().parse_options().unit_norm);
  EXPECT_FALSE(m->header().parse_options().constant);
  EXPECT_FALSE(Header().parse_options().unit_norm);
}

TEST_F(ModelTest, SavingALoadedModelGivesTheSameBytes) {
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok());
  const std::string again = dir_ + "/model_test_again.hare";
  ASSERT_TRUE(SaveModel(m->header(), *m, again).ok());
  EXPECT_EQ(ReadFile(path_), ReadFile(again));
}

TEST_F(ModelTest, FeatureNamesRoundTripAndDamageIsRefused) {
  const std::vector<FeatureName> names = {{0, "Constant"}, {7, "a^x"}, {7, "b^y*c^z"}, {63, ""}};
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_, names).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->names(), names);
  const std::string again = dir_ + "/model_test_again.hare";
  ASSERT_TRUE(SaveModel(m->header(), *m, again, m->names()).ok());
  const std::string bytes = ReadFile(path_);
  EXPECT_EQ(bytes, ReadFile(again));
  // 214 bytes with no name (the 16 of their count and size included), then
  // (4 + 2 + length) per name.
  EXPECT_EQ(bytes.size(), 214u + (6 + 8) + (6 + 3) + (6 + 7) + (6 + 0));
  for (size_t n = 0; n < bytes.size(); ++n) {
    WriteFile(again, bytes.substr(0, n));
    ASSERT_FALSE(LoadModel(again).ok()) << n;
  }
  // A name's slot must be inside the table, even when the checksum agrees.
  const std::vector<FeatureName> outside = {{64, "too far"}};
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), again, outside).ok());
  EXPECT_EQ(LoadModel(again).status().message(),
            "cannot load model " + again + ": damaged feature names");
}

// The learner flags are printed by model info: a crafted file with a
// matching checksum must not put control characters on the terminal.
TEST_F(ModelTest, LearnerFlagsThatAreNotPrintableAreRefused) {
  ModelHeader h = Header();
  h.learner = "--rule perceptron\n\x1b[2J";
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  EXPECT_EQ(LoadModel(path_).status().message(),
            "cannot load model " + path_ + ": damaged learner");
}

// A model saved through a link replaces the file the link names, and the
// link stays a link.
TEST_F(ModelTest, SavingThroughALinkKeepsTheLink) {
  const std::string file = dir_ + "/real.hare", link = dir_ + "/link.hare";
  WriteFile(file, "old");
  std::filesystem::create_symlink(file, link);
  ASSERT_TRUE(CheckWritable(link).ok());
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), link).ok());
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  absl::StatusOr<Model> m = LoadModel(file);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->header().examples, 123u);
}

// A file no rename can replace (chattr +i or +a) is refused before the
// training, not found at the save; the file is left as it was.
TEST_F(ModelTest, AnImmutableOrAppendOnlyTargetIsRefusedBeforehand) {
  const std::string file = dir_ + "/locked.hare", link = dir_ + "/to-locked.hare";
  WriteFile(file, "old");
  std::filesystem::create_symlink(file, link);
  for (const auto& [attribute, why] :
       {std::pair<std::string, std::string>{"+i", "it is immutable (chattr +i)"},
        {"+a", "it is append-only (chattr +a)"}}) {
    const std::string set = "chattr " + attribute + " " + file + " 2>/dev/null";
    if (std::system(set.c_str()) != 0) GTEST_SKIP() << "no chattr " << attribute << " here";
    const absl::Status s = CheckWritable(file);
    const absl::Status through_link = CheckWritable(link);
    const absl::Status save = SaveModel(Header(), TestWeights(), file);
    const std::string unset = "chattr -" + attribute.substr(1) + " " + file;
    ASSERT_EQ(std::system(unset.c_str()), 0);
    EXPECT_EQ(s.message(),
              "cannot write model " + file + ": " + why + ", so no new model can replace it");
    EXPECT_EQ(through_link.message(),
              "cannot write model " + link + ": " + why + ", so no new model can replace it");
    EXPECT_FALSE(save.ok());  // what the check spares the user finding after training
    EXPECT_EQ(ReadFile(file), "old");
  }
  EXPECT_TRUE(CheckWritable(file).ok());
}

// A device or a pipe (-f /dev/null) is written in place: a rename over it
// would put a regular file where the device was, for every program. A FIFO
// stands for both here (making a device needs root).
TEST_F(ModelTest, SavingToAPipeWritesInPlace) {
  const std::string fifo = dir_ + "/model.fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  ASSERT_TRUE(CheckWritable(fifo).ok());
  std::string read;
  std::thread reader([&] { read = ReadFile(fifo); });
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), fifo).ok());
  reader.join();
  struct stat st;
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  EXPECT_EQ(read, ReadFile(path_));  // the same bytes as a file gets
}

TEST_F(ModelTest, TemplatesBeyondTheCommandLinesRangeAreRefused) {
  // The number of grams grows exponentially with n and skips: a crafted file
  // with a matching checksum must not make hare test run out of memory.
  ModelHeader h = Header();
  h.format = io::Format::kText;
  h.text.ngram = 9;
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  EXPECT_EQ(LoadModel(path_).status().message(),
            "cannot load model " + path_ + ": its text templates are out of range");
  h = Header();
  h.ngrams = {"a9"};
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  EXPECT_EQ(LoadModel(path_).status().message(),
            "cannot load model " + path_ + ": damaged --ngram or --skips");
  h.ngrams = {"5"};
  h.skips = {"0"};
  EXPECT_TRUE(SaveModel(h, TestWeights(), path_).ok() && LoadModel(path_).ok());
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"+8a"},
        {"+4ab"},
        {"4"},
        {"+4a", "+4a"},
        {"+1a", "+2a", "+3a", "+4a", "+5a", "+6a", "+7a", "-1a", "-2a"}}) {
    h.affixes = bad;
    ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    EXPECT_EQ(LoadModel(path_).status().message(),
              "cannot load model " + path_ + ": damaged VW --affix");
  }
  h.affixes = {};
  for (const auto& [ignore, ignore_linear, keep] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"a|", "", ""},
                                                                      {"", ":", ""},
                                                                      {"", "", "\x01"},
                                                                      {"aa", "", ""},
                                                                      {"ab", "", "b"},
                                                                      {"a", "ca", ""}}) {
    h.ignore = ignore;
    h.ignore_linear = ignore_linear;
    h.keep = keep;
    ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    EXPECT_EQ(LoadModel(path_).status().message(),
              "cannot load model " + path_ + ": damaged --ignore or --keep")
        << ignore << "/" << ignore_linear << "/" << keep;
  }
}

TEST_F(ModelTest, EveryTruncationIsRefused) {
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  const std::string bytes = ReadFile(path_);
  const std::string cut = dir_ + "/model_cut.hare";
  for (size_t n = 0; n < bytes.size(); ++n) {
    WriteFile(cut, bytes.substr(0, n));
    absl::StatusOr<Model> m = LoadModel(cut);
    ASSERT_FALSE(m.ok()) << "accepted a model cut to " << n << " bytes";
    EXPECT_THAT(std::string(m.status().message()), HasSubstr("cannot load model " + cut));
  }
  WriteFile(cut, bytes.substr(0, bytes.size() - 1));
  EXPECT_THAT(std::string(LoadModel(cut).status().message()), HasSubstr("truncated"));
}

// A cut inside the feature names says the least size the file should have
// (the training state's size, after the names, is cut off).
TEST_F(ModelTest, CutInTheNamesSaysTheLeastSize) {
  const std::vector<FeatureName> names = {{0, "Constant"}, {7, "a^x"}, {7, "b^y*c^z"}};
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_, names).ok());
  const std::string bytes = ReadFile(path_);
  const std::string cut = dir_ + "/model_cut.hare";
  WriteFile(cut, bytes.substr(0, bytes.size() - 12));
  EXPECT_THAT(std::string(LoadModel(cut).status().message()),
              HasSubstr(absl::StrCat("truncated: the file has ", bytes.size() - 12,
                                     " bytes but its header says at least ", bytes.size())));
  // Cut in the training state's size, the same.
  WriteFile(cut, bytes.substr(0, bytes.size() - 9));
  EXPECT_THAT(std::string(LoadModel(cut).status().message()),
              HasSubstr(absl::StrCat("truncated: the file has ", bytes.size() - 9,
                                     " bytes but its header says at least ")));
}

TEST_F(ModelTest, EveryFlippedBitIsRefused) {
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  const std::string bytes = ReadFile(path_);
  const std::string bad = dir_ + "/model_flipped.hare";
  for (size_t byte = 0; byte < bytes.size(); ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string flipped = bytes;
      flipped[byte] = static_cast<char>(flipped[byte] ^ (1 << bit));
      WriteFile(bad, flipped);
      ASSERT_FALSE(LoadModel(bad).ok()) << "accepted a flip of bit " << bit << " of byte " << byte;
    }
  }
  std::string flipped = bytes;
  flipped[95] ^= 1;  // inside the weights (which start at byte 92)
  WriteFile(bad, flipped);
  EXPECT_EQ(LoadModel(bad).status().message(),
            "cannot load model " + bad + ": checksum mismatch: the file is damaged");
}

// The training state of an averaged Perceptron (3 floats a slot: the weight
// and the average's double), as --save-resume keeps it.
TrainingState TestState() {
  return {.classes = 0,
          .steps = 9,
          .overflowed = 1,
          .l2_total = -0.5,
          .l1_total = -HUGE_VAL,
          .norm_w2 = 2.5,
          .floats_per_slot = 3,
          .class_examples = {3, 5},
          .indices = {0, 7, 63},
          .floats = {1.5f, 2, 3, -0.25f, 5, 6, 3e-20f, 8, 9}};
}

TEST_F(ModelTest, TrainingStateRoundTripsAndDamageIsRefused) {
  const TrainingState state = TestState();
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_, {}, &state).ok());
  const std::string bytes = ReadFile(path_);
  // 8 bytes of its size, 56 fixed, 3 slots of 4 + 12 bytes, the class
  // counts' count and 2 counts.
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  EXPECT_EQ(bytes.size(), ReadFile(path_).size() + 56 + 3 * 16 + 8 + 2 * 8);
  WriteFile(path_, bytes);
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_NE(m->state(), nullptr);
  const TrainingState& got = *m->state();
  EXPECT_EQ(got.classes, 0);
  EXPECT_EQ(got.steps, 9u);
  EXPECT_EQ(got.overflowed, 1u);
  EXPECT_EQ(got.l2_total, -0.5);
  EXPECT_EQ(got.l1_total, -HUGE_VAL);
  EXPECT_EQ(got.norm_w2, 2.5);
  EXPECT_EQ(got.floats_per_slot, 3);
  EXPECT_EQ(got.indices, state.indices);
  EXPECT_EQ(got.floats, state.floats);
  EXPECT_EQ(got.class_examples, state.class_examples);
  // Saved again, the same bytes.
  const std::string again = dir_ + "/again.hare";
  ASSERT_TRUE(SaveModel(m->header(), *m, again, m->names(), m->state()).ok());
  EXPECT_EQ(ReadFile(again), bytes);
  // Every cut and every flipped bit of the state is refused.
  const std::string bad = dir_ + "/bad.hare";
  for (size_t n = bytes.size() - 56 - 3 * 16 - 24 - 16; n < bytes.size(); ++n) {
    WriteFile(bad, bytes.substr(0, n));
    ASSERT_FALSE(LoadModel(bad).ok()) << "accepted a cut to " << n << " bytes";
    for (int bit = 0; bit < 8; ++bit) {
      std::string flipped = bytes;
      flipped[n] = static_cast<char>(flipped[n] ^ (1 << bit));
      WriteFile(bad, flipped);
      ASSERT_FALSE(LoadModel(bad).ok()) << "accepted a flip of bit " << bit << " of byte " << n;
    }
  }
  // A state out of order, with a checksum made again, is refused by its content.
  TrainingState unordered = state;
  std::swap(unordered.indices[0], unordered.indices[1]);
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), bad, {}, &unordered).ok());
  EXPECT_EQ(LoadModel(bad).status().message(),
            "cannot load model " + bad + ": damaged training state");
  TrainingState too_many_classes = state;
  too_many_classes.classes = 2;  // a binary model
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), bad, {}, &too_many_classes).ok());
  EXPECT_EQ(LoadModel(bad).status().message(),
            "cannot load model " + bad + ": damaged training state");
  TrainingState too_many_counts = state;
  too_many_counts.class_examples = {1, 1, 1};  // a binary model has two labels
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), bad, {}, &too_many_counts).ok());
  EXPECT_EQ(LoadModel(bad).status().message(),
            "cannot load model " + bad + ": damaged training state");
}

// A state of format version 12, before the class counts, loads with none.
TEST_F(ModelTest, Version12StatesLoadWithoutClassCounts) {
  const TrainingState state = TestState();
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_, {}, &state).ok());
  std::string bytes = ReadFile(path_);
  const size_t counts_at = bytes.size() - 8 - 24;  // before the checksum
  bytes.erase(counts_at, 24);
  const size_t size_at = counts_at - (56 + 3 * 16) - 8;
  uint64_t state_bytes;
  std::memcpy(&state_bytes, bytes.data() + size_at, 8);
  EXPECT_EQ(state_bytes, 56u + 3 * 16 + 24);
  state_bytes -= 24;
  std::memcpy(bytes.data() + size_at, &state_bytes, 8);
  bytes[8] = 12;
  const uint64_t sum = XXH3_64bits(bytes.data(), bytes.size() - 8);
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
  WriteFile(path_, bytes);
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_NE(m->state(), nullptr);
  EXPECT_TRUE(m->state()->class_examples.empty());
  EXPECT_EQ(m->state()->steps, 9u);
  EXPECT_EQ(m->state()->floats, state.floats);
}

// A learner takes only a state of its own layout, and then scores as the
// one that saved it.
TEST_F(ModelTest, ALearnerResumesOnlyItsOwnLayout) {
  LearnerOptions averaged;
  averaged.average = true;
  std::unique_ptr<Learner> perceptron = MakeLearner(LearnerOptions{}, 6);
  EXPECT_EQ(perceptron->Resume(TestState()).message(),
            "its training state has 3 floats a slot, and these options' learner 1");
  EXPECT_EQ(perceptron->PredictionWeight(0), 0.0f);  // unchanged
  std::unique_ptr<Learner> learner = MakeLearner(averaged, 6);
  ASSERT_TRUE(learner->Resume(TestState()).ok());
  const TrainingState saved = learner->SaveState();
  EXPECT_EQ(saved.indices, TestState().indices);
  EXPECT_EQ(saved.floats, TestState().floats);
  EXPECT_EQ(saved.steps, 9u);
  EXPECT_EQ(saved.overflowed, 1u);
  EXPECT_EQ(saved.class_examples, TestState().class_examples);
  EXPECT_EQ(learner->overflowed(), 1u);
  TrainingState outside = TestState();
  outside.indices[2] = 64;  // a table of 2^6 slots
  EXPECT_EQ(MakeLearner(averaged, 6)->Resume(outside).message(),
            "its training state has a slot out of range");
  // Values training could not have written (a crafted file whose checksum
  // was made again) never reach the weights.
  TrainingState nan = TestState();
  nan.floats[3] = std::numeric_limits<float>::quiet_NaN();  // slot 7's weight
  EXPECT_EQ(MakeLearner(averaged, 6)->Resume(nan).message(),
            "its training state holds a value out of range in slot 7");
  LearnerOptions arow;
  arow.rule = Rule::kArow;
  TrainingState negative = TestState();
  negative.floats_per_slot = 2;
  negative.floats = {1, 0, 2, -0.5f, 3, 0};  // slot 7's precision offset < 0
  EXPECT_EQ(MakeLearner(arow, 6)->Resume(negative).message(),
            "its training state holds a value out of range in slot 7");
  negative.floats[3] = 4;
  EXPECT_TRUE(MakeLearner(arow, 6)->Resume(negative).ok());
  TrainingState total = TestState();
  total.l2_total = HUGE_VAL;
  EXPECT_EQ(MakeLearner(averaged, 6)->Resume(total).message(),
            "its training state holds a total out of range");
  // Class counts: together at most the steps (9), and one for each label.
  TrainingState counts = TestState();
  counts.class_examples = {5, 5};
  EXPECT_EQ(MakeLearner(averaged, 6)->Resume(counts).message(),
            "its training state's class counts are out of range");
  counts.class_examples = {2, UINT64_MAX};  // a sum that would wrap around
  EXPECT_EQ(MakeLearner(averaged, 6)->Resume(counts).message(),
            "its training state's class counts are out of range");
  counts.class_examples = {1, 1, 1};
  EXPECT_EQ(MakeLearner(averaged, 6)->Resume(counts).message(),
            "its training state's class counts are out of range");
}

TEST_F(ModelTest, ForeignAndNewerFilesAreRefusedWithAReason) {
  const std::string foreign = dir_ + "/foreign.hare";
  WriteFile(foreign, "1 | a b c\n-1 | d e f\n");
  EXPECT_EQ(LoadModel(foreign).status().message(),
            "cannot load model " + foreign +
                ": not a hare model file (its first bytes are not the model magic)");
  const std::string packed = dir_ + "/m.hare.gz";
  WriteFile(packed, std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10));
  EXPECT_EQ(LoadModel(packed).status().message(),
            "cannot load model " + packed +
                ": it is gzip-compressed (a model is read as hare wrote it: decompress it first)");
  const std::string cache = dir_ + "/examples.cache";
  WriteFile(cache, std::string("HARECACH") + std::string(40, '\0'));
  EXPECT_EQ(LoadModel(cache).status().message(),
            "cannot load model " + cache +
                ": it is a hare cache of examples, not a model (a cache is given with -c, to "
                "hare train)");

  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  std::string newer = ReadFile(path_);
  newer[8] = 16;  // format version 16
  WriteFile(foreign, newer);
  EXPECT_EQ(LoadModel(foreign).status().message(),
            "cannot load model " + foreign +
                ": format version 16, but this hare reads versions 4 to 15 (made by a newer hare)");
  std::string older = ReadFile(path_);
  older[8] = 3;
  WriteFile(foreign, older);
  EXPECT_EQ(
      LoadModel(foreign).status().message(),
      "cannot load model " + foreign + ": format version 3, but this hare reads versions 4 to 15");

  EXPECT_EQ(LoadModel(dir_ + "/no-such-model").status().message(),
            "cannot open model " + dir_ + "/no-such-model: No such file or directory");
  EXPECT_THAT(std::string(LoadModel(dir_).status().message()), HasSubstr("not a regular file"));
  WriteFile(foreign, "");
  EXPECT_EQ(LoadModel(foreign).status().message(),
            "cannot load model " + foreign + ": the file is empty, not a hare model");
  EXPECT_EQ(LoadModel("-").status().message(),
            "cannot load a model from stdin ('-'): give the model's file");
}

// Before format version 7, -q/--cubic features hashed as n-grams do: such a
// model is refused, as this hare would score it with other features. Version 6
// files are laid out as version 7's; byte 8 is the version.
// The bytes of a model of the current version without affixes, namespace
// choices or training state, with the default label prefix, as a file of an
// older `version` (6 to 11) would hold them: without the label prefix that
// ends the header (from version 12 on), the zero counts before it (the
// text's affixes from version 8 on; VW's, --ignore, --ignore_linear and
// --keep from 9 on) and the zero size of the state before the checksum (from
// 10 on), with the checksum made again. Version 10 files are laid out as
// version 11's.
std::string AsVersion(std::string bytes, uint32_t version) {
  EXPECT_EQ(bytes[8], static_cast<char>(kModelVersion));
  EXPECT_EQ(bytes.substr(bytes.size() - 16, 8), std::string(8, '\0'));  // no state
  if (version < 10) bytes.erase(bytes.size() - 16, 8);
  uint32_t header;
  std::memcpy(&header, bytes.data() + 12, 4);
  const std::string prefix = "\x09__label__";
  if (version < 12) {
    EXPECT_EQ(bytes.substr(16 + header - prefix.size(), prefix.size()), prefix);
    bytes.erase(16 + header - prefix.size(), prefix.size());
    header -= static_cast<uint32_t>(prefix.size());
  }
  const uint32_t counts = version >= 9 ? 0 : version >= 8 ? 4 : 5;
  for (uint32_t k = 1; k <= counts; ++k) EXPECT_EQ(bytes[16 + header - k], 0);  // no affixes
  bytes.erase(16 + header - counts, counts);
  header -= counts;
  std::memcpy(bytes.data() + 12, &header, 4);
  std::memcpy(bytes.data() + 8, &version, 4);
  const uint64_t sum = XXH3_64bits(bytes.data(), bytes.size() - 8);
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
  return bytes;
}

// Before format version 15, -q/--cubic patterns that overlap made their
// common features twice, and so did a pattern such as :a: alone: such a
// model is refused; one whose patterns make each set once loads.
TEST_F(ModelTest, InteractionsMadeTwiceBeforeVersion15AreRefused) {
  const std::string refused = "cannot load model " + path_ +
                              ": it made some -q/--cubic features twice (format version 14: "
                              "patterns that overlap, or one such as :a:); this hare makes each "
                              "once: train the model again";
  ModelHeader h = Header();
  for (const std::vector<std::string>& twice :
       {std::vector<std::string>{"aa", "a:"}, std::vector<std::string>{":a:"}}) {
    h.interactions = twice;
    ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    ASSERT_TRUE(LoadModel(path_).ok());
    WriteFile(path_, AsVersion(ReadFile(path_), 14));
    EXPECT_EQ(LoadModel(path_).status().message(), refused) << twice[0];
  }
  for (const std::vector<std::string>& once :
       {std::vector<std::string>{"ab", "cd"}, std::vector<std::string>{":::", "a:"}}) {
    h.interactions = once;
    ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    WriteFile(path_, AsVersion(ReadFile(path_), 14));
    EXPECT_TRUE(LoadModel(path_).ok()) << once[0];
  }
}

// --bos is bit 1 of the text templates' first byte (bit 0: unigrams) from
// version 14 on: a version 13 file loads without it and refuses the bit, and
// no other bit is taken.
TEST_F(ModelTest, BosIsABitOfVersion14) {
  ModelHeader h = Header();
  h.format = io::Format::kText;
  h.text.ngram = 2;
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  const std::string plain = ReadFile(path_);
  h.text.bos = true;
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  const std::string bos = ReadFile(path_);
  // After the magic, version, header size, bits, seed, 4 bytes, 2 floats and
  // the example count.
  constexpr size_t kTextByte = 48;
  EXPECT_EQ(plain[kTextByte], 1);
  EXPECT_EQ(bos[kTextByte], 3);
  WriteFile(path_, AsVersion(plain, 13));
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_FALSE(m->header().text.bos);
  EXPECT_EQ(m->header().text.ngram, 2);
  const std::string refused =
      "cannot load model " + path_ + ": its text templates are out of range";
  WriteFile(path_, AsVersion(bos, 13));
  EXPECT_EQ(LoadModel(path_).status().message(), refused);
  std::string other_bit = bos;
  other_bit[kTextByte] = 7;
  WriteFile(path_, AsVersion(other_bit, 14));  // (the checksum made again)
  EXPECT_EQ(LoadModel(path_).status().message(), refused);
}

TEST_F(ModelTest, AnInteractionModelOfFormatVersion6IsRefused) {
  auto as_version_6 = [&](const ModelHeader& h) {
    EXPECT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    WriteFile(path_, AsVersion(ReadFile(path_), 6));
    return LoadModel(path_);
  };
  ModelHeader quadratic = Header();
  quadratic.interactions = {"ab"};
  EXPECT_EQ(as_version_6(quadratic).status().message(),
            "cannot load model " + path_ +
                ": its -q/--cubic features were hashed as n-grams are (format version 6); this "
                "hare hashes them apart: train the model again");
  const absl::StatusOr<Model> plain = as_version_6(Header());
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ(plain->file_version(), 6u);
}

// Before format version 11, n-grams of 3 or more skipped up to --skips items
// at each gap: a model with such n-grams (text or VW) is refused, as this
// hare would score it with other features; one without loads.
TEST_F(ModelTest, ASkipGramModelOfFormatVersion10IsRefused) {
  auto as_version_10 = [&](const ModelHeader& h) {
    EXPECT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    WriteFile(path_, AsVersion(ReadFile(path_), 10));
    return LoadModel(path_);
  };
  const std::string refused =
      "cannot load model " + path_ +
      ": its n-grams of 3 or more skipped up to --skips items at each gap (format version 10); "
      "this hare skips that many in all, as VW does: train the model again";
  ModelHeader text = Header();
  text.format = io::Format::kText;
  text.text.ngram = 3;
  text.text.skips = 1;
  EXPECT_EQ(as_version_10(text).status().message(), refused);
  ModelHeader vw = Header();
  vw.ngrams = {"a3"};
  vw.skips = {"1"};
  EXPECT_EQ(as_version_10(vw).status().message(), refused);
  text.text.ngram = 2;  // bigrams skip the same either way
  vw.ngrams = {"a2"};
  for (const ModelHeader& h : {text, vw}) {
    const absl::StatusOr<Model> loaded = as_version_10(h);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    EXPECT_EQ(loaded->file_version(), 10u);
  }
}

// Version 7 files, from before --affix, load as text without affixes, and
// save as the current version.
TEST_F(ModelTest, Version7FilesLoadWithoutAffixes) {
  ModelHeader h = Header();
  h.format = io::Format::kText;
  h.text.ngram = 2;
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  const std::string current = ReadFile(path_);
  WriteFile(path_, AsVersion(current, 7));
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->file_version(), 7u);
  EXPECT_EQ(m->header().text, h.text);
  ASSERT_TRUE(SaveModel(m->header(), *m, path_).ok());
  EXPECT_EQ(ReadFile(path_), current);
}

// Version 8 files, from before VW's --affix, load without its affixes, and
// save as the current version.
TEST_F(ModelTest, Version8FilesLoadWithoutVwAffixes) {
  ModelHeader h = Header();
  h.ngrams = {"a2"};
  ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
  const std::string current = ReadFile(path_);
  WriteFile(path_, AsVersion(current, 8));
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->file_version(), 8u);
  EXPECT_EQ(m->header().ngrams, h.ngrams);
  EXPECT_TRUE(m->header().affixes.empty());
  ASSERT_TRUE(SaveModel(m->header(), *m, path_).ok());
  EXPECT_EQ(ReadFile(path_), current);
}

// Affixes a command line cannot give, in a crafted file with a matching
// checksum, are refused.
TEST_F(ModelTest, AffixesBeyondTheCommandLinesRangeAreRefused) {
  for (const std::vector<int>& affixes :
       std::vector<std::vector<int>>{{8}, {-8}, {0}, {4, 4}, {1, 2, 3, 4, 5, 6, 7, -1, -2}}) {
    ModelHeader h = Header();
    h.format = io::Format::kText;
    h.text.affixes = affixes;
    ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    EXPECT_EQ(LoadModel(path_).status().message(),
              "cannot load model " + path_ + ": damaged --affix");
  }
}

// Values a model's checksum vouches for but training never writes are
// refused: a temperature of 0 or below (NaN or upside-down probabilities), a
// sigmoid on classes or a softmax on a binary model, a learning rate that is
// not a number, character n-grams from --minn above --maxn.
TEST_F(ModelTest, ValuesTrainingNeverWritesAreRefused) {
  ModelHeader classes = Header();
  classes.multiclass = Multiclass::kOneVsAll;
  classes.classes = {"a", "b"};
  std::vector<ModelHeader> bad;
  for (float t : {0.0f, -1.0f}) {
    ModelHeader h = classes;
    h.calibration = {CalibrationKind::kTemperature, t, 0.0f};
    bad.push_back(h);
  }
  bad.push_back(classes);
  bad.back().calibration = {CalibrationKind::kPlatt, 1.0f, 0.0f};
  bad.push_back(Header());
  bad.back().calibration = {CalibrationKind::kTemperature, 1.0f, 0.0f};
  bad.push_back(Header());
  bad.back().learning_rate = std::numeric_limits<float>::quiet_NaN();
  for (const ModelHeader& h : bad) {
    ASSERT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    EXPECT_EQ(LoadModel(path_).status().message(),
              "cannot load model " + path_ + ": its header holds values out of range");
  }
  ModelHeader chars = Header();
  chars.format = io::Format::kText;
  chars.text.minn = 5;
  chars.text.maxn = 3;
  ASSERT_TRUE(SaveModel(chars, TestWeights(), path_).ok());
  EXPECT_EQ(LoadModel(path_).status().message(),
            "cannot load model " + path_ + ": its text templates are out of range");
  // What training writes loads.
  classes.calibration = {CalibrationKind::kTemperature, 0.5f, 0.0f};
  ASSERT_TRUE(SaveModel(classes, TestWeights(), path_).ok());
  EXPECT_TRUE(LoadModel(path_).ok());
}

// What loading a text model of tokenizer `version` says, with this hare's.
std::string OldTokenizerRefused(const std::string& path, int version) {
  return "cannot load model " + path + ": its text was split into words by tokenizer version " +
         std::to_string(version) +
         ", and this hare's tokenizer is version 4: train the model again";
}

// A text model keeps the version of the tokenizer that made its features; a
// hare whose tokenizer splits or folds text otherwise refuses it. Byte 56 is
// that version: 16 of preamble, 32 of fixed header, 8 template bytes.
TEST_F(ModelTest, ATextModelOfAnotherTokenizerIsRefused) {
  auto with_tokenizer = [&](const ModelHeader& h, uint8_t version) {
    EXPECT_TRUE(SaveModel(h, TestWeights(), path_).ok());
    std::string bytes = ReadFile(path_);
    EXPECT_EQ(bytes[56], hashing::kTokenizerVersion);
    bytes[56] = static_cast<char>(version);
    const uint64_t sum = XXH3_64bits(bytes.data(), bytes.size() - 8);
    std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
    WriteFile(path_, bytes);
    return LoadModel(path_);
  };
  ModelHeader text = Header();
  text.format = io::Format::kText;
  EXPECT_EQ(with_tokenizer(text, 1).status().message(), OldTokenizerRefused(path_, 1));
  // Other formats never tokenize: the byte does not matter.
  EXPECT_TRUE(with_tokenizer(Header(), 1).ok());
}

// tests/data/v4-*.hare were written by hare at commit f3380cb, the last of
// format version 4 (no tokenizer version byte): zcat rt-polarity.train.vw.gz |
// head -400 | hare train --rule perceptron --average -b 10, and head -300 of
// trec.train.tsv.gz with --format text --multiclass ova --rule arow --ngram 2
// -b 10.
TEST_F(ModelTest, Version4FilesLoadAndSaveAsTheCurrentVersion) {
  const std::string v4 = std::string(HARE_TEST_DATA) + "/v4-perceptron.hare";
  absl::StatusOr<Model> old = LoadModel(v4);
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_EQ(old->file_version(), 4u);
  const ModelHeader& h = old->header();
  EXPECT_EQ(h.bits, 10);
  EXPECT_EQ(h.rule, Rule::kPerceptron);
  EXPECT_EQ(h.format, io::Format::kVw);
  EXPECT_TRUE(h.constant);
  EXPECT_EQ(h.examples, 400u);
  EXPECT_EQ(old->nonzero(), 805u);
  EXPECT_EQ(h.learner, "");
  EXPECT_EQ(h.passes_run, 0u);

  ASSERT_TRUE(SaveModel(h, *old, path_).ok());
  const std::string saved = ReadFile(path_);
  // The tokenizer version byte, the empty learner flags' length and passes
  // run, the counts of the text's and VW's affixes, and the lengths of
  // --ignore, --ignore_linear and --keep, the label prefix (__label__, as
  // the model kept none), and the size of the training state (none).
  EXPECT_EQ(saved.size(), ReadFile(v4).size() + 1 + 2 + 4 + 1 + 1 + 3 + 10 + 8);
  EXPECT_EQ(h.label_prefix, "__label__");
  absl::StatusOr<Model> again = LoadModel(path_);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->file_version(), kModelVersion);
  EXPECT_EQ(again->nonzero(), 805u);
  for (uint32_t i = 0; i < 1024; ++i) {
    ASSERT_EQ(again->PredictionWeight(i), old->PredictionWeight(i)) << "slot " << i;
  }

  const std::string text = std::string(HARE_TEST_DATA) + "/v4-text.hare";
  EXPECT_EQ(LoadModel(text).status().message(), OldTokenizerRefused(text, 1));
  // hare model info and dump load it all the same, and saved again it is
  // still the old tokenizer's.
  absl::StatusOr<Model> inspected = LoadModel(text, ModelUse::kInspect);
  ASSERT_TRUE(inspected.ok()) << inspected.status();
  EXPECT_EQ(inspected->header().tokenizer, 1);
  EXPECT_EQ(inspected->header().format, io::Format::kText);
  EXPECT_EQ(inspected->header().classes.size(), 6u);
  ASSERT_TRUE(SaveModel(inspected->header(), *inspected, path_).ok());
  EXPECT_EQ(LoadModel(path_).status().message(), OldTokenizerRefused(path_, 1));
  EXPECT_EQ(LoadModel(path_, ModelUse::kInspect)->header().tokenizer, 1);
}

// tests/data/v5-text.hare was written by hare at commit 06fb4a4, the last of
// format version 5 (no learner flags): zcat trec.train.tsv.gz | head -300 |
// hare train --format text --multiclass ova --rule arow --ngram 2 -b 10.
// Its words were split by tokenizer version 3, so since version 4 it loads
// to be inspected only.
TEST_F(ModelTest, Version5FilesLoadWithoutTheLearnerFlags) {
  const std::string path = std::string(HARE_TEST_DATA) + "/v5-text.hare";
  EXPECT_EQ(LoadModel(path).status().message(), OldTokenizerRefused(path, 3));
  absl::StatusOr<Model> old = LoadModel(path, ModelUse::kInspect);
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_EQ(old->header().tokenizer, 3);
  EXPECT_EQ(old->file_version(), 5u);
  const ModelHeader& h = old->header();
  EXPECT_EQ(h.rule, Rule::kArow);
  EXPECT_EQ(h.format, io::Format::kText);
  EXPECT_EQ(h.text.ngram, 2);
  EXPECT_EQ(h.classes.size(), 6u);
  EXPECT_EQ(h.examples, 300u);
  EXPECT_EQ(h.learner, "");
  EXPECT_EQ(h.passes_run, 0u);
}

// The version 4 reader has its own sizes: no cut and no flipped bit of a
// version 4 file gets past it.
TEST_F(ModelTest, EveryDamageToAVersion4FileIsRefused) {
  const std::string bytes = ReadFile(std::string(HARE_TEST_DATA) + "/v4-perceptron.hare");
  ASSERT_EQ(bytes.size(), 6555u);
  const std::string bad = dir_ + "/v4_damaged.hare";
  for (size_t n = 0; n < bytes.size(); ++n) {
    WriteFile(bad, bytes.substr(0, n));
    ASSERT_FALSE(LoadModel(bad).ok()) << "accepted a version 4 model cut to " << n << " bytes";
  }
  // Every bit of the preamble, header and weight count (the first 91 bytes);
  // beyond them, where only the checksum guards, one bit of each byte.
  for (size_t byte = 0; byte < bytes.size(); ++byte) {
    for (int bit = 0; bit < (byte < 91 ? 8 : 1); ++bit) {
      std::string flipped = bytes;
      flipped[byte] = static_cast<char>(flipped[byte] ^ (1 << bit));
      WriteFile(bad, flipped);
      ASSERT_FALSE(LoadModel(bad).ok()) << "accepted a flip of bit " << bit << " of byte " << byte;
    }
  }
}

TEST_F(ModelTest, AFailedSaveLeavesThePreviousFileAlone) {
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  const std::string before = ReadFile(path_);
  absl::Status s = SaveModel(Header(), TestWeights(), dir_ + "/no-such-dir/model");
  EXPECT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("cannot write model " + dir_ + "/no-such-dir/model"));
  EXPECT_EQ(ReadFile(path_), before);
  EXPECT_FALSE(CheckWritable(dir_ + "/no-such-dir/model").ok());
  EXPECT_FALSE(CheckWritable(dir_).ok());
  EXPECT_TRUE(CheckWritable(path_).ok());
}

// Paths that cannot name a file are refused before training, not at the save.
TEST_F(ModelTest, APathThatCannotNameAFileIsNotWritable) {
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  const std::string loop = dir_ + "/loop";
  ASSERT_EQ(symlink("loop-too", loop.c_str()), 0);
  ASSERT_EQ(symlink("loop", (dir_ + "/loop-too").c_str()), 0);
  const std::pair<std::string, std::string> cases[] = {
      {path_ + "/", "Not a directory"},
      {path_ + "/model", "Not a directory"},
      {dir_ + "/" + std::string(300, 'a'), "File name too long"},
      {loop, "Too many levels of symbolic links"}};
  for (const auto& [path, why] : cases) {
    EXPECT_EQ(CheckWritable(path).message(), "cannot write model " + path + ": " + why);
  }
  EXPECT_TRUE(CheckWritable(dir_ + "/new-model").ok());
}

// A directory that lets root write but makes no file (/proc) is refused
// before training, as the save would fail; the trial file leaves nothing.
TEST_F(ModelTest, ADirectoryThatMakesNoFileIsNotWritable) {
  if (geteuid() != 0) GTEST_SKIP() << "/proc lets only root past its write permission";
  const absl::Status s = CheckWritable("/proc/hare-model");
  EXPECT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()),
              StartsWith("cannot write model /proc/hare-model: cannot create a file in /proc: "));
  auto entries = [&] {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) names.push_back(e.path());
    std::sort(names.begin(), names.end());
    return names;
  };
  const std::vector<std::string> before = entries();
  EXPECT_TRUE(CheckWritable(dir_ + "/new-model").ok());
  EXPECT_EQ(entries(), before);
}

// A weight that is not finite would make a file hare could not load: the
// save is refused and the file there stays.
TEST_F(ModelTest, AWeightThatIsNotFiniteIsRefusedAndThePreviousFileStays) {
  class Infinite : public TestWeights {
    float PredictionWeight(uint32_t index) const override {
      return index == 9 ? std::numeric_limits<float>::infinity()
                        : TestWeights::PredictionWeight(index);
    }
  };
  ASSERT_TRUE(SaveModel(Header(), TestWeights(), path_).ok());
  const std::string before = ReadFile(path_);
  EXPECT_EQ(SaveModel(Header(), Infinite(), path_).message(),
            "cannot write model " + path_ +
                ": the weight of slot 9 is inf (the training diverged: try a smaller "
                "--learning-rate or smaller feature values); " +
                path_ + " is left as it was");
  EXPECT_EQ(ReadFile(path_), before);
}

TEST_F(ModelTest, LearnerWeightsSurviveSaveAndLoad) {
  LinearLearner<Perceptron, false, false> learner(Perceptron{}, 10);
  io::ExampleBatch batch;
  for (uint32_t i = 0; i < 50; ++i) {
    batch.BeginExample();
    batch.AddFeature((i * 37) & 1023, 0.1f * static_cast<float>(i % 7) + 0.05f);
    batch.AddFeature((i * 91 + 5) & 1023, -1.0f);
    batch.EndExample(i + 1, i % 3 == 0 ? 1.0f : -1.0f, 1.0f, 0.0f, "");
  }
  std::vector<float> scores(batch.size());
  learner.Train(batch, {}, scores);
  ModelHeader h = Header();
  h.bits = 10;
  ASSERT_TRUE(SaveModel(h, learner, path_).ok());
  absl::StatusOr<Model> m = LoadModel(path_);
  ASSERT_TRUE(m.ok());
  for (uint32_t i = 0; i < 1024; ++i)
    ASSERT_EQ(m->PredictionWeight(i), learner.PredictionWeight(i));
}

}  // namespace
}  // namespace hare::learner

namespace hare::learner {
namespace {

// A saved model scores every example as the learner's prediction weights do,
// for every rule and option (Winnow's per-feature threshold, MBW's normalized
// inputs, averages).
TEST(ModelScoresTest, LoadedModelScoresLikeTheLearnerForEveryRule) {
  io::ExampleBatch batch;
  for (uint32_t e = 0; e < 300; ++e) {
    batch.BeginExample();
    for (uint32_t k = 0; k < 1 + e % 7; ++k) {
      batch.AddFeature((e * 7919 + k * 104729) & 255, 0.25f + static_cast<float>((e + k) % 5));
    }
    batch.EndExample(e + 1, (e * 31) % 3 == 0 ? 1.0f : -1.0f, 1.0f, 0.0f, "");
  }
  ScratchDir scratch;
  const std::string path = scratch.Path("model.hare");
  for (Rule rule :
       {Rule::kPerceptron, Rule::kWinnow, Rule::kBalancedWinnow, Rule::kModifiedBalancedWinnow,
        Rule::kPa, Rule::kSgd, Rule::kArow, Rule::kNaiveBayes}) {
    for (bool average : {false, true}) {
      LearnerOptions o;
      o.rule = rule;
      o.average = average;
      std::unique_ptr<Learner> learner = MakeLearner(o, 8);
      std::vector<float> scores(batch.size());
      learner->Train(batch, {}, scores);
      ModelHeader h{.bits = 8,
                    .rule = rule,
                    .threshold = learner->threshold(),
                    .threshold_per_feature = learner->threshold_per_feature(),
                    .normalize_input = learner->normalizes_input()};
      ASSERT_TRUE(SaveModel(h, *learner, path).ok());
      absl::StatusOr<Model> m = LoadModel(path);
      ASSERT_TRUE(m.ok());
      for (size_t i = 0; i < batch.size(); ++i) {
        const float want = learner->PredictionScore(batch, i);
        float got = 0;
        Score(*m, batch, i, {&got, 1});
        ASSERT_NEAR(got, want, 1e-5 * std::max(1.0f, std::fabs(want)))
            << RuleName(rule) << (average ? " averaged" : "") << ", example " << i;
      }
    }
  }
}

}  // namespace
}  // namespace hare::learner
