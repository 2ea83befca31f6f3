// hare tune [FILE...] [train options] [--folds K] [--max-passes N] [--threads N]
//
// A search over hare train's options, as LBJava's automatic parameter tuning
// did for its learners: coordinate ascent over a few dimensions (the rule and
// multiclass method, averaging, the rule's step parameter, and with --format
// text or fasttext the templates), each candidate trained on the user's files with train's
// own option parser and scored on a holdout (every 5th example) or k folds,
// at every pass up to --max-passes (which picks the number of passes: the
// line printed trains that many passes on every example, --holdout-off,
// except with --probabilities, whose fit needs train's holdout). Two
// rounds at most: a round that changes nothing ends the search. Candidates
// run in parallel, one per thread; each is deterministic and ties keep the
// earlier choice, so the result is the same for any thread count.
#include <malloc.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <new>
#include <set>
#include <system_error>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "io/example_reader.h"
#include "io/number.h"
#include "learner/learner.h"
#include "learner/memory_limit.h"
#include "learner/model.h"
#include "learner/run.h"
#include "learner/weight_table.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/memory_budget.h"
#include "tools/output.h"
#include "tools/train_flags.h"
#include "tools/tune_space.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare tune [FILE...] [train options] [--folds K] [--max-passes N] [--threads N]\n"
    "Searches hare train's options on labelled FILEs: the rule (and multiclass method),\n"
    "averaging, --shuffle, --unit-norm, the rule's step (margin, alpha, beta, -C, -l,\n"
    "--arow-r, --smoothing), --uneven-margin (for the rules with a margin) and, with\n"
    "--format text or fasttext, the templates (--ngram, --minn/--maxn, --affix, --bos; --window,\n"
    "--collocations, --no-unigrams when a --window or --collocations is given),\n"
    "by coordinate ascent, each candidate scored on a holdout of every 5th example (or\n"
    "K folds) after every pass. The train options given are the starting point and stay fixed\n"
    "unless the search changes them (a rule tried starts from its own defaults, without the\n"
    "given rule's options; a switch given, such as --average or --unit-norm, is also tried\n"
    "without).\n"
    "Progress goes to stderr; stdout gets one line, the best options for hare train: with\n"
    "--passes N and, for N > 1, --holdout-off, so that every example is learned from (with\n"
    "--probabilities, train's holdout stays: the fit needs it). With -f MODEL, hare tune then\n"
    "trains that line on the FILEs and writes MODEL, as hare train would.\n";

// The options that belong to a rule (its loss, rates and step).
constexpr std::string_view kRuleOptions[] = {"--loss",
                                             "--adagrad",
                                             "-l",
                                             "--schedule",
                                             "--power-t",
                                             "--l1",
                                             "--l2",
                                             "-C",
                                             "--pa-variant",
                                             "--arow-r",
                                             "--smoothing",
                                             "--alpha",
                                             "--beta",
                                             "--initial-weight",
                                             "--threshold",
                                             "--margin",
                                             "--normalized-margin"};

// A flag given, as words of a command line: "--quadratic=-b" and "-q-b" stay
// one word, as the value alone would read as an option.
// Namespace letters print with VW's \xHH for white space (EscapeNamespaceLetters),
// so that "--ignore \x20" survives the shell's word splitting of $(hare tune).
void AppendGiven(const FlagParser::Given& g, std::vector<std::string>& args) {
  std::string value = g.value;
  for (const char* flag :
       {"-q", "--quadratic", "--cubic", "--ignore", "--ignore-linear", "--keep"}) {
    if (g.name == flag)
      value = EscapeNamespaceLetters(NamespaceLetters(flag, value, true).value_or(value));
  }
  // And --ngram's and --skips' letter ("--ngram ' 2'" prints --ngram \x202),
  // a '-' too, which would read as a negative N.
  if ((g.name == "--ngram" || g.name == "--skips") && IsLetteredGram(value)) {
    if (auto split = LetteredGramSpec(g.name.c_str(), value); split.ok()) {
      std::string spec(1, split->first);
      spec.append(split->second);
      value = LetteredGramText(spec);
    }
  }
  if (!value.empty() && value[0] == '-') {
    args.push_back(g.name.starts_with("--") ? g.name + "=" + value : g.name + value);
    return;
  }
  args.push_back(g.name);
  if (!value.empty()) args.push_back(value);
}

// Flags that tune sets itself for every candidate.
bool TuneSetsItself(std::string_view name) {
  for (std::string_view n :
       {"-f", "--final-regressor", "--passes", "--holdout-period", "--holdout-off", "--early-stop",
        "-c", "--cache", "--quiet", "--threads", "--folds", "--max-passes", "--probabilities",
        "--strict", "--keep-names", "--save-resume", "-h", "--help"}) {
    if (name == n) return true;
  }
  return false;
}

// Why a train flag given to tune goes unused in the search and its line, or "".
std::string_view NotUsedBecause(const FlagParser& flags, std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kWhy[] = {
      {"--passes", "tune picks the passes (up to --max-passes)"},
      {"--early-stop", "tune stops each candidate after 3 passes without progress"},
      {"--holdout-period", "tune holds out every 5th example (or --folds K)"},
      {"--holdout-off", "tune scores on a holdout, and its line adds --holdout-off itself"},
      {"-c", "tune's candidates each cache their passes in a file of their own"}};
  for (const auto& [flag, why] : kWhy) {
    if (flags.SameFlag(name, flag)) return why;
  }
  return "";
}

struct Setup {
  std::vector<std::string> inputs;
  std::vector<FlagParser::Given> base;  // the train options given
  int folds = 1;
  int max_passes = 20;
  MemoryBudget* budget = nullptr;  // the tables of the candidates running at once
  uint64_t memory = 0;             // CurrentMemoryLimit's bytes, read once (0: not known)
};

// Why a holdout got no labelled example, when the input says more than its
// size: lines that were all bad, examples without labels, or fewer examples
// than the folds (or than the holdout's period). Bad lines are
// counted once (a cache keeps their count), labelled examples each pass.
std::string TooFewWhy(const learner::TrainResult& r, int64_t period, bool folds) {
  const learner::RunStats& stats = r.stats;
  const uint64_t labelled = stats.labelled / std::max<uint64_t>(r.passes.size(), 1);
  if (stats.bad_lines > 0 && labelled < static_cast<uint64_t>(period)) {
    return absl::StrCat(" (", stats.bad_lines, stats.bad_lines == 1 ? " bad line" : " bad lines",
                        " skipped, ", labelled == 0 ? "no labelled example" : "too few labelled",
                        " left: see the messages above)");
  }
  if (stats.examples > 0 && stats.labelled == 0) return " (none of the examples has a label)";
  const uint64_t examples = stats.examples / std::max<uint64_t>(r.passes.size(), 1);
  if (examples < static_cast<uint64_t>(period)) {
    return absl::StrCat(" (", examples, examples == 1 ? " example" : " examples", ", fewer than ",
                        folds ? absl::StrCat("the ", period, " folds)")
                              : absl::StrCat("the ", period, " it takes to hold one out)"));
  }
  if (labelled > 0) {
    return absl::StrCat(" (", labelled, labelled == 1 ? " example has" : " examples have",
                        " a label, but none of those held out)");
  }
  return "";
}

struct Result {
  double accuracy = 0;    // on the held-out examples, at the best pass
  uint64_t held_out = 0;  // how many examples that is (of every fold)
  int passes = 0;
  std::string error;           // not empty: the candidate could not be trained
  bool out_of_memory = false;  // its table, or a line's features, did not fit
  std::string one_class;       // not empty: every held-out example is of this class
};

// `word` as a shell reads it back: as it is when no character of it is one a
// shell treats specially, else in single quotes ("my data.tsv", "#").
std::string ShellWord(const std::string& word) {
  constexpr std::string_view kPlain =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%^";
  if (!word.empty() && word.find_first_not_of(kPlain) == std::string::npos) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// "hare train ARGS" as the words of a command line and the argv pointing
// into them (`words` must outlive it).
std::vector<char*> TrainArgv(const std::vector<std::string>& args,
                             std::vector<std::string>& words) {
  words = {"hare", "train"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  return argv;
}

// Parses `args` as hare train's options into `train` (bound to `flags`);
// returns why train refuses them, or "".
std::string ParseTrainOptions(const std::vector<std::string>& args, FlagParser& flags,
                              TrainFlags& train) {
  std::vector<std::string> words;
  std::vector<char*> argv = TrainArgv(args, words);
  std::vector<std::string> positional;
  if (absl::Status s = flags.Parse(static_cast<int>(argv.size()), argv.data(), 2, &positional);
      !s.ok()) {
    return std::string(s.message());
  }
  return absl::StrJoin(train.Finish(), "; ");
}

// Whether hare train refuses `args`, as it does a combination the search
// made, such as nb with --average, or --average with a given --l2.
bool Refused(const std::vector<std::string>& args) {
  FlagParser flags;
  TrainFlags train(flags);
  return !ParseTrainOptions(args, flags, train).empty();
}

// Trains with `args` (train options) on every fold and scores the held-out
// examples after each pass. `run` applies to the first fold: the starting
// point reports the input's bad lines (and stops at one with --strict), as
// hare train would; the other candidates read the same lines silently.
Result Evaluate(const Setup& setup, const std::vector<std::string>& args,
                const learner::RunOptions& run = {}) {
  FlagParser flags;
  TrainFlags train(flags);
  Result result;
  result.error = ParseTrainOptions(args, flags, train);
  if (!result.error.empty()) return result;
  learner::TrainOptions& o = train.options;
  o.inputs = setup.inputs;
  // Naive Bayes counts every example once, and --max-passes 1 allows one
  // pass. After each pass the holdout is scored with the weights that pass
  // left, in a pass that only predicts: the score is the model's, the one
  // the printed line trained on the other examples would give them.
  const bool one_pass = o.learner.rule == learner::Rule::kNaiveBayes || setup.max_passes == 1;
  o.passes = one_pass ? 1 : setup.max_passes;
  o.holdout_after_pass = true;
  o.early_stop = 3;
  o.threads = 1;
  o.quiet = true;
  o.holdout_period = setup.folds > 1 ? setup.folds : 5;
  // The held-out examples and mistakes of every fold, after each pass: the
  // error of all held-out examples together, however unequal the folds.
  std::vector<learner::PassResult> all(static_cast<size_t>(o.passes));
  size_t run_by_all = all.size();  // passes every fold ran
  std::set<std::string> held_out_classes;
  for (int fold = 0; fold < setup.folds; ++fold) {
    o.holdout_offset = fold;
    absl::StatusOr<learner::TrainResult> r;
    try {  // a rule of more floats a slot can need a table the memory cannot hold
      // The table's share of the budget is taken before it is mapped, and
      // given back after it is unmapped (the hold outlives the learner).
      // A table larger than the memory fails at once, waiting for no one.
      const uint64_t table = learner::TableBytes(o.learner, o.parse.bits);
      const MemoryBudget::Hold hold(
          setup.memory == 0 || table <= setup.memory ? setup.budget : nullptr, table);
      std::unique_ptr<learner::Learner> l = learner::MakeLearner(o.learner, o.parse.bits);
      r = learner::Train(o, *l, fold == 0 ? run : learner::RunOptions{});
    } catch (const std::bad_alloc& e) {  // or the features of a line, -q or --cubic
      result.error = learner::OutOfMemory(e);
      result.out_of_memory = true;
      return result;
    }
    if (!r.ok()) {
      result.error = std::string(r.status().message());
      return result;
    }
    // The starting point warns, as hare train would, when --window or
    // --collocations find no target marker to make features around.
    if (fold == 0 && run.messages != nullptr) {
      WarnIfNoTarget("tune", o.parse.text, r->stats.parsed_text, r->stats.marked);
    }
    // A line whose features did not fit was skipped: beside other
    // candidates' tables it may have fitted alone, so the candidate is run
    // again alone (its score stands if the line does not fit then either).
    result.out_of_memory |= r->stats.out_of_memory > 0;
    if (r->passes.empty() || r->passes[0].holdout_examples == 0) {
      const bool folds = setup.folds > 1;
      result.error = absl::StrCat("no labelled example held out ",
                                  folds ? absl::StrCat("in fold ", fold + 1, " of ", setup.folds)
                                        : absl::StrCat("(1 in ", o.holdout_period, ")"),
                                  ": too few examples to score options on",
                                  TooFewWhy(*r, o.holdout_period, folds));
      return result;
    }
    const learner::PassResult& first = r->passes[0];
    const std::vector<std::string> names =
        r->classes.empty() ? learner::ClassMap::Binary().names() : r->classes;
    held_out_classes.insert(first.holdout_one_class ? names[first.holdout_class] : "");
    // Each fold stops early on its own; the passes every fold ran are the
    // ones scored, so that a pass count's score is what that many passes
    // give on every fold.
    run_by_all = std::min(run_by_all, r->passes.size());
    for (size_t p = 0; p < std::min(all.size(), r->passes.size()); ++p) {
      all[p].holdout_mistakes += r->passes[p].holdout_mistakes;
      all[p].holdout_examples += r->passes[p].holdout_examples;
    }
  }
  auto less_error = [](const learner::PassResult& a, const learner::PassResult& b) {
    return a.holdout_error() < b.holdout_error();
  };
  const auto scored = all.begin() + static_cast<std::ptrdiff_t>(run_by_all);
  const size_t best =
      static_cast<size_t>(std::min_element(all.begin(), scored, less_error) - all.begin());
  // Right over held out, as hare test counts it (1 - mistakes/n rounds
  // otherwise at a half).
  result.accuracy = static_cast<double>(all[best].holdout_examples - all[best].holdout_mistakes) /
                    static_cast<double>(all[best].holdout_examples);
  result.held_out = all[best].holdout_examples;
  result.passes = static_cast<int>(best) + 1;
  if (held_out_classes.size() == 1) result.one_class = *held_out_classes.begin();
  return result;
}

// The limit of the address space (ulimit -v), or 0 for none.
uint64_t AddressSpaceLimit() {
  rlimit space{};
  if (getrlimit(RLIMIT_AS, &space) != 0 || space.rlim_cur == RLIM_INFINITY) return 0;
  return space.rlim_cur;
}

// The bytes of tables the candidates running at once may map: the memory
// (the machine's, or its cgroup's limit), and under a limit of the address
// space (ulimit -v) what is left of it, less what each thread takes beside
// its table (its stack, its malloc arena, its reader's: 256 MiB is more).
// 0: no limit known.
uint64_t TablesAtOnce(uint64_t memory, uint64_t address_space, int threads) {
  if (address_space == 0) return memory;
  uint64_t used = 0;  // the address space mapped now
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    unsigned long pages = 0;
    if (std::fscanf(f, "%lu", &pages) == 1) {
      used = pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    }
    std::fclose(f);
  }
  const uint64_t reserve =
      used + static_cast<uint64_t>(std::max(threads, 1)) * (uint64_t{256} << 20);
  const uint64_t left = address_space > reserve ? address_space - reserve : 1;
  return memory == 0 ? left : std::min(memory, left);
}

// Evaluates every candidate, `threads` at a time (as many as the memory
// budget lets run at once). One that ran out of memory beside others is run
// again alone, as --threads 1 runs it, so that under a limit of the address
// space (ulimit -v) too the result does not depend on the threads, but
// within about 10 MB of a table's own limit (README).
std::vector<Result> EvaluateAll(const Setup& setup,
                                const std::vector<std::vector<std::string>>& candidates,
                                int threads) {
  std::vector<Result> results(candidates.size());
  std::atomic<size_t> next = 0;
  auto work = [&] {
    for (size_t i; (i = next++) < candidates.size();) results[i] = Evaluate(setup, candidates[i]);
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(std::max(threads, 1)));
  for (int t = 1; t < threads && t < static_cast<int>(candidates.size()); ++t) {
    try {
      pool.emplace_back(work);
    } catch (...) {  // refused by the system, or its memory: fewer do the work
      break;
    }
  }
  work();
  for (std::thread& t : pool) t.join();
  if (!pool.empty()) {
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (results[i].out_of_memory) results[i] = Evaluate(setup, candidates[i]);
    }
  }
  return results;
}

// The options `args` give, in an order of their own: each flag with its
// value, sorted, so that the same options in another order compare equal.
std::string OptionSet(const FlagParser& flags, const std::vector<std::string>& args) {
  std::vector<std::string> options;
  for (const std::string& w : args) {
    if (flags.Knows(w) || options.empty()) {
      options.push_back(w);
    } else {
      absl::StrAppend(&options.back(), " ", w);
    }
  }
  std::sort(options.begin(), options.end());
  return absl::StrJoin(options, "\n");
}

std::vector<std::string> Words(std::string_view text) {
  return absl::StrSplit(absl::string_view(text.data(), text.size()), ' ', absl::SkipEmpty());
}

}  // namespace

int TuneCommand(int argc, char** argv) {
  FlagParser flags;
  TrainFlags train(flags, /*resumable=*/false);
  int64_t folds = 1, max_passes = 20;
  flags.AddInt("--folds", "K",
               "score on K folds, every K-th example held out at K offsets, on all held-out "
               "examples together (2 to 100; without it, one holdout of every 5th example)",
               &folds);
  flags.AddInt("--max-passes", "N", "passes tried for each candidate (default 20)", &max_passes);
  Setup setup;
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &setup.inputs); code >= 0)
    return code;
  std::vector<std::string> problems = train.Finish();
  if (flags.WasGiven("--folds") && (folds < 2 || folds > 100)) {
    problems.push_back(
        "--folds must be 2 to 100 (without it, every 5th example is held out, once)");
  }
  if (max_passes < 1 || max_passes > 1000) problems.push_back("--max-passes must be 1 to 1000");
  if (setup.inputs.empty() ||
      std::find(setup.inputs.begin(), setup.inputs.end(), "-") != setup.inputs.end()) {
    problems.push_back("tune reads its FILEs many times: give files, not stdin");
  }
  // tune prints its line on stdout and its trials on stderr, then writes the
  // model: not into either.
  if (const std::string stream = StandardStreamAt(train.options.model_out, /*stdout_too=*/true);
      !stream.empty()) {
    problems.push_back(absl::StrCat("-f ", train.options.model_out, " writes to ", stream,
                                    ", where tune prints its ",
                                    stream == "stdout" ? "line" : "trials",
                                    ": the model would be mixed with it (name a file)"));
  }
  if (!problems.empty()) return FailUsage("tune", problems);
  if (absl::Status s = io::CheckReadable(setup.inputs); !s.ok()) return Fail("tune", s, kExitInput);
  // Its line, written into an input, would be read back by the search's
  // later candidates and the -f model's training, which read the inputs
  // again; written to the model's file, the model would replace it.
  if (absl::Status s = CheckStdout(setup.inputs, train.options.model_out); !s.ok()) {
    return Fail("tune", s, kExitInput);
  }
  for (const std::string& input : setup.inputs) {  // a pipe would wait for a second writer
    struct stat st;
    if (::stat(input.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      return FailUsage(
          "tune",
          {absl::StrCat("tune reads its FILEs many times: ", input,
                        " is not a regular file (a pipe or a device may not give the same lines "
                        "twice)")});
    }
  }
  if (!train.options.model_out.empty()) {  // before the search, not after it
    if (absl::Status s = learner::CheckWritable(train.options.model_out, setup.inputs); !s.ok()) {
      return Fail("tune", s, kExitInput);
    }
  }
  setup.folds = static_cast<int>(folds);
  setup.max_passes = static_cast<int>(max_passes);
  // Under a limit of the address space each thread's own malloc arena (64
  // MiB reserved on 64-bit glibc) stays mapped when it is done, and takes
  // from what a candidate's table needs alone: one arena for all of them.
  const uint64_t address_space = AddressSpaceLimit();
  if (address_space > 0) mallopt(M_ARENA_MAX, 1);
  setup.memory = learner::CurrentMemoryLimit().bytes;
  MemoryBudget budget(TablesAtOnce(setup.memory, address_space, train.options.threads));
  setup.budget = &budget;
  const bool probabilities = flags.WasGiven("--probabilities");
  // With --probabilities a given --holdout-period says which examples the
  // fit takes: the line keeps it.
  std::string fit_period;
  for (const FlagParser::Given& g : flags.given()) {
    if (probabilities && flags.SameFlag(g.name, "--holdout-period")) {
      fit_period = g.value;
      continue;
    }
    // A train command pasted in runs, but what tune sets itself is said to be unused.
    if (std::string_view why = NotUsedBecause(flags, g.name); !why.empty()) {
      std::cerr << "hare tune: " << g.name << (g.value.empty() ? "" : " ") << g.value
                << " is not used: " << why << "\n";
    }
    if (TuneSetsItself(g.name)) continue;
    setup.base.push_back(g);
  }
  const int threads = train.options.threads;

  std::vector<Dimension> dims = Dimensions(train.options, "");
  // The current point: a value (its flags) per dimension. A given flag that
  // a value sets again is left out ("--rule arow" when the rule dimension
  // says "--rule pa"), so the line printed names each once; and when the rule
  // changes, so are the given options of the rule (a new rule starts from its
  // own defaults: --adagrad or --arow-r would be refused by another rule).
  auto args_of = [&](const std::vector<std::string>& values) {
    std::vector<std::string> set, args, taken_away;
    for (const std::string& v : values) {
      for (std::string& w : Words(v)) {
        if (w.starts_with('!')) {
          taken_away.push_back(w.substr(1));
        } else {
          set.push_back(std::move(w));
        }
      }
    }
    const bool new_rule = !values[0].empty();  // dims[0] is the rule
    for (const FlagParser::Given& g : setup.base) {
      auto same = [&](std::string_view w) { return flags.SameFlag(g.name, w); };
      if (std::any_of(set.begin(), set.end(), same)) continue;
      if (std::any_of(taken_away.begin(), taken_away.end(), same)) continue;
      if (new_rule && std::any_of(std::begin(kRuleOptions), std::end(kRuleOptions), same)) {
        continue;
      }
      AppendGiven(g, args);
    }
    for (std::string& w : LastOfEachFlag(flags, std::move(set))) args.push_back(std::move(w));
    return args;
  };
  std::vector<std::string> values(dims.size(), "");
  Result best =
      Evaluate(setup, args_of(values),
               {.strict = train.options.strict, .messages = &std::cerr, .bad_lines_only = true});
  std::set<std::string> tried_options = {OptionSet(flags, args_of(values))};
  if (!best.error.empty()) return Fail("tune", best.error, kExitInput);
  if (!best.one_class.empty()) {
    std::cerr << "hare tune: warning: every held-out example has the label '" << best.one_class
              << "': the search favours the options that always predict it\n";
  }
  std::cerr << absl::StrFormat("%8s %6s  %s\n", "accuracy", "passes", "hare train options");
  auto report = [&](const Result& r, const std::vector<std::string>& args) {
    if (!r.error.empty()) {
      std::cerr << absl::StrFormat("%8s %6s  %s (%s)\n", "-", "-", absl::StrJoin(args, " "),
                                   r.error);
    } else {
      std::cerr << absl::StrFormat("%8.4f %6d  %s\n", r.accuracy, r.passes,
                                   absl::StrJoin(args, " "));
    }
  };
  report(best, args_of(values));
  std::vector<double> scores = {best.accuracy};  // of every candidate trained
  for (int round = 0; round < 2; ++round) {
    bool changed = false;
    for (size_t d = 0; d < dims.size(); ++d) {
      // --shuffle orders the passes after the first: with one pass (Naive
      // Bayes learns in one) it trains the same model again.
      const bool naive_bayes = values[0].empty()
                                   ? train.options.learner.rule == learner::Rule::kNaiveBayes
                                   : values[0].starts_with("--rule nb");
      if (std::string_view(dims[d].name) == "shuffle" && (setup.max_passes == 1 || naive_bayes)) {
        continue;
      }
      std::vector<std::vector<std::string>> candidates;
      std::vector<std::string> tried;
      for (const std::string& v : dims[d].values) {
        if (v == values[d]) continue;
        std::vector<std::string> point = values;
        point[d] = v;
        // The step belongs to the rule: a new rule starts from its default step.
        if (std::string_view(dims[d].name) == "rule") {
          for (size_t k = 0; k < dims.size(); ++k) {
            if (OfTheRule(dims[k])) point[k] = "";
          }
        }
        // Options tried before (or the current ones again, as --ngram 2 when
        // it was given) cannot win: their score was at most the best then,
        // and the best only grows.
        std::vector<std::string> args = args_of(point);
        if (!tried_options.insert(OptionSet(flags, args)).second) continue;
        if (Refused(args)) continue;  // not a candidate: train would not run it
        candidates.push_back(std::move(args));
        tried.push_back(v);
      }
      const std::vector<Result> results = EvaluateAll(setup, candidates, threads);
      size_t winner = results.size();
      for (size_t i = 0; i < results.size(); ++i) {
        report(results[i], candidates[i]);
        if (results[i].error.empty()) scores.push_back(results[i].accuracy);
        if (results[i].error.empty() &&
            results[i].accuracy >
                (winner < results.size() ? results[winner].accuracy : best.accuracy)) {
          winner = i;
        }
      }
      if (winner == results.size()) continue;
      best = results[winner];
      values[d] = tried[winner];
      changed = true;
      if (std::string_view(dims[d].name) == "rule") {
        const std::vector<Dimension> next = Dimensions(train.options, values[d]);
        for (size_t k = 0; k < dims.size(); ++k) {
          if (OfTheRule(dims[k])) {
            dims[k] = next[k];
            values[k] = "";
          }
        }
      }
    }
    if (!changed) break;
  }
  std::vector<std::string> args = args_of(values);
  // --shuffle orders the passes after the first: a line of one pass needs none.
  if (best.passes == 1) std::erase(args, std::string("--shuffle"));
  args.push_back("--passes");
  args.push_back(std::to_string(best.passes));
  // The pass count was chosen on tune's own holdout: hare train then learns
  // from every example for that many passes, rather than holding out a tenth
  // again to stop early. Probabilities are fitted on held-out examples, so
  // they keep train's holdout.
  if (probabilities) {
    args.push_back("--probabilities");
    if (!fit_period.empty()) {
      args.push_back("--holdout-period");
      args.push_back(fit_period);
    }
  } else if (best.passes > 1) {
    args.push_back("--holdout-off");
  }
  const std::string line = absl::StrJoin(args, " ");
  // The binomial standard error of the best accuracy, Agresti and Coull's
  // (two right and two wrong added), which a perfect score on few examples
  // still has; and the candidates within one standard error of the best, to
  // the 4 decimals the trials print.
  const double n = static_cast<double>(best.held_out);
  const double p = (best.accuracy * n + 2) / (n + 4);
  const double se = std::sqrt(p * (1 - p) / (n + 4));
  // The command to copy, its words quoted as a shell needs them.
  // A file named -x.tsv is ./-x.tsv there, so that train does not take it
  // for an option.
  std::vector<std::string> inputs = setup.inputs;
  for (std::string& input : inputs) {
    if (input.size() > 1 && input[0] == '-') input = "./" + input;
  }
  std::string command = "hare train";
  for (const std::vector<std::string>* words : {&args, &inputs}) {
    for (const std::string& word : *words) absl::StrAppend(&command, " ", ShellWord(word));
  }
  std::cerr << absl::StrFormat(
      "best: held-out accuracy %.4f (standard error %.4f, %d %s held out) with: %s\n",
      best.accuracy, se, best.held_out, best.held_out == 1 ? "example" : "examples", command);
  auto printed = [](double a) { return std::round(a * 1e4); };
  const double floor = printed(std::max(0.0, best.accuracy - se));  // an accuracy is >= 0
  const auto close =
      std::count_if(scores.begin(), scores.end(), [&](double a) { return printed(a) >= floor; }) -
      1;  // the best itself
  if (close > 0) {
    std::cerr << absl::StrFormat(
        "hare tune: %d other %s within one standard error of the best (%.4f or more)%s\n", close,
        close == 1 ? "candidate scored" : "candidates scored", floor / 1e4,
        setup.folds > 1 ? "" : "; --folds K scores every example, K times the work");
  }
  // Namespace letters print escaped; a --label or --target has no escape.
  for (const std::string& word : args) {
    if (!train.options.model_out.empty() || word.find_first_of("*?[()") == word.npos) continue;
    std::cerr << "hare tune: warning: " << io::Quote(word)
              << " holds characters a shell expands in an unquoted $(hare tune ...) when a file "
                 "name matches: give tune -f MODEL to train the line, or quote it in a copy\n";
  }
  std::cout << line << "\n";
  if (train.options.model_out.empty()) return kExitOk;
  std::cout.flush();
  for (const FlagParser::Given& g : flags.given()) {
    for (std::string_view pass_on :
         {"-f", "--keep-names", "--threads", "--quiet", "--strict", "--save-resume"}) {
      if (!flags.SameFlag(g.name, pass_on)) continue;
      AppendGiven(g, args);
    }
  }
  // The files as given, after "--", so that train's messages name them as
  // tune's did (-x.tsv, not the ./-x.tsv of the printed line).
  args.push_back("--");
  args.insert(args.end(), setup.inputs.begin(), setup.inputs.end());
  std::vector<std::string> words;
  std::vector<char*> argv_train = TrainArgv(args, words);
  return TrainCommand(static_cast<int>(argv_train.size()), argv_train.data());
}

}  // namespace hare::tools
