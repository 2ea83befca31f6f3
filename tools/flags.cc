#include "tools/flags.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "io/number.h"

namespace hare::tools {

void FlagParser::Add(std::string names, std::string value_name, std::string help,
                     std::function<absl::Status(std::string_view)> set) {
  flags_.push_back(
      {absl::StrSplit(names, ','), std::move(value_name), std::move(help), std::move(set)});
}

void FlagParser::AddSwitch(std::string names, std::string help, bool* value) {
  Add(std::move(names), "", std::move(help), [value](std::string_view) {
    *value = true;
    return absl::OkStatus();
  });
}

void FlagParser::AddString(std::string names, std::string value_name, std::string help,
                           std::string* value) {
  Add(std::move(names), std::move(value_name), std::move(help), [value](std::string_view v) {
    *value = std::string(v);
    return absl::OkStatus();
  });
}

void FlagParser::AddInt(std::string names, std::string value_name, std::string help,
                        int64_t* value) {
  Add(std::move(names), std::move(value_name), std::move(help), [value](std::string_view v) {
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), *value);
    if (ec == std::errc::result_out_of_range && ptr == v.data() + v.size()) {
      return absl::InvalidArgumentError(absl::StrCat(io::Quote(v), " is out of range"));
    }
    if (ec != std::errc() || ptr != v.data() + v.size() || v.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(io::Quote(v), " is not a whole number"));
    }
    return absl::OkStatus();
  });
}

void FlagParser::AddUint(std::string names, std::string value_name, std::string help,
                         uint64_t* value) {
  Add(std::move(names), std::move(value_name), std::move(help), [value](std::string_view v) {
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), *value);
    if (ec != std::errc() || ptr != v.data() + v.size() || v.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(io::Quote(v), " is not a whole number from 0 to 18446744073709551615"));
    }
    return absl::OkStatus();
  });
}

void FlagParser::AddFloat(std::string names, std::string value_name, std::string help,
                          float* value) {
  Add(std::move(names), std::move(value_name), std::move(help),
      [value](std::string_view v) { return ParseFloatValue(v, value); });
}

absl::Status ParseFloatValue(std::string_view text, float* value) {
  io::NumberError e = io::ParseFloat(text, value);
  if (e != io::NumberError::kNone) {
    return absl::InvalidArgumentError(
        absl::StrCat(io::Quote(text), " is ", io::NumberErrorText(e)));
  }
  // A number too small for a float reads as 0: an option's 1e-50 would be
  // taken for the 0 that was not given.
  if (io::TooSmallForAFloat(text, *value)) {
    return absl::InvalidArgumentError(
        absl::StrCat(io::Quote(text), " is too small for a float (it would be 0)"));
  }
  return absl::OkStatus();
}

void FlagParser::AllowRepeats(std::string_view name) {
  for (Flag& f : flags_) {
    if (std::find(f.names.begin(), f.names.end(), name) != f.names.end()) f.repeatable = true;
  }
}

namespace {

// What hare says of another tool's option it has no equivalent of, or
// whose equivalent is not one option; "" for any other name. Named here, so
// that fastText's "-loss" is not read as "-l oss", nor "-cutoff" as a cache
// "utoff".
std::string_view Unsupported(std::string_view name) {
  struct Others {
    std::string_view names;  // separated by spaces
    std::string_view why;
  };
  static constexpr Others kOthers[] = {
      // fastText's.
      {"-loss",
       "fastText's -loss: hare's classes are --multiclass ova (-loss ova) or crammer-singer, "
       "--probabilities a softmax over them; --loss is SGD's"},
      {"-bucket", "fastText's -bucket: hare's table is -b BITS, 2^BITS slots for all features"},
      {"-dim -ws -neg -pretrainedVectors -saveOutput",
       "fastText's word vectors: hare learns a weight for each feature, no embedding"},
      {"-minCount -minCountLabel",
       "fastText's vocabulary: hare hashes every word, and keeps them all"},
      {"-lrUpdateRate", "fastText's: hare's rate is -l with the rule's schedule, or --adagrad"},
      {"-verbose", "hare prints its progress on stderr, none with --quiet"},
      {"-seed",
       "fastText's -seed: hare draws nothing at random but --shuffle's orders, the same in "
       "every run"},
      {"-cutoff -retrain -qnorm -qout -dsub",
       "fastText's quantization: a hare model is its table, -b BITS"},
      {"-autotune-validation -autotune-duration -autotune-metric -autotune-modelsize",
       "fastText's autotune: hare tune searches the options"},
      // LIBLINEAR's.
      {"-s",
       "LIBLINEAR's solver: --rule svm learns -s 3's hinge-loss SVM, --rule sgd --loss "
       "logistic logistic regression"},
      {"-e",
       "LIBLINEAR's tolerance: hare runs --passes N, stopping after --early-stop N passes "
       "that do not improve the holdout"},
      {"-B", "LIBLINEAR's bias: hare adds the constant feature unless --noconstant"},
      {"-v", "LIBLINEAR's cross-validation: hare tune --folds K"},
      // Vowpal Wabbit's.
      {"--csoaa", "a VW reduction hare does not have"},
      {"--nn", "a VW reduction hare does not have: hare's models are linear"},
      {"--lrq", "a VW reduction hare does not have: -q ab crosses two namespaces"},
      {"--normalized --invariant",
       "VW's normalized or invariant updates: hare has --adagrad and --unit-norm"},
      {"--ftrl", "a VW learner hare does not have: --rule sgd --adagrad --l1 is nearest"},
      {"--bfgs", "a VW learner hare does not have: hare learns online"},
  };
  for (const Others& others : kOthers) {
    for (std::string_view rest = others.names; !rest.empty();) {
      const size_t space = std::min(rest.find(' '), rest.size());
      if (name == rest.substr(0, space)) return others.why;
      rest.remove_prefix(std::min(space + 1, rest.size()));
    }
  }
  // LIBLINEAR's class weights: -w1 5, -w-1 0.5 (not a file -w2v.hare).
  const std::string_view klass =
      name.substr(std::min<size_t>(name.size(), name.starts_with("-w-") ? 3 : 2));
  if (name.starts_with("-w") && !klass.empty() &&
      std::all_of(klass.begin(), klass.end(),
                  [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; })) {
    return "LIBLINEAR's class weight: hare has none; each VW line may carry an importance weight";
  }
  return "";
}

}  // namespace

std::string FlagParser::Hint(std::string_view name) const {
  // In a command that trains, another tool's option is that tool's
  // (fastText's -loss softmax is not hare's --loss); elsewhere one dash for
  // two is the likelier slip (gen's -seed for --seed).
  const std::string_view why = Unsupported(name);
  if (why.empty() || !Knows("-f")) {
    if (std::string spelling = SpellingHint(name); !spelling.empty()) return spelling;
  }
  return why.empty() ? "" : absl::StrCat(" (", std::string(why), ")");
}

std::string FlagParser::SpellingHint(std::string_view name) const {
  if (!name.starts_with('-')) return "";  // a value such as -q's "_b", not an option
  // One dash for two: gen's "-k 5" for its --k, "-seed" for --seed.
  if (!name.starts_with("--") && Knows(absl::StrCat("-", std::string(name))))
    return absl::StrCat(" (hare spells it -", std::string(name), ")");
  // Vowpal Wabbit's names for what hare names otherwise.
  static constexpr std::pair<std::string_view, std::string_view> kVw[] = {
      {"--loss_function", "--rule sgd --loss NAME"},
      {"--invert_hash", "--keep-names, a switch: hare model dump -i MODEL prints the names"},
      {"--readable_model", "--keep-names, a switch: hare model dump -i MODEL prints the weights"},
      {"--early_terminate", "--early-stop"},
      {"--cache_file", "-c"},
      {"--bit_precision", "-b"},
      {"--oaa", "--multiclass ova"},
      {"--ect", "--multiclass ova, or crammer-singer"},
      {"--log_multi", "--multiclass ova, or crammer-singer"},
      {"--adaptive", "--adagrad"},
      {"--sgd", "--rule sgd"},
      // fastText's, one dash and camel case.
      {"-lr", "-l"},
      {"-epoch", "--passes"},
      {"-wordNgrams", "--ngram"},
      {"-minn", "--minn"},
      {"-maxn", "--maxn"},
      {"-label", "--label"},
      {"-thread", "--threads"},
      {"-output", "-f"}};
  for (const auto& [vw, hare] : kVw) {
    if (name == vw && Knows(hare.substr(0, hare.find_first_of(" ,"))))
      return absl::StrCat(" (hare's is ", std::string(hare), ")");
  }
  if (Knows("--initial-weight") && name == "--initial_weight")
    return " (hare's --initial-weight is Winnow's starting weight; the other rules start at 0)";
  if (Knows("--cubic") && name == "--interactions")
    return " (hare's are -q ab for pairs and --cubic abc for triples)";
  if (reads_data_ && (name == "-d" || name == "--data" || name == "-input"))
    return " (hare reads the FILE arguments, or stdin)";
  if (Knows("-f") && (name == "-t" || name == "--testonly"))
    return " (to test a model: hare test -i MODEL FILE; fastText's -t samples frequent words, "
           "which hare does not)";
  if (Knows("-c") && (name == "-k" || name == "--kill_cache"))
    return " (hare rebuilds a cache that does not fit)";
  std::string dashed(name);
  std::replace(dashed.begin() + 2 * (dashed.size() > 2), dashed.end(), '_', '-');
  if (dashed != name && Knows(dashed)) return absl::StrCat(" (hare spells it ", dashed, ")");
  return "";
}

std::string FlagParser::JobHint(std::string_view name) const {
  // VW's options of other jobs, where hare has another command for them:
  // training (a command that writes a model, -f) and using a model (-i).
  const bool trains = Knows("-f"), uses_a_model = Knows("-i");
  if (trains && (name == "-p" || name == "--predictions"))
    return " (predictions: hare train -p FILE while it learns, hare test -i MODEL -p FILE, or "
           "hare predict)";
  if (!trains && uses_a_model && (name == "-p" || name == "--predictions"))
    return " (hare predict writes its predictions to stdout)";
  if (trains && !uses_a_model &&
      (name == "-i" || name == "--initial-regressor" || name == "--initial_regressor"))
    return " (hare tune searches from scratch; hare train -i MODEL goes on training a model)";
  if ((trains || uses_a_model) && name == "--audit")
    return " (hare audit -i MODEL FILE shows each feature's weight)";
  if ((trains || uses_a_model) && (name == "--binary" || name == "--link"))
    return " (a binary model predicts -1/+1; one trained with --probabilities gives P(+1), "
           "calibrated)";
  if (!trains && uses_a_model && (name == "-t" || name == "--testonly"))
    return " (no -t is needed: this command only uses the model)";
  if (uses_a_model && (name == "-b" || name == "--bits" || name == "--format"))
    return " (the model keeps its table size and input format)";
  // predict and audit answer each line as it arrives, on one thread.
  if (uses_a_model && Knows("--strict") && !Knows("--threads") &&
      (name == "--threads" || name == "-thread"))
    return " (it runs on one thread, answering each line as it arrives; hare test "
           "takes --threads)";
  // Training's options given to a command that uses a model.
  if (training_ != nullptr && !trains && training_->Knows(name))
    return " (a training option: the model keeps what it was trained with)";
  // VW's spelling of a training option ("--holdout_off", "--oaa"), where
  // this command has nothing to say of it.
  if (training_ != nullptr && !trains && Hint(name).empty()) {
    if (const std::string h = training_->SpellingHint(name); !h.empty())
      return absl::StrCat(" (a training option: ", h.substr(2));
  }
  return "";
}

bool FlagParser::SameFlag(std::string_view a, std::string_view b) const {
  const Flag* flag = Find(a);
  return flag != nullptr && flag == Find(b);
}

bool FlagParser::WasGiven(std::string_view name) const {
  return std::any_of(given_.begin(), given_.end(),
                     [&](const Given& g) { return SameFlag(g.name, name); });
}

const FlagParser::Flag* FlagParser::Find(std::string_view name) const {
  for (const Flag& f : flags_) {
    for (const std::string& n : f.names) {
      if (n == name) return &f;
    }
  }
  return nullptr;
}

absl::Status FlagParser::Parse(int argc, char** argv, int first,
                               std::vector<std::string>* positional) {
  for (int i = first; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "-" || arg.empty() || arg[0] != '-') {
      positional->emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      for (++i; i < argc; ++i) positional->emplace_back(argv[i]);
      break;
    }
    std::string_view name = arg;
    std::string_view value;
    bool inline_value = false;
    if (size_t eq = arg.find('='); arg.starts_with("--") && eq != arg.npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      inline_value = true;
    }
    const Flag* flag = Find(name);
    // "-b20", "-qab": a short flag with its value attached, as getopt reads
    // it. Not VW's grouped switches: "-ck" (-c -k) would name a cache "k".
    // Not fastText's -lr, -label: said as the options they are; nor, in a
    // command that uses a model, a training option (test's "-passes" is no
    // -p "asses").
    if (flag == nullptr && !arg.starts_with("--") && arg.size() > 2 && Hint(arg).empty() &&
        (training_ == nullptr || training_->Hint(arg).empty())) {
      if (const Flag* f = Find(arg.substr(0, 2)); f != nullptr && !f->value_name.empty()) {
        const std::string as_option = absl::StrCat("-", std::string(arg.substr(2)));
        if (Knows(as_option) || !SpellingHint(as_option).empty()) {
          return absl::InvalidArgumentError(
              absl::StrCat(std::string(arg.substr(0, 2)), " needs a value (", f->value_name,
                           "), not the option ", as_option, ": give each option apart"));
        }
        flag = f;
        name = arg.substr(0, 2);
        value = arg.substr(2);
        inline_value = true;
      }
    }
    if (flag == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown option ", std::string(name), Hint(name), JobHint(name)));
    }
    if (flag->value_name.empty()) {
      if (inline_value)
        return absl::InvalidArgumentError(absl::StrCat(std::string(name), " takes no value"));
    } else if (!inline_value) {
      if (i + 1 >= argc) {
        return absl::InvalidArgumentError(
            absl::StrCat(std::string(name), " needs a value (", flag->value_name, ")"));
      }
      value = argv[++i];
      // "-c -f m.hare" (VW's -c takes no value) or "-f --quiet": an option
      // taken as the value would name a file after it, or read one as data.
      // Other values may start with '-' (a VW namespace, a negative number),
      // but a file's name that is another tool's option (-f -s) is a slip.
      const bool path = flag->value_name == "FILE" || flag->value_name == "MODEL";
      if (value.starts_with("--") || Knows(value.substr(0, value.find('='))) ||
          !(path ? Hint(value) : SpellingHint(value)).empty()) {
        return absl::InvalidArgumentError(absl::StrCat(std::string(name), " needs a value (",
                                                       flag->value_name, "), not the option ",
                                                       std::string(value)));
      }
    }
    if (!flag->value_name.empty() && !flag->repeatable) {
      for (const Given& g : given_) {
        if (Find(g.name) == flag && g.value != value) {
          return absl::InvalidArgumentError(absl::StrCat(std::string(name), " is given twice (",
                                                         io::Quote(g.value), ", then ",
                                                         io::Quote(value), "): give it once"));
        }
      }
    }
    if (absl::Status s = flag->set(value); !s.ok()) {
      // A message that names the flag itself ("-q takes 2 ...", "-q: a '\'
      // starts ...") is not prefixed with it again.
      const bool named = std::any_of(flag->names.begin(), flag->names.end(), [&](const auto& n) {
        return absl::StartsWith(s.message(), absl::StrCat(n, " ")) ||
               absl::StartsWith(s.message(), absl::StrCat(n, ":"));
      });
      return absl::InvalidArgumentError(named ? std::string(s.message())
                                              : absl::StrCat(std::string(name), ": ", s.message()));
    }
    given_.push_back({std::string(name), std::string(value)});
  }
  return absl::OkStatus();
}

std::string FlagParser::Help() const {
  std::string out;
  for (const Flag& f : flags_) {
    std::string left = absl::StrJoin(f.names, ", ");
    if (!f.value_name.empty()) absl::StrAppend(&left, " ", f.value_name);
    absl::StrAppend(&out, "  ", left, std::string(left.size() < 26 ? 26 - left.size() : 1, ' '),
                    f.help, "\n");
  }
  return out;
}

bool ParseSize(std::string_view text, uint64_t* bytes) {
  if (text.empty()) return false;
  uint64_t scale = 1;
  switch (text.back()) {
    case 'K':
    case 'k':
      scale = uint64_t{1} << 10;
      break;
    case 'M':
    case 'm':
      scale = uint64_t{1} << 20;
      break;
    case 'G':
    case 'g':
      scale = uint64_t{1} << 30;
      break;
    case 'T':
    case 't':
      scale = uint64_t{1} << 40;
      break;
    default:
      break;
  }
  if (scale != 1) text.remove_suffix(1);
  uint64_t n = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) return false;
  if (n > UINT64_MAX / scale) return false;  // 2^64 bytes or more
  *bytes = n * scale;
  return true;
}

}  // namespace hare::tools
