// hare gen: the families are what they say, and deterministic.
#include "tools/synthetic.h"

#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace hare::tools {
namespace {

struct Line {
  int label;
  std::vector<int> on;  // indices of the x features that are on
};

std::vector<Line> Lines(const GenOptions& o) {
  std::ostringstream out;
  Generate(o, out);
  std::istringstream in(out.str());
  std::vector<Line> lines;
  std::string word;
  for (std::string text; std::getline(in, text);) {
    std::istringstream words(text);
    Line line;
    words >> line.label >> word;  // label, "|"
    while (words >> word) line.on.push_back(std::stoi(word.substr(1)));
    lines.push_back(line);
  }
  return lines;
}

// k-of-n: the label is the disjunction (or conjunction) of the first k
// features, and both labels occur about equally.
TEST(SyntheticTest, DisjunctionsAndConjunctionsFollowTheirRule) {
  for (const std::string family : {"disjunction", "conjunction"}) {
    GenOptions o{.family = family, .seed = 3, .examples = 4000};
    o.n = 500;
    o.k = 10;
    int positives = 0;
    for (const Line& line : Lines(o)) {
      int relevant_on = 0;
      for (int x : line.on) relevant_on += x < 10;
      const bool truth = family == "disjunction" ? relevant_on > 0 : relevant_on == 10;
      ASSERT_EQ(line.label, truth ? 1 : -1) << family;
      positives += line.label == 1;
    }
    EXPECT_NEAR(positives / 4000.0, 0.5, 0.03) << family;
  }
}

TEST(SyntheticTest, SameSeedSameBytesAndTheConceptSeedSharesTheRule) {
  GenOptions a{.seed = 5, .examples = 200};
  std::ostringstream x, y;
  Generate(a, x);
  Generate(a, y);
  EXPECT_EQ(x.str(), y.str());
  GenOptions b = a;
  b.seed = 6;
  std::ostringstream z;
  Generate(b, z);
  EXPECT_NE(x.str(), z.str());
}

// Zipf data: 20-40 words of w<id> an example, about 245 bytes an example
// (1 GB per 4.4 million examples).
TEST(SyntheticTest, ZipfExamplesHaveTheDocumentedShape) {
  GenOptions o{.seed = 1, .examples = 2000};
  std::ostringstream out;
  Generate(o, out);
  const std::vector<Line> lines = Lines(o);
  for (const Line& line : lines) {
    ASSERT_GE(line.on.size(), 20u);
    ASSERT_LE(line.on.size(), 40u);
    ASSERT_TRUE(line.label == 1 || line.label == -1);
  }
  const double bytes_per_example = static_cast<double>(out.str().size()) / lines.size();
  EXPECT_NEAR(bytes_per_example, 1e9 / 4.4e6, 15);
}

// The bytes of each family are pinned: benchmark inputs made with the same
// seed are the same file on every machine and in every version (the
// generator's speed-ups keep its draws in the same order).
TEST(SyntheticTest, EachFamilyWritesItsPinnedBytes) {
  struct Pinned {
    std::string family;
    size_t bytes;
    uint64_t xxh64;
  };
  for (const Pinned& p : std::vector<Pinned>{{"zipf", 477876, 13182089959624252194u},
                                             {"text", 304789, 3661322237116511771u},
                                             {"separable", 608479, 15570754659043293914u},
                                             {"disjunction", 509863, 95770930580252343u},
                                             {"conjunction", 539715, 11829592197819582962u}}) {
    std::ostringstream out;
    Generate(GenOptions{.family = p.family, .seed = 1, .examples = 2000}, out);
    const std::string bytes = out.str();
    EXPECT_EQ(bytes.size(), p.bytes) << p.family;
    EXPECT_EQ(XXH64(bytes.data(), bytes.size(), 0), p.xxh64) << p.family;
  }
  std::ostringstream two;
  Generate(GenOptions{.seed = 1, .examples = 1}, two);
  EXPECT_EQ(two.str().substr(0, 40), "-1 | w548880 w45490 w6668 w107621 w11582");
}

// The text family is the zipf family's examples as sentences: the same
// labels, and the same words spelled otherwise (one spelling an id, one id a
// spelling), in base-105 syllables of their frequency rank, so the most
// frequent word is "ba"; the first word capitalized, then " .".
TEST(SyntheticTest, TextSpellsTheZipfExamples) {
  GenOptions zipf{.seed = 2, .examples = 2000};
  GenOptions text = zipf;
  text.family = "text";
  std::ostringstream z, t;
  Generate(zipf, z);
  Generate(text, t);
  std::istringstream zin(z.str()), tin(t.str());
  std::map<std::string, std::string> spelling, id_of;
  std::map<std::string, int> count;
  int lines = 0;
  for (std::string zl, tl; std::getline(zin, zl) && std::getline(tin, tl); ++lines) {
    std::istringstream zw(zl);
    std::string label, bar, word;
    zw >> label >> bar;
    const size_t tab = tl.find('\t');
    ASSERT_NE(tab, std::string::npos) << tl;
    EXPECT_EQ(tl.substr(0, tab), label == "1" ? "pos" : "neg");
    ASSERT_EQ(tl.substr(tl.size() - 2), " .");
    std::istringstream tw(tl.substr(tab + 1, tl.size() - tab - 3));
    for (bool first = true; zw >> word; first = false) {
      std::string spelled;
      ASSERT_TRUE(tw >> spelled) << tl;
      ASSERT_TRUE(spelled.size() >= 2 && spelled.size() <= 6 && spelled.size() % 2 == 0);
      EXPECT_EQ(std::isupper(static_cast<unsigned char>(spelled[0])) != 0, first) << spelled;
      spelled[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(spelled[0])));
      EXPECT_EQ(spelling.emplace(word, spelled).first->second, spelled) << word;
      EXPECT_EQ(id_of.emplace(spelled, word).first->second, word) << spelled;
      ++count[spelled];
    }
    std::string extra;
    EXPECT_FALSE(tw >> extra) << tl;
  }
  EXPECT_EQ(lines, 2000);
  auto most = std::max_element(count.begin(), count.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
  EXPECT_EQ(most->first, "ba");
}

// Separable data keeps its margin and radius as printed; --flip flips labels.
TEST(SyntheticTest, FlipFlipsAboutThatShareOfLabels) {
  GenOptions clean{.family = "separable", .seed = 4, .concept_seed = 9, .examples = 4000};
  GenOptions noisy = clean;
  noisy.flip = 0.2f;
  const std::vector<Line> a = Lines(clean), b = Lines(noisy);
  ASSERT_EQ(a.size(), b.size());
  int differ = 0;
  for (size_t i = 0; i < a.size(); ++i) differ += a[i].label != b[i].label;
  EXPECT_NEAR(differ / 4000.0, 0.2, 0.03);
}

}  // namespace
}  // namespace hare::tools
