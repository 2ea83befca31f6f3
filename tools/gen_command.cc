// hare gen [--family zipf|text|separable|...] [-n EXAMPLES] [--bytes SIZE] [--seed N] ...
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iostream>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "learner/weight_table.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/synthetic.h"

namespace hare::tools {

int GenCommand(int argc, char** argv) {
  GenOptions o;
  int64_t examples = 0;
  std::string bytes_text;
  std::vector<std::string> rest;
  FlagParser flags(/*reads_data=*/false);
  flags.AddString("--family", "NAME",
                  "zipf (default; VW), text (zipf as sentences), separable, disjunction or "
                  "conjunction",
                  &o.family);
  flags.AddInt("-n,--examples", "N", "stop after N examples", &examples);
  flags.AddString("--bytes", "SIZE", "stop after SIZE bytes (K, M, G, T suffixes)", &bytes_text);
  flags.AddUint("--seed", "N", "random seed of the examples (default 1)", &o.seed);
  flags.AddUint("--concept-seed", "N",
                "zipf, text, separable: random seed of the hidden rule (default, or 0: --seed)",
                &o.concept_seed);
  flags.AddInt("--vocabulary", "N",
               "zipf, text: number of words (default 1000000; about 64 bytes of memory each)",
               &o.vocabulary);
  flags.AddInt("--min-features", "N", "zipf, text: fewest words an example (default 20)",
               &o.min_features);
  flags.AddInt("--max-features", "N", "zipf, text: most words an example (default 40)",
               &o.max_features);
  flags.AddFloat("--relevant", "P", "zipf, text: share of words with a hidden weight (default 0.1)",
                 &o.relevant);
  flags.AddFloat("--noise", "S", "zipf, text: deviation of the label noise (default 0.5)",
                 &o.noise);
  flags.AddInt("--dim", "D", "separable: number of features (default 20)", &o.dimension);
  flags.AddFloat("--gamma", "G", "separable: margin (default 0.1)", &o.gamma);
  flags.AddFloat("--radius", "R", "separable: largest norm of an example (default 1)", &o.radius);
  flags.AddFloat("--flip", "P", "separable: flip each label with probability P (default 0)",
                 &o.flip);
  flags.AddInt("--n", "N", "disjunction/conjunction: Boolean features (default 1000)", &o.n);
  flags.AddInt("--k", "K", "disjunction/conjunction: relevant features (default 10)", &o.k);
  flags.AddFloat("--density", "Q", "disjunction/conjunction: P(irrelevant feature on) (0.05)",
                 &o.density);
  if (int code = ParseCommandLine(
          flags,
          "usage: hare gen [options] > FILE\n"
          "Writes deterministic synthetic examples to stdout, in VW format (--family text:\n"
          "sentences labelled pos or neg, for --format text --multiclass ova). Without -n\n"
          "or --bytes, writes 10000 examples.\n",
          argc, argv, &rest, "", /*files=*/false);
      code >= 0) {
    return code;
  }
  std::vector<std::string> problems;
  if (!rest.empty()) problems.push_back(absl::StrCat("unexpected argument '", rest[0], "'"));
  if (o.family != "zipf" && o.family != "text" && o.family != "separable" &&
      o.family != "disjunction" && o.family != "conjunction") {
    problems.push_back(absl::StrCat("unknown family '", o.family,
                                    "' (zipf, text, separable, disjunction, conjunction)"));
  }
  // A family's options with another family would be ignored: refused instead.
  static constexpr std::pair<const char*, const char*> kFamilyOf[] = {
      {"--vocabulary", "zipf text"},
      {"--min-features", "zipf text"},
      {"--max-features", "zipf text"},
      {"--relevant", "zipf text"},
      {"--noise", "zipf text"},
      {"--dim", "separable"},
      {"--gamma", "separable"},
      {"--radius", "separable"},
      {"--flip", "separable"},
      {"--n", "disjunction conjunction"},
      {"--k", "disjunction conjunction"},
      {"--density", "disjunction conjunction"},
      // The Boolean families' rule is fixed: x0 .. x(k-1) are the relevant features.
      {"--concept-seed", "zipf text separable"}};
  for (const auto& [flag, families] : kFamilyOf) {
    const std::vector<std::string> of = absl::StrSplit(families, ' ');
    if (flags.WasGiven(flag) && std::find(of.begin(), of.end(), o.family) == of.end()) {
      // "a or b", "a, b or c"
      const std::string all_but_last =
          absl::StrJoin(std::span<const std::string>(of).first(of.size() - 1), ", ");
      problems.push_back(absl::StrCat(flag, " is for --family ", all_but_last,
                                      of.size() > 1 ? " or " : "", of.back(), ", not ", o.family));
    }
  }
  // Their values are checked only where they are used.
  if (!problems.empty()) return FailUsage("gen", problems);
  if (!(o.flip >= 0 && o.flip <= 1)) problems.push_back("--flip must be in [0, 1]");
  if (o.n < 1 || o.n > 10000000 || o.k < 1 || o.k > 30 || o.k > o.n) {
    problems.push_back("need 1 <= --k <= 30 and --k <= --n <= 10000000");
  }
  if (!(o.density >= 0 && o.density <= 1)) problems.push_back("--density must be in [0, 1]");
  if (examples < 0) problems.push_back("-n must not be negative");
  const bool bytes_given = flags.WasGiven("--bytes");
  if (bytes_given && !ParseSize(bytes_text, &o.bytes)) {
    problems.push_back(
        absl::StrCat("--bytes '", bytes_text, "' is not a size below 2^64 bytes (e.g. 1G, 500M)"));
  }
  // About 64 bytes a word at the peak (its weights and alias table): at most
  // some 8.6 GB.
  if (o.vocabulary < 1 || o.vocabulary > (int64_t{1} << 27))
    problems.push_back("--vocabulary must be 1 to 2^27 (134217728)");
  if (o.min_features < 1 || o.max_features < o.min_features || o.max_features > 1000000) {
    problems.push_back("need 1 <= --min-features <= --max-features <= 1000000");
  }
  if (!(o.relevant >= 0 && o.relevant <= 1)) problems.push_back("--relevant must be in [0, 1]");
  if (!(o.noise >= 0)) problems.push_back("--noise must not be negative");
  if (o.dimension < 1 || o.dimension > 1000000) problems.push_back("--dim must be 1 to 1000000");
  const bool ball = o.radius > 0 && o.gamma > 0 && o.gamma < o.radius;
  if (!ball) problems.push_back("need 0 < --gamma < --radius");
  // Points of the cube [-1,1]^dim are pulled into the ball of the radius: no
  // margin reaches the smaller of the radius and sqrt(dim).
  const bool separable = o.family == "separable";
  if (separable && ball && o.dimension >= 1 &&
      o.gamma >=
          std::min(static_cast<double>(o.radius), std::sqrt(static_cast<double>(o.dimension)))) {
    problems.push_back(absl::StrFormat(
        "--gamma %g is out of reach at --radius %g and --dim %d: a point's margin is less than "
        "the smaller of the radius and sqrt(dim)",
        o.gamma, o.radius, o.dimension));
  }
  if (!problems.empty()) return FailUsage("gen", problems);
  if (separable && !SeparableDrawsPoints(o)) {
    std::cerr << absl::StrFormat(
        "hare gen: warning: points of margin --gamma %g are rare at --radius %g and --dim %d (a "
        "high --dim pulls the cube's points far into the ball): none came in a trial of 10^7 "
        "coordinates, so this may take very long\n",
        o.gamma, o.radius, o.dimension);
  }
  o.examples = static_cast<uint64_t>(examples);
  // -n 0 or --bytes 0 asks for nothing (Generate takes 0 for no limit).
  if ((flags.WasGiven("-n") && examples == 0) || (bytes_given && o.bytes == 0)) {
    return kExitOk;
  }
  if (o.examples == 0 && o.bytes == 0) o.examples = 10000;
  errno = 0;
  try {
    Generate(o, std::cout);
  } catch (const learner::OutOfMemoryFor& e) {  // the vocabulary's tables, before any output
    return Fail("gen", absl::StrCat("out of memory: ", e.what()), kExitInput);
  } catch (const std::bad_alloc&) {  // a line, as it is written
    std::cout.flush();
    // The options that make an example's features, by family.
    const char* fewer = separable                                  ? "--dim"
                        : o.family == "zipf" || o.family == "text" ? "--max-features"
                                                                   : "--n or --density";
    return Fail("gen",
                absl::StrCat("out of memory for the features of one example (fewer with a "
                             "smaller ",
                             fewer, ")"),
                kExitInput);
  }
  // A refused write sets the stream's badbit, and no write is tried after it,
  // so errno still holds the system's reason (a full disk, a closed pipe).
  if (!std::cout) {
    const int error = errno;
    return Fail("gen",
                absl::StrCat("cannot write to stdout",
                             error != 0 ? absl::StrCat(": ", std::strerror(error)) : ""),
                kExitInput);
  }
  return kExitOk;
}

}  // namespace hare::tools
