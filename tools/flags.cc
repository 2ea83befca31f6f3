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

std::string FlagParser::Hint(std::string_view name) const {
  if (!name.starts_with('-')) return "";  // a value such as -q's "_b", not an option
  // Vowpal Wabbit's names for what hare names otherwise.
  static constexpr std::pair<std::string_view, std::string_view> kVw[] = {
      {"--loss_function", "--loss"},
      {"--invert_hash", "--keep-names"},
      {"--readable_model", "--keep-names"},
      {"--early_terminate", "--early-stop"},
      {"--cache_file", "-c"},
      {"--bit_precision", "-b"},
      {"--oaa", "--multiclass ova"},
      {"--adaptive", "--adagrad"},
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
    if (name == vw && Knows(hare.substr(0, hare.find(' '))))
      return absl::StrCat(" (hare's is ", std::string(hare), ")");
  }
  if (Knows("--cubic") && name == "--interactions")
    return " (hare's are -q ab for pairs and --cubic abc for triples)";
  if (reads_data_ && (name == "-d" || name == "--data" || name == "-input"))
    return " (hare reads the FILE arguments, or stdin)";
  if (Knows("-f") && (name == "-t" || name == "--testonly"))
    return " (to test a model: hare test -i MODEL FILE)";
  if (Knows("-c") && (name == "-k" || name == "--kill_cache"))
    return " (hare rebuilds a cache that does not fit)";
  // gen's "-k 5" for its --k.
  if (name.size() == 2 && Knows(absl::StrCat("-", std::string(name))))
    return absl::StrCat(" (hare spells it -", std::string(name), ")");
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
  if (trains && name == "--audit") return " (hare audit -i MODEL FILE shows each feature's weight)";
  if (trains && (name == "--binary" || name == "--link"))
    return " (a binary model predicts -1/+1; --probabilities gives P(+1), calibrated)";
  if (uses_a_model && (name == "-b" || name == "--bits" || name == "--format"))
    return " (the model keeps its table size and input format)";
  // predict and audit answer each line as it arrives, on one thread.
  if (uses_a_model && Knows("--strict") && name == "--threads")
    return " (it runs on one thread, answering each line as it arrives; hare test "
           "takes --threads)";
  // Training's options given to a command that uses a model.
  if (training_ != nullptr && !trains && training_->Knows(name))
    return " (a training option: the model keeps what it was trained with)";
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
    // Not fastText's -lr, -label: said as the options they are.
    if (flag == nullptr && !arg.starts_with("--") && arg.size() > 2 && Hint(arg).empty()) {
      if (const Flag* f = Find(arg.substr(0, 2)); f != nullptr && !f->value_name.empty()) {
        const std::string as_option = absl::StrCat("-", std::string(arg.substr(2)));
        if (Knows(as_option) || !Hint(as_option).empty()) {
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
      // Other values may start with '-' (a VW namespace, a negative number).
      if (value.starts_with("--") || Knows(value.substr(0, value.find('='))) ||
          !Hint(value).empty()) {
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
