#include "tools/synthetic.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "tools/random.h"

namespace hare::tools {
namespace {

// Draws from a discrete distribution in O(1) (Walker's alias method, Vose's construction).
class AliasTable {
 public:
  explicit AliasTable(const std::vector<double>& weights)
      : prob_(weights.size()), alias_(weights.size()) {
    const size_t n = weights.size();
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    std::vector<double> scaled(n);
    std::vector<uint32_t> small, large;
    for (size_t i = 0; i < n; ++i) {
      scaled[i] = weights[i] * static_cast<double>(n) / total;
      (scaled[i] < 1.0 ? small : large).push_back(static_cast<uint32_t>(i));
    }
    while (!small.empty() && !large.empty()) {
      uint32_t s = small.back(), l = large.back();
      small.pop_back();
      prob_[s] = scaled[s];
      alias_[s] = l;
      scaled[l] -= 1.0 - scaled[s];
      if (scaled[l] < 1.0) {
        large.pop_back();
        small.push_back(l);
      }
    }
    for (uint32_t i : large) prob_[i] = 1.0;
    for (uint32_t i : small) prob_[i] = 1.0;
  }
  uint32_t Draw(Random& rng) const {
    const uint32_t i = static_cast<uint32_t>(rng.Below(prob_.size()));
    return rng.Uniform() < prob_[i] ? i : alias_[i];
  }

 private:
  std::vector<double> prob_;
  std::vector<uint32_t> alias_;
};

// Collects output lines and writes them in large blocks.
class LineWriter {
 public:
  explicit LineWriter(std::ostream& out) : out_(out) { buffer_.reserve(kFlushAt + 4096); }
  ~LineWriter() { Flush(); }
  void Append(std::string_view s) { buffer_.append(s); }
  void Append(char c) { buffer_.push_back(c); }
  void AppendNumber(uint64_t n) {
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    buffer_.append(digits, end);
  }
  void AppendFloat(float f) {
    char digits[32];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, f);
    buffer_.append(digits, end);
  }
  // Ends a line; returns the bytes written so far.
  uint64_t EndLine() {
    buffer_.push_back('\n');
    const uint64_t total = written_ + buffer_.size();
    if (buffer_.size() >= kFlushAt) Flush();
    return total;
  }
  void Flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    written_ += buffer_.size();
    buffer_.clear();
  }
  bool ok() const { return out_.good(); }

 private:
  static constexpr size_t kFlushAt = 1 << 20;
  std::ostream& out_;
  std::string buffer_;
  uint64_t written_ = 0;
};

bool Done(const GenOptions& o, uint64_t examples, uint64_t bytes) {
  return (o.examples != 0 && examples >= o.examples) || (o.bytes != 0 && bytes >= o.bytes);
}

// The random source of the hidden rule, and the one of the examples.
Random ConceptRandom(const GenOptions& o) {
  return Random(o.concept_seed != 0 ? o.concept_seed : o.seed);
}
Random ExampleRandom(const GenOptions& o) { return Random(o.seed ^ 0x5DEECE66Dull); }

uint64_t GenerateZipf(const GenOptions& o, std::ostream& out) {
  Random hidden_rng = ConceptRandom(o);
  Random rng = ExampleRandom(o);
  const size_t n = static_cast<size_t>(o.vocabulary);
  std::vector<double> by_rank(n);
  for (size_t r = 0; r < n; ++r) by_rank[r] = 1.0 / static_cast<double>(r + 1);
  AliasTable ranks(by_rank);
  std::vector<uint32_t> id_of_rank(n);
  std::iota(id_of_rank.begin(), id_of_rank.end(), 0u);
  for (size_t i = n - 1; i > 0; --i) std::swap(id_of_rank[i], id_of_rank[hidden_rng.Below(i + 1)]);
  std::vector<float> hidden(n, 0.0f);
  for (size_t id = 0; id < n; ++id) {
    if (hidden_rng.Uniform() < o.relevant) hidden[id] = static_cast<float>(hidden_rng.Normal());
  }
  LineWriter w(out);
  std::vector<uint32_t> words;
  uint64_t count = 0, bytes = 0;
  const uint64_t span = static_cast<uint64_t>(o.max_features - o.min_features + 1);
  while (!Done(o, count, bytes) && w.ok()) {
    const size_t k = static_cast<size_t>(o.min_features) + rng.Below(span);
    words.clear();
    double sum = 0;
    for (size_t j = 0; j < k; ++j) {
      const uint32_t id = id_of_rank[ranks.Draw(rng)];
      words.push_back(id);
      sum += hidden[id];
    }
    sum += o.noise * rng.Normal();
    w.Append(sum > 0 ? "1 |" : "-1 |");
    for (uint32_t id : words) {
      w.Append(" w");
      w.AppendNumber(id);
    }
    bytes = w.EndLine();
    ++count;
  }
  return count;
}

uint64_t GenerateSeparable(const GenOptions& o, std::ostream& out) {
  Random hidden_rng = ConceptRandom(o);
  Random rng = ExampleRandom(o);
  const size_t d = static_cast<size_t>(o.dimension);
  std::vector<double> u(d);
  double norm = 0;
  for (double& v : u) {
    v = hidden_rng.Normal();
    norm += v * v;
  }
  for (double& v : u) v /= std::sqrt(norm);
  LineWriter w(out);
  std::vector<float> x(d);
  uint64_t count = 0, bytes = 0;
  while (!Done(o, count, bytes) && w.ok()) {
    // A point uniform in the cube, pulled into the ball of radius R.
    double len2 = 0;
    for (float& v : x) {
      v = static_cast<float>(2 * rng.Uniform() - 1);
      len2 += double(v) * v;
    }
    const double shrink = std::sqrt(len2) > o.radius ? o.radius / std::sqrt(len2) * 0.999999 : 1.0;
    double margin = 0;
    len2 = 0;
    for (size_t j = 0; j < d; ++j) {
      x[j] = static_cast<float>(x[j] * shrink);
      len2 += double(x[j]) * x[j];
      margin += u[j] * x[j];
    }
    if (std::fabs(margin) < o.gamma || std::sqrt(len2) > o.radius) continue;
    const bool positive = (margin > 0) != (rng.Uniform() < o.flip);
    w.Append(positive ? "1 |" : "-1 |");
    for (size_t j = 0; j < d; ++j) {
      if (x[j] == 0) continue;
      w.Append(" f");
      w.AppendNumber(j);
      w.Append(':');
      w.AppendFloat(x[j]);
    }
    bytes = w.EndLine();
    ++count;
  }
  return count;
}

uint64_t GenerateBoolean(const GenOptions& o, std::ostream& out) {
  Random rng = ExampleRandom(o);
  const bool disjunction = o.family == "disjunction";
  const size_t n = static_cast<size_t>(o.n), k = static_cast<size_t>(o.k);
  LineWriter w(out);
  std::vector<uint8_t> relevant(k);
  uint64_t count = 0, bytes = 0;
  while (!Done(o, count, bytes) && w.ok()) {
    const bool positive = rng.Uniform() < 0.5;
    // Relevant features: uniform over the patterns that give the label.
    for (;;) {
      size_t on = 0;
      for (uint8_t& r : relevant) on += r = rng.Uniform() < 0.5;
      const bool any = on > 0, all = on == k;
      if ((disjunction ? any : all) == positive) break;
      if (disjunction && !positive) {  // the one pattern "none": take it at once
        std::fill(relevant.begin(), relevant.end(), 0);
        break;
      }
      if (!disjunction && positive) {  // the one pattern "all"
        std::fill(relevant.begin(), relevant.end(), 1);
        break;
      }
    }
    w.Append(positive ? "1 |" : "-1 |");
    for (size_t j = 0; j < n; ++j) {
      const bool on = j < k ? relevant[j] != 0 : rng.Uniform() < o.density;
      if (!on) continue;
      w.Append(" x");
      w.AppendNumber(j);
    }
    bytes = w.EndLine();
    ++count;
  }
  return count;
}

}  // namespace

uint64_t Generate(const GenOptions& options, std::ostream& out) {
  if (options.family == "separable") return GenerateSeparable(options, out);
  if (options.family == "disjunction" || options.family == "conjunction") {
    return GenerateBoolean(options, out);
  }
  return GenerateZipf(options, out);
}

}  // namespace hare::tools
