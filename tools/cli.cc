#include "tools/cli.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "hashing/text_features.h"
#include "io/format.h"
#include "io/number.h"
#include "io/parser.h"
#include "tools/commands.h"

namespace hare::tools {

int ParseCommandLine(FlagParser& flags, const char* synopsis, int argc, char** argv,
                     std::vector<std::string>* positional, std::string_view command, bool files) {
  if (command.empty()) command = argv[1];
  bool help = false;
  flags.AddSwitch("-h,--help", "print this help", &help);
  absl::Status s = flags.Parse(argc, argv, 2, positional);
  // A command-line mistake (exit 1), found before any file is looked at.
  if (s.ok() && files && positional != nullptr &&
      std::count(positional->begin(), positional->end(), "-") > 1) {
    s = absl::InvalidArgumentError("stdin ('-') is given more than once: it can be read once");
  }
  if (help) {
    std::cout << synopsis << "\noptions:\n" << flags.Help();
    return 0;
  }
  if (!s.ok()) {
    std::cerr << "hare " << command << ": " << s.message() << "\nRun 'hare " << command
              << " --help' for the options.\n";
    return 1;
  }
  return -1;
}

absl::StatusOr<std::string> NamespaceLetters(const char* flag, std::string_view value,
                                             bool any_allowed) {
  auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string letters;
  for (size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    if (c == '\\') {
      if (i + 3 >= value.size() || value[i + 1] != 'x' || hex(value[i + 2]) < 0 ||
          hex(value[i + 3]) < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            flag, ": a '\\' starts VW's \\xHH, such as \\x20 for the default namespace"));
      }
      c = static_cast<char>(hex(value[i + 2]) * 16 + hex(value[i + 3]));
      i += 3;
    }
    if (!io::IsNamespaceLetter(c) && !(any_allowed && c == ':')) {
      return absl::InvalidArgumentError(
          absl::StrCat(flag, " takes namespace letters (' ' or \\x20 for the default namespace",
                       any_allowed ? ", ':' for any" : "", "); a namespace cannot start with ",
                       c == '|' || c == ':' ? absl::StrCat("'", std::string(1, c), "'")
                                            : std::string("a control character")));
    }
    letters.push_back(c);
  }
  return letters;
}

namespace {

// Appends `text` with each byte `escaped` picks as \xHH.
template <class Escaped>
void AppendEscaped(std::string& out, std::string_view text, Escaped escaped) {
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (escaped(u)) {
      absl::StrAppend(&out, "\\x", absl::Hex(u, absl::kZeroPad2));
    } else {
      out += c;
    }
  }
}

}  // namespace

std::string EscapeNamespaceLetters(std::string_view letters) {
  std::string out;
  AppendEscaped(out, letters, [](unsigned char u) {
    return u <= ' ' || u >= 0x7f || u == '\\' || u == '*' || u == '?' || u == '[' || u == '(' ||
           u == ')';
  });
  return out;
}

std::string LetteredGramText(std::string_view spec) {
  if (!IsLetteredGram(spec) && !spec.starts_with('-')) return std::string(spec);
  std::string out =
      spec[0] == '-' ? std::string("\\x2d") : EscapeNamespaceLetters(spec.substr(0, 1));
  out.append(spec.substr(1));
  return out;
}

absl::StatusOr<std::pair<char, std::string_view>> LetteredGramSpec(const char* flag,
                                                                   std::string_view value) {
  const size_t letter_bytes = value.starts_with("\\x") ? std::min<size_t>(4, value.size()) : 1;
  absl::StatusOr<std::string> letter = NamespaceLetters(flag, value.substr(0, letter_bytes), false);
  if (!letter.ok()) return letter.status();
  if (letter->empty() || ((*letter)[0] >= '0' && (*letter)[0] <= '9')) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag,
                     " takes aN for namespaces starting with the letter a, which cannot be a "
                     "digit (a plain N is for every namespace); not ",
                     io::Quote(value)));
  }
  return std::pair{(*letter)[0], value.substr(letter_bytes)};
}

absl::Status ParseAffixes(std::string_view spec, std::vector<int>& affixes,
                          std::vector<std::string>* lettered) {
  std::vector<std::string> items;  // each once, those of an earlier --affix too
  for (const int affix : affixes) items.push_back(hashing::AffixSpec({affix}));
  if (lettered != nullptr) items.insert(items.end(), lettered->begin(), lettered->end());
  for (size_t begin = 0; begin <= spec.size();) {
    const size_t comma = std::min(spec.find(',', begin), spec.size());
    const std::string item(spec.substr(begin, comma - begin));
    begin = comma + 1;
    char letter = 0;
    int affix = 0;
    if (!io::ParseAffixSpec(item, &letter, &affix) || (letter != 0 && lettered == nullptr)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--affix takes +N (the first N characters of each word) or -N (the last N), N 1 to ",
          hashing::kMaxAffix, ", comma-separated, such as +4,-3",
          lettered != nullptr ? " (with --format vw +Na, -Na for namespaces starting with a)" : "",
          "; not '", item, "'",
          letter != 0 ? " (hare makes affixes of --format text's words: no namespace letter)"
                      : ""));
    }
    if (std::find(items.begin(), items.end(), item) != items.end()) {
      return absl::InvalidArgumentError(absl::StrCat("--affix names ", item, " twice"));
    }
    items.push_back(item);
    const size_t of_letter =
        static_cast<size_t>(std::count_if(items.begin(), items.end(), [&](const std::string& i) {
          return i.substr(2) == item.substr(2);
        }));
    if (of_letter > hashing::kMaxAffixes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--affix takes at most ", hashing::kMaxAffixes, " affixes",
          letter != 0 ? absl::StrCat(" of namespace letter ", std::string(1, letter)) : ""));
    }
    if (letter == 0) {
      affixes.push_back(affix);
    } else {
      lettered->push_back(item);
    }
  }
  return absl::OkStatus();
}

void AddTextFeatureFlags(FlagParser& flags, hashing::TextFeatureOptions& text,
                         std::vector<std::string>* lettered_ngrams,
                         std::vector<std::string>* lettered_skips,
                         std::vector<std::string>* lettered_affixes) {
  auto small_int = [](const char* name, int lo, int hi, int* out) {
    return [name, lo, hi, out](std::string_view v) {
      int n = 0;
      auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || ptr != v.data() + v.size() || n < lo || n > hi) {
        return absl::InvalidArgumentError(
            absl::StrCat(name, " takes a whole number from ", lo, " to ", hi));
      }
      *out = n;
      return absl::OkStatus();
    };
  };
  // With `lettered`, "aN" (VW: for namespaces starting with a) goes there,
  // the letter as -q takes it ("\x202" for the default namespace). The flag
  // repeats for other letters, but a letter, or a plain value, is given once.
  auto gram = [&small_int](const char* name, int lo, int hi, int* out,
                           std::vector<std::string>* lettered) {
    return [small_int, name, lo, hi, out, lettered,
            plain = std::string()](std::string_view v) mutable {
      if (lettered != nullptr && IsLetteredGram(v)) {
        absl::StatusOr<std::pair<char, std::string_view>> split = LetteredGramSpec(name, v);
        if (!split.ok()) return split.status();
        const auto [letter, number] = *split;
        if (number.empty() || number[0] < '0' || number[0] > '9') {  // "ab2"
          return absl::InvalidArgumentError(
              absl::StrCat(name, " takes aN: one namespace letter, then a whole number from ", lo,
                           " to ", hi, "; not ", io::Quote(v)));
        }
        int n = 0;
        if (absl::Status s = small_int(name, lo, hi, &n)(number); !s.ok()) return s;
        std::string spec(1, letter);
        spec.append(number);
        for (const std::string& earlier : *lettered) {
          if (earlier[0] == letter && earlier != spec) {
            return absl::InvalidArgumentError(
                absl::StrCat("given twice for namespace ",
                             io::Quote(EscapeNamespaceLetters(std::string_view(&letter, 1))), " (",
                             io::Quote(EscapeNamespaceLetters(earlier)), ", then ",
                             io::Quote(EscapeNamespaceLetters(spec)), "): give it once"));
          }
        }
        if (std::find(lettered->begin(), lettered->end(), spec) == lettered->end()) {
          lettered->push_back(spec);
        }
        return absl::OkStatus();
      }
      if (lettered == nullptr && IsLetteredGram(v)) {
        return absl::InvalidArgumentError(
            absl::StrCat(name, " ", io::Quote(v),
                         ": a namespace letter is for VW's namespaces (hare train --format vw); "
                         "here it takes a whole number from ",
                         lo, " to ", hi));
      }
      if (!plain.empty() && plain != v) {
        return absl::InvalidArgumentError(absl::StrCat("given twice (", io::Quote(plain), ", then ",
                                                       io::Quote(v), "): give it once"));
      }
      plain = std::string(v);
      return small_int(name, lo, hi, out)(v);
    };
  };
  flags.Add("--ngram", lettered_ngrams != nullptr ? "[a]N" : "N",
            lettered_ngrams != nullptr
                ? "word n-grams up to N (text; fastText -wordNgrams), or of the features of "
                  "each VW namespace (of namespaces a* with aN)"
                : "word n-grams up to N (default 1; fastText -wordNgrams)",
            gram("--ngram", 1, hashing::kMaxNgram, &text.ngram, lettered_ngrams));
  flags.Add("--skips", lettered_skips != nullptr ? "[a]K" : "K",
            lettered_skips != nullptr
                ? "n-grams may skip up to K words (default 0) or VW features (of namespaces a* "
                  "with aK)"
                : "word n-grams may skip up to K words (default 0; needs --ngram 2 or more)",
            gram("--skips", 0, hashing::kMaxSkips, &text.skips, lettered_skips));
  flags.Add("--minn", "N", "text: character n-grams from N characters (fastText -minn)",
            small_int("--minn", 1, hashing::kMaxCharNgram, &text.minn));
  flags.Add("--maxn", "N", "text: character n-grams up to N characters (default 0: none)",
            small_int("--maxn", 0, hashing::kMaxCharNgram, &text.maxn));
  flags.Add("--window", "K", "text: words at -K..K around the target, with their offsets",
            small_int("--window", 0, hashing::kMaxWindow, &text.window));
  flags.AddSwitch("--collocations", "text: pairs of neighbours of the target (-1=a&+1=b)",
                  &text.collocations);
  flags.Add("--affix", "SPEC",
            lettered_affixes != nullptr
                ? "+N the first N characters of each longer word, -N its last N; "
                  "comma-separated (VW --affix: +4,-3); vw: of the default namespace's "
                  "features, or of namespaces a* with +Na"
                : "text: +N the first N characters of each longer word, -N its last N; "
                  "comma-separated (VW --affix: +4,-3)",
            [&text, lettered_affixes](std::string_view v) {
              return ParseAffixes(v, text.affixes, lettered_affixes);
            });
  // --affix values add up (+4 then -3 is +4,-3); so do VW's lettered n-grams
  // (--ngram a2 --ngram b3), while --ngram's plain value is given once.
  flags.AllowRepeats("--affix");
  if (lettered_ngrams != nullptr) flags.AllowRepeats("--ngram");
  if (lettered_skips != nullptr) flags.AllowRepeats("--skips");
  flags.AddString("--target", "WORD", "text: the target marker (default _TARGET_)", &text.target);
  flags.AddSwitch("--keep-case", "text: do not lower-case", &text.keep_case);
  flags.AddSwitch(
      "--bos", "text: a start-of-sentence word <s> before the first, in the unigrams and n-grams",
      &text.bos);
  flags.Add("--no-unigrams", "", "text: no single-word features", [&text](std::string_view) {
    text.unigrams = false;
    return absl::OkStatus();
  });
}

std::vector<std::string> ValidateTextFeatures(hashing::TextFeatureOptions& text,
                                              bool lettered_ngrams) {
  std::vector<std::string> problems;
  if (text.maxn > 0 && text.minn == 0) text.minn = std::min(3, text.maxn);
  if (text.maxn > 0 && text.minn > text.maxn) problems.push_back("--minn must be <= --maxn");
  if (text.target.empty() || text.target.size() > 256) {
    problems.push_back("--target must be 1 to 256 bytes");
  } else if (hashing::InvalidUtf8At(text.target) != 0) {
    problems.push_back(absl::StrCat("--target ", io::Quote(text.target), " is not valid UTF-8"));
  } else if (std::optional<std::string> token =
                 hashing::SingleToken(text.target, /*keep_case=*/true);
             !token) {
    // The target is matched against the tokens of the text: it must be one.
    problems.push_back(absl::StrCat("--target ", io::Quote(text.target), " is not one token ",
                                    kOneTokenHint, ", so it could never match"));
  } else {
    text.target = *token;  // as the text's tokens hold it: without a soft hyphen, say
  }
  // Options that would make no feature: refused, as VW refuses --skips alone.
  if (text.minn > 0 && text.maxn == 0) {
    problems.push_back("--minn needs --maxn: character n-grams are from --minn to --maxn");
  }
  if (!text.target.empty() && text.target != hashing::TextFeatureOptions{}.target &&
      text.window == 0 && !text.collocations) {
    problems.push_back(
        "--target names the marker of --window and --collocations: give --window 1 or more, "
        "or --collocations");
  }
  if (text.skips > 0 && text.ngram < 2 && !lettered_ngrams) {
    problems.push_back("--skips needs --ngram 2 or more: it lets n-grams skip words");
  }
  if (text.bos && !text.unigrams && text.ngram < 2) {
    problems.push_back(
        "--bos needs the unigrams or --ngram 2 or more: <s> is a word for them, no other "
        "template's");
  }
  if (!text.unigrams && text.ngram < 2 && text.maxn == 0 && text.affixes.empty() &&
      text.window == 0 && !text.collocations) {
    problems.push_back(
        "--no-unigrams leaves no features: add --ngram 2 or more, --maxn, --affix, --window 1 or "
        "more, or "
        "--collocations");
  }
  return problems;
}

void AddLabelPrefixFlag(FlagParser& flags, std::string& prefix) {
  flags.AddString("--label", "PREFIX",
                  "fasttext: a word starting with PREFIX is the line's label (default __label__; "
                  "fastText -label)",
                  &prefix);
}

std::vector<std::string> ValidateLabelPrefix(const FlagParser& flags, io::Format format,
                                             const std::string& prefix) {
  if (!flags.WasGiven("--label")) return {};
  if (format != io::Format::kFastText) return {"--label is the label prefix of --format fasttext"};
  if (const std::string why = io::LabelPrefixProblem(prefix); !why.empty()) {
    return {absl::StrCat("--label ", io::Quote(prefix), " ", why)};
  }
  // Every label it marked would be a bad line (a class name cannot have one).
  if (const io::NameFault fault = io::ClassNameFault(prefix); fault.kind != io::NameFault::kNone) {
    return {absl::StrCat("--label ", io::Quote(prefix), " ", io::NameFaultText(fault),
                         ", which a class name cannot have")};
  }
  // Nor would the labels keep it whole: a class name loses a byte-order mark
  // or another default-ignorable character at its start.
  if (const std::string_view kept = hashing::TrimSeparators(prefix);
      kept.empty() || kept.data() != prefix.data()) {
    return {absl::StrCat("--label ", io::Quote(prefix),
                         " starts with a byte-order mark or another character that class names "
                         "lose at their start")};
  }
  return {};
}

void AppendFloat(std::string& out, float value) {
  char digits[32];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, end);
}

void AppendName(std::string& out, std::string_view name) {
  AppendEscaped(out, name, [](unsigned char u) { return u < 0x20 || u == 0x7f || u == '\\'; });
}

int DefaultThreads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 256u));
}

int Fail(const char* command, const absl::Status& status, int code) {
  return Fail(command, std::string(status.message()), code);
}

int Fail(const char* command, const std::string& message, int code) {
  std::cerr << "hare " << command << ": " << message << "\n";
  return code;
}

void ReportSkipped(const char* command, uint64_t bad_lines, bool has_strict) {
  if (bad_lines == 0) return;
  std::cerr << "hare " << command << ": skipped " << bad_lines << " malformed line(s)"
            << (has_strict ? "; use --strict to stop at the first" : "") << "\n";
}

void WarnIfNoTarget(const char* command, const hashing::TextFeatureOptions& t, uint64_t parsed,
                    uint64_t marked) {
  if (!(t.window > 0 || t.collocations) || parsed == 0 || marked > 0) return;
  const char* templates = t.window == 0    ? "--collocations"
                          : t.collocations ? "--window and --collocations"
                                           : "--window";
  std::cerr << "hare " << command << ": warning: no line held the target marker '" << t.target
            << "'" << (t.keep_case ? " (matched in its case: --keep-case)" : "") << ": "
            << templates
            << " made no features (hare confusion writes lines with the marker in place of a "
               "word of its set)\n";
}

int FailUsage(const char* command, const std::vector<std::string>& problems, bool point_to_help) {
  for (const std::string& problem : problems)
    std::cerr << "hare " << command << ": " << problem << "\n";
  if (point_to_help) std::cerr << "Run 'hare " << command << " --help' for the options.\n";
  return kExitUsage;
}

}  // namespace hare::tools
