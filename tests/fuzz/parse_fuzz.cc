// libFuzzer target: any bytes as lines of every input format, with options
// taken from the first bytes, parsed and then learned from (binary or
// multiclass). Parsing must
// never crash, every feature must land in the table with a finite value, and
// learning from what parsed must leave every touched weight finite.
//
// Build and run: scripts/fuzz.sh (clang's -fsanitize=fuzzer).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/chunker.h"
#include "io/example_batch.h"
#include "io/format.h"
#include "io/parser.h"
#include "learner/classes.h"
#include "learner/learner.h"
#include "learner/options.h"
#include "tests/fuzz/fuzz_checks.h"

namespace {

constexpr int kBits = 12;  // small, so that every slot can be checked

using hare::fuzz::Check;

// The options the first four bytes choose: format, templates, VW's
// namespaces, and the rule to learn with.
struct Choice {
  hare::io::ParseOptions parse;
  hare::learner::LearnerOptions learner;
};

Choice Choose(const uint8_t* b) {
  using hare::io::Format;
  using hare::learner::Rule;
  Choice c;
  hare::io::ParseOptions& p = c.parse;
  p.bits = kBits;
  constexpr Format kFormats[] = {Format::kVw, Format::kLibsvm, Format::kText, Format::kFastText};
  p.format = kFormats[b[0] & 3];
  p.class_labels = (b[0] >> 2) & 1;
  p.names = (b[0] >> 3) & 1;
  p.unit_norm = (b[0] >> 4) & 1;
  p.constant = !((b[0] >> 5) & 1);
  p.text.keep_case = (b[0] >> 6) & 1;
  p.text.collocations = (b[0] >> 7) & 1;

  p.text.ngram = 1 + (b[1] & 3);
  p.text.skips = (b[1] >> 2) & 1;
  if ((b[1] >> 3) & 1) {
    p.text.minn = 2;
    p.text.maxn = 4;
  }
  p.text.window = (b[1] >> 4) & 3;
  p.text.unigrams = !((b[1] >> 6) & 1) || p.text.window == 0;
  if ((b[1] >> 7) & 1) p.text.affixes = {4, -3};

  if (b[2] & 1) p.interactions.push_back("ab");
  if ((b[2] >> 1) & 1) p.interactions.push_back("::");
  if ((b[2] >> 2) & 1) p.interactions.push_back("a b");  // --cubic with the default namespace
  if ((b[2] >> 3) & 1) p.ngrams.push_back("2");
  if ((b[2] >> 4) & 1) p.ngrams.push_back("a3");
  if ((b[2] >> 4) & 1) p.skips.push_back("a1");
  if ((b[2] >> 5) & 1) p.affixes = {"+3", "-2a"};
  if ((b[2] >> 6) & 1) p.ignore = "c";
  if ((b[2] >> 7) & 1) p.ignore_linear = "b";

  constexpr Rule kRules[] = {
      Rule::kPerceptron, Rule::kWinnow, Rule::kBalancedWinnow, Rule::kPa,
      Rule::kSgd,        Rule::kArow,   Rule::kNaiveBayes,     Rule::kModifiedBalancedWinnow};
  c.learner.rule = kRules[b[3] & 7];
  // (Bit 7 also picks SGD's loss below.)
  p.text.bos = ((b[3] >> 7) & 1) && (p.text.unigrams || p.text.ngram > 1);
  c.learner.average = (b[3] >> 3) & 1;
  c.learner.adagrad = ((b[3] >> 4) & 1) && c.learner.rule != Rule::kArow &&
                      c.learner.rule != Rule::kNaiveBayes && c.learner.rule != Rule::kWinnow &&
                      c.learner.rule != Rule::kBalancedWinnow &&
                      c.learner.rule != Rule::kModifiedBalancedWinnow;
  if ((b[3] >> 5) & 1) {
    c.learner.margin = 1.0f;
    if (c.learner.rule != Rule::kNaiveBayes) c.learner.uneven_margin = 2.0f;
  }
  if (p.class_labels) {
    using hare::learner::Multiclass;
    const bool k_class = (b[3] >> 6) & 1;
    c.learner.multiclass = !k_class                              ? Multiclass::kOneVsAll
                           : c.learner.rule == Rule::kPerceptron ? Multiclass::kCrammerSinger
                                                                 : Multiclass::kWinnerTakeAll;
  }
  if (c.learner.rule == Rule::kSgd) {
    constexpr hare::learner::Loss kLosses[] = {
        hare::learner::Loss::kHinge, hare::learner::Loss::kLogistic, hare::learner::Loss::kSquared};
    c.learner.loss = kLosses[((b[3] >> 6) & 3) % 3];
    c.learner.margin = std::nullopt;               // refused with SGD
    c.learner.uneven_margin = 0.0f;                // and so is this
    if (!c.learner.average) c.learner.l2 = 1e-4f;  // --average with --l2 is refused
  }
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  Choice choice = Choose(data);
  // Inputs of odd size cap a line's features at 100 (the commands set the
  // cap from the memory), so that the lines that pass it are refused.
  if (size % 2 == 1) choice.parse.max_line_features = 100;
  // A chunk as the chunker hands it over: lines ending in '\n', then
  // kChunkPadding zero bytes that the scanners may read.
  std::string chunk(reinterpret_cast<const char*>(data + 4), size - 4);
  if (chunk.empty() || chunk.back() != '\n') chunk.push_back('\n');
  const size_t chunk_size = chunk.size();
  chunk.append(hare::io::kChunkPadding, '\0');

  hare::io::Parser parser(choice.parse);
  hare::io::ExampleBatch batch;
  parser.Parse(std::string_view(chunk.data(), chunk_size), batch);

  const uint32_t slots = uint32_t{1} << kBits;
  for (size_t i = 0; i < batch.size(); ++i) {
    Check(std::isfinite(batch.label(i)), "a label that is not finite");
    Check(std::isfinite(batch.importance(i)) && batch.importance(i) >= 0,
          "an importance that is not finite or is negative");
    Check(std::isfinite(batch.initial(i)), "an initial score that is not finite");
    for (uint32_t index : batch.indices(i)) Check(index < slots, "an index outside the table");
    for (float value : batch.values(i)) Check(std::isfinite(value), "a value that is not finite");
    Check(batch.names(i).empty() || batch.names(i).size() == batch.indices(i).size(),
          "names that do not match the features");
    Check(batch.indices(i).size() <= choice.parse.max_line_features + choice.parse.constant,
          "more features than a line may make");
  }
  for (const hare::io::BadLine& bad : batch.bad_lines) {
    Check(bad.line >= 1 && bad.line <= batch.line_count, "a bad line outside the chunk");
    Check(!bad.message.empty(), "a bad line without a message");
  }
  Check(batch.bad_lines.size() ==
            std::min<uint64_t>(batch.bad_line_count, hare::io::ExampleBatch::kBadLinesKept),
        "bad lines kept that are not the first of those counted");
  Check(batch.bad_label_count <= batch.bad_line_count &&
            batch.out_of_memory_count <= batch.bad_line_count,
        "more bad labels or lines out of memory than bad lines");
  Check(batch.size() + batch.bad_line_count <= batch.line_count,
        "more examples and bad lines than lines");

  // Learning from what parsed, as hare train would: options it refuses are
  // not tried; class names are numbered as hare train numbers them.
  hare::learner::TrainOptions options;
  options.parse = choice.parse;
  options.learner = choice.learner;
  if (!hare::learner::Validate(options).empty() || batch.empty()) return 0;
  hare::learner::ClassMap classes =
      choice.parse.class_labels ? hare::learner::ClassMap() : hare::learner::ClassMap::Binary();
  std::vector<int32_t> ids;
  if (!classes.Assign(batch, ids).ok()) return 0;
  auto learner = hare::learner::MakeLearner(choice.learner, kBits);
  hare::learner::Scores scores;
  const int passes = choice.learner.rule == hare::learner::Rule::kNaiveBayes ? 1 : 2;
  for (int pass = 0; pass < passes; ++pass) learner->Train(batch, ids, {}, scores);
  const size_t columns = static_cast<size_t>(learner->classes());
  for (uint32_t slot = 0; slot < slots; ++slot) {
    Check(std::isfinite(learner->PredictionWeight(slot)), "a weight that is not finite");
  }
  std::vector<float> row(columns);
  for (size_t i = 0; i < batch.size(); ++i) {
    learner->PredictionScores(batch, i, row);
    for (float score : row) Check(!std::isnan(score), "a score that is NaN");
  }
  return 0;
}
