// io::Parser on one in-memory chunk per format, from `hare gen`'s zipf data
// (tools/synthetic.h): "1 | w123 w4567 ..." in VW, the same words as indices
// in LIBSVM ("1 123:1 4567:1 ..."), as a sentence in text ("1<TAB>w123 w4567"),
// and the same sentence in Greek capitals; and VW with -q :: for interactions.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/chunker.h"
#include "io/example_batch.h"
#include "io/format.h"
#include "io/parser.h"
#include "tools/synthetic.h"

namespace hare::io {
namespace {

// About one default block of VW text: what the chunker hands the parser.
constexpr int64_t kChunkBytes = int64_t{1} << 20;

// The zipf examples for a range of features per example, in VW text. Made
// once per range: the generator builds a 10^6-word table first.
const std::string& VwLines(int64_t min_features, int64_t max_features) {
  static std::map<std::pair<int64_t, int64_t>, std::string> cache;
  std::string& text = cache[{min_features, max_features}];
  if (text.empty()) {
    // "w" and about six digits and a space per word.
    const int64_t bytes_per_example = 8 * (min_features + max_features) / 2 + 4;
    tools::GenOptions options{.examples = static_cast<uint64_t>(kChunkBytes / bytes_per_example),
                              .min_features = min_features,
                              .max_features = max_features};
    std::ostringstream out;
    tools::Generate(options, out);
    text = out.str();
  }
  return text;
}

// The same examples in another format.
std::string Convert(std::string_view vw, Format format) {
  if (format == Format::kVw) return std::string(vw);
  std::string out;
  out.reserve(vw.size());
  while (!vw.empty()) {
    const size_t nl = vw.find('\n');
    std::string_view line = vw.substr(0, nl);
    vw.remove_prefix(nl + 1);
    const size_t bar = line.find(" |");
    out.append(line.substr(0, bar));  // the label
    std::string_view words = line.substr(bar + 2);
    if (format == Format::kText) {
      out.push_back('\t');
      out.append(words.substr(1));
    } else {  // " w123 w4567" -> " 123:1 4567:1"
      for (size_t w = words.find(" w"); w != words.npos;) {
        const size_t next = words.find(" w", w + 2);
        out.push_back(' ');
        out.append(words.substr(w + 2, next == words.npos ? next : next - w - 2));
        out.append(":1");
        w = next;
      }
    }
    out.push_back('\n');
  }
  return out;
}

// The text lines in Greek capitals, for the tokenizer's non-ASCII path
// (ICU's categories and lower case): 'w' becomes Omega and each digit d the
// capital U+0391 + d, so "w123" is "ΩΒΓΔ" and every word is lower-cased.
std::string Greek(std::string_view text) {
  std::string out;
  out.reserve(2 * text.size());
  bool words = false;  // after the line's TAB: the label stays as it is
  for (char c : text) {
    if (c == '\t' || c == '\n') words = c == '\t';
    if (!words) {
      out += c;
    } else if (c == 'w') {
      out += "\xce\xa9";
    } else if (c >= '0' && c <= '9') {
      out += '\xce';
      out += static_cast<char>(0x91 + (c - '0'));
    } else {
      out += c;
    }
  }
  return out;
}

void BM_Parse(benchmark::State& state, Format format, bool greek = false,
              std::vector<std::string> interactions = {}) {
  ParseOptions options;
  options.format = format;
  options.interactions = std::move(interactions);
  const int64_t min_features = state.range(0), max_features = state.range(1);
  options.bits = static_cast<int>(state.range(2));
  // The chunk as the chunker leaves it: whole lines, then zero padding.
  std::string chunk = Convert(VwLines(min_features, max_features), format);
  if (greek) chunk = Greek(chunk);
  const size_t size = chunk.size();
  chunk.append(kChunkPadding, '\0');
  const std::string_view text(chunk.data(), size);

  Parser parser(options);
  ExampleBatch batch;
  parser.Parse(text, batch);
  if (!batch.bad_lines.empty() || batch.size() != batch.line_count) {
    state.SkipWithError(("bad input: " + batch.bad_lines.front().message).c_str());
    return;
  }
  for (auto _ : state) {
    parser.Parse(text, batch);
    benchmark::DoNotOptimize(batch.feature_count());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch.size()));
  state.counters["features/example"] =
      static_cast<double>(batch.feature_count()) / static_cast<double>(batch.size());
}

// Few, typical (hare gen's default) and many features per example, at the
// default table size and a large one.
void Configurations(benchmark::internal::Benchmark* b) {
  b->ArgNames({"min_features", "max_features", "bits"});
  for (auto [lo, hi] : {std::pair{5, 10}, std::pair{20, 40}, std::pair{100, 200}}) {
    for (int bits : {18, 24}) b->Args({lo, hi, bits});
  }
}

BENCHMARK_CAPTURE(BM_Parse, vw, Format::kVw)->Apply(Configurations);
BENCHMARK_CAPTURE(BM_Parse, libsvm, Format::kLibsvm)->Apply(Configurations);
BENCHMARK_CAPTURE(BM_Parse, text, Format::kText)->Apply(Configurations);
BENCHMARK_CAPTURE(BM_Parse, text_greek, Format::kText, true)->Apply(Configurations);
// VW with -q :: (every pair of a line's features, n(n+1)/2 of them).
BENCHMARK_CAPTURE(BM_Parse, vw_quadratic, Format::kVw, false, std::vector<std::string>{"::"})
    ->ArgNames({"min_features", "max_features", "bits"})
    ->Args({5, 10, 18})
    ->Args({20, 40, 18});
// VW with -q ' a', the default namespace with one the lines lack: no pair
// made, and the cost of looking, which should be the plain parse's.
BENCHMARK_CAPTURE(BM_Parse, vw_quadratic_none, Format::kVw, false, std::vector<std::string>{" a"})
    ->ArgNames({"min_features", "max_features", "bits"})
    ->Args({20, 40, 18})
    ->Args({100, 200, 18});

}  // namespace
}  // namespace hare::io
