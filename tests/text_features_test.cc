// The tokenizer and the text templates: exact tokens, exact feature names in
// order, hashes that are functions of the parts' hashes, pinned forever.
#include "hashing/text_features.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "unicode/uchar.h"
#include "unicode/utf8.h"

namespace hare::hashing {
namespace {

std::vector<std::string> Tokens(std::string_view text, bool keep_case = false) {
  std::string storage;
  std::vector<std::string_view> tokens;
  EXPECT_EQ(Tokenize(text, keep_case, storage, tokens), 0u) << text;
  return {tokens.begin(), tokens.end()};
}

uint32_t BadByte(std::string_view text) {
  std::string storage;
  std::vector<std::string_view> tokens;
  return Tokenize(text, false, storage, tokens);
}

TEST(TokenizeTest, PunctuationSplitApostrophesKeptAsciiLowerCased) {
  EXPECT_EQ(Tokens("Don't miss it: a well-made film!"),
            (std::vector<std::string>{"don't", "miss", "it", ":", "a", "well", "-", "made", "film",
                                      "!"}));
  EXPECT_EQ(Tokens("'Tis the dogs' bone..."),
            (std::vector<std::string>{"'", "tis", "the", "dogs", "'", "bone", ".", ".", "."}));
  EXPECT_EQ(Tokens("The _TARGET_ of 2 x_y"),
            (std::vector<std::string>{"the", "_target_", "of", "2", "x_y"}));
  EXPECT_EQ(Tokens("Keep CASE", true), (std::vector<std::string>{"Keep", "CASE"}));
  EXPECT_EQ(Tokens("  \t "), (std::vector<std::string>{}));
}

TEST(TokenizeTest, NumbersKeepTheirPointsCommasAndColons) {
  EXPECT_EQ(Tokens("Pi is 3.14, 1,000,000 at 10:30 on 1.2.3."),
            (std::vector<std::string>{"pi", "is", "3.14", ",", "1,000,000", "at", "10:30", "on",
                                      "1.2.3", "."}));
  // Only between two digits: not after a letter, not before one or a space.
  EXPECT_EQ(
      Tokens("v1.5 ends.2 5.The 3. .5 3..4 3;4 $2.50%"),
      (std::vector<std::string>{"v1.5", "ends", ".", "2", "5", ".", "the", "3", ".",    ".", "5",
                                "3",    ".",    ".", "4", "3", ";", "4",   "$", "2.50", "%"}));
  // Digits of any script (Arabic-Indic three, point, four), and across
  // dropped characters on either side (soft hyphen, zero-width joiner).
  EXPECT_EQ(Tokens("\xd9\xa3.\xd9\xa4 3\xc2\xad.14 3.\xc2\xad\xe2\x80\x8d"
                   "14"),
            (std::vector<std::string>{"\xd9\xa3.\xd9\xa4", "3.14", "3.14"}));
  // Case kept; invalid UTF-8 right after a separator is found where it is.
  EXPECT_EQ(Tokens("ABC1.5 1\xe2\x80\x99"
                   "2.5",
                   true),
            (std::vector<std::string>{"ABC1.5",
                                      "1\xe2\x80\x99"
                                      "2.5"}));
  EXPECT_EQ(BadByte("3.\xff"
                    "4"),
            3u);
}

TEST(TokenizeTest, Utf8IsKeptAndChecked) {
  // Non-ASCII letters are word characters; symbols such as the euro sign are
  // tokens of their own.
  EXPECT_EQ(Tokens("caf\xc3\xa9 na\xc3\xafve \xe2\x82\xac"
                   "5 \xe4\xb8\xad\xe6\x96\x87"),
            (std::vector<std::string>{"caf\xc3\xa9", "na\xc3\xafve", "\xe2\x82\xac", "5",
                                      "\xe4\xb8\xad\xe6\x96\x87"}));
  EXPECT_EQ(BadByte("ok \xff"), 4u);           // not a lead byte
  EXPECT_EQ(BadByte("ab\xc3"), 3u);            // cut short
  EXPECT_EQ(BadByte("\xc3(x"), 1u);            // no continuation byte
  EXPECT_EQ(BadByte("a\xc0\xaf"), 2u);         // overlong '/'
  EXPECT_EQ(BadByte("\xe0\x80\xaf"), 1u);      // overlong, 3 bytes
  EXPECT_EQ(BadByte("\xed\xa0\x80"), 1u);      // a surrogate
  EXPECT_EQ(BadByte("\xf4\x90\x80\x80"), 1u);  // above U+10FFFF
  EXPECT_EQ(BadByte("\xf0\x9f\x98\x80 ok"), 0u);
  // After an apostrophe, and after a non-ASCII character.
  EXPECT_EQ(BadByte("don'\xc3"), 5u);
  EXPECT_EQ(BadByte("don\xe2\x80\x99\xc3"), 7u);
  EXPECT_EQ(BadByte("\xc3\xa9\xed\xa0\x80"), 3u);
}

// The same rule without tokenizing (class names).
// A class name's bounds: what the tokenizer separates on or drops goes from
// both ends, whatever is inside stays; invalid UTF-8 stays for its report.
TEST(TokenizeTest, TrimSeparatorsTakesWhatTokensLoseFromTheEnds) {
  EXPECT_EQ(TrimSeparators(" \xef\xbb\xbf"
                           "a b\xc2\xa0\xe2\x80\x8b\t"),
            "a b");
  EXPECT_EQ(TrimSeparators("\xc2\xad"
                           "caf\xc3\xa9\xe2\x80\x8d"),
            "caf\xc3\xa9");
  EXPECT_EQ(TrimSeparators("\xc2\xa0\xff\xc2\xa0"), "\xff");
  EXPECT_EQ(TrimSeparators("\xc2\xa0 \xe3\x80\x80"), "");
  EXPECT_EQ(TrimSeparators(""), "");
  EXPECT_EQ(TrimSeparators("pos"), "pos");  // printable ASCII at both ends: at once
  // What is trimmed to nothing: only separators (a blank line).
  EXPECT_TRUE(OnlySeparators(""));
  EXPECT_TRUE(OnlySeparators("\xc2\xa0 \xef\xbb\xbf\xe3\x80\x80\t"));
  EXPECT_FALSE(OnlySeparators("\xc2\xa0x"));
  EXPECT_FALSE(OnlySeparators("\xc2\xa0\xff"));  // an invalid byte is kept
  uint32_t code_point = 0;
  EXPECT_EQ(UnicodeSpaceAt("ab\xe3\x80\x80"
                           "c",
                           &code_point),
            3u);
  EXPECT_EQ(code_point, 0x3000u);
  EXPECT_EQ(UnicodeSpaceAt("x\xe2\x80\x8b", &code_point), 2u);
  EXPECT_EQ(code_point, 0x200bu);
  EXPECT_EQ(UnicodeSpaceAt("a b\xc3\xa9\xef\xbb\xbf", &code_point), 0u);  // ASCII's is not its
}

TEST(TokenizeTest, InvalidUtf8AtAgreesWithTheTokenizer) {
  for (std::string_view text : {"ok \xff", "ab\xc3", "\xc3(x", "a\xc0\xaf", "\xe0\x80\xaf",
                                "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x9f\x98\x80 ok",
                                "don'\xc3", "\xc3\xa9\xed\xa0\x80", "caf\xe9", "ENTY:animal", ""}) {
    EXPECT_EQ(InvalidUtf8At(text), BadByte(text)) << text;
  }
  EXPECT_EQ(InvalidUtf8At("caf\xe9"), 4u);
  EXPECT_EQ(InvalidUtf8At("caf\xc3\xa9"), 0u);
}

// Runs of ASCII word characters are read 16 bytes at a time where 16 are
// left: words across those blocks, and of 15 to 17 bytes at the text's end.
TEST(TokenizeTest, LongAsciiWordsAcrossBlocks) {
  const std::string all = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789abcdefghijklmnopqrstuvwxyz";
  const std::string lower = "abcdefghijklmnopqrstuvwxyz_0123456789abcdefghijklmnopqrstuvwxyz";
  EXPECT_EQ(Tokens(absl::StrCat(all, "\xc3\x89x!", all)),
            (std::vector<std::string>{absl::StrCat(lower, "\xc3\xa9x"), "!", lower}));
  EXPECT_EQ(Tokens(absl::StrCat(all, "'S ", all), /*keep_case=*/true),
            (std::vector<std::string>{absl::StrCat(all, "'S"), all}));
  for (size_t n : {15, 16, 17, 31, 32, 33}) {
    const std::string head = all.substr(0, n), want = lower.substr(0, n);
    EXPECT_EQ(Tokens(absl::StrCat("@", head)), (std::vector<std::string>{"@", want})) << n;
    EXPECT_EQ(Tokens(absl::StrCat(head, "@")), (std::vector<std::string>{want, "@"})) << n;
  }
  // Every byte that is no ASCII word character ends a run: '@' '[' '`' '{'
  // (beside the letters), '/' ':' (beside the digits), 0x7f and bytes >= 0x80.
  EXPECT_EQ(Tokens("aaaaaaaaaaaaaaa@Z[a`z{0/9:_\x7f_aaaaaaaaaaaaaaaa"),
            (std::vector<std::string>{"aaaaaaaaaaaaaaa", "@", "z", "[", "a", "`", "z", "{", "0",
                                      "/", "9", ":", "_", "_aaaaaaaaaaaaaaaa"}));
}

// The tokens are views into one buffer sized before the text is read: a
// text whose lower case is longer than itself (U+023A, 2 bytes, lowers to 3)
// still gives whole tokens, next to punctuation and ASCII.
TEST(TokenizeTest, TokensLongerThanTheirTextStayWhole) {
  std::string text, word;
  for (int i = 0; i < 3000; ++i) text.append("\xc8\xba"), word.append("\xe2\xb1\xa5");
  text.append(" A! \xc8\xba");
  std::string storage;
  std::vector<std::string_view> tokens;
  ASSERT_EQ(Tokenize(text, /*keep_case=*/false, storage, tokens), 0u);
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[0], word);
  EXPECT_EQ(tokens[1], "a");
  EXPECT_EQ(tokens[2], "!");
  EXPECT_EQ(tokens[3], "\xe2\xb1\xa5");
  // A bad byte leaves no tokens.
  EXPECT_EQ(Tokenize("ok \xff", false, storage, tokens), 4u);
  EXPECT_TRUE(tokens.empty());
}

TEST(TokenizeTest, UnicodeCasePunctuationAndSpaces) {
  // Upper case of every script is lowered: \u00c9 \u00dc \u03a3\u039f\u03a6 \u0130
  // (the dotted capital I lowers to 'i'), and U+023A, 2 bytes, lowers to
  // U+2C65, 3 bytes.
  EXPECT_EQ(Tokens("CAF\xc3\x89 \xc3\x9cR \xce\xa3\xce\x9f\xce\xa6 \xc4\xb0 \xc8\xba\xc8\xba"),
            (std::vector<std::string>{"caf\xc3\xa9", "\xc3\xbcr", "\xcf\x83\xce\xbf\xcf\x86", "i",
                                      "\xe2\xb1\xa5\xe2\xb1\xa5"}));
  // A capital sigma ending a word of two or more letters is final sigma:
  // \u03a3\u038a\u03a3\u03a5\u03a6\u039f\u03a3 is \u03c3\u03af\u03c3\u03c5\u03c6\u03bf\u03c2, as
  // the word written in lower case is; a sigma alone stays \u03c3.
  EXPECT_EQ(
      Tokens("\xce\xa3\xce\x8a\xce\xa3\xce\xa5\xce\xa6\xce\x9f\xce\xa3 "
             "\xce\xa3\xce\xaf\xcf\x83\xcf\x85\xcf\x86\xce\xbf\xcf\x82 \xce\x9f\xce\xa3. \xce\xa3"),
      (std::vector<std::string>{"\xcf\x83\xce\xaf\xcf\x83\xcf\x85\xcf\x86\xce\xbf\xcf\x82",
                                "\xcf\x83\xce\xaf\xcf\x83\xcf\x85\xcf\x86\xce\xbf\xcf\x82",
                                "\xce\xbf\xcf\x82", ".", "\xcf\x83"}));
  // The README's three cases where Unicode's Final_Sigma (Python) differs:
  // 1\u03a3 is 1\u03c2 (a sigma not first in its word); \u0391\u03a3 + U+0301 is
  // \u03b1\u03c3 + U+0301 (the accent continues the word); \u0391\u03a3'\u0391 is
  // \u03b1\u03c2'\u03b1 (the apostrophe is no word character); \u0391\u03a31 and
  // \u0391\u03a3\u4e2d keep \u03c3 (a number, a letter without case, goes on).
  EXPECT_EQ(Tokens("1\xce\xa3 \xce\x91\xce\xa3\xcc\x81 \xce\x91\xce\xa3'\xce\x91 "
                   "\xce\x91\xce\xa3"
                   "1 \xce\x91\xce\xa3\xe4\xb8\xad"),
            (std::vector<std::string>{"1\xcf\x82", "\xce\xb1\xcf\x83\xcc\x81",
                                      "\xce\xb1\xcf\x82'\xce\xb1",
                                      "\xce\xb1\xcf\x83"
                                      "1",
                                      "\xce\xb1\xcf\x83\xe4\xb8\xad"}));
  EXPECT_EQ(Tokens("CAF\xc3\x89 \xce\xa3", true),
            (std::vector<std::string>{"CAF\xc3\x89", "\xce\xa3"}));
  // Unicode punctuation and symbols are tokens of their own: curly quotes,
  // the ellipsis, dashes, the pound sign, an emoji.
  EXPECT_EQ(
      Tokens("\xe2\x80\x9cgood\xe2\x80\xa6\xe2\x80\x9d a\xe2\x80\x94"
             "b \xc2\xa3"
             "100 \xf0\x9f\x98\x80x"),
      (std::vector<std::string>{"\xe2\x80\x9c", "good", "\xe2\x80\xa6", "\xe2\x80\x9d", "a",
                                "\xe2\x80\x94", "b", "\xc2\xa3", "100", "\xf0\x9f\x98\x80", "x"}));
  // The typographic apostrophe U+2019 stays inside a word like ASCII's,
  // folded to it unless the case is kept, and is a closing quote elsewhere.
  EXPECT_EQ(Tokens("Don\xe2\x80\x99t \xe2\x80\x98so\xe2\x80\x99 it's"),
            (std::vector<std::string>{"don't", "\xe2\x80\x98", "so", "\xe2\x80\x99", "it's"}));
  EXPECT_EQ(Tokens("Don\xe2\x80\x99t", true), (std::vector<std::string>{"Don\xe2\x80\x99t"}));
  // No-break space, em space, ideographic space and a C1 control separate.
  EXPECT_EQ(Tokens("a\xc2\xa0"
                   "b\xe2\x80\x83"
                   "c\xe3\x80\x80"
                   "d\xc2\x85"
                   "e"),
            (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  // Default-ignorable characters are dropped without a break: a byte-order
  // mark, a soft hyphen, the emoji variation selector and joiner; the
  // zero-width space and ASCII control characters separate.
  EXPECT_EQ(Tokens("\xef\xbb\xbfwhether co\xc2\xad"
                   "operate \xe2\x9d\xa4\xef\xb8\x8f \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9"),
            (std::vector<std::string>{"whether", "cooperate", "\xe2\x9d\xa4", "\xf0\x9f\x91\xa8",
                                      "\xf0\x9f\x91\xa9"}));
  EXPECT_EQ(Tokens("a\xe2\x80\x8b"
                   "b\x01"
                   "c\x7f"
                   "d"),
            (std::vector<std::string>{"a", "b", "c", "d"}));
  // The same with the case kept: case never moves a split, and ignorable
  // characters are dropped all the same.
  EXPECT_EQ(Tokens("\xef\xbb\xbfWHETHER CO\xc2\xad"
                   "OPERATE",
                   true),
            (std::vector<std::string>{"WHETHER", "COOPERATE"}));
  // Combining marks and connector punctuation belong to the word.
  EXPECT_EQ(Tokens("Cafe\xcc\x81 a\xe2\x80\xbf"
                   "b"),
            (std::vector<std::string>{"cafe\xcc\x81",
                                      "a\xe2\x80\xbf"
                                      "b"}));
}

// Every code point between two letters, against the rules stated with
// ICU's properties themselves (the tokenizer looks most up by category
// alone): white space, controls and the zero-width space separate,
// default-ignorables vanish, punctuation and symbols stand alone, the rest
// joins the word, lower-cased.
TEST(TokenizeTest, EveryCodePointFollowsTheRules) {
  auto utf8 = [](UChar32 c) {
    char bytes[U8_MAX_LENGTH];
    int32_t n = 0;
    U8_APPEND_UNSAFE(bytes, n, c);
    return std::string(bytes, static_cast<size_t>(n));
  };
  auto between = [&](UChar32 c) {  // "x", c, "y"
    std::string out(1, 'x');
    out.append(utf8(c));
    out.push_back('y');
    return out;
  };
  std::string storage;
  std::vector<std::string_view> tokens;
  int checked = 0;
  for (UChar32 c = 0; c <= 0x10ffff; ++c) {
    if (c >= 0xd800 && c <= 0xdfff) continue;  // surrogates are invalid UTF-8
    const std::string text = between(c);
    ASSERT_EQ(Tokenize(text, false, storage, tokens), 0u) << std::hex << c;
    const int8_t type = u_charType(c);
    std::vector<std::string> expected;
    if (c == '\'' || c == 0x2019) {
      expected = {"x'y"};
    } else if (u_isUWhiteSpace(c) || type == U_CONTROL_CHAR || c == 0x200b) {
      expected = {"x", "y"};
    } else if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      expected = {"xy"};
    } else if ((u_ispunct(c) && type != U_CONNECTOR_PUNCTUATION) ||
               (type >= U_MATH_SYMBOL && type <= U_OTHER_SYMBOL)) {
      expected = {"x", utf8(c), "y"};
    } else {
      expected = {between(u_tolower(c))};
    }
    ASSERT_EQ(std::vector<std::string>(tokens.begin(), tokens.end()), expected) << std::hex << c;
    ++checked;
  }
  EXPECT_EQ(checked, 0x110000 - 0x800);
}

// Between two digits ("1", c, "2") every code point splits as between two
// letters, but for the three that stay inside a number.
TEST(TokenizeTest, BetweenDigitsOnlyPointCommaAndColonJoin) {
  std::string storage, storage_letters;
  std::vector<std::string_view> tokens, letters;
  for (UChar32 c = 0; c <= 0x10ffff; ++c) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    char bytes[U8_MAX_LENGTH];
    int32_t n = 0;
    U8_APPEND_UNSAFE(bytes, n, c);
    const std::string mid(bytes, static_cast<size_t>(n));
    ASSERT_EQ(Tokenize("1" + mid + "2", false, storage, tokens), 0u) << std::hex << c;
    ASSERT_EQ(Tokenize("x" + mid + "y", false, storage_letters, letters), 0u) << std::hex << c;
    std::vector<std::string> expected;
    if (c == '.' || c == ',' || c == ':') {
      expected = {"1" + mid + "2"};
    } else {
      for (std::string_view t : letters) {  // the same split, x and y read as 1 and 2
        std::string s(t);
        if (s.front() == 'x') s.front() = '1';
        if (s.back() == 'y') s.back() = '2';
        expected.push_back(s);
      }
    }
    ASSERT_EQ(std::vector<std::string>(tokens.begin(), tokens.end()), expected) << std::hex << c;
  }
}

TEST(TokenizeTest, TheIdNamesTheVersionAndUnicode) {
  EXPECT_EQ(kTokenizerVersion, 4);
  EXPECT_TRUE(TokenizerId().starts_with("4 unicode ")) << TokenizerId();
}

// Never to be changed: models and caches depend on them. The values agree with
// Python's xxhash 3.2 (Debian's python3-xxhash): xxh3_64_intdigest of
// struct.pack('<Q', 0x5678) with seed 0x1234, and of
// struct.pack('<QQ', 0x1234, 0x5678) with seed 0x71.
TEST(TextFeaturesTest, CombinationHashesArePinned) {
  EXPECT_EQ(Combine(1, 2), Combine(1, 2));
  EXPECT_NE(Combine(1, 2), Combine(2, 1));
  EXPECT_EQ(Combine(0x1234, 0x5678), 0x8c128bb8b57c94f8ull);
  EXPECT_EQ(Interact(0x1234, 0x5678), 0xebe54b83ce88de72ull);
  EXPECT_NE(Interact(0x1234, 0x5678), Combine(0x1234, 0x5678));
  EXPECT_NE(Interact(1, 2), Interact(2, 1));
  EXPECT_EQ(OffsetHash(-1), 0x9b2d13fea06eec4cull);
  EXPECT_NE(OffsetHash(1), OffsetHash(-1));
}

struct Named {
  std::vector<uint64_t> hashes;
  std::vector<std::string> names;
};

Named Featurize(std::string_view text, const TextFeatureOptions& o) {
  std::string storage;
  std::vector<std::string_view> tokens;
  Tokenize(text, o.keep_case, storage, tokens);
  TextFeaturizer f(o, 0);
  Named out;
  out.hashes = f.Features(tokens, &out.names);
  // Without names: the same hashes.
  EXPECT_EQ(f.Features(tokens), out.hashes);
  return out;
}

uint64_t H(std::string_view w) { return FeatureHash(w, NamespaceHash("", 0)); }

TEST(TextFeaturesTest, UnigramsAndNgrams) {
  const Named n = Featurize("a b c", {.ngram = 3});
  EXPECT_EQ(n.names, (std::vector<std::string>{"a", "b", "c", "a_b", "a_b_c", "b_c"}));
  EXPECT_EQ(n.hashes[0], H("a"));
  EXPECT_EQ(n.hashes[3], Combine(H("a"), H("b")));
  EXPECT_EQ(n.hashes[4], Combine(Combine(H("a"), H("b")), H("c")));
}

// --bos: "<s>" before the first word, a word of its own in the unigrams and
// n-grams (and skip-grams), in no other template; none in an empty sentence.
TEST(TextFeaturesTest, StartOfSentenceWord) {
  const Named n =
      Featurize("What is", {.bos = true, .ngram = 2, .affixes = {3}, .keep_case = true});
  EXPECT_EQ(n.names,
            (std::vector<std::string>{"<s>", "What", "is", "<s>_What", "What_is", "+3Wha"}));
  EXPECT_EQ(n.hashes[0], H("<s>"));
  EXPECT_EQ(n.hashes[0], 0x83e39a9c04d5eccdull);  // Debian's python3-xxhash agrees
  EXPECT_EQ(n.hashes[3], Combine(H("<s>"), H("What")));
  EXPECT_EQ(Featurize("a b c", {.unigrams = false, .bos = true, .ngram = 3, .skips = 1}).names,
            (std::vector<std::string>{"<s>_a", "<s>_a_b", "<s>_a_c", "<s>_b", "<s>_b_c", "a_b",
                                      "a_b_c", "a_c", "b_c"}));
  // A sentence with no word still starts: <s> alone (the bias under
  // --noconstant); no n-gram, and nothing without unigrams.
  EXPECT_EQ(Featurize(" ", {.bos = true, .ngram = 2}).names, (std::vector<std::string>{"<s>"}));
  EXPECT_EQ(Featurize("", {.bos = true, .ngram = 2}).hashes,
            (std::vector<uint64_t>{0x83e39a9c04d5eccdull}));
  EXPECT_TRUE(Featurize("", {.unigrams = false, .bos = true, .ngram = 2}).names.empty());
  // The tokenizer never makes the word "<s>": the text "<s>" is three tokens.
  EXPECT_EQ(Featurize("<s>", {}).names, (std::vector<std::string>{"<", "s", ">"}));
  // The window counts offsets from the target among the sentence's words alone.
  const TextFeatureOptions window{.unigrams = false, .window = 2, .collocations = true};
  TextFeatureOptions window_bos = window;
  window_bos.bos = true;
  EXPECT_EQ(Featurize("x _TARGET_ y", window_bos).hashes, Featurize("x _TARGET_ y", window).hashes);
  EXPECT_EQ(Featurize("x _TARGET_ y", window_bos).names,
            (std::vector<std::string>{"-1=x", "+1=y", "-1=x&+1=y"}));
}

TEST(TextFeaturesTest, SkipGrams) {
  // Bigrams whose words are at most one word apart.
  const Named n = Featurize("a b c d", {.unigrams = false, .ngram = 2, .skips = 1});
  EXPECT_EQ(n.names, (std::vector<std::string>{"a_b", "a_c", "b_c", "b_d", "c_d"}));
  EXPECT_EQ(n.hashes[1], Combine(H("a"), H("c")));
}

// VW's k-skip-n-grams (kskip_ngram_transformer.cc): a gram skips at most K
// words in all, not K at each gap. 1-skip-3-grams of "a b c d e": a_c_e
// skips two. Counts of a 20-word sentence: n-grams of 2..3 with K = 1 are
// 19 + 18 bigrams, 18 + 2 * 17 trigrams (89; K at each gap made 105).
TEST(TextFeaturesTest, SkipGramsSkipAtMostKInAll) {
  const Named n = Featurize("a b c d e", {.unigrams = false, .ngram = 3, .skips = 1});
  EXPECT_EQ(n.names,
            (std::vector<std::string>{"a_b", "a_b_c", "a_b_d", "a_c", "a_c_d", "b_c", "b_c_d",
                                      "b_c_e", "b_d", "b_d_e", "c_d", "c_d_e", "c_e", "d_e"}));
  std::string twenty;
  for (char c = 'a'; c < 'a' + 20; ++c) twenty += std::string(1, c) + " ";
  EXPECT_EQ(Featurize(twenty, {.unigrams = false, .ngram = 3, .skips = 1}).names.size(), 89u);
}

TEST(TextFeaturesTest, CharacterNgramsAsFastText) {
  const Named n = Featurize("ab", {.unigrams = false, .minn = 1, .maxn = 3});
  EXPECT_EQ(n.names, (std::vector<std::string>{"a", "b", "<a", "ab", "b>", "<ab", "ab>"}));
  EXPECT_EQ(n.hashes[0], FeatureHash("a", NamespaceHash("chars", 0)));
  EXPECT_NE(n.hashes[0], H("a"));  // not the word "a"
  // Counted in characters, not bytes.
  EXPECT_EQ(Featurize("\xc3\xa9", {.unigrams = false, .minn = 2, .maxn = 2}).names,
            (std::vector<std::string>{"<\xc3\xa9", "\xc3\xa9>"}));
}

TEST(TextFeaturesTest, AffixesOfTheWordsLongerThanThem) {
  // In the order given, for each word; none of a word that is no longer
  // than the affix (it would repeat the word).
  const Named n = Featurize("What is the temperature", {.unigrams = false, .affixes = {4, -3}});
  EXPECT_EQ(n.names, (std::vector<std::string>{"-3hat", "+4temp", "-3ure"}));
  EXPECT_EQ(n.hashes[1], FeatureHash("+4temp", NamespaceHash("affix", 0)));
  EXPECT_EQ(n.hashes[1], 0x3434416ebaf1cd37ull);  // Debian's python3-xxhash agrees
  EXPECT_NE(n.hashes[1], H("+4temp"));            // not a word of the default namespace
  // Counted in characters, not bytes.
  EXPECT_EQ(
      Featurize("\xce\xb5\xce\xbb\xce\xbb\xce\xb7\xce\xbd", {.unigrams = false, .affixes = {2, -1}})
          .names,
      (std::vector<std::string>{"+2\xce\xb5\xce\xbb", "-1\xce\xbd"}));
  // After the words and n-grams, in namespace "affix".
  std::string storage;
  std::vector<std::string_view> tokens;
  Tokenize("a temperature", false, storage, tokens);
  TextFeaturizer f({.ngram = 2, .affixes = {4}}, 0);
  std::vector<std::string> names;
  f.Features(tokens, &names);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "temperature", "a_temperature", "+4temp"}));
  EXPECT_STREQ(f.Namespace(2), "");
  EXPECT_STREQ(f.Namespace(3), "affix");
  EXPECT_EQ(AffixSpec({4, -3}), "+4,-3");
  EXPECT_EQ(AffixSpec({}), "");
}

TEST(TextFeaturesTest, AffixNameOfAnyBytesCountsLeadBytes) {
  // Every string of up to 6 bytes from ASCII, a lead byte, a continuation
  // byte (so broken UTF-8 too), against the definition: the first (last) n
  // characters, each starting at a byte that is not a continuation byte
  // (0x80 to 0xbf), given a character beyond them.
  const std::string alphabet = "a\xce\x91";
  std::vector<std::string> words = {""};
  for (size_t w = 0; w < words.size(); ++w) {
    if (words[w].size() == 6) continue;
    for (const char c : alphabet) words.push_back(words[w] + c);
  }
  ASSERT_EQ(words.size(), 1093u);  // 3^0 + ... + 3^6
  auto starts = [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; };
  for (const std::string& word : words) {
    std::vector<size_t> at;  // the lead bytes' positions
    for (size_t b = 0; b < word.size(); ++b) {
      if (starts(word[b])) at.push_back(b);
    }
    for (const int affix : {1, 2, 3, 4, -1, -2, -3, -4}) {
      const size_t n = static_cast<size_t>(std::abs(affix));
      std::string expected = "untouched", name = expected;
      if (affix > 0 && at.size() > n) {
        expected = absl::StrCat("+", n, word.substr(0, at[n]));
      } else if (affix < 0 && at.size() > n) {
        expected = absl::StrCat("-", n, word.substr(at[at.size() - n]));
      }
      EXPECT_EQ(AffixName(word, affix, name), expected != "untouched");
      EXPECT_EQ(name, expected) << absl::CHexEscape(word) << " " << affix;
    }
  }
}

TEST(TextFeaturesTest, WindowAndCollocationsAroundTheTarget) {
  const Named n =
      Featurize("x the _TARGET_ of it", {.unigrams = false, .window = 1, .collocations = true});
  EXPECT_EQ(n.names, (std::vector<std::string>{"-1=the", "+1=of", "-2=x&-1=the", "-1=the&+1=of",
                                               "+1=of&+2=it"}));
  EXPECT_EQ(n.hashes[0], Combine(H("the"), OffsetHash(-1)));
  EXPECT_EQ(n.hashes[3],
            Combine(Combine(H("the"), OffsetHash(-1)), Combine(H("of"), OffsetHash(1))));
  // At the edges, missing neighbours give no feature; another marker can be chosen.
  EXPECT_EQ(Featurize("HERE it", {.unigrams = false, .window = 2, .target = "HERE"}).names,
            (std::vector<std::string>{"+1=it"}));
}

// The columns of a name in hare's tables.
TEST(TextFeaturesTest, TerminalColumns) {
  EXPECT_EQ(TerminalColumns(""), 0u);
  EXPECT_EQ(TerminalColumns("pos"), 3u);
  EXPECT_EQ(TerminalColumns("\xc3\xa9t\xc3\xa9"), 3u);         // été
  EXPECT_EQ(TerminalColumns("e\xcc\x81"), 1u);                 // e, combining acute
  EXPECT_EQ(TerminalColumns("\xe4\xb8\xad\xe6\x96\x87"), 4u);  // 中文
  EXPECT_EQ(TerminalColumns("\xef\xbc\xa1"), 2u);              // fullwidth A
  EXPECT_EQ(TerminalColumns("\xf0\x9f\x98\x80"), 2u);          // an emoji
  EXPECT_EQ(TerminalColumns("a\xe2\x81\xa0"
                            "b"),
            2u);                               // word joiner: none
  EXPECT_EQ(TerminalColumns("\xff\xc3"), 2u);  // not UTF-8: 1 a byte
}

}  // namespace
}  // namespace hare::hashing
