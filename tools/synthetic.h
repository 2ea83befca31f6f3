// Synthetic data in VW text format, deterministic for a seed.
//
// zipf (the default, what throughput is measured on): a vocabulary of words
//   w<id>, drawn with probability proportional to 1/rank (ranks mapped to ids
//   by a shuffle), 20-40 words per example; a hidden rule gives 10% of the
//   words a N(0,1) weight, and the label is the sign of the example's sum plus
//   N(0, noise) noise. About 245 bytes an example: 1 GB per 4.4 million.
//
// text: the zipf family's examples (the same draws, so the same labels and
//   words for a seed) as sentences for --format text: "pos" or "neg", a TAB,
//   the words spelled as syllables by frequency rank ("ba" the most frequent;
//   1 syllable for the 105 most frequent words, at most 3 for a million; the
//   first word capitalized), then " .". About 150 bytes an example.
//
// separable: dense features f0..f{d-1} in the ball of radius R, labelled by a
//   hidden unit vector u, keeping only points with y u.x >= gamma (checked on
//   the values as printed). A Perceptron without the constant feature makes at
//   most (R/gamma)^2 mistakes on it, however often it is repeated. --flip P
//   then flips each label with probability P (noise no separator can fit).
//
// disjunction, conjunction: Boolean features x0..x{n-1}, of which the first k
//   are relevant; the label is +1 iff any (disjunction) or all (conjunction)
//   of the k are on. Each example is positive with probability 1/2; every
//   irrelevant feature is on with probability --density q, and the relevant
//   ones are drawn uniformly among the patterns that give the chosen label.
//   Winnow learns these with O(k log n) mistakes, the Perceptron with O(kn)
//   when q*n features are on (Littlestone 1988; Kivinen, Warmuth & Auer 1997).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace hare::tools {

struct GenOptions {
  std::string family = "zipf";
  uint64_t seed = 1;          // draws the examples
  uint64_t concept_seed = 0;  // draws the hidden rule; 0: the same as seed
  uint64_t examples = 0;      // 0: no limit by count
  uint64_t bytes = 0;         // 0: no limit by size
  // zipf
  int64_t vocabulary = 1000000;
  int64_t min_features = 20;
  int64_t max_features = 40;
  float relevant = 0.1f;
  float noise = 0.5f;
  // separable
  int64_t dimension = 20;
  float gamma = 0.1f;
  float radius = 1.0f;
  float flip = 0.0f;
  // disjunction, conjunction
  int64_t n = 1000;
  int64_t k = 10;
  float density = 0.05f;
};

// Two runs with the same concept seed and different seeds draw different
// examples of the same hidden rule: a training and a test set.
//
// Writes examples until a limit is reached; returns the number written.
uint64_t Generate(const GenOptions& options, std::ostream& out);

// Whether the separable family finds points of margin gamma in the ball of
// radius R in a trial: false when none came of 10^7 coordinates' draws (at
// least 1000 points), where generating would take very long (a gamma near
// R, or a high --dim, whose cube points shrink into the ball far from u).
bool SeparableDrawsPoints(const GenOptions& options);

}  // namespace hare::tools
