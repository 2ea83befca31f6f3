// Features of raw sentences: a tokenizer and the feature templates users know
// from fastText (-wordNgrams, -minn/-maxn) and VW (--ngram, --skips), and
// Golding & Roth's context features for confusion sets (a window around a
// target word, and collocations).
//
// Tokens (UTF-8, checked; characters told apart by their Unicode general
// category, from ICU): runs of letters, marks, numbers and '_' of any
// script; an apostrophe (' or U+2019) between two such characters stays
// inside the word ("don't", "film's"), and so does a '.', ',' or ':' between
// two decimal digits ("3.14", "1,000", "10:30"); every other punctuation or symbol
// character is a token of its own; white space, the zero-width space and
// control characters separate; other default-ignorable characters (BOM, soft
// hyphen, joiners, variation selectors) are dropped. Unless keep_case,
// letters are lower-cased one for one (ICU's simple case mapping, every
// script) and an apostrophe inside a word is written '.
//
// Templates (all in the default namespace unless said; the hash of a
// combination is a function of its parts' hashes, never of a built string):
//   word unigrams                 h(w)
//   start of sentence (bos)       the word "<s>" before the first word, in the unigrams and
//                                 n-grams (which no token can be: the tokenizer splits "<s>"),
//                                 so that "<s>_What" says which word opens the sentence
//   word n-grams, 2..ngram        Combine(...Combine(h(w1), h(w2))..., h(wn))
//     with skips k: the n words may have up to k skipped words between neighbours
//   char n-grams, minn..maxn      h(g) in namespace "chars", of "<word>" as fastText
//   affixes (+N, -N)              h("+N" prefix) or h("-N" suffix) in namespace "affix", of
//                                 each word longer than N characters (VW's --affix; a
//                                 word of N or fewer would only repeat itself)
//   window k around the target    Combine(h(w), Offset(o)) for o in -k..k, o != 0
//   collocations                  Combine of two window features: (-2,-1), (-1,+1), (+1,+2)
// Names ("w1_w2", "<wo", "+4temp", "-1=the", "-1=the&+1=of") are made only when asked
// for (hare features, readable models).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashing/feature_hash.h"
#include "hashing/ngrams.h"

namespace hare::hashing {

// Changes whenever the same text would give other tokens, so that a model
// or cache of hashed features made by an earlier tokenizer is not reused.
// 2: Unicode categories and lower case of every script (ICU).
// 3: a capital sigma that ends a word lower-cases to final sigma.
// 4: '.', ',' and ':' between two digits stay inside the number.
inline constexpr int kTokenizerVersion = 4;

// The tokenizer version and the Unicode version of the ICU it runs on
// ("2 unicode 15.0"): characters a later Unicode assigns may split otherwise.
std::string TokenizerId();

// The largest values the templates take (command line and model files alike):
// the number of grams grows fast with ngram and skips.
inline constexpr int kMaxNgram = 5;
inline constexpr int kMaxSkips = 5;
inline constexpr int kMaxCharNgram = 10;
inline constexpr int kMaxWindow = 10;
// The namespaces of the features that are not words' (the words, n-grams
// and window features are in kDefaultNamespace).
inline constexpr const char* kCharsNamespace = "chars";
inline constexpr const char* kAffixNamespace = "affix";

inline constexpr int kMaxAffix = 7;  // VW's: one digit
inline constexpr size_t kMaxAffixes = 8;
// The start-of-sentence word of --bos.
inline constexpr std::string_view kBosWord = "<s>";

struct TextFeatureOptions {
  bool unigrams = true;
  bool bos = false;  // "<s>" before the first word of a sentence that has one
  int ngram = 1;     // word n-grams up to this length (1: unigrams only)
  int skips = 0;     // words that may be skipped between neighbours of an n-gram
  int minn = 0;      // character n-grams of minn..maxn characters (0: none)
  int maxn = 0;
  int window = 0;  // words at -window..window around the target (0: none)
  bool collocations = false;
  // Each an affix of the words: +n their first n characters, -n their last
  // n (n 1..kMaxAffix), in the order given (VW's --affix +4,-3).
  std::vector<int> affixes = {};
  bool keep_case = false;
  std::string target = "_TARGET_";

  bool operator==(const TextFeatureOptions&) const = default;
};

// The affixes as --affix spells them: "+4,-3" ("" for none).
std::string AffixSpec(const std::vector<int>& affixes);

// Sets `name` to the feature name of affix `affix` (+n, -n) of `word`:
// "+4temp" of "temperature", "-3ure". Counted in characters (UTF-8 lead
// bytes; any bytes are safe). False, `name` untouched, when the word has n
// characters or fewer: its affix would only repeat it. The text's words and
// VW's features (io/vw_format.cc) alike.
bool AffixName(std::string_view word, int affix, std::string& name);

// The hash that stands for "at offset o from the target".
uint64_t OffsetHash(int offset);

// The 1-based byte column of the first invalid UTF-8 byte of `text`, or 0
// if it is valid UTF-8 (the tokenizer's rule: no overlong forms, surrogates
// or code points above U+10FFFF).
uint32_t InvalidUtf8At(std::string_view text);

// `text` without the characters around it that the tokenizer separates words
// on or drops, controls apart: white space (the no-break space among it),
// the zero-width space, a byte-order mark and the other default-ignorable
// ones.
// The bounds of a class name, which `cat` of a file with a byte-order mark, or
// a copied no-break space, would otherwise make a class of its own that
// prints like another. Invalid UTF-8 is kept (InvalidUtf8At reports it).
std::string_view TrimSeparators(std::string_view text);
// Whether `text` holds nothing but such separators (true for ""): decoded
// up to its first other character.
bool OnlySeparators(std::string_view text);

// The 1-based byte column of the first character of `text` beyond ASCII that
// the tokenizer separates words on, controls apart (Unicode white space, the
// zero-width space), or 0 if there is none; its code point in `*code_point`.
// Stops at invalid UTF-8.
uint32_t UnicodeSpaceAt(std::string_view text, uint32_t* code_point);

// The 1-based byte column of the first control character of `text` beyond
// ASCII (U+0080 to U+009F: the next-line U+0085, the escape U+009B...), or 0
// if there is none; its code point in `*code_point`. Stops at invalid UTF-8.
uint32_t UnicodeControlAt(std::string_view text, uint32_t* code_point);

// The columns `text` takes on a terminal: a character of most scripts 1
// ("été": 5 bytes, 3 columns), a wide one of East Asian scripts 2 ("中文": 4),
// a combining mark or an invisible (default-ignorable) character 0. A byte
// that is not UTF-8 counts 1.
size_t TerminalColumns(std::string_view text);

// "invalid UTF-8 (\xc0\xaf)": the message of the invalid UTF-8 at `column`
// (1-based, as InvalidUtf8At gives it) of `text`, with its byte and the
// continuation bytes after it (up to 3), as C escapes.
std::string InvalidUtf8Message(std::string_view text, uint32_t column);

// Splits UTF-8 text into tokens (lower-cased into `storage`, which the views
// point into). Returns the 1-based byte column of the first invalid UTF-8
// byte, or 0 if the text is valid (then `tokens` holds every token).
uint32_t Tokenize(std::string_view text, bool keep_case, std::string& storage,
                  std::vector<std::string_view>& tokens);

// The one token `text` is (lower-cased unless keep_case), or nothing if it
// is not valid UTF-8 or splits into no token or more than one.
std::optional<std::string> SingleToken(std::string_view text, bool keep_case);

// Turns tokens into features. Scratch space is reused from call to call.
class TextFeaturizer {
 public:
  TextFeaturizer(const TextFeatureOptions& options, uint64_t seed);

  // The hashes of every feature of `tokens`, valid until the next call.
  // With `names`, their names too, in the same order.
  const std::vector<uint64_t>& Features(const std::vector<std::string_view>& tokens,
                                        std::vector<std::string>* names = nullptr);

  const TextFeatureOptions& options() const { return options_; }
  // Whether the last Features() found the target (with --window or
  // --collocations; false without them).
  bool found_target() const { return found_target_; }
  // The namespace of feature k of the last Features(): kCharsNamespace,
  // kAffixNamespace, or "" (the words, n-grams and window features).
  const char* Namespace(size_t k) const;

 private:
  // Appends a feature; with names, its name too, made only then.
  template <class MakeName>
  void Add(uint64_t hash, std::vector<std::string>* names, MakeName&& make_name) {
    features_.push_back(hash);
    if (names != nullptr) names->push_back(make_name());
  }

  TextFeatureOptions options_;
  uint64_t word_namespace_;
  uint64_t char_namespace_;
  uint64_t affix_namespace_;
  uint64_t bos_hash_;   // h(<s>)
  std::string target_;  // case-folded like the tokens
  bool found_target_ = false;
  std::vector<uint64_t> words_;     // h(w) of each token, after h(<s>) with bos
  std::vector<uint64_t> features_;  // the output
  GramScratch grams_;
  size_t chars_begin_ = 0, chars_end_ = 0;  // where the last Features() put each namespace
  size_t affix_end_ = 0;                    // (affixes from chars_end_ on)
};

}  // namespace hare::hashing
