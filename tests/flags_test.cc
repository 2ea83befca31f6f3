// The command-line parser: the spellings of a flag with its value, repeats.
#include "tools/flags.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hare::tools {
namespace {

// Parses `args` (after "hare train") with -b/--bits, a repeatable -q, a switch
// and a float; returns the status's message, "" when it is ok.
struct Parsed {
  int64_t bits = 0;
  std::vector<std::string> pairs;
  bool quiet = false;
  float rate = 0;
  std::vector<std::string> positional;
  std::string error;
};

Parsed Parse(std::vector<std::string> args) {
  Parsed p;
  FlagParser flags;
  flags.AddInt("-b,--bits", "BITS", "table size", &p.bits);
  flags.Add("-q,--quadratic", "AB", "pairs", [&p](std::string_view v) {
    if (v == "\\") return absl::InvalidArgumentError("-q: a '\\' starts VW's \\xHH");
    if (v.size() != 2) return absl::InvalidArgumentError("-q takes 2 letters");
    p.pairs.emplace_back(v);
    return absl::OkStatus();
  });
  flags.AllowRepeats("-q");
  flags.AddSwitch("--quiet", "quiet", &p.quiet);
  flags.AddFloat("-l,--learning-rate", "RATE", "rate", &p.rate);
  args.insert(args.begin(), {"hare", "train"});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  p.error = std::string(
      flags.Parse(static_cast<int>(argv.size()), argv.data(), 2, &p.positional).message());
  return p;
}

TEST(FlagParserTest, AValueSpelledFourWays) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"-b", "24"}, {"-b24"}, {"--bits", "24"}, {"--bits=24"}}) {
    const Parsed p = Parse(args);
    EXPECT_EQ(p.error, "") << args[0];
    EXPECT_EQ(p.bits, 24) << args[0];
  }
  // Attached values may start with '-', as a separate one may.
  EXPECT_EQ(Parse({"-l-0.5"}).rate, -0.5f);
  EXPECT_EQ(Parse({"-l", "-0.5"}).rate, -0.5f);
}

// fastText's spellings name hare's option, not "-l: 'r' is not a number".
TEST(FlagParserTest, FastTextsSpellingsNameHares) {
  EXPECT_EQ(Parse({"-lr", "0.5"}).error, "unknown option -lr (hare's is -l)");
  EXPECT_EQ(Parse({"-l0.5"}).rate, 0.5f);  // an attached value still is one
}

// Other tools' options that hare has not are refused with what hare has
// instead, never read as a short flag with its value attached (fastText's
// -loss as -l "oss", -bucket as -b "ucket", -qnorm as -q "norm").
TEST(FlagParserTest, OtherToolsOptionsAreNotAttachedValues) {
  EXPECT_EQ(Parse({"-loss", "softmax"}).error,
            "unknown option -loss (fastText's -loss: hare's classes are --multiclass ova (-loss "
            "ova) or crammer-singer, --probabilities a softmax over them; --loss is SGD's)");
  EXPECT_EQ(Parse({"-bucket", "2000000"}).error,
            "unknown option -bucket (fastText's -bucket: hare's table is -b BITS, 2^BITS slots "
            "for all features)");
  EXPECT_EQ(Parse({"-qnorm"}).error,
            "unknown option -qnorm (fastText's quantization: a hare model is its table, -b BITS)");
  EXPECT_EQ(Parse({"-v", "5"}).error,
            "unknown option -v (LIBLINEAR's cross-validation: hare tune --folds K)");
  EXPECT_EQ(Parse({"-w-1", "0.5"}).error,
            "unknown option -w-1 (LIBLINEAR's class weight: hare has none; each VW line may carry "
            "an importance weight)");
  EXPECT_EQ(Parse({"--nn", "10"}).error,
            "unknown option --nn (a VW reduction hare does not have: hare's models are linear)");
  // Their names are still values: -q -s pairs the namespaces - and s, -qws
  // w and s.
  EXPECT_EQ(Parse({"-q", "-s"}).pairs, std::vector<std::string>{"-s"});
  EXPECT_EQ(Parse({"-qws"}).pairs, std::vector<std::string>{"ws"});
}

TEST(FlagParserTest, AttachedValuesOnlyAfterAShortFlagThatTakesOne) {
  EXPECT_EQ(Parse({"-x5"}).error, "unknown option -x5");
  EXPECT_EQ(Parse({"--bits24"}).error, "unknown option --bits24");
  EXPECT_EQ(Parse({"-bx"}).error, "-b: 'x' is not a whole number");
}

TEST(FlagParserTest, RepeatableFlagsAdd) {
  const Parsed p = Parse({"-qab", "-q", "cd", "--quadratic=ef", "data.vw"});
  EXPECT_EQ(p.error, "");
  EXPECT_EQ(p.pairs, (std::vector<std::string>{"ab", "cd", "ef"}));
  EXPECT_EQ(p.positional, (std::vector<std::string>{"data.vw"}));
}

TEST(FlagParserTest, AValueGivenTwiceIsRefusedUnlessTheSame) {
  EXPECT_EQ(Parse({"-b", "18", "--bits=20"}).error,
            "--bits is given twice ('18', then '20'): give it once");
  EXPECT_EQ(Parse({"-b18", "-b", "20"}).error, "-b is given twice ('18', then '20'): give it once");
  const Parsed same = Parse({"-b", "20", "--bits", "20", "--quiet", "--quiet"});
  EXPECT_EQ(same.error, "");
  EXPECT_EQ(same.bits, 20);
  EXPECT_TRUE(same.quiet);
}

// A value's problem is said once, after the flag's name unless the message
// names the flag itself (by any of its names).
TEST(FlagParserTest, AValuesProblemNamesTheFlagOnce) {
  EXPECT_EQ(Parse({"-b", "x"}).error, "-b: 'x' is not a whole number");
  EXPECT_EQ(Parse({"-b", "9223372036854775808"}).error,
            "-b: '9223372036854775808' is out of range");
  EXPECT_EQ(Parse({"-b", "-9223372036854775809x"}).error,
            "-b: '-9223372036854775809x' is not a whole number");
  EXPECT_EQ(Parse({"--quadratic=abc"}).error, "-q takes 2 letters");
  EXPECT_EQ(Parse({"-q", "abc"}).error, "-q takes 2 letters");
  EXPECT_EQ(Parse({"--quadratic", "\\"}).error, "-q: a '\\' starts VW's \\xHH");
  // A float too small for a float is not taken for 0; a 0 is a 0.
  EXPECT_EQ(Parse({"-l", "1e-50"}).error, "-l: '1e-50' is too small for a float (it would be 0)");
  EXPECT_EQ(Parse({"-l", "0.0e-50"}).error, "");
  EXPECT_EQ(Parse({"-l", "1e-30"}).rate, 1e-30f);
}

// Sizes: a number, K, M, G or T of them; 2^64 bytes or more is no size.
TEST(ParseSizeTest, UnitsAndOverflow) {
  uint64_t bytes = 0;
  ASSERT_TRUE(ParseSize("500M", &bytes));
  EXPECT_EQ(bytes, uint64_t{500} << 20);
  ASSERT_TRUE(ParseSize("16777215T", &bytes));
  EXPECT_EQ(bytes, uint64_t{16777215} << 40);
  EXPECT_FALSE(ParseSize("16777216T", &bytes));  // 2^64: it wrapped around to 0
  EXPECT_FALSE(ParseSize("16777217T", &bytes));  // it wrapped around to 1 TiB
  EXPECT_FALSE(ParseSize("18446744073709551616", &bytes));
  EXPECT_FALSE(ParseSize("G", &bytes));
}

}  // namespace
}  // namespace hare::tools
