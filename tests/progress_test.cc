// The progress table's rows (at examples 1, 2, 4, 8, ...) and the summary,
// by hand.
#include "learner/progress.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace hare::learner {
namespace {

// Counts one example as RunPass does, then hands it to the table.
void Add(ProgressTable& table, RunStats& stats, bool labelled, bool wrong) {
  ++stats.examples;
  stats.features += 3;
  if (labelled) {
    ++stats.labelled;
    stats.mistakes += wrong;
  }
  table.Add(stats, labelled ? "+1" : "none", "-1", 3);
}

TEST(ProgressTest, RowsWhenTheCountDoublesWithTheErrorSoFarAndSinceTheLastRow) {
  std::ostringstream out;
  ProgressTable table(&out);
  RunStats stats;
  // Examples 1-8: wrong, right, wrong, wrong, right, right, right, wrong.
  for (bool wrong : {true, false, true, true, false, false, false, true}) {
    Add(table, stats, true, wrong);
  }
  EXPECT_EQ(out.str(),
            "    examples   mistakes      error since last  label predict features\n"
            "           1          1   1.000000   1.000000     +1      -1        3\n"
            "           2          1   0.500000   0.000000     +1      -1        3\n"
            "           4          3   0.750000   1.000000     +1      -1        3\n"
            "           8          4   0.500000   0.250000     +1      -1        3\n");
}

TEST(ProgressTest, NothingLabelledToCountIsNotAvailableNotZero) {
  std::ostringstream out;
  ProgressTable table(&out);
  RunStats stats;
  Add(table, stats, false, false);  // row 1: nothing labelled yet
  Add(table, stats, true, true);    // row 2: one mistake in one
  Add(table, stats, false, false);
  Add(table, stats, false, false);  // row 4: nothing labelled since row 2
  EXPECT_EQ(out.str(),
            "    examples   mistakes      error since last  label predict features\n"
            "           1          0       n.a.       n.a.   none      -1        3\n"
            "           2          1   1.000000   1.000000     +1      -1        3\n"
            "           4          1   1.000000       n.a.   none      -1        3\n");
}

TEST(ProgressTest, LabelColumnsWidenToTheLongestNameSoFarUnderTheHeaderAgain) {
  std::ostringstream out;
  ProgressTable table(&out);
  RunStats stats;
  for (int n = 1; n <= 16; ++n) {
    ++stats.examples;
    if (n == 1) {
      table.Add(stats, "été", "?", 3);
    } else if (n == 2) {
      table.Add(stats, "ENTY:cremat", "DESC:manner", 3);
    } else if (n == 8) {
      table.Add(stats, "ENTY:animal", "HUM:ind", 3);  // as wide as before: no header
    } else if (n == 16) {
      table.Add(stats, "ENTY:animal", std::string(30, 'y'), 3);  // past 24 columns
    } else {
      table.Add(stats, "c", "d", 3);
    }
  }
  // "été" is 3 columns, within "label"'s 5. ENTY:cremat widens both columns,
  // and the header comes again above its row; a name past 24 columns widens
  // them to 24 and overflows its own row.
  const std::string y30(30, 'y');
  EXPECT_EQ(out.str(),
            "    examples   mistakes      error since last  label predict features\n"
            "           1          0       n.a.       n.a.    été       ?        3\n"
            "    examples   mistakes      error since last       label     predict features\n"
            "           2          0       n.a.       n.a. ENTY:cremat DESC:manner        3\n"
            "           4          0       n.a.       n.a.           c           d        3\n"
            "           8          0       n.a.       n.a. ENTY:animal     HUM:ind        3\n"
            "    examples   mistakes      error since last       label                  predict "
            "features\n"
            "          16          0       n.a.       n.a. ENTY:animal " +
                y30 + "        3\n");
}

// Names known before the run (a model's classes) widen the columns from the
// header on; a name longer than kMaxKnownWidth widens them to that only.
TEST(ProgressTest, KnownClassNamesWidenTheColumnsFromTheHeaderOn) {
  std::ostringstream out;
  ProgressTable table(&out);
  const std::vector<std::string> classes = {"DESC:manner", "a"};
  table.Widen(classes);
  RunStats stats;
  ++stats.examples;
  table.Add(stats, "a", "DESC:manner", 3);
  EXPECT_EQ(out.str(),
            "    examples   mistakes      error since last       label     predict features\n"
            "           1          0       n.a.       n.a.           a DESC:manner        3\n");
  std::ostringstream capped;
  ProgressTable long_names(&capped);
  long_names.Widen(std::vector<std::string>{std::string(30, 'x')});
  long_names.Add(RunStats{.examples = 1}, "a", "b", 3);
  EXPECT_EQ(capped.str().substr(0, capped.str().find('\n')),
            "    examples   mistakes      error since last" + std::string(20, ' ') + "label" +
                std::string(18, ' ') + "predict features");
}

TEST(ProgressTest, SummaryErrorRateIsNotAvailableWithoutLabels) {
  RunStats stats{.examples = 4, .labelled = 0, .features = 12, .bytes = 2000000, .seconds = 2};
  std::ostringstream out;
  PrintSummary(stats, out);
  EXPECT_EQ(out.str(),
            "\nfinished run\n"
            "number of examples = 4\n"
            "labelled examples = 0\n"
            "total features = 12\n"
            "bytes read = 2000000\n"
            "lines skipped = 0\n"
            "mistakes = 0\n"
            "error rate = n.a.\n"
            "wall seconds = 2.000\n"
            "examples/s = 2\n"
            "MB/s = 1.0\n");
  stats.labelled = 4;
  stats.mistakes = 1;
  std::ostringstream labelled;
  PrintSummary(stats, labelled);
  EXPECT_NE(labelled.str().find("\nerror rate = 0.250000\n"), std::string::npos);
}

TEST(ProgressTest, SummaryWithoutTableHasNoBlankLineFirst) {
  std::ostringstream out;
  PrintSummary(RunStats{.examples = 1}, out, /*after_table=*/false);
  EXPECT_TRUE(out.str().starts_with("finished run\nnumber of examples = 1\n")) << out.str();
}

}  // namespace
}  // namespace hare::learner
