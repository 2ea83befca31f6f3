// Readable models and VW's n-grams: the names the parsers give each feature
// (exact, in the order of the features), the n-grams of hashing/ngrams.h and
// of VW namespaces (--ngram, --skips), and the collection of names that
// --keep-names stores.
#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "hashing/feature_hash.h"
#include "hashing/ngrams.h"
#include "io/format.h"
#include "learner/feature_names.h"
#include "tests/parse_test_helper.h"

namespace hare {
namespace {

using test_util::Feature;
using test_util::FeaturesOf;
using test_util::ParsedChunk;

std::vector<std::vector<size_t>> Grams(size_t n, int max_n, int skips) {
  std::vector<uint64_t> items(n);
  for (size_t i = 0; i < n; ++i) items[i] = 100 + i;
  std::vector<std::vector<size_t>> out;
  hashing::GramScratch scratch;
  hashing::ForEachGram(items, max_n, skips, scratch,
                       [&](uint64_t hash, std::span<const size_t> at) {
                         uint64_t want = items[at[0]];
                         for (size_t k = 1; k < at.size(); ++k)
                           want = hashing::Combine(want, items[at[k]]);
                         EXPECT_EQ(hash, want);
                         out.emplace_back(at.begin(), at.end());
                       });
  return out;
}

TEST(NgramsTest, EveryGramOnceInOrder) {
  using V = std::vector<std::vector<size_t>>;
  EXPECT_EQ(Grams(4, 2, 0), (V{{0, 1}, {1, 2}, {2, 3}}));
  EXPECT_EQ(Grams(4, 3, 0), (V{{0, 1}, {0, 1, 2}, {1, 2}, {1, 2, 3}, {2, 3}}));
  EXPECT_EQ(Grams(4, 2, 1), (V{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}));
  // Trigrams with one skip allowed between each pair of neighbours.
  EXPECT_EQ(
      Grams(4, 3, 1),
      (V{{0, 1}, {0, 1, 2}, {0, 1, 3}, {0, 2}, {0, 2, 3}, {1, 2}, {1, 2, 3}, {1, 3}, {2, 3}}));
  EXPECT_EQ(Grams(1, 3, 1), V{});
  EXPECT_EQ(Grams(5, 1, 2), V{});  // n = 1: no grams
}

// Options with names kept, built by assignment (GCC 12 warns, wrongly, of
// designated initializers of a struct with strings).
io::ParseOptions Named(bool constant = true) {
  io::ParseOptions o;
  o.constant = constant;
  o.names = true;
  return o;
}

uint64_t H(std::string_view name, std::string_view ns) {
  return hashing::FeatureHash(name, hashing::NamespaceHash(ns, 0));
}
uint32_t Slot(uint64_t hash) { return static_cast<uint32_t>(hash) & hashing::MaskFor(18); }

std::vector<std::string> NamesOf(const io::ExampleBatch& b, size_t i) {
  const auto names = b.names(i);
  return {names.begin(), names.end()};
}

TEST(VwNgramsTest, GramsOfTheChosenNamespacesWithValueOne) {
  io::ParseOptions o = Named(false);
  o.ngrams = {"w2"};
  ParsedChunk p("1 |w a:2 b c |x p q\n", o);
  const uint64_t a = H("a", "w"), b = H("b", "w"), c = H("c", "w");
  EXPECT_EQ(FeaturesOf(p.batch(), 0), (std::vector<Feature>{{Slot(a), 2},
                                                            {Slot(b), 1},
                                                            {Slot(c), 1},
                                                            {Slot(hashing::Combine(a, b)), 1},
                                                            {Slot(hashing::Combine(b, c)), 1},
                                                            {Slot(H("p", "x")), 1},
                                                            {Slot(H("q", "x")), 1}}));
  EXPECT_EQ(NamesOf(p.batch(), 0),
            (std::vector<std::string>{"w^a", "w^b", "w^c", "w^a_b", "w^b_c", "x^p", "x^q"}));
}

// Grams are made within each "|name" of the line, not across two of the
// same name (VW gathers them first); -q pairs across them.
TEST(VwNgramsTest, GramsStayWithinANamespaceOfTheLine) {
  io::ParseOptions o = Named(false);
  o.ngrams = {"a2"};
  o.interactions = {"aa"};
  ParsedChunk p("1 |a x y |a z\n", o);
  EXPECT_EQ(NamesOf(p.batch(), 0),
            (std::vector<std::string>{"a^x", "a^y", "a^x_y", "a^z", "a^x*a^x", "a^x*a^y",
                                      "a^x*a^x_y", "a^x*a^z", "a^y*a^y", "a^y*a^x_y", "a^y*a^z",
                                      "a^x_y*a^x_y", "a^x_y*a^z", "a^z*a^z"}));
}

TEST(VwNgramsTest, PlainSpecForEveryNamespaceLetteredOverrides) {
  // Bigrams everywhere, but trigrams with a skip in namespaces starting with t,
  // and none in the default namespace (' ' cannot be written as a letter, so
  // it takes the plain spec).
  io::ParseOptions o = Named(false);
  o.ngrams = {"t3", "2"};
  o.skips = {"t1"};
  ParsedChunk p("1 |text a b c d | u v |x k\n", o);
  EXPECT_EQ(
      NamesOf(p.batch(), 0),
      (std::vector<std::string>{"text^a", "text^b", "text^c", "text^d", "text^a_b", "text^a_b_c",
                                "text^a_b_d", "text^a_c", "text^a_c_d", "text^b_c", "text^b_c_d",
                                "text^b_d", "text^c_d", "u", "v", "u_v", "x^k"}));
  EXPECT_EQ(
      p.batch().indices(0)[6],
      Slot(hashing::Combine(hashing::Combine(H("a", "text"), H("b", "text")), H("d", "text"))));
}

TEST(VwNgramsTest, InteractionsSeeTheGrams) {
  io::ParseOptions o = Named(false);
  o.interactions = {"wx"};
  o.ngrams = {"w2"};
  ParsedChunk p("1 |w a b |x p:3\n", o);
  const uint64_t ab = hashing::Combine(H("a", "w"), H("b", "w"));
  EXPECT_EQ(NamesOf(p.batch(), 0), (std::vector<std::string>{"w^a", "w^b", "w^a_b", "x^p",
                                                             "w^a*x^p", "w^b*x^p", "w^a_b*x^p"}));
  EXPECT_EQ(FeaturesOf(p.batch(), 0).back(),
            (Feature{Slot(hashing::Interact(ab, H("p", "x"))), 3}));
}

// An n-gram and the interaction of the same features are two features, at
// every -b: "w^a_b" is Combine(a, b), "w^a*w^b" Interact(a, b); "w^a_b_c" and
// "w^a*w^b*w^c" likewise.
TEST(VwNgramsTest, AGramIsNotTheInteractionOfItsWords) {
  io::ParseOptions o = Named(false);
  o.interactions = {"ww", "www"};
  o.ngrams = {"w3"};
  o.bits = 30;
  ParsedChunk p("1 |w a b c\n", o);
  const std::vector<std::string> names = NamesOf(p.batch(), 0);
  const auto indices = p.batch().indices(0);
  auto slot_of = [&](std::string_view name) {
    const auto at = std::find(names.begin(), names.end(), name);
    EXPECT_NE(at, names.end()) << name;
    return indices[static_cast<size_t>(at - names.begin())];
  };
  EXPECT_NE(slot_of("w^a_b"), slot_of("w^a*w^b"));
  EXPECT_NE(slot_of("w^a_b_c"), slot_of("w^a*w^b*w^c"));
  EXPECT_NE(slot_of("w^a*w^b*w^a_b"), slot_of("w^a_b*w^a_b"));
  std::vector<uint32_t> sorted(indices.begin(), indices.end());
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end())
      << "two of the " << sorted.size() << " features share a slot";
}

TEST(VwNgramsTest, Specs) {
  char letter = 'z';
  int n = -1;
  EXPECT_TRUE(io::ParseGramSpec("2", &letter, &n));
  EXPECT_EQ(letter, 0);
  EXPECT_EQ(n, 2);
  EXPECT_TRUE(io::ParseGramSpec("a3", &letter, &n));
  EXPECT_EQ(letter, 'a');
  EXPECT_EQ(n, 3);
  for (const char* bad : {"", "a", "ab2", "12", "2a", "a-1"}) {
    EXPECT_FALSE(io::ParseGramSpec(bad, &letter, &n)) << bad;
  }
}

// VW's --affix: after each feature of a chosen namespace, its affixes with
// its value, in the namespace "affix^NAME".
TEST(VwAffixTest, AffixesOfTheChosenNamespacesWithTheFeaturesValue) {
  io::ParseOptions o = Named(false);
  o.affixes = {"+4t", "-3t"};
  ParsedChunk p("1 |text:2 Temperature:3 hot naïve | weather\n", o);
  EXPECT_EQ(NamesOf(p.batch(), 0),
            (std::vector<std::string>{"text^Temperature", "affix^text^+4Temp", "affix^text^-3ure",
                                      "text^hot", "text^naïve", "affix^text^+4naïv",
                                      "affix^text^-3ïve", "weather"}));
  EXPECT_EQ(FeaturesOf(p.batch(), 0), (std::vector<Feature>{{Slot(H("Temperature", "text")), 6},
                                                            {Slot(H("+4Temp", "affix^text")), 6},
                                                            {Slot(H("-3ure", "affix^text")), 6},
                                                            {Slot(H("hot", "text")), 2},
                                                            {Slot(H("naïve", "text")), 2},
                                                            {Slot(H("+4naïv", "affix^text")), 2},
                                                            {Slot(H("-3ïve", "affix^text")), 2},
                                                            {Slot(H("weather", "")), 1}}));
}

// No letter is VW's default namespace, whose affixes are in "affix" as the
// text's are: the same word gives the same slot in both formats.
TEST(VwAffixTest, PlainAffixIsTheDefaultNamespacesAsInTheText) {
  io::ParseOptions o = Named(false);
  o.affixes = {"+4"};
  ParsedChunk vw("1 | temperature |t temperature\n", o);
  EXPECT_EQ(NamesOf(vw.batch(), 0),
            (std::vector<std::string>{"temperature", "affix^+4temp", "t^temperature"}));
  io::ParseOptions t = Named(false);
  t.format = io::Format::kText;
  t.text.affixes = {4};
  ParsedChunk text("1\ttemperature\n", t);
  ASSERT_EQ(NamesOf(text.batch(), 0), (std::vector<std::string>{"temperature", "affix^+4temp"}));
  EXPECT_EQ(FeaturesOf(vw.batch(), 0)[1], FeaturesOf(text.batch(), 0)[1]);
  EXPECT_EQ(FeaturesOf(vw.batch(), 0)[1], (Feature{Slot(H("+4temp", "affix")), 1}));
}

// As in VW, interactions and n-grams are of the namespace's own features.
TEST(VwAffixTest, InteractionsAndGramsDoNotSeeThem) {
  io::ParseOptions o = Named(false);
  o.affixes = {"+2w"};
  o.interactions = {"ww"};
  o.ngrams = {"w2"};
  ParsedChunk p("1 |w abc de\n", o);
  EXPECT_EQ(NamesOf(p.batch(), 0),
            (std::vector<std::string>{"w^abc", "affix^w^+2ab", "w^de", "w^abc_de", "w^abc*w^abc",
                                      "w^abc*w^de", "w^abc*w^abc_de", "w^de*w^de", "w^de*w^abc_de",
                                      "w^abc_de*w^abc_de"}));
}

TEST(VwAffixTest, AnyBytesAreSafe) {
  io::ParseOptions o = Named(false);
  o.affixes = {"+1w", "-1w"};
  // Characters are counted by their lead bytes: 0x80 continues one.
  ParsedChunk p(
      "1 |w \x80\x80"
      "ab \xff\n",
      o);
  EXPECT_EQ(NamesOf(p.batch(), 0), (std::vector<std::string>{"w^\x80\x80"
                                                             "ab",
                                                             "affix^w^+1\x80\x80"
                                                             "a",
                                                             "affix^w^-1b", "w^\xff"}));
}

TEST(VwAffixTest, Specs) {
  char letter = 'z';
  int affix = 0;
  EXPECT_TRUE(io::ParseAffixSpec("+4", &letter, &affix));
  EXPECT_EQ(letter, 0);
  EXPECT_EQ(affix, 4);
  EXPECT_TRUE(io::ParseAffixSpec("-7a", &letter, &affix));
  EXPECT_EQ(letter, 'a');
  EXPECT_EQ(affix, -7);
  EXPECT_TRUE(io::ParseAffixSpec("+1Z", &letter, &affix));
  EXPECT_EQ(letter, 'Z');
  for (const char* bad :
       {"", "+", "4a", "+0", "+8", "+4ab", "+4,", "+4:", "+4|", "+4 ", "+45", "*4", "a+4"}) {
    EXPECT_FALSE(io::ParseAffixSpec(bad, &letter, &affix)) << bad;
  }
}

// VW's --ignore, --ignore_linear and --keep, by namespace letter.
TEST(VwNamespaceUseTest, IgnoredNamespacesAreNotRead) {
  io::ParseOptions o = Named(false);
  o.ignore = "b";
  // Not read at all, as in VW: a bad value there is no bad line.
  ParsedChunk p("1 |a x |b y:zz |c z |bb:zz w\n", o);
  ASSERT_TRUE(p.batch().bad_lines.empty());
  EXPECT_EQ(NamesOf(p.batch(), 0), (std::vector<std::string>{"a^x", "c^z"}));
  o.ignore = " ";  // the default namespace
  ParsedChunk d("1 | x |a y\n", o);
  EXPECT_EQ(NamesOf(d.batch(), 0), (std::vector<std::string>{"a^y"}));
}

TEST(VwNamespaceUseTest, KeepLeavesOutEveryOtherNamespace) {
  io::ParseOptions o = Named(false);
  o.keep = "a ";
  ParsedChunk p("1 |a x | d |b y |ab z\n", o);
  EXPECT_EQ(NamesOf(p.batch(), 0), (std::vector<std::string>{"a^x", "d", "ab^z"}));
  // As in VW, --keep wins over --ignore_linear: b is not read at all.
  o.keep = "a";
  o.ignore_linear = "ab";
  o.interactions = {"ab"};
  ParsedChunk q("1 |a x |b y\n", o);
  EXPECT_TRUE(NamesOf(q.batch(), 0).empty());
}

TEST(VwNamespaceUseTest, IgnoreLinearKeepsOnlyTheInteractions) {
  io::ParseOptions o;  // no names: the common path, with a namespace on the other
  o.constant = false;
  o.ignore_linear = "b";
  o.interactions = {"ab"};
  ParsedChunk p("1 |a x:2 |b y:3 |c z\n", o);
  EXPECT_EQ(FeaturesOf(p.batch(), 0),
            (std::vector<Feature>{{Slot(H("x", "a")), 2},
                                  {Slot(H("z", "c")), 1},
                                  {Slot(hashing::Interact(H("x", "a"), H("y", "b"))), 6}}));
  // Its n-grams too are for the interactions only; its affixes, of another
  // namespace, stay.
  o = Named(false);
  o.ignore_linear = "a";
  o.interactions = {"ab"};
  o.ngrams = {"a2"};
  o.affixes = {"+1a"};
  ParsedChunk g("1 |a xx y |b z\n", o);
  EXPECT_EQ(NamesOf(g.batch(), 0),
            (std::vector<std::string>{"affix^a^+1x", "b^z", "a^xx*b^z", "a^y*b^z", "a^xx_y*b^z"}));
}

TEST(FeatureNamesTest, EveryFormatNamesEveryFeatureInOrder) {
  {
    io::ParseOptions o = Named();
    o.interactions = {"wx"};
    ParsedChunk p("1 |w a:2 | b |x c\n", o);
    EXPECT_EQ(NamesOf(p.batch(), 0),
              (std::vector<std::string>{"w^a", "b", "x^c", "w^a*x^c", "Constant"}));
  }
  {
    io::ParseOptions o = Named();
    o.format = io::Format::kLibsvm;
    ParsedChunk p("1 3:1 07:2 9:0\n", o);
    EXPECT_EQ(NamesOf(p.batch(), 0), (std::vector<std::string>{"3", "7", "Constant"}));
  }
  {
    io::ParseOptions o = Named();
    o.format = io::Format::kText;
    o.text.ngram = 2;
    o.text.minn = 3;
    o.text.maxn = 3;
    ParsedChunk p("1\tGood film\n", o);
    EXPECT_EQ(NamesOf(p.batch(), 0),
              (std::vector<std::string>{"good", "film", "good_film", "chars^<go", "chars^goo",
                                        "chars^ood", "chars^od>", "chars^<fi", "chars^fil",
                                        "chars^ilm", "chars^lm>", "Constant"}));
    EXPECT_EQ(p.batch().indices(0)[3],
              Slot(hashing::FeatureHash("<go", hashing::NamespaceHash("chars", 0))));
  }
}

TEST(FeatureNamesTest, NoNamesUnlessAskedAndBadLinesLeaveNone) {
  ParsedChunk off("1 |w a\n", io::ParseOptions{});
  EXPECT_TRUE(off.batch().names(0).empty());
  io::ParseOptions o = Named();
  ParsedChunk p("1 |w a b\n1 |w c d:x\n-1 |w e\n", o);
  ASSERT_EQ(p.batch().size(), 2u);
  ASSERT_EQ(p.batch().bad_lines.size(), 1u);
  EXPECT_EQ(NamesOf(p.batch(), 0), (std::vector<std::string>{"w^a", "w^b", "Constant"}));
  EXPECT_EQ(NamesOf(p.batch(), 1), (std::vector<std::string>{"w^e", "Constant"}));
}

TEST(FeatureNamesTest, DistinctPairsBySlotThenNameOfTrainedExamplesOnly) {
  io::ParseOptions o = Named(false);
  o.bits = 1;
  // With 2 slots, names collide; each (slot, name) is kept once. Example 2 is
  // held out and example 4 has no class: neither is trained on.
  ParsedChunk p("1 | a b a\n-1 | c d\n1 | e\n| f\n", o);
  learner::FeatureNames names;
  const std::vector<int32_t> classes = {1, 0, 1, -1};
  const std::vector<uint8_t> held_out = {0, 1, 0, 0};
  names.Add(p.batch(), classes, held_out);
  names.Add(p.batch(), classes, held_out);
  std::vector<learner::FeatureName> want;
  for (const char* n : {"a", "b", "e"}) {
    want.push_back({static_cast<uint32_t>(H(n, "")) & 1u, n});
  }
  std::sort(want.begin(), want.end());
  EXPECT_EQ(names.Sorted(), want);
  learner::FeatureNames all;
  all.Add(p.batch(), {}, {});
  EXPECT_EQ(all.size(), 6u);
}

TEST(FeatureNamesTest, LongNamesAreCut) {
  const std::string name(70000, 'n');
  ParsedChunk p("1 | " + name + "\n", Named(false));
  learner::FeatureNames names;
  names.Add(p.batch(), {}, {});
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names.Sorted()[0].name, name.substr(0, learner::kMaxNameBytes));
}

// The cut falls between UTF-8 characters: 65535 bytes of é (2 bytes each)
// would end in half of one, so 65534 are kept; of € (3 bytes), 65535.
TEST(FeatureNamesTest, LongNamesAreCutBetweenCharacters) {
  for (const auto& [character, kept] : {std::pair<std::string, size_t>{"\xc3\xa9", 65534},
                                        {"\xe2\x82\xac", 65535},
                                        {"\xf0\x9f\x98\x80", 65532}}) {
    std::string name;
    while (name.size() < 70000) name += character;
    ParsedChunk p("1 | " + name + "\n", Named(false));
    learner::FeatureNames names;
    names.Add(p.batch(), {}, {});
    ASSERT_EQ(names.size(), 1u);
    EXPECT_EQ(names.Sorted()[0].name, name.substr(0, kept)) << character;
  }
}

}  // namespace
}  // namespace hare
