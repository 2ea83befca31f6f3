// Evaluation metrics: exact hand-computed precision, recall, F1, macro
// averages, AUC and log loss, 0/0 cases, and the text and JSON reports.
#include "learner/metrics.h"

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace hare::learner {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Adds `count` examples of true class t predicted as p (score unused: K = 3).
void AddMany(Evaluation& e, int t, int p, int count) {
  for (int i = 0; i < count; ++i) e.Add(t, p, 0.0f);
}

// The confusion matrix of the tests below (rows true, columns predicted):
//        a  b  c
//   a    3  1  0    support 4
//   b    2  4  0    support 6
//   c    1  1  0    support 2, never predicted
Evaluation ThreeClasses() {
  Evaluation e({"a", "b", "c"});
  AddMany(e, 0, 0, 3);
  AddMany(e, 0, 1, 1);
  AddMany(e, 1, 0, 2);
  AddMany(e, 1, 1, 4);
  AddMany(e, 2, 0, 1);
  AddMany(e, 2, 1, 1);
  return e;
}

// The AUC by its definition: over every (positive, negative) pair, 1 if the
// positive scores higher, 1/2 on a tie.
double NaiveAuc(const std::vector<float>& negatives, const std::vector<float>& positives) {
  double wins = 0;
  for (float p : positives) {
    for (float n : negatives) wins += p > n ? 1.0 : p == n ? 0.5 : 0.0;
  }
  return wins / (double(negatives.size()) * double(positives.size()));
}

Evaluation Binary(const std::vector<float>& negatives, const std::vector<float>& positives) {
  Evaluation e({"-1", "+1"});
  for (float s : negatives) e.Add(0, s > 0 ? 1 : 0, s);
  for (float s : positives) e.Add(1, s > 0 ? 1 : 0, s);
  return e;
}

TEST(MetricsTest, ConfusionMatrixCounts) {
  const Evaluation e = ThreeClasses();
  EXPECT_EQ(e.classes(), 3);
  EXPECT_EQ(e.examples(), 12u);
  EXPECT_EQ(e.confusion(0, 0), 3u);
  EXPECT_EQ(e.confusion(0, 1), 1u);
  EXPECT_EQ(e.confusion(1, 0), 2u);
  EXPECT_EQ(e.confusion(2, 1), 1u);
  EXPECT_EQ(e.confusion(2, 2), 0u);
  EXPECT_EQ(e.support(0), 4u);
  EXPECT_EQ(e.support(1), 6u);
  EXPECT_EQ(e.support(2), 2u);
  EXPECT_EQ(e.predicted(0), 6u);
  EXPECT_EQ(e.predicted(1), 6u);
  EXPECT_EQ(e.predicted(2), 0u);
}

TEST(MetricsTest, PrecisionRecallF1ByHand) {
  const Evaluation e = ThreeClasses();
  EXPECT_DOUBLE_EQ(e.accuracy(), 7.0 / 12);
  // a: 3 right of 6 predicted, of 4 true; F1 = 2*3 / (4 + 6).
  EXPECT_DOUBLE_EQ(e.precision(0), 0.5);
  EXPECT_DOUBLE_EQ(e.recall(0), 0.75);
  EXPECT_DOUBLE_EQ(e.f1(0), 0.6);
  // b: 4 of 6 predicted, 4 of 6 true.
  EXPECT_DOUBLE_EQ(e.precision(1), 2.0 / 3);
  EXPECT_DOUBLE_EQ(e.recall(1), 2.0 / 3);
  EXPECT_DOUBLE_EQ(e.f1(1), 2.0 / 3);
  // c is never predicted: precision 0/0 counts 0, recall 0/2, F1 0/2.
  EXPECT_EQ(e.precision(2), 0.0);
  EXPECT_EQ(e.recall(2), 0.0);
  EXPECT_EQ(e.f1(2), 0.0);
  // Means over all three classes, c included.
  EXPECT_DOUBLE_EQ(e.macro_precision(), 7.0 / 18);
  EXPECT_DOUBLE_EQ(e.macro_recall(), 17.0 / 36);
  EXPECT_DOUBLE_EQ(e.macro_f1(), 19.0 / 45);
}

TEST(MetricsTest, F1IsTheHarmonicMeanOfPrecisionAndRecall) {
  const Evaluation e = ThreeClasses();
  for (int c = 0; c < 2; ++c) {
    const double p = e.precision(c), r = e.recall(c);
    EXPECT_DOUBLE_EQ(e.f1(c), 2 * p * r / (p + r)) << c;
  }
}

TEST(MetricsTest, AClassNeverSeenNorPredictedIsLeftOutOfMacroAverages) {
  // Every example is +1 and predicted +1: class -1 has no support and no
  // prediction, so all its ratios are 0/0 = 0, it is left out of the macro
  // averages (as scikit-learn does), and AUC is undefined.
  const Evaluation e = Binary({}, {0.5f, 1.0f, 2.0f});
  EXPECT_EQ(e.accuracy(), 1.0);
  EXPECT_EQ(e.precision(0), 0.0);
  EXPECT_EQ(e.recall(0), 0.0);
  EXPECT_EQ(e.f1(0), 0.0);
  EXPECT_EQ(e.f1(1), 1.0);
  EXPECT_EQ(e.macro_f1(), 1.0);
  EXPECT_EQ(e.macro_precision(), 1.0);
  EXPECT_TRUE(std::isnan(e.auc()));
  EXPECT_THAT(e.Json(), HasSubstr("\"auc\":null"));
  EXPECT_THAT(e.Text(), HasSubstr("auc = undefined"));
  // The JSON keeps it (its number indexes "confusion"), its ratios null, so
  // that a script's mean over the numbers is the macro average.
  EXPECT_THAT(e.Json(), HasSubstr("\"classes\":[{\"name\":\"-1\",\"precision\":null,"
                                  "\"recall\":null,\"f1\":null,\"support\":0},"
                                  "{\"name\":\"+1\",\"precision\":1,\"recall\":1,\"f1\":1,"
                                  "\"support\":3}]"));
  // Nor is it in the table: its row of zeros would read as a class missed.
  EXPECT_THAT(e.Text(), HasSubstr("class      precision     recall         f1    support\n"
                                  "+1          1.000000   1.000000   1.000000          3\n"
                                  "accuracy                          1.000000          3\n"
                                  "macro avg   1.000000   1.000000   1.000000          3\n"
                                  "(1 class of the model with no example and no prediction: "
                                  "not listed)\n"));
}

TEST(MetricsTest, NoExamplesIsZeroInTheTextAndNullInJson) {
  const Evaluation e({"-1", "+1"});
  EXPECT_EQ(e.examples(), 0u);
  EXPECT_EQ(e.accuracy(), 0.0);
  EXPECT_EQ(e.macro_f1(), 0.0);
  EXPECT_TRUE(std::isnan(e.auc()));
  EXPECT_THAT(e.Json(), HasSubstr("\"examples\":0,\"accuracy\":null,\"macro_precision\":null,"
                                  "\"macro_recall\":null,\"macro_f1\":null"));
}

TEST(MetricsTest, AucPerfectReversedAndAllTies) {
  EXPECT_EQ(Binary({-3, -2, -1}, {1, 2, 3}).auc(), 1.0);
  EXPECT_EQ(Binary({1, 2, 3}, {-3, -2, -1}).auc(), 0.0);
  EXPECT_EQ(Binary({0.5f, 0.5f}, {0.5f, 0.5f, 0.5f}).auc(), 0.5);
  // -0 and +0 are the same score.
  EXPECT_EQ(Binary({-0.0f, 0.0f}, {0.0f, -0.0f}).auc(), 0.5);
}

TEST(MetricsTest, AucByHandWithATie) {
  // Positives 0.8, 0.4, 0.2; negatives 0.4, 0.1, -0.5. 0.8 beats all 3
  // negatives, 0.4 beats 2 and ties 1 (1/2), 0.2 beats 2: 7.5 of 9 pairs.
  EXPECT_DOUBLE_EQ(Binary({0.4f, 0.1f, -0.5f}, {0.8f, 0.4f, 0.2f}).auc(), 7.5 / 9);
}

TEST(MetricsTest, AucOrdersNegativeScoresAndInfinities) {
  const float inf = std::numeric_limits<float>::infinity();
  // Positives -1e-30 and +inf against -inf and -1e30: all 4 pairs won.
  EXPECT_EQ(Binary({-inf, -1e30f}, {-1e-30f, inf}).auc(), 1.0);
  // -2 < -1 < -0.5: the positive -1 beats one negative of two.
  EXPECT_EQ(Binary({-2.0f, -0.5f}, {-1.0f}).auc(), 0.5);
}

TEST(MetricsTest, AucMatchesTheDefinitionOnRandomScoresWithTies) {
  std::mt19937 random(7);
  std::normal_distribution<float> normal(0.0f, 4.0f);
  std::vector<float> negatives, positives;
  Evaluation e({"-1", "+1"});
  auto add = [&](int count) {
    for (int i = 0; i < count; ++i) {
      const bool positive = random() % 3 == 0;
      float s = normal(random) + (positive ? 1.5f : 0.0f);
      if (i % 2 == 0) s = std::round(s * 4) / 4;  // many ties
      (positive ? positives : negatives).push_back(s);
      e.Add(positive, s > 0, s);
    }
  };
  add(3000);
  EXPECT_DOUBLE_EQ(e.auc(), NaiveAuc(negatives, positives));
  // Examples added after auc() sorted the scores are counted too.
  add(1000);
  EXPECT_DOUBLE_EQ(e.auc(), NaiveAuc(negatives, positives));
  EXPECT_DOUBLE_EQ(e.auc(), NaiveAuc(negatives, positives));  // sorted already
}

TEST(MetricsTest, AucIsOnlyForTwoClasses) {
  const Evaluation e = ThreeClasses();
  EXPECT_TRUE(std::isnan(e.auc()));
  EXPECT_THAT(e.Json(), HasSubstr("\"auc\":null"));  // there for scripts, as null
  EXPECT_THAT(e.Text(), Not(HasSubstr("auc")));
}

// A model of two classes and a test label it never saw: three classes, no
// AUC, and the report says why (the JSON's "auc" is null).
TEST(MetricsTest, AucIsUndefinedWhenTheTestBringsAThirdClass) {
  Evaluation e({"a", "b"});
  e.Add(0, 0, -1.0f);
  e.Add(1, 1, 1.0f);
  e.AddClass("c");
  e.Add(2, 1, 2.0f);
  EXPECT_TRUE(std::isnan(e.auc()));
  EXPECT_THAT(e.Text(), HasSubstr("auc = undefined (a test label the model never saw makes a "
                                  "third class; AUC is for two)\n"));
  EXPECT_THAT(e.Json(), HasSubstr(",\"macro_f1\":0.5555555555555555,\"auc\":null,"));
}

// A model that knows one class of the two scores only that one: no AUC,
// and the report says why (a constant score would have given 0.5).
TEST(MetricsTest, AucIsUndefinedWhenTheScoresDoNotRank) {
  Evaluation e({"a", "z"});
  e.set_no_ranking("the model knows one class");
  e.Add(0, 0, 0.0f);
  e.Add(1, 0, 0.0f);
  EXPECT_TRUE(std::isnan(e.auc()));
  EXPECT_THAT(e.Text(), HasSubstr("auc = undefined (the model knows one class)\n"));
  EXPECT_THAT(e.Json(), HasSubstr("\"auc\":null"));
}

// So does one that knows one class on a test of that class alone; on a test
// of three classes there is no AUC line, as with a model of three (and a
// null "auc" in the JSON).
TEST(MetricsTest, AModelOfOneClassHasNoAucOnATestOfOne) {
  Evaluation one({"a"});
  one.set_no_ranking("the model knows one class");
  one.Add(0, 0, 0.0f);
  one.Add(0, 0, 0.0f);
  EXPECT_THAT(one.Text(), HasSubstr("auc = undefined (the model knows one class)\n"));
  EXPECT_THAT(one.Json(), HasSubstr("\"auc\":null"));
  Evaluation three({"a"});
  three.set_no_ranking("the model knows one class");
  three.AddClass("b");
  three.AddClass("c");
  three.Add(0, 0, 0.0f);
  three.Add(1, 0, 0.0f);
  three.Add(2, 0, 0.0f);
  EXPECT_THAT(three.Text(), Not(HasSubstr("auc")));
  EXPECT_THAT(three.Json(), HasSubstr("\"auc\":null"));
}

TEST(MetricsTest, LogLossOfKnownProbabilities) {
  EXPECT_DOUBLE_EQ(LogLoss(0.5), std::log(2.0));
  EXPECT_DOUBLE_EQ(LogLoss(std::exp(-1.0)), 1.0);
  const std::vector<double> p = {0.5, 0.25};  // ln 2 and 2 ln 2
  EXPECT_DOUBLE_EQ(LogLoss(p), 1.5 * std::log(2.0));
  EXPECT_EQ(LogLoss(std::vector<double>{}), 0.0);
}

TEST(MetricsTest, LogLossClampsProbabilities) {
  const double worst = 15 * std::log(10.0);  // -ln 1e-15
  EXPECT_DOUBLE_EQ(LogLoss(0.0), worst);
  EXPECT_DOUBLE_EQ(LogLoss(-0.5), worst);
  EXPECT_DOUBLE_EQ(LogLoss(std::numeric_limits<double>::quiet_NaN()), worst);
  EXPECT_NEAR(LogLoss(1.0), 1e-15, 1e-17);  // -ln(1 - 1e-15)
  EXPECT_NEAR(LogLoss(2.0), 1e-15, 1e-17);
  EXPECT_GT(LogLoss(1.0), 0.0);
}

TEST(MetricsTest, LogLossIsReportedOnlyWhenProbabilitiesWereGiven) {
  Evaluation e = Binary({-1.0f}, {1.0f});
  EXPECT_FALSE(e.has_log_loss());
  EXPECT_THAT(e.Json(), Not(HasSubstr("log_loss")));
  EXPECT_THAT(e.Text(), Not(HasSubstr("log loss")));
  e.AddProbability(0.5);
  e.AddProbability(0.25);
  EXPECT_TRUE(e.has_log_loss());
  EXPECT_DOUBLE_EQ(e.log_loss(), 1.5 * std::log(2.0));
  EXPECT_THAT(e.Json(), HasSubstr("\"log_loss\":1.03972077083991"));
  EXPECT_THAT(e.Text(), HasSubstr("log loss = 1.039721\n"));
}

TEST(MetricsTest, JsonOfABinaryCase) {
  // -1: 3 right, 0.5 wrongly +1; +1: 3 right, -0.25 wrongly -1. AUC: -0.25
  // beats 3 negatives, 1, 2 and 3 beat all 4: 15 of 16 pairs.
  const Evaluation e = Binary({-2, -1, -0.5f, 0.5f}, {-0.25f, 1, 2, 3});
  EXPECT_EQ(e.Json(),
            "{\"examples\":8,\"accuracy\":0.75,\"macro_precision\":0.75,\"macro_recall\":0.75,"
            "\"macro_f1\":0.75,\"auc\":0.9375,\"classes\":["
            "{\"name\":\"-1\",\"precision\":0.75,\"recall\":0.75,\"f1\":0.75,\"support\":4},"
            "{\"name\":\"+1\",\"precision\":0.75,\"recall\":0.75,\"f1\":0.75,\"support\":4}],"
            "\"confusion\":[[3,1],[1,3]],\"confusion_cells\":[[0,0,3],[0,1,1],[1,0,1],[1,1,3]]}");
}

TEST(MetricsTest, JsonIsOneLineWithBalancedBracketsAndAllDigits) {
  const std::string json = ThreeClasses().Json();
  EXPECT_EQ(json.find('\n'), std::string::npos);
  EXPECT_EQ(json.front(), '{');
  EXPECT_EQ(json.back(), '}');
  int braces = 0, brackets = 0;
  for (char c : json) {
    braces += c == '{' ? 1 : c == '}' ? -1 : 0;
    brackets += c == '[' ? 1 : c == ']' ? -1 : 0;
    ASSERT_GE(braces, 0);
    ASSERT_GE(brackets, 0);
  }
  EXPECT_EQ(braces, 0);
  EXPECT_EQ(brackets, 0);
  // Shortest round-trip digits: 2/3 and 19/45 read back as the same doubles.
  EXPECT_THAT(json, HasSubstr("\"accuracy\":0.5833333333333334,"));
  EXPECT_THAT(json, HasSubstr("\"macro_f1\":0.4222222222222222,"));
  EXPECT_THAT(json, HasSubstr("{\"name\":\"b\",\"precision\":0.6666666666666666,"
                              "\"recall\":0.6666666666666666,\"f1\":0.6666666666666666,"
                              "\"support\":6}"));
  EXPECT_THAT(json, HasSubstr("{\"name\":\"c\",\"precision\":0,\"recall\":0,\"f1\":0,"
                              "\"support\":2}"));
  EXPECT_THAT(json, HasSubstr("\"confusion\":[[3,1,0],[2,4,0],[1,1,0]],"
                              "\"confusion_cells\":[[0,0,3],[0,1,1],[1,0,2],[1,1,4],[2,0,1],"
                              "[2,1,1]]}"));
}

// A test file whose label column holds ids: every line a class the model
// never saw. Each is counted in constant time (a dense matrix, widened for
// each, took cubic time: 230 s for 3000), and the matrix is listed by its
// non-zero cells, not printed as a table of K^2 counts.
TEST(MetricsTest, ManyUnseenClassesAreCountedAndListedByCell) {
  Evaluation e({"a", "b"});
  AddMany(e, 0, 0, 2);
  constexpr int kUnseen = 100000;
  for (int i = 0; i < kUnseen; ++i) {
    e.AddClass("id" + std::to_string(i));
    e.Add(e.classes() - 1, 1, 0.0f);
  }
  EXPECT_EQ(e.classes(), kUnseen + 2);
  EXPECT_EQ(e.examples(), uint64_t{kUnseen} + 2);
  EXPECT_EQ(e.support(2), 1u);
  EXPECT_EQ(e.predicted(1), uint64_t{kUnseen});
  EXPECT_EQ(e.confusion(kUnseen + 1, 1), 1u);
  EXPECT_EQ(e.confusion(kUnseen + 1, 0), 0u);
  EXPECT_DOUBLE_EQ(e.accuracy(), 2.0 / (kUnseen + 2));
  const std::string text = e.Text();
  EXPECT_THAT(text, HasSubstr("\nconfusion matrix: 100002 classes, too many for a table; its "
                              "100001 non-zero cells (true class, predicted class, examples)\n"
                              "a\ta\t2\nid0\tb\t1\nid1\tb\t1\n"));
  EXPECT_THAT(text, testing::EndsWith("id99999\tb\t1\n"));
  const std::string json = e.Json();
  EXPECT_THAT(json, HasSubstr("\"confusion\":null,\"confusion_cells\":[[0,0,2],[2,1,1],[3,1,1],"));
  EXPECT_THAT(json, testing::EndsWith(",[100001,1,1]]}"));
}

// A model of probabilities on a file without labels: the keys are there, null.
TEST(MetricsTest, JsonOfAModelOfProbabilitiesHasItsKeysBeforeAnyExample) {
  Evaluation e({"-1", "+1"});
  EXPECT_THAT(e.Json(), testing::Not(HasSubstr("log_loss")));
  e.set_probabilities(true);
  EXPECT_THAT(e.Json(), HasSubstr(",\"auc\":null,\"log_loss\":null,\"ece\":null,"));
}

TEST(MetricsTest, JsonEscapesClassNames) {
  Evaluation e({"a\"b\\c\n", "d"});
  EXPECT_THAT(e.Json(), HasSubstr("{\"name\":\"a\\\"b\\\\c\\u000a\","));
}

TEST(MetricsTest, TextReport) {
  const Evaluation e = Binary({-2, -1, -0.5f, 0.5f}, {-0.25f, 1, 2, 3});
  EXPECT_EQ(e.Text(),
            "class      precision     recall         f1    support\n"
            "-1          0.750000   0.750000   0.750000          4\n"
            "+1          0.750000   0.750000   0.750000          4\n"
            "accuracy                          0.750000          8\n"
            "macro avg   0.750000   0.750000   0.750000          8\n"
            "auc = 0.937500\n"
            "\n"
            "confusion matrix (rows: true class, columns: predicted class)\n"
            "           -1  +1\n"
            "-1          3   1\n"
            "+1          1   3\n");
}

TEST(MetricsTest, TextReportWidensForLongNamesAndCounts) {
  Evaluation e({"negative", "a much longer name"});
  AddMany(e, 0, 0, 12345);
  AddMany(e, 1, 1, 1);
  const std::string text = e.Text();
  EXPECT_THAT(text,
              HasSubstr("\nnegative             1.000000   1.000000   1.000000      12345\n"));
  EXPECT_THAT(text, HasSubstr("\n                              negative  a much longer name\n"));
  EXPECT_THAT(text, HasSubstr("\nnegative                         12345                   0\n"));
  EXPECT_THAT(text, HasSubstr("\na much longer name                   0                   1\n"));
}

// The confusion matrix has the classes of the table above it: a class of the
// model with no example and no prediction is in neither (it is counted under
// the table), and the matrix's rows and columns are those left.
TEST(MetricsTest, ConfusionMatrixLeavesOutTheClassesTheTableLeavesOut) {
  Evaluation e({"DESC", "ENTY", "ABBR", "NUM", "LOC"});
  AddMany(e, 3, 3, 12);
  AddMany(e, 4, 4, 6);
  AddMany(e, 4, 1, 2);
  EXPECT_THAT(e.Text(), HasSubstr("(2 classes of the model with no example and no prediction: "
                                  "not listed)\n"
                                  "\n"
                                  "confusion matrix (rows: true class, columns: predicted class)\n"
                                  "           ENTY   NUM   LOC\n"
                                  "ENTY          0     0     0\n"
                                  "NUM           0    12     0\n"
                                  "LOC           2     0     6\n"));
  // JSON keeps every class, so that the class numbers of its cells index them.
  EXPECT_THAT(e.Json(), HasSubstr("\"confusion\":[[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,12,0],"
                                  "[0,2,0,0,6]]"));
}

// Names line up by the columns they take on a terminal, not their bytes:
// "été" is 5 bytes and 3 columns, "ΝΑΙ" 6 and 3, "中文" 6 and 4, and "été"
// written with combining accents 7 and 3.
TEST(MetricsTest, TextReportAlignsNamesByTheirColumns) {
  const struct {
    std::string first, second;
    size_t first_columns, second_columns;
    std::string header, first_row, second_row;
  } cases[] = {
      {"été", "ΝΑΙ", 3, 3, "           été  ΝΑΙ\n", "été          1    0\n",
       "ΝΑΙ          1    0\n"},
      {"中文", "e\u0301te\u0301", 4, 3, "           中文   e\u0301te\u0301\n",
       "中文          1     0\n", "e\u0301te\u0301           1     0\n"},
  };
  for (const auto& c : cases) {
    Evaluation e({c.first, c.second});
    e.Add(0, 0, 0);
    e.Add(1, 0, 0);
    const std::string pad_first(12 - c.first_columns, ' ');
    const std::string pad_second(12 - c.second_columns, ' ');
    EXPECT_EQ(e.Text(), "class      precision     recall         f1    support\n" + c.first +
                            pad_first + "0.500000   1.000000   0.666667          1\n" + c.second +
                            pad_second +
                            "0.000000   0.000000   0.000000          1\n"
                            "accuracy                          0.500000          2\n"
                            "macro avg   0.250000   0.500000   0.333333          2\n"
                            "auc = 0.500000\n"
                            "\n"
                            "confusion matrix (rows: true class, columns: predicted class)\n" +
                            c.header + c.first_row + c.second_row);
  }
}

}  // namespace
}  // namespace hare::learner
