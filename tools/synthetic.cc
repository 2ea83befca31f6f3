#include "tools/synthetic.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "learner/random.h"
#include "learner/weight_table.h"

namespace hare::tools {
namespace {

using learner::Random;

// Walker's alias method (Vose's construction): column i, drawn uniformly, gives
// i with probability keep[i], else alias[i]; so each index comes out with
// probability proportional to its weight, in O(1) a draw.
struct AliasTable {
  std::vector<double> keep;
  std::vector<uint32_t> alias;
};

AliasTable MakeAliasTable(const std::vector<double>& weights) {
  const size_t n = weights.size();
  AliasTable t{std::vector<double>(n), std::vector<uint32_t>(n)};
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
    t.keep[s] = scaled[s];
    t.alias[s] = l;
    scaled[l] -= 1.0 - scaled[s];
    if (scaled[l] < 1.0) {
      large.pop_back();
      small.push_back(l);
    }
  }
  for (uint32_t i : large) t.keep[i] = 1.0;
  for (uint32_t i : small) t.keep[i] = 1.0;
  return t;
}

// Collects output lines and writes them in large blocks. Reserve(n) gives
// room for n bytes at the end; Advance(end) keeps what was written up to end.
class LineWriter {
 public:
  explicit LineWriter(std::ostream& out) : out_(out), buffer_(kFlushAt + 65536) {}
  ~LineWriter() { Flush(); }
  char* Reserve(size_t n) {
    if (size_ + n > buffer_.size()) buffer_.resize(std::max(size_ + n, 2 * buffer_.size()));
    return buffer_.data() + size_;
  }
  void Advance(const char* end) { size_ = static_cast<size_t>(end - buffer_.data()); }
  void Append(std::string_view s) {
    char* p = Reserve(s.size());
    std::memcpy(p, s.data(), s.size());
    Advance(p + s.size());
  }
  void Append(char c) { *Reserve(1) = c, ++size_; }
  void AppendNumber(uint64_t n) {
    char* p = Reserve(20);
    Advance(std::to_chars(p, p + 20, n).ptr);
  }
  void AppendFloat(float f) {
    char* p = Reserve(32);
    Advance(std::to_chars(p, p + 32, f).ptr);
  }
  // Ends a line; returns the bytes written so far.
  uint64_t EndLine() {
    Append('\n');
    const uint64_t total = written_ + size_;
    if (size_ >= kFlushAt) Flush();
    return total;
  }
  void Flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(size_));
    written_ += size_;
    size_ = 0;
  }
  bool ok() const { return out_.good(); }

 private:
  static constexpr size_t kFlushAt = 1 << 20;
  std::ostream& out_;
  std::vector<char> buffer_;
  size_t size_ = 0;
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

// One column of the alias table of word ranks, holding what a draw needs of
// both ranks it can give (the word and its hidden weight), so that a word
// costs one read of 32 bytes, which can be prefetched.
struct alignas(32) WordColumn {
  double keep;       // P(the column's own rank)
  uint32_t word[2];  // the own rank's word, the alias rank's: the id (zipf), the rank (text)
  float hidden[2];   // their hidden weights
};

// The text family's spelling of the word of rank r (0: the most frequent):
// its digits in base 105 (least significant first), each a syllable of a
// consonant and a vowel ("ka", "lo"), so the 105 most frequent words have one
// syllable and a million words at most three; the first word of a sentence
// starts with a capital.
char* SpellWord(uint32_t rank, bool capital, char* p) {
  static constexpr char kConsonants[] = "bcdfghjklmnpqrstvwxyz";
  static constexpr char kVowels[] = "aeiou";
  constexpr uint32_t kSyllables = 21 * 5;
  char* const first = p;
  do {
    const uint32_t syllable = rank % kSyllables;
    *p++ = kConsonants[syllable / 5];
    *p++ = kVowels[syllable % 5];
    rank /= kSyllables;
  } while (rank != 0);
  if (capital) *first = static_cast<char>(*first - 'a' + 'A');
  return p;
}

uint64_t GenerateZipf(const GenOptions& o, std::ostream& out) {
  Random hidden_rng = ConceptRandom(o);
  Random rng = ExampleRandom(o);
  const size_t n = static_cast<size_t>(o.vocabulary);
  std::vector<WordColumn> columns;
  try {  // the vocabulary's tables, before any output
    columns.resize(n);
    std::vector<double> by_rank(n);
    for (size_t r = 0; r < n; ++r) by_rank[r] = 1.0 / static_cast<double>(r + 1);
    const AliasTable ranks = MakeAliasTable(by_rank);
    std::vector<uint32_t> id_of_rank(n);
    std::iota(id_of_rank.begin(), id_of_rank.end(), 0u);
    for (size_t i = n - 1; i > 0; --i) {
      std::swap(id_of_rank[i], id_of_rank[hidden_rng.Below(i + 1)]);
    }
    std::vector<float> hidden(n, 0.0f);
    for (size_t id = 0; id < n; ++id) {
      if (hidden_rng.Uniform() < o.relevant) hidden[id] = static_cast<float>(hidden_rng.Normal());
    }
    const bool text = o.family == "text";
    for (size_t i = 0; i < n; ++i) {
      const uint32_t own = id_of_rank[i], other = id_of_rank[ranks.alias[i]];
      columns[i] = {ranks.keep[i],
                    {text ? static_cast<uint32_t>(i) : own, text ? ranks.alias[i] : other},
                    {hidden[own], hidden[other]}};
    }
  } catch (const std::bad_alloc&) {
    throw learner::OutOfMemoryFor(absl::StrCat("--vocabulary ", o.vocabulary,
                                               " needs about 64 bytes a word (",
                                               (o.vocabulary * 64) >> 20, " MB)"));
  }
  // An example's draws, made in the order they always were (the word count;
  // per word the column, then the coin; the noise), one example ahead of the
  // one written: the reads of its columns are prefetched and overlap instead
  // of waiting one after another.
  struct Draws {
    std::vector<uint32_t> column;
    std::vector<double> coin;
    double noise = 0;
  };
  const uint64_t span = static_cast<uint64_t>(o.max_features - o.min_features + 1);
  auto draw = [&](Draws& d) {
    const size_t k = static_cast<size_t>(o.min_features) + rng.Below(span);
    d.column.resize(k);
    d.coin.resize(k);
    for (size_t j = 0; j < k; ++j) {
      d.column[j] = static_cast<uint32_t>(rng.Below(n));
      d.coin[j] = rng.Uniform();
      __builtin_prefetch(&columns[d.column[j]]);
    }
    d.noise = o.noise * rng.Normal();
  };
  const bool text = o.family == "text";
  LineWriter w(out);
  Draws current, next;
  draw(next);
  std::vector<uint32_t> words;
  uint64_t count = 0, bytes = 0;
  while (!Done(o, count, bytes) && w.ok()) {
    std::swap(current, next);
    draw(next);
    const size_t k = current.column.size();
    words.resize(k);
    double sum = 0;
    for (size_t j = 0; j < k; ++j) {
      const WordColumn& c = columns[current.column[j]];
      const int side = current.coin[j] < c.keep ? 0 : 1;
      words[j] = c.word[side];
      sum += c.hidden[side];
    }
    sum += current.noise;
    char* p = w.Reserve(6 + 12 * k);
    if (text) {  // "pos<TAB>Kalo mibe ... ."
      std::memcpy(p, sum > 0 ? "pos\t" : "neg\t", 4), p += 4;
      for (size_t j = 0; j < k; ++j) {
        if (j > 0) *p++ = ' ';
        p = SpellWord(words[j], j == 0, p);
      }
      std::memcpy(p, " .", 2), p += 2;
    } else {  // "1 | w123 w4567 ..."
      if (sum > 0) {
        std::memcpy(p, "1 |", 3), p += 3;
      } else {
        std::memcpy(p, "-1 |", 4), p += 4;
      }
      for (uint32_t id : words) {
        p[0] = ' ', p[1] = 'w';
        p = std::to_chars(p + 2, p + 12, id).ptr;
      }
    }
    w.Advance(p);
    bytes = w.EndLine();
    ++count;
  }
  return count;
}

// The separable family's hidden unit vector u.
std::vector<double> SeparableConcept(const GenOptions& o) {
  Random hidden_rng = ConceptRandom(o);
  std::vector<double> u(static_cast<size_t>(o.dimension));
  double norm = 0;
  for (double& v : u) {
    v = hidden_rng.Normal();
    norm += v * v;
  }
  for (double& v : u) v /= std::sqrt(norm);
  return u;
}

// Draws into x a point uniform in the cube, pulled into the ball of radius
// R; true, with its margin u.x, when it is at least gamma from the
// hyperplane (else it is drawn again).
bool DrawSeparable(const GenOptions& o, std::span<const double> u, Random& rng,
                   std::vector<float>& x, double* margin) {
  double len2 = 0;
  for (float& v : x) {
    v = static_cast<float>(2 * rng.Uniform() - 1);
    len2 += double(v) * v;
  }
  const double shrink = std::sqrt(len2) > o.radius ? o.radius / std::sqrt(len2) * 0.999999 : 1.0;
  *margin = 0;
  len2 = 0;
  for (size_t j = 0; j < x.size(); ++j) {
    x[j] = static_cast<float>(x[j] * shrink);
    len2 += double(x[j]) * x[j];
    *margin += u[j] * x[j];
  }
  return std::fabs(*margin) >= o.gamma && std::sqrt(len2) <= o.radius;
}

uint64_t GenerateSeparable(const GenOptions& o, std::ostream& out) {
  const std::vector<double> u = SeparableConcept(o);
  Random rng = ExampleRandom(o);
  std::vector<float> x(u.size());
  LineWriter w(out);
  uint64_t count = 0, bytes = 0;
  while (!Done(o, count, bytes) && w.ok()) {
    double margin = 0;
    if (!DrawSeparable(o, u, rng, x, &margin)) continue;
    const bool positive = (margin > 0) != (rng.Uniform() < o.flip);
    w.Append(positive ? "1 |" : "-1 |");
    for (size_t j = 0; j < x.size(); ++j) {
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

bool SeparableDrawsPoints(const GenOptions& o) {
  const std::vector<double> u = SeparableConcept(o);
  Random rng(o.seed ^ 0x5eed);  // not the examples' draws
  std::vector<float> x(u.size());
  const uint64_t draws = std::max<uint64_t>(1000, 10000000 / x.size());
  double margin = 0;
  for (uint64_t i = 0; i < draws; ++i) {
    if (DrawSeparable(o, u, rng, x, &margin)) return true;
  }
  return false;
}

uint64_t Generate(const GenOptions& options, std::ostream& out) {
  if (options.family == "separable") return GenerateSeparable(options, out);
  if (options.family == "disjunction" || options.family == "conjunction") {
    return GenerateBoolean(options, out);
  }
  return GenerateZipf(options, out);
}

}  // namespace hare::tools
