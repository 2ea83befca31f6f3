#include "hashing/text_features.h"

#include <emmintrin.h>

#include <algorithm>
#include <array>
#include <cstdlib>

#include "hashing/ngrams.h"
#include "unicode/uchar.h"
#include "unicode/utf8.h"

namespace hare::hashing {
namespace {

// One code point of valid UTF-8: its value and its length in bytes.
struct CodePoint {
  UChar32 value;
  size_t length;  // 0: the bytes at p are not valid UTF-8
};

// Decodes the UTF-8 sequence at p. Invalid: a bad lead byte, a missing
// continuation byte, an overlong form, a surrogate or a code point above
// U+10FFFF.
CodePoint Decode(const unsigned char* p, const unsigned char* end) {
  const unsigned char c = p[0];
  if (c < 0x80) return {c, 1};
  size_t n;
  UChar32 cp;
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
    cp = c & 0x1f;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    cp = c & 0x0f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    cp = c & 0x07;
  } else {
    return {0, 0};
  }
  if (static_cast<size_t>(end - p) < n) return {0, 0};
  for (size_t i = 1; i < n; ++i) {
    if ((p[i] & 0xc0) != 0x80) return {0, 0};
    cp = (cp << 6) | (p[i] & 0x3f);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
      (cp >= 0xd800 && cp <= 0xdfff)) {
    return {0, 0};
  }
  return {cp, n};
}

// Whether byte c starts a character of UTF-8 (is not a continuation byte).
bool StartsChar(char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }

// How a character splits text, and (kCasedWord) whether it has a lower case.
enum class Kind { kWord, kCasedWord, kSpace, kPunctuation, kIgnored };

// ASCII: letters, digits and '_' are word characters, of which the capitals
// have a lower case; white space and control characters separate; the other
// printable characters are punctuation. One table lookup a byte.
enum AsciiClass : uint8_t { kAsciiSpace, kAsciiPunctuation, kAsciiWord, kAsciiCapital };
constexpr std::array<uint8_t, 128> kAsciiClass = [] {
  std::array<uint8_t, 128> t{};
  for (int c = 0; c < 128; ++c) {
    if (c >= 'A' && c <= 'Z') {
      t[c] = kAsciiCapital;
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
      t[c] = kAsciiWord;
    } else {
      t[c] = c <= ' ' || c == 0x7f ? kAsciiSpace : kAsciiPunctuation;
    }
  }
  return t;
}();

bool IsAsciiWord(unsigned char c) { return c < 0x80 && kAsciiClass[c] >= kAsciiWord; }

// The ASCII word characters that start the 16 bytes at p, 16 at a time
// (SSE2, which every x86-64 has): writes the 16 bytes to out, capitals
// lower-cased unless keep_case, and returns how many of them belong to the
// run (16: it may go on). parse_bench, 20-40 words an example, 3 runs
// alternated: 451-470 MB/s with the byte loop below alone, 486-527 with this.
size_t CopyAsciiWordRun16(const unsigned char* p, char* out, bool keep_case) {
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  // first <= byte < first + count, unsigned: shifted to signed, one compare.
  auto in_range = [&b](char first, int count) {
    const __m128i shifted = _mm_xor_si128(_mm_sub_epi8(b, _mm_set1_epi8(first)),
                                          _mm_set1_epi8(static_cast<char>(0x80)));
    return _mm_cmplt_epi8(shifted, _mm_set1_epi8(static_cast<char>(-128 + count)));
  };
  const __m128i capital = in_range('A', 26);
  const __m128i word =
      _mm_or_si128(_mm_or_si128(capital, in_range('a', 26)),
                   _mm_or_si128(in_range('0', 10), _mm_cmpeq_epi8(b, _mm_set1_epi8('_'))));
  const __m128i written =
      keep_case ? b : _mm_add_epi8(b, _mm_and_si128(capital, _mm_set1_epi8(0x20)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), written);
  const unsigned stops = static_cast<unsigned>(_mm_movemask_epi8(word)) ^ 0xffffu;
  return stops == 0 ? 16 : static_cast<size_t>(__builtin_ctz(stops));
}

// ASCII: white space and control characters separate, and the printable
// characters other than word ones are punctuation. Beyond ASCII, by the
// general category, one lookup for most characters:
//   - white space (Z*), the zero-width space (a word break in Thai or Khmer)
//     and C1 controls separate;
//   - the other default-ignorable code points (among Cf, Mn, Cn, and four
//     Hangul fillers in Lo) are dropped without a break: a byte-order mark,
//     the soft hyphen, joiners, variation selectors (so "co\u00adoperate" is
//     "cooperate", and an emoji is one token without its U+FE0F);
//   - punctuation (P*, but for connectors such as '_') and symbols (S*:
//     currency, maths, emoji) are tokens of their own;
//   - everything else (letters, marks, numbers, connectors, and code points
//     the installed ICU does not know) belongs to words. Of those, only Lu,
//     Lt and Nl have a lower case (ICU 72: Roman numerals are Nl; the
//     circled letters, So, are tokens as they are).
[[gnu::noinline]] Kind KindOfNonAscii(UChar32 c) {
  switch (u_charType(c)) {
    case U_UPPERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_LETTER_NUMBER:
      return Kind::kCasedWord;
    case U_SPACE_SEPARATOR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_CONTROL_CHAR:
      return Kind::kSpace;
    case U_DASH_PUNCTUATION:
    case U_START_PUNCTUATION:
    case U_END_PUNCTUATION:
    case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION:
    case U_OTHER_PUNCTUATION:
    case U_MATH_SYMBOL:
    case U_CURRENCY_SYMBOL:
    case U_MODIFIER_SYMBOL:
    case U_OTHER_SYMBOL:
      return Kind::kPunctuation;
    case U_OTHER_LETTER:  // of which only the Hangul fillers are default-ignorable
      return c == 0x115f || c == 0x1160 || c == 0x3164 || c == 0xffa0 ? Kind::kIgnored
                                                                      : Kind::kWord;
    case U_FORMAT_CHAR:
    case U_NON_SPACING_MARK:
    case U_UNASSIGNED:
      if (c == 0x200b) return Kind::kSpace;
      if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return Kind::kIgnored;
      return Kind::kWord;
    default:
      return Kind::kWord;
  }
}

inline Kind KindOf(UChar32 c) {
  if (c >= 0x80) return KindOfNonAscii(c);
  switch (kAsciiClass[static_cast<size_t>(c)]) {
    case kAsciiCapital:
      return Kind::kCasedWord;
    case kAsciiWord:
      return Kind::kWord;
    case kAsciiSpace:
      return Kind::kSpace;
    default:
      return Kind::kPunctuation;
  }
}

bool IsWord(Kind kind) { return kind == Kind::kWord || kind == Kind::kCasedWord; }

// An apostrophe that stays inside a word between two word characters:
// ASCII's, and U+2019, the typographic one ("don\u2019t").
bool IsApostrophe(UChar32 c) { return c == '\'' || c == 0x2019; }

// Whether a word character starts at p (false at the end or invalid UTF-8).
bool StartsWord(const unsigned char* p, const unsigned char* end) {
  if (p == end) return false;
  const CodePoint cp = Decode(p, end);
  return cp.length > 0 && IsWord(KindOf(cp.value));
}

// A decimal digit of any script (Nd: '0'-'9', '٣', ...).
bool IsDigit(UChar32 c) {
  return c < 0x80 ? c >= '0' && c <= '9' : u_charType(c) == U_DECIMAL_DIGIT_NUMBER;
}

// The separators that stay inside a number between two digits, as the Penn
// Treebank's tokenizer keeps them: "3.14", "1,000", "10:30".
bool IsNumberSeparator(UChar32 c) { return c == '.' || c == ',' || c == ':'; }

// Whether a digit starts at p, past any dropped (default-ignorable)
// characters, as the word it would join writes none of them (false at the
// end or invalid UTF-8).
bool StartsDigit(const unsigned char* p, const unsigned char* end) {
  while (p != end) {
    const CodePoint cp = Decode(p, end);
    if (cp.length == 0) return false;
    if (IsDigit(cp.value)) return true;
    if (KindOf(cp.value) != Kind::kIgnored) return false;
    p += cp.length;
  }
  return false;
}

// Whether the word written from `word` to `out` (valid UTF-8) ends in a digit.
bool EndsInDigit(const char* word, const char* out) {
  int32_t i = static_cast<int32_t>(out - word);
  if (i == 0) return false;
  UChar32 c;
  U8_PREV_UNSAFE(word, i, c);
  return IsDigit(c);
}

// Writes c in UTF-8 at out; returns the end of what it wrote.
char* WriteUtf8(UChar32 c, char* out) {
  int32_t n = 0;
  U8_APPEND_UNSAFE(out, n, c);
  return out + n;
}

}  // namespace

uint64_t OffsetHash(int offset) {
  const int64_t o = offset;
  return XXH3_64bits_withSeed(&o, sizeof o, 0x6f6666736574ull /* "offset" */);
}

// The column (1-based) of the first character beyond ASCII for which
// `found` is true, or 0 when there is none. A byte that is not UTF-8 is given
// to `found` with length 0, and ends the search.
template <class Found>
uint32_t FirstBeyondAscii(std::string_view text, Found&& found) {
  const auto* const begin = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = begin + text.size();
  for (const unsigned char* p = begin; p < end;) {
    if (*p < 0x80) {
      ++p;
      continue;
    }
    const CodePoint cp = Decode(p, end);
    if (found(cp)) return static_cast<uint32_t>(p - begin) + 1;
    if (cp.length == 0) return 0;
    p += cp.length;
  }
  return 0;
}

uint32_t InvalidUtf8At(std::string_view text) {
  return FirstBeyondAscii(text, [](const CodePoint& cp) { return cp.length == 0; });
}

// Whether a class name's ends lose `cp`: ASCII white space, and beyond
// ASCII the white space and default-ignorable characters the tokenizer
// separates on or drops (not invalid UTF-8, nor a control, which a name
// reports).
bool IsSeparator(const CodePoint& cp) {
  if (cp.length == 0) return false;
  if (cp.value < 0x80) return cp.value == ' ' || (cp.value >= '\t' && cp.value <= '\r');
  const Kind kind = KindOf(cp.value);
  return kind == Kind::kIgnored || (kind == Kind::kSpace && u_charType(cp.value) != U_CONTROL_CHAR);
}

bool OnlySeparators(std::string_view text) {
  const auto* const end = reinterpret_cast<const unsigned char*>(text.data()) + text.size();
  for (const auto* p = reinterpret_cast<const unsigned char*>(text.data()); p < end;) {
    const CodePoint cp = Decode(p, end);
    if (!IsSeparator(cp)) return false;
    p += cp.length;
  }
  return true;
}

std::string_view TrimSeparators(std::string_view text) {
  // Most labels: a printable ASCII character at each end, none to trim.
  auto printable = [](char c) { return c > ' ' && static_cast<unsigned char>(c) < 0x7F; };
  if (!text.empty() && printable(text.front()) && printable(text.back())) return text;
  const auto* const begin = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = begin + text.size();
  const unsigned char* first = nullptr;  // of the characters kept
  const unsigned char* last = begin;     // the end of the last one kept
  for (const unsigned char* p = begin; p < end;) {
    const CodePoint cp = Decode(p, end);
    const size_t length = cp.length == 0 ? 1 : cp.length;  // an invalid byte is kept
    if (!IsSeparator(cp)) {
      if (first == nullptr) first = p;
      last = p + length;
    }
    p += length;
  }
  if (first == nullptr) return text.substr(0, 0);
  return text.substr(static_cast<size_t>(first - begin), static_cast<size_t>(last - first));
}

uint32_t UnicodeSpaceAt(std::string_view text, uint32_t* code_point) {
  return FirstBeyondAscii(text, [code_point](const CodePoint& cp) {
    if (cp.length == 0 || KindOf(cp.value) != Kind::kSpace ||
        u_charType(cp.value) == U_CONTROL_CHAR) {
      return false;
    }
    *code_point = static_cast<uint32_t>(cp.value);
    return true;
  });
}

uint32_t UnicodeControlAt(std::string_view text, uint32_t* code_point) {
  return FirstBeyondAscii(text, [code_point](const CodePoint& cp) {
    if (cp.length == 0 || cp.value > 0x9f) return false;
    *code_point = static_cast<uint32_t>(cp.value);
    return true;
  });
}

size_t TerminalColumns(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  size_t columns = 0;
  while (p < end) {
    const CodePoint cp = Decode(p, end);
    p += cp.length == 0 ? 1 : cp.length;
    if (cp.length <= 1 || cp.value < 0x80) {
      ++columns;  // ASCII, or a byte that is not UTF-8
      continue;
    }
    const int type = u_charType(cp.value);
    const auto width =
        static_cast<UEastAsianWidth>(u_getIntPropertyValue(cp.value, UCHAR_EAST_ASIAN_WIDTH));
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ||
        u_hasBinaryProperty(cp.value, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      continue;
    }
    columns += width == U_EA_WIDE || width == U_EA_FULLWIDTH ? 2 : 1;
  }
  return columns;
}

std::string InvalidUtf8Message(std::string_view text, uint32_t column) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string message = "invalid UTF-8 (";
  for (size_t k = column - 1; k < text.size() && k < column + 3; ++k) {
    const auto byte = static_cast<unsigned char>(text[k]);
    if (k >= column && (byte & 0xc0) != 0x80) break;  // not a continuation byte
    message += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
  }
  return message + ")";
}

uint32_t Tokenize(std::string_view text, bool keep_case, std::string& storage,
                  std::vector<std::string_view>& tokens) {
  tokens.clear();
  // The tokens are written from the start of storage, sized beforehand for
  // the most they can take: ASCII is copied byte for byte, an apostrophe
  // becomes one byte, and any other character (2 to 4 bytes) is copied or
  // becomes its lower case (at most 4 bytes), so at most twice the text;
  // and 16 bytes more, which CopyAsciiWordRun16 may write past the end.
  storage.resize(2 * text.size() + 16);
  char* const first = storage.data();
  char* out = first;
  char* word = nullptr;  // where the word being read starts, if one is
  auto close_word = [&] {
    if (word != nullptr) {
      tokens.emplace_back(word, static_cast<size_t>(out - word));
      word = nullptr;
    }
  };
  const auto* const begin = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = begin + text.size();
  for (const unsigned char* p = begin; p < end;) {
    if (IsAsciiWord(*p)) {  // the common case: a run of ASCII word characters at once
      if (word == nullptr) word = out;
      size_t n = 16;
      while (n == 16 && end - p >= 16) {
        n = CopyAsciiWordRun16(p, out, keep_case);
        p += n;
        out += n;
      }
      for (; n == 16 && p < end && IsAsciiWord(*p); ++p) {  // the last 15 bytes
        const bool lower = !keep_case && kAsciiClass[*p] == kAsciiCapital;
        *out++ = static_cast<char>(lower ? *p + 32 : *p);
      }
      continue;
    }
    const CodePoint cp = Decode(p, end);
    if (cp.length == 0) {
      tokens.clear();
      storage.clear();
      return static_cast<uint32_t>(p - begin) + 1;
    }
    const Kind kind = KindOf(cp.value);
    const auto* const next = p + cp.length;
    if (kind == Kind::kIgnored) {
      p = next;
      continue;
    }
    if (IsWord(kind)) {
      if (word == nullptr) word = out;
      if (kind == Kind::kCasedWord && !keep_case) {
        // Unicode's one lower case that depends on context (Final_Sigma):
        // a capital sigma that ends a word, not its first character, is ς.
        // Unicode's rule also looks past marks and apostrophes and wants a
        // cased letter before (the README lists where they differ).
        const bool final_sigma = cp.value == 0x03A3 && out > word && !StartsWord(next, end);
        out = WriteUtf8(final_sigma ? 0x03C2 : u_tolower(cp.value), out);
      } else {
        out = std::copy(p, next, out);
      }
    } else if (word != nullptr && IsApostrophe(cp.value) && StartsWord(next, end)) {
      // Inside a word: "don't". Folded like case: "don\u2019t" is "don't".
      out = keep_case ? std::copy(p, next, out) : (*out = '\'', out + 1);
    } else if (word != nullptr && IsNumberSeparator(cp.value) && EndsInDigit(word, out) &&
               StartsDigit(next, end)) {
      *out++ = static_cast<char>(cp.value);  // inside a number: "3.14"
    } else {
      close_word();
      if (kind == Kind::kPunctuation) {  // a token of its own
        char* const token = out;
        out = std::copy(p, next, out);
        tokens.emplace_back(token, cp.length);
      }
    }
    p = next;
  }
  close_word();
  storage.resize(static_cast<size_t>(out - first));  // shrinks: the tokens stay where they are
  return 0;
}

std::string AffixSpec(const std::vector<int>& affixes) {
  std::string spec;
  for (const int affix : affixes) {
    if (!spec.empty()) spec.push_back(',');
    spec.push_back(affix > 0 ? '+' : '-');
    spec.append(std::to_string(std::abs(affix)));
  }
  return spec;
}

bool AffixName(std::string_view word, int affix, std::string& name) {
  // Only the characters of the affix and one more are looked at: the word
  // needs a character (lead byte) beyond the affix's n.
  const size_t len = static_cast<size_t>(std::abs(affix));
  std::string_view part;
  if (affix > 0) {
    size_t b = 0;
    for (size_t seen = 0; b < word.size(); ++b) {
      if (StartsChar(word[b]) && seen++ == len) break;
    }
    if (b == word.size()) return false;  // n characters or fewer
    part = word.substr(0, b);
  } else {
    size_t b = word.size(), seen = 0;
    while (b > 0 && seen < len) seen += StartsChar(word[--b]);
    if (seen < len || std::none_of(word.begin(), word.begin() + b, StartsChar)) return false;
    part = word.substr(b);
  }
  name.clear();
  name.push_back(affix > 0 ? '+' : '-');
  name.push_back(static_cast<char>('0' + len));
  name.append(part.data(), part.size());
  return true;
}

std::string TokenizerId() {
  UVersionInfo unicode;
  u_getUnicodeVersion(unicode);
  return std::to_string(kTokenizerVersion) + " unicode " + std::to_string(unicode[0]) + "." +
         std::to_string(unicode[1]);
}

std::optional<std::string> SingleToken(std::string_view text, bool keep_case) {
  std::string storage;
  std::vector<std::string_view> tokens;
  if (Tokenize(text, keep_case, storage, tokens) != 0 || tokens.size() != 1) return std::nullopt;
  return std::string(tokens[0]);
}

TextFeaturizer::TextFeaturizer(const TextFeatureOptions& options, uint64_t seed)
    : options_(options),
      word_namespace_(NamespaceHash(kDefaultNamespace, seed)),
      char_namespace_(NamespaceHash(kCharsNamespace, seed)),
      affix_namespace_(NamespaceHash(kAffixNamespace, seed)),
      bos_hash_(FeatureHash(kBosWord, word_namespace_)) {
  std::string storage;
  std::vector<std::string_view> tokens;
  Tokenize(options.target, options.keep_case, storage, tokens);
  target_ = storage;  // the marker as the tokenizer makes it ("_target_")
}

const char* TextFeaturizer::Namespace(size_t k) const {
  if (k >= chars_begin_ && k < chars_end_) return kCharsNamespace;
  if (k >= chars_end_ && k < affix_end_) return kAffixNamespace;
  return "";
}

const std::vector<uint64_t>& TextFeaturizer::Features(const std::vector<std::string_view>& tokens,
                                                      std::vector<std::string>* names) {
  features_.clear();
  found_target_ = false;
  if (names != nullptr) names->clear();
  const size_t n = tokens.size();
  // words_[first + i] is token i's hash; words_[0] that of <s> when first is 1.
  const size_t first = options_.bos ? 1 : 0;
  words_.resize(first + n);
  if (first == 1) words_[0] = bos_hash_;
  for (size_t i = 0; i < n; ++i) words_[first + i] = FeatureHash(tokens[i], word_namespace_);
  auto word = [&](size_t w) { return w < first ? kBosWord : tokens[w - first]; };
  if (options_.unigrams) {
    for (size_t w = 0; w < words_.size(); ++w) {
      Add(words_[w], names, [&] { return std::string(word(w)); });
    }
  }
  // n-grams of 2..ngram words, neighbours at most `skips` words apart.
  ForEachGram(words_, options_.ngram, options_.skips, grams_,
              [&](uint64_t hash, std::span<const size_t> at) {
                Add(hash, names, [&] {
                  std::string name;
                  for (size_t k = 0; k < at.size(); ++k) {
                    if (k > 0) name.push_back('_');
                    name.append(word(at[k]));
                  }
                  return name;
                });
              });
  // Character n-grams of "<word>", counted in characters (UTF-8 aware).
  chars_begin_ = features_.size();
  if (options_.maxn > 0) {
    std::string w;
    std::vector<size_t> starts;
    for (size_t i = 0; i < n; ++i) {
      w.assign(1, '<');
      w.append(tokens[i]);
      w.push_back('>');
      starts.clear();
      for (size_t b = 0; b < w.size(); ++b) {
        if (StartsChar(w[b])) starts.push_back(b);
      }
      starts.push_back(w.size());
      const size_t chars = starts.size() - 1;
      for (size_t len = static_cast<size_t>(std::max(options_.minn, 1));
           len <= static_cast<size_t>(options_.maxn); ++len) {
        for (size_t s = 0; s + len <= chars; ++s) {
          std::string_view g(w.data() + starts[s], starts[s + len] - starts[s]);
          if (g == "<" || g == ">") continue;  // as fastText: no 1-gram of a boundary alone
          Add(FeatureHash(g, char_namespace_), names, [&] { return std::string(g); });
        }
      }
    }
  }
  chars_end_ = features_.size();
  // Affixes: "+4temp" of "temperature", "-3ure"; counted in characters.
  if (!options_.affixes.empty()) {
    std::string name;
    for (size_t i = 0; i < n; ++i) {
      for (const int affix : options_.affixes) {
        if (!AffixName(tokens[i], affix, name)) continue;
        Add(FeatureHash(name, affix_namespace_), names, [&] { return name; });
      }
    }
  }
  affix_end_ = features_.size();
  // Golding & Roth's context of each occurrence of the target.
  if (options_.window > 0 || options_.collocations) {
    auto at = [&](size_t t, int o) -> const std::string_view* {
      const int64_t j = static_cast<int64_t>(t) + o;
      return j < 0 || j >= static_cast<int64_t>(n) ? nullptr : &tokens[static_cast<size_t>(j)];
    };
    auto positional = [&](size_t t, int o) {
      return Combine(words_[first + t + o], OffsetHash(o));
    };
    auto label = [](int o, std::string_view w) {
      std::string out = o > 0 ? "+" : "";
      out.append(std::to_string(o));
      out.push_back('=');
      out.append(w);
      return out;
    };
    for (size_t t = 0; t < n; ++t) {
      if (tokens[t] != target_) continue;
      found_target_ = true;
      for (int o = -options_.window; o <= options_.window; ++o) {
        if (o == 0 || at(t, o) == nullptr) continue;
        Add(positional(t, o), names, [&] { return label(o, *at(t, o)); });
      }
      if (options_.collocations) {
        for (const std::pair<int, int>& pair :
             {std::pair{-2, -1}, std::pair{-1, 1}, std::pair{1, 2}}) {
          // Named, not bound: clang 14 cannot capture structured bindings.
          const int a = pair.first, b = pair.second;
          if (at(t, a) == nullptr || at(t, b) == nullptr) continue;
          Add(Combine(positional(t, a), positional(t, b)), names,
              [&] { return label(a, *at(t, a)).append("&").append(label(b, *at(t, b))); });
        }
      }
    }
  }
  return features_;
}

}  // namespace hare::hashing
