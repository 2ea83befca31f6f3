// Input formats, and what a parser needs to know to turn a line into features.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashing/feature_hash.h"
#include "hashing/text_features.h"

namespace hare::io {

// Sentences come as text ("label<TAB>sentence") or as fastText's lines
// ("__label__pos a sentence"); both go through the same tokenizer and
// templates.
enum class Format { kVw, kLibsvm, kText, kFastText };

inline bool IsSentences(Format f) { return f == Format::kText || f == Format::kFastText; }

// fastText's label prefix: a word starting with it is the line's label
// (another with --label, fastText's -label).
inline constexpr std::string_view kFastTextLabel = "__label__";

// An ASCII control byte (0x00-0x1f, 0x7f): white space is among them.
inline bool IsControl(char c) {
  return static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) == 0x7f;
}

// Why `prefix` cannot be a label prefix (empty, longer than 255 bytes, not
// valid UTF-8, or with white space or NUL, which end fastText's words), or
// an empty string if it can. (--label also refuses other control
// characters, which class names cannot have, but a model that holds one
// loads.)
std::string LabelPrefixProblem(std::string_view prefix);

const char* FormatName(Format f);
std::optional<Format> FormatFromName(std::string_view name);

// The most features a line may make: with the constant, 2^32 - 1, the most
// an example's 32-bit count (as the cache stores it) holds.
inline constexpr uint64_t kMaxLineFeatures = 0xfffffffe;

// The orders of three places, the places' own first.
inline constexpr int kOrdersOfThree[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                             {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

// Whether -q/--cubic patterns `p` and `q` can make the same set of features
// on a line: of one length, some order of p's letters matching q's, ':'
// matching any letter (-q aa and -q a:, -q ab and -q ba). Such a set is made
// once, by the pattern given first, as VW removes duplicate combinations.
// With `q` the namespace letters of a set's features (no ':'), whether `p`
// makes that set.
bool PatternsOverlap(std::string_view p, std::string_view q);
bool InteractionsOverlap(const std::vector<std::string>& interactions);

struct ParseOptions {
  Format format = Format::kVw;
  int bits = hashing::kDefaultBits;
  uint64_t hash_seed = 0;
  bool constant = true;  // add the constant (bias) feature to every example
  // Scale each example's feature values, all but the constant, to Euclidean
  // length 1 (--unit-norm).
  bool unit_norm = false;
  hashing::TextFeatureOptions text = {};  // --format text: tokenizer and templates
  // VW: namespace interactions, "ab" (-q ab) or "abc" (--cubic abc): the
  // first letters of the namespaces, ':' for any, ' ' for the default one.
  std::vector<std::string> interactions = {};
  // VW: n-grams of the features within a namespace, in their order, with
  // value 1 (--ngram, --skips): "N" for every namespace, "aN" for namespaces
  // whose names start with a. A lettered spec overrides a plain one.
  std::vector<std::string> ngrams = {};
  std::vector<std::string> skips = {};
  // VW: affixes of the features of a namespace, as VW's --affix spells them:
  // "+4a" the first 4 characters of each feature of namespaces starting with
  // a, "-3b" the last 3 of b*'s, "+2" of the default namespace's (VW's
  // meaning; --format text's words are that namespace too). Each is a feature
  // "+4temp" with the feature's value in the namespace "affix^NAME" ("affix"
  // for the default one, so "| temperature" and the text "temperature" get
  // the same); interactions and n-grams do not see them.
  std::vector<std::string> affixes = {};
  // VW: namespaces left out, by first letter (' ' the default namespace), as
  // VW's --ignore, --ignore_linear and --keep: those in `ignore` are not read;
  // those in `ignore_linear` only make interactions (-q, --cubic); with
  // `keep`, every namespace whose letter is not in it is ignored.
  std::string ignore = {};
  std::string ignore_linear = {};
  std::string keep = {};
  // Labels are class names (any text without white space; in --format text
  // anything before the TAB) instead of binary -1/+1.
  bool class_labels = false;
  // --format fasttext: a word starting with this is the line's label.
  std::string label_prefix = std::string(kFastTextLabel);
  // Record each feature's name in the batch (ExampleBatch::names), for
  // --keep-names and hare audit: "ns^feature", "a^x*b^y" for an interaction,
  // "chars^<wo" for a character n-gram, the index for LIBSVM, "Constant".
  bool names = false;
  // The most features one line may make (before the constant): a line that
  // would make more is a bad line. An example's feature count is a uint32
  // everywhere (the cache stores it so), hence the default; the commands set
  // less from the memory hare may use (learner::MaxLineFeatures), so that a
  // line of huge -q or --cubic products is refused before it takes it all.
  uint64_t max_line_features = kMaxLineFeatures;
};

// Reads an --ngram/--skips spec, "N" or "aN" with N in 0..9: *letter is the
// namespace letter, or 0 for every namespace. False if it is not of that form.
bool ParseGramSpec(std::string_view spec, char* letter, int* n);

// Each namespace's n-gram length and skips (by its first byte) from the
// --ngram and --skips specs: a plain one for every namespace, then the
// lettered ones over it. Unset: 1 and 0.
struct GramTables {
  uint8_t n[256];
  uint8_t skips[256];
};
GramTables ResolveGrams(const std::vector<std::string>& ngrams,
                        const std::vector<std::string>& skips);

// Whether a namespace's name can start with byte c: not a control
// character, '|' or ':' (' ' stands for the default namespace).
bool IsNamespaceLetter(char c);

// Each letter of `ignore` that is also in `keep` or `ignore_linear`, as a
// message ("namespace letter 'a' is in both --ignore and --keep"); none when
// the three agree.
std::vector<std::string> NamespaceUseConflicts(std::string_view ignore,
                                               std::string_view ignore_linear,
                                               std::string_view keep);

// Reads one --affix item of VW's, "+4a", "-3" ("+" or "-", N in 1..
// hashing::kMaxAffix, a namespace letter or none): *affix is +N or -N,
// *letter the letter or 0 (the default namespace). False if it is not of that form.
bool ParseAffixSpec(std::string_view spec, char* letter, int* affix);

// What a line parser reports about a line it could not use.
struct LineError {
  uint32_t column = 0;  // 1-based
  std::string message;
  bool label = false;          // the label is what is wrong
  bool out_of_memory = false;  // the line's features did not fit in the memory
};

}  // namespace hare::io
