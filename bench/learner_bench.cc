// The learner's per-feature work on batches parsed in memory: the dot
// product (score only), and a training step of each rule with averaging and
// AdaGrad, over ranges of features per example and table bits. Items are
// features, so items/s is the rate of the one per-feature loop.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "io/chunker.h"
#include "io/example_batch.h"
#include "io/parser.h"
#include "learner/learner.h"
#include "tools/synthetic.h"

namespace hare::learner {
namespace {

// About 1 MiB of zipf examples, parsed once per (features, bits).
struct Parsed {
  std::string text;
  io::ExampleBatch batch;
};

std::unique_ptr<Parsed> Parse(int64_t min_features, int bits) {
  auto p = std::make_unique<Parsed>();
  std::ostringstream out;
  tools::Generate(
      tools::GenOptions{.examples = static_cast<uint64_t>((1 << 20) / (8 * min_features)),
                        .min_features = min_features,
                        .max_features = 2 * min_features},
      out);
  p->text = out.str();
  const size_t size = p->text.size();
  p->text.append(io::kChunkPadding, '\0');
  io::Parser(io::ParseOptions{.bits = bits})
      .Parse(std::string_view(p->text.data(), size), p->batch);
  return p;
}

// One pass of Train over the batch per iteration (the table keeps learning);
// with `later_pass`, each is pass 2 of 3 (the SVM keeps and reads each
// example's dual variable, --shuffle reorders the batch).
void BM_Train(benchmark::State& state, LearnerOptions options, bool later_pass = false) {
  const int bits = static_cast<int>(state.range(1));
  const std::unique_ptr<Parsed> p = Parse(state.range(0), bits);
  std::unique_ptr<Learner> learner = MakeLearner(options, bits);
  std::vector<int32_t> classes(p->batch.size());
  for (size_t i = 0; i < classes.size(); ++i) classes[i] = BinaryClass(p->batch.label(i));
  Scores scores;
  // One pass before timing: the kernel zeroes the table's pages as they are
  // first touched (up to 320 MiB at -b 24), which would otherwise make one
  // iteration take 0.5 s and be all that is measured.
  if (later_pass) learner->BeginPass(1, 3);
  learner->Train(p->batch, classes, {}, scores);
  for (auto _ : state) {
    if (later_pass) learner->BeginPass(2, 3);
    learner->Train(p->batch, classes, {}, scores);
    benchmark::DoNotOptimize(scores.row(0).data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(p->batch.feature_count()));
  state.counters["examples/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * static_cast<int64_t>(p->batch.size())),
      benchmark::Counter::kIsRate);
}

// The dot product alone: scores with the prediction weights.
void BM_Dot(benchmark::State& state) {
  const int bits = static_cast<int>(state.range(1));
  const std::unique_ptr<Parsed> p = Parse(state.range(0), bits);
  std::unique_ptr<Learner> learner = MakeLearner(LearnerOptions{}, bits);
  float sum = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < p->batch.size(); ++i) sum += learner->PredictionScore(p->batch, i);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(p->batch.feature_count()));
}

LearnerOptions Options(Rule rule, bool average, bool adagrad) {
  LearnerOptions o;
  o.rule = rule;
  o.average = average;
  o.adagrad = adagrad;
  return o;
}

LearnerOptions Shuffled(LearnerOptions o) {
  o.shuffle = true;
  return o;
}

#define HARE_RANGES ArgsProduct({{10, 20, 100}, {18, 24}})->Unit(benchmark::kMillisecond)

BENCHMARK(BM_Dot)->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, perceptron, Options(Rule::kPerceptron, false, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, perceptron_average, Options(Rule::kPerceptron, true, false))
    ->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, perceptron_adagrad, Options(Rule::kPerceptron, false, true))
    ->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, perceptron_average_adagrad, Options(Rule::kPerceptron, true, true))
    ->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, winnow, Options(Rule::kWinnow, false, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, winnow_average, Options(Rule::kWinnow, true, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, balanced_winnow, Options(Rule::kBalancedWinnow, false, false))
    ->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, modified_balanced_winnow,
                  Options(Rule::kModifiedBalancedWinnow, false, false))
    ->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, pa, Options(Rule::kPa, false, false))->HARE_RANGES;
// The sentences' default rule (without --uneven-margin, a binary task here).
BENCHMARK_CAPTURE(BM_Train, pa_adagrad, Options(Rule::kPa, false, true))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, sgd_logistic, Options(Rule::kSgd, false, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, arow, Options(Rule::kArow, false, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, nb, Options(Rule::kNaiveBayes, false, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, svm, Options(Rule::kSvm, false, false))->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, svm_later_pass, Options(Rule::kSvm, false, false), true)->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, svm_later_pass_shuffle, Shuffled(Options(Rule::kSvm, false, false)),
                  true)
    ->HARE_RANGES;
BENCHMARK_CAPTURE(BM_Train, pa_later_pass_shuffle, Shuffled(Options(Rule::kPa, false, false)), true)
    ->HARE_RANGES;

}  // namespace
}  // namespace hare::learner
