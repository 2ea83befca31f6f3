#include "tools/train_flags.h"

#include <unistd.h>

#include <algorithm>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "io/number.h"
#include "tools/cli.h"

namespace hare::tools {
namespace {

// Whether `typed` (an option's value as given) holds a UTF-8 continuation
// byte: typed as part of a character (é is \xc3\xa9), it starts no
// namespace; written \xa9 it is meant (a Latin-1 namespace), and the
// decoded letters hold it but the typed text does not.
bool TypedContinuation(std::string_view typed) {
  return std::any_of(typed.begin(), typed.end(),
                     [](char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; });
}

// For letters that hold a byte of 0x80 or more: a letter is a byte, as VW
// takes a namespace's first byte, so the namespaces starting with 'é' are
// \xc3. "" for letters of ASCII.
std::string WideLetterHint(std::string_view letters) {
  const auto wide = std::find_if(letters.begin(), letters.end(),
                                 [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (wide == letters.end()) return "";
  auto after = wide + 1;
  while (after != letters.end() && (static_cast<unsigned char>(*after) & 0xc0) == 0x80) ++after;
  return absl::StrFormat(
      "; a letter is a byte, a namespace's first (as VW reads it): namespaces starting with %s "
      "are \\x%02x",
      io::Quote(std::string_view(&*wide, static_cast<size_t>(after - wide))),
      static_cast<unsigned char>(*wide));
}

// A flag whose value must be one of a set of names.
template <class E>
void AddChoice(FlagParser& flags, const char* names, const char* value_name, const char* help,
               std::optional<E> (*from_name)(std::string_view), E* out) {
  flags.Add(names, value_name, help, [from_name, out, help](std::string_view v) {
    std::optional<E> e = from_name(v);
    if (!e)
      return absl::InvalidArgumentError(
          absl::StrCat("unknown value '", std::string(v), "': ", help));
    *out = *e;
    return absl::OkStatus();
  });
}

void AddMaybe(FlagParser& flags, const char* names, const char* value_name, const char* help,
              learner::Maybe* out) {
  flags.Add(names, value_name, help, [out](std::string_view v) {
    float f = 0;
    if (absl::Status s = ParseFloatValue(v, &f); !s.ok()) return s;
    *out = f;
    return absl::OkStatus();
  });
}

}  // namespace

TrainFlags::TrainFlags(FlagParser& flags, bool resumable)
    : threads_(DefaultThreads()), flags_(flags) {
  learner::TrainOptions& o = options;
  learner::LearnerOptions& l = o.learner;
  flags.AddString("-f,--final-regressor", "MODEL", "write the model to MODEL", &o.model_out);
  if (resumable) {
    flags.AddString("-i,--initial-regressor", "MODEL",
                    "go on training MODEL (saved with --save-resume), with its features and "
                    "learner",
                    &o.model_in);
  }
  flags.AddSwitch("--save-resume",
                  "keep the training state in the model (AROW's variances, the average's sums, "
                  "AdaGrad's...), so that -i can go on from it",
                  &o.save_resume);
  flags.AddInt("-b,--bits", "BITS", "hash table size 2^BITS (1-32, default 18)", &bits_);
  AddChoice(flags, "--format", "F",
            "input format: vw (default), libsvm, text (label TAB sentence) or fasttext "
            "(__label__X words)",
            &io::FormatFromName, &o.parse.format);
  AddLabelPrefixFlag(flags, o.parse.label_prefix);
  flags.AddUint("--hash-seed", "N", "seed of the feature hash (default 0)", &o.parse.hash_seed);
  flags.AddSwitch("--noconstant", "do not add the constant (bias) feature", &noconstant_);
  flags.AddSwitch("--unit-norm",
                  "scale each example's feature values, all but the constant, to length 1",
                  &o.parse.unit_norm);
  AddTextFeatureFlags(flags, o.parse.text, &o.parse.ngrams, &o.parse.skips, &o.parse.affixes);
  auto interaction = [&o](size_t letters, const char* name) {
    return [&o, letters, name](std::string_view value) {
      absl::StatusOr<std::string> v = NamespaceLetters(name, value, /*any_allowed=*/true);
      if (!v.ok()) return v.status();
      if (v->size() != letters || TypedContinuation(value)) {
        return absl::InvalidArgumentError(
            absl::StrCat(name, " takes ", letters, " namespace letters (':' for any), e.g. ",
                         letters == 2 ? "-q ab" : "--cubic abc", WideLetterHint(*v)));
      }
      // The same interaction twice is one (VW too removes duplicate interactions).
      std::vector<std::string>& all = o.parse.interactions;
      if (std::find(all.begin(), all.end(), *v) == all.end()) all.push_back(*std::move(v));
      return absl::OkStatus();
    };
  };
  // --ignore, --ignore_linear, --keep: namespace letters, each flag repeatable.
  auto letters = [](const char* name, std::string* out) {
    return [name, out](std::string_view v) {
      absl::StatusOr<std::string> given = NamespaceLetters(name, v, /*any_allowed=*/false);
      if (!given.ok()) return given.status();
      if (given->empty()) return absl::InvalidArgumentError(absl::StrCat(name, " takes letters"));
      if (TypedContinuation(v)) {
        return absl::InvalidArgumentError(
            absl::StrCat(name, " takes namespace letters", WideLetterHint(*given)));
      }
      for (const char c : *given) {
        if (out->find(c) == std::string::npos) out->push_back(c);
      }
      return absl::OkStatus();
    };
  };
  flags.Add("--ignore", "LETTERS", "vw: leave out namespaces starting with these letters",
            letters("--ignore", &o.parse.ignore));
  flags.Add("--ignore-linear", "LETTERS",
            "vw: use namespaces starting with these letters in interactions only",
            letters("--ignore-linear", &o.parse.ignore_linear));
  flags.Add("--keep", "LETTERS", "vw: leave out every namespace not starting with these letters",
            letters("--keep", &o.parse.keep));
  flags.Add("-q,--quadratic", "AB", "vw: pair the features of namespaces A* and B* (repeatable)",
            interaction(2, "-q"));
  flags.Add("--cubic", "ABC", "vw: triples of namespaces A*, B*, C* (repeatable)",
            interaction(3, "--cubic"));
  for (const char* name : {"--ignore", "--ignore-linear", "--keep", "-q", "--cubic"})
    flags.AllowRepeats(name);
  AddChoice(flags, "--multiclass", "M",
            "labels are class names, learned one-vs-all (ova), or by one K-class update: "
            "crammer-singer (demote every class that beats the true one) or wta "
            "(winner-take-all: demote the top one); these two with the perceptron and winnow "
            "rules",
            &learner::MulticlassFromName, &l.multiclass);
  flags.AddSwitch("--probabilities",
                  "fit probabilities on held-out examples (Platt's sigmoid; a softmax "
                  "temperature for classes)",
                  &o.probabilities);
  AddChoice(
      flags, "--rule", "NAME",
      "perceptron (default), winnow, balanced-winnow, modified-balanced-winnow, pa, sgd, arow, nb, "
      "svm (the hinge-loss SVM by dual coordinate descent, LIBLINEAR -s 3)",
      &learner::RuleFromName, &l.rule);
  flags.AddFloat("-l,--learning-rate", "RATE", "learning rate r (default 1)", &l.learning_rate);
  AddMaybe(flags, "--margin", "G", "also update when y*score <= G (thick separator)", &l.margin);
  flags.AddSwitch("--normalized-margin", "perceptron: test y*w.x/||w|| < G/2 instead",
                  &l.normalized_margin);
  flags.AddFloat("--uneven-margin", "U",
                 "an example of a class learned from n times so far must score U/sqrt(n) "
                 "beyond the margin, so that rare classes move further (default 0: off)",
                 &l.uneven_margin);
  flags.AddSwitch("--average", "predict with the average of the weights over all examples",
                  &l.average);
  flags.AddSwitch("--adagrad", "per-feature rates r/sqrt(sum of squared gradients)", &l.adagrad);
  AddMaybe(flags, "--alpha", "A", "winnow: promotion factor (default 1.5)", &l.alpha);
  AddMaybe(flags, "--beta", "B", "winnow: demotion factor (default 1/alpha; MBW 0.5)", &l.beta);
  AddMaybe(flags, "--initial-weight", "W",
           "winnow: initial weight (default 1; MBW u0 2, > 1, v0 = u0 - 1)", &l.initial);
  AddMaybe(flags, "--threshold", "T",
           "winnow: threshold (default: initial weight x sum of x; balanced 0; MBW 1)",
           &l.threshold);
  AddChoice(flags, "--pa-variant", "V", "pa: pa, pa-i (default) or pa-ii",
            &learner::PaVariantFromName, &l.pa_variant);
  AddMaybe(flags, "-C,--aggressiveness", "C", "pa: aggressiveness C; svm: cost C (default 1)",
           &l.aggressiveness);
  AddMaybe(flags, "--arow-r", "R", "arow: regularization r, larger for smaller steps (default 1)",
           &l.arow_r);
  AddMaybe(flags, "--smoothing", "A", "nb: added to each feature's count in each class (default 1)",
           &l.smoothing);
  AddChoice(flags, "--loss", "L", "sgd: hinge (default), logistic or squared",
            &learner::LossFromName, &l.loss);
  AddChoice(flags, "--schedule", "S", "sgd: constant, sqrt (default: r/sqrt(t)) or power",
            &learner::ScheduleFromName, &l.schedule);
  flags.AddFloat("--power-t", "P", "sgd: rate r*t^-P with --schedule power (default 0.5)",
                 &l.power_t);
  flags.AddFloat("--l1", "L", "sgd: L1 regularization (default 0)", &l.l1);
  flags.AddFloat("--l2", "L", "sgd: L2 regularization (default 0)", &l.l2);
  flags.AddInt("--passes", "N", "passes over the data (default 1)", &passes_);
  flags.AddString("-c,--cache", "FILE", "cache of parsed examples for later passes and runs",
                  &o.cache);
  flags.AddInt("--holdout-period", "K",
               "with passes > 1 or --probabilities, hold out every K-th example (10)", &holdout_);
  flags.AddSwitch("--holdout-off", "do not hold out examples", &o.holdout_off);
  flags.AddSwitch("--shuffle",
                  "passes after the first learn each batch of the cache (4096 examples) in a "
                  "random order, the same in every run",
                  &l.shuffle);
  flags.AddInt("--early-stop", "N", "stop after N passes without holdout improvement (3)", &early_);
  flags.AddInt("--threads", "N",
               resumable ? "parser threads beside the learner (default: all cores); the model is "
                           "the same for every N"
                         : "candidates trained at once, one thread each (default: all cores); the "
                           "result is the same for every N",
               &threads_);
  flags.AddSwitch("--keep-names",
                  "remember the names behind the slots training touched, for hare model dump "
                  "(VW's --invert_hash)",
                  &o.keep_names);
  flags.AddSwitch("--quiet", "no progress table, only the summary", &o.quiet);
  flags.AddSwitch("--strict", "stop at the first bad line (exit code 2)", &o.strict);
}

std::vector<std::string> TrainFlags::Finish() {
  learner::TrainOptions& o = options;
  learner::LearnerOptions& l = o.learner;

  o.parse.bits = static_cast<int>(bits_);
  o.parse.constant = !noconstant_;
  o.parse.class_labels = l.multiclass != learner::Multiclass::kNone;
  o.passes = static_cast<int>(std::clamp<int64_t>(passes_, 0, 1 << 20));
  o.holdout_period = static_cast<int>(std::clamp<int64_t>(holdout_, 0, 1 << 30));
  o.early_stop = static_cast<int>(std::clamp<int64_t>(early_, 0, 1 << 20));
  o.threads = static_cast<int>(std::clamp<int64_t>(threads_, 0, 1 << 20));
  std::vector<std::string> problems = learner::Validate(o);
  // An empty name, as from -f "$MODEL" with MODEL unset, would write nothing.
  if (flags_.WasGiven("-f") && o.model_out.empty()) problems.push_back("-f needs a file name");
  if (flags_.WasGiven("-c") && o.cache.empty()) problems.push_back("-c needs a file name");
  // LIBLINEAR's -c is its cost: "-c 10" would name a cache "10" and train
  // with hare's -C.
  for (const FlagParser::Given& given : flags_.given()) {
    float number = 0;
    if (given.name == "-c" && io::ParseFloat(given.value, &number) == io::NumberError::kNone &&
        access(given.value.c_str(), F_OK) != 0) {
      problems.push_back(absl::StrCat(
          "-c: ", io::Quote(given.value), " is a number, not a cache file: LIBLINEAR's cost -c ",
          "is hare's -C (-C ", given.value, "); a cache named so: --cache ", given.value));
      break;  // -c 10 -c 10: said once
    }
  }
  if (flags_.WasGiven("-i") && o.model_in.empty()) problems.push_back("-i needs a file name");
  if (o.save_resume && o.model_out.empty())
    problems.push_back("--save-resume keeps the training state in the model: it needs -f MODEL");
  if (o.keep_names && o.model_out.empty())
    problems.push_back("--keep-names keeps the feature names in the model: it needs -f MODEL");
  if (passes_ > (1 << 20)) problems.push_back("--passes must be at most 1048576");
  if (early_ > (1 << 20)) problems.push_back("--early-stop must be at most 1048576");
  if (holdout_ > (1 << 30)) problems.push_back("--holdout-period must be at most 1073741824");
  for (std::string& p : ValidateTextFeatures(o.parse.text, !o.parse.ngrams.empty()))
    problems.push_back(std::move(p));
  if (o.parse.format != io::Format::kVw && !o.parse.interactions.empty()) {
    problems.push_back("-q and --cubic pair VW namespaces: they need --format vw");
  }
  if (o.parse.interactions.size() > 255) problems.push_back("at most 255 interactions");
  const io::ParseOptions& p = o.parse;
  if (p.format != io::Format::kVw &&
      !(p.ignore.empty() && p.ignore_linear.empty() && p.keep.empty())) {
    problems.push_back(
        "--ignore, --ignore-linear and --keep choose VW namespaces: they need --format vw");
  }
  for (std::string& c : io::NamespaceUseConflicts(p.ignore, p.ignore_linear, p.keep))
    problems.push_back(std::move(c));
  // --ngram N and --skips K are the text templates' with --format text, and
  // VW's for every namespace with --format vw.
  if (o.parse.format == io::Format::kVw) {
    hashing::TextFeatureOptions& t = o.parse.text;
    const bool lettered_ngrams = !o.parse.ngrams.empty();  // else checked with the text's
    if (t.ngram != 1) o.parse.ngrams.insert(o.parse.ngrams.begin(), std::to_string(t.ngram));
    if (t.skips != 0) o.parse.skips.insert(o.parse.skips.begin(), std::to_string(t.skips));
    t.ngram = 1;
    t.skips = 0;
    // Skips where no n-grams are made would be ignored: refused, as --skips
    // alone is.
    const io::GramTables grams = io::ResolveGrams(o.parse.ngrams, o.parse.skips);
    const bool any_grams =
        std::any_of(std::begin(grams.n), std::end(grams.n), [](uint8_t n) { return n >= 2; });
    for (const std::string& spec : o.parse.skips) {
      char letter = 0;
      int k = 0;
      if (!io::ParseGramSpec(spec, &letter, &k) || k == 0) continue;
      if (letter != 0 && grams.n[static_cast<unsigned char>(letter)] < 2) {
        problems.push_back(absl::StrCat("--skips ", spec, ": namespace ", std::string(1, letter),
                                        " makes no n-grams to skip in (give it --ngram ",
                                        std::string(1, letter), "2 or more)"));
      } else if (letter == 0 && lettered_ngrams && !any_grams) {
        problems.push_back(absl::StrCat("--skips ", spec,
                                        ": no namespace makes n-grams to skip in (give "
                                        "--ngram 2 or more, or --ngram a2 for namespace a)"));
      }
    }
    // --affix +4: VW's, of the default namespace.
    std::vector<std::string> plain;
    for (const int affix : t.affixes) plain.push_back(hashing::AffixSpec({affix}));
    o.parse.affixes.insert(o.parse.affixes.begin(), plain.begin(), plain.end());
    t.affixes.clear();
  } else if (!o.parse.ngrams.empty() || !o.parse.skips.empty()) {
    problems.push_back(
        "--ngram and --skips with a namespace letter (e.g. --ngram a2) need --format vw");
  }
  if (o.parse.format != io::Format::kVw && !o.parse.affixes.empty()) {
    problems.push_back("--affix with a namespace letter (e.g. +4a) needs --format vw");
  }
  if (o.parse.ngrams.size() > 255 || o.parse.skips.size() > 255 || o.parse.affixes.size() > 255) {
    problems.push_back("at most 255 --ngram, 255 --skips and 255 --affix items");
  }
  if (!io::IsSentences(o.parse.format) && !(o.parse.text == hashing::TextFeatureOptions{})) {
    problems.push_back(
        "the text templates (--minn, --maxn, --affix, --window, --collocations, --target, "
        "--keep-case, --no-unigrams, --bos; --ngram, --skips and --affix but with --format vw) "
        "need --format text or fasttext");
  }
  for (std::string& problem : ValidateLabelPrefix(flags_, o.parse.format, o.parse.label_prefix))
    problems.push_back(std::move(problem));
  if (o.parse.format == io::Format::kFastText && l.multiclass == learner::Multiclass::kNone) {
    problems.push_back(absl::StrCat("--format fasttext's labels (the words starting with '",
                                    o.parse.label_prefix,
                                    "') are class names: give --multiclass ova (or "
                                    "crammer-singer, wta)"));
  }
  if (bits_ != o.parse.bits) problems.push_back("-b is out of range: bits must be 1 to 32");
  // Options with a default value (not learner::Maybe) that other rules would
  // ignore: refused with them, as the Maybe ones are in learner::Validate.
  if (flags_.WasGiven("-l") && l.rule != learner::Rule::kPerceptron &&
      l.rule != learner::Rule::kSgd) {
    problems.push_back(absl::StrCat("-l is for --rule perceptron and --rule sgd; ",
                                    learner::RuleName(l.rule), " has no learning rate"));
  }
  if (flags_.WasGiven("--pa-variant") && l.rule != learner::Rule::kPa) {
    problems.push_back("--pa-variant is for --rule pa");
  }
  for (const char* flag : {"--loss", "--schedule", "--power-t"}) {
    if (flags_.WasGiven(flag) && l.rule != learner::Rule::kSgd) {
      problems.push_back(absl::StrCat(flag, " is for --rule sgd"));
    }
  }
  if (flags_.WasGiven("--power-t") && l.rule == learner::Rule::kSgd &&
      l.schedule != learner::Schedule::kPower) {
    problems.push_back("--power-t is for --schedule power");
  }
  for (const char* flag : {"--schedule", "--power-t"}) {
    if (flags_.WasGiven(flag) && l.rule == learner::Rule::kSgd && l.adagrad) {
      problems.push_back(absl::StrCat(
          flag, " is for SGD without --adagrad: AdaGrad's rates are -l / sqrt(G_i) at every step"));
    }
  }
  // '-' is stdin and stdout elsewhere; a file named '-' is not what was meant.
  if (o.model_out == "-") {
    problems.push_back(
        "-f - would make a file named '-': a model goes to a file (hare train's may go to -f "
        "/dev/stdout)");
  }
  if (o.cache == "-") problems.push_back("-c - would make a file named '-': a cache is a file");
  return problems;
}

std::string LearnerFlags(const learner::TrainOptions& o) {
  const learner::LearnerOptions& l = o.learner;
  std::string out = absl::StrCat("--rule ", learner::RuleName(l.rule));
  auto flag = [&](bool on, const char* name) {
    if (on) absl::StrAppend(&out, " ", name);
  };
  auto number = [&](const char* name, float v) {
    absl::StrAppend(&out, " ", name, " ");
    AppendFloat(out, v);  // the shortest digits that read back as v
  };
  auto value = [&](const learner::Maybe& v, const char* name) {
    if (v) number(name, *v);
  };
  if (l.learning_rate != 1.0f) number("-l", l.learning_rate);
  value(l.margin, "--margin");
  flag(l.normalized_margin, "--normalized-margin");
  if (l.uneven_margin > 0) number("--uneven-margin", l.uneven_margin);
  flag(l.average, "--average");
  flag(l.adagrad, "--adagrad");
  flag(l.shuffle && o.passes > 1, "--shuffle");
  value(l.alpha, "--alpha");
  value(l.beta, "--beta");
  value(l.initial, "--initial-weight");
  value(l.threshold, "--threshold");
  if (l.rule == learner::Rule::kPa && l.pa_variant != learner::PaVariant::kPaI) {
    absl::StrAppend(&out, " --pa-variant ", learner::PaVariantName(l.pa_variant));
  }
  value(l.aggressiveness, "-C");
  value(l.arow_r, "--arow-r");
  value(l.smoothing, "--smoothing");
  if (l.rule == learner::Rule::kSgd) {
    if (l.loss != learner::Loss::kHinge)
      absl::StrAppend(&out, " --loss ", learner::LossName(l.loss));
    if (l.schedule != learner::Schedule::kSqrt) {
      absl::StrAppend(&out, " --schedule ", learner::ScheduleName(l.schedule));
    }
    if (l.schedule == learner::Schedule::kPower && l.power_t != 0.5f) {
      number("--power-t", l.power_t);
    }
    if (l.l1 > 0) number("--l1", l.l1);
    if (l.l2 > 0) number("--l2", l.l2);
  }
  absl::StrAppend(&out, " --passes ", o.passes);
  // Probabilities hold out every K-th example from learning, in one pass too:
  // the line says so, so that it trains the same model again.
  if (o.probabilities) out += " --probabilities";
  if (o.holdout_off) {
    if (o.passes > 1) out += " --holdout-off";
  } else if (o.holdout_period != 10 && (o.passes > 1 || o.probabilities)) {
    absl::StrAppend(&out, " --holdout-period ", o.holdout_period);
  }
  if (o.passes > 1 && !o.holdout_off && o.early_stop != 3)
    absl::StrAppend(&out, " --early-stop ", o.early_stop);
  return out;
}

}  // namespace hare::tools
