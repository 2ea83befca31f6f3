// hare confusion --set WORD,WORD[,...] [FILE...]: examples for
// context-sensitive spelling (Golding & Roth 1999).
#include <algorithm>
#include <iostream>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "hashing/text_features.h"
#include "io/example_reader.h"
#include "io/number.h"
#include "io/parser.h"
#include "io/source.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/line_reader.h"
#include "tools/output.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare confusion --set WORD,WORD[,...] [FILE...]\n"
    "Reads raw sentences, one a line (stdin by default), and for every occurrence of a word\n"
    "of the confusion set (any case) writes one example: the word, lower-cased, as the label,\n"
    "a TAB, and the sentence's tokens with that occurrence replaced by the target marker.\n"
    "With --binary (a set of two words) the label is 1 for the first word, -1 for the\n"
    "second, so `hare train --format text --window K --collocations` learns from them.\n";

}  // namespace

int ConfusionCommand(int argc, char** argv) {
  std::string set_text, target = "_TARGET_";
  bool binary = false;
  std::vector<std::string> inputs;
  FlagParser flags;
  flags.AddString("--set", "WORDS", "the confusion set, comma-separated (e.g. whether,weather)",
                  &set_text);
  flags.AddString("--target", "WORD", "the marker that replaces the word (default _TARGET_)",
                  &target);
  flags.AddSwitch("--binary", "a set of two words: label 1 (first) and -1 (second)", &binary);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &inputs); code >= 0) return code;
  // Words are matched as tokens, lower-cased: each word of the set must be
  // one, and a word twice would be a class that never wins.
  const auto not_utf8 = [](const char* flag, std::string_view word) {
    if (hashing::InvalidUtf8At(word) == 0) return false;
    FailUsage("confusion", {absl::StrCat(flag, " ", io::Quote(word), " is not valid UTF-8")});
    return true;
  };
  if (!flags.WasGiven("--set")) {
    return FailUsage("confusion", {"--set WORDS is required, e.g. --set whether,weather"});
  }
  std::vector<std::string> set;
  for (const std::string& entry : std::vector<std::string>(absl::StrSplit(set_text, ','))) {
    if (entry.empty()) {
      return FailUsage("confusion", {absl::StrCat("--set '", set_text, "' has an empty word")});
    }
    if (not_utf8("--set word", entry)) return kExitUsage;
    std::optional<std::string> word = hashing::SingleToken(entry, /*keep_case=*/false);
    if (!word) {
      return FailUsage("confusion", {absl::StrCat("--set word '", entry, "' is not one token ",
                                                  kOneTokenHint, ", so it could never match")});
    }
    if (std::find(set.begin(), set.end(), *word) != set.end()) {
      return FailUsage("confusion", {absl::StrCat("--set has '", *word, "' twice")});
    }
    set.push_back(*std::move(word));
  }
  if (set.size() < 2) {
    return FailUsage("confusion", {"--set needs at least two words, e.g. --set whether,weather"});
  }
  if (not_utf8("--target", target)) return kExitUsage;
  if (target.empty() || target.size() > 256) {  // as hare train refuses it
    return FailUsage("confusion", {"--target must be 1 to 256 bytes"});
  }
  std::optional<std::string> token = hashing::SingleToken(target, /*keep_case=*/true);
  if (!token) {
    return FailUsage("confusion",
                     {absl::StrCat("--target '", target, "' is not one token ", kOneTokenHint,
                                   ", so hare train could never find it")});
  }
  target = *token;  // as the text's tokens hold it: without a soft hyphen, say
  // The marker as train's lower-cased tokens hold it: a set word or a line
  // holding it would make windows around the wrong tokens.
  const std::string marker = *hashing::SingleToken(target, /*keep_case=*/false);
  if (std::find(set.begin(), set.end(), marker) != set.end()) {
    return FailUsage("confusion", {absl::StrCat("--target '", target,
                                                "' is a word of --set: choose another marker")});
  }
  if (binary && set.size() != 2) {
    return FailUsage("confusion", {"--binary needs a set of exactly two words"});
  }
  if (absl::Status s = io::CheckReadable(inputs); !s.ok()) return Fail("confusion", s, kExitInput);
  if (absl::Status s = CheckStdout(inputs, ""); !s.ok()) return Fail("confusion", s, kExitInput);

  std::string storage, lower_storage, out;
  std::vector<std::string_view> tokens, lower;  // the same tokens, as written and lower-cased
  int bad = 0;
  absl::Status written;  // the first refused write
  absl::Status status = ForEachLine(
      inputs,
      [&](const std::string& input, uint64_t number, std::string_view line) {
        if (const size_t cr = line.find('\r'); cr != line.npos) {  // as train and features
          std::cerr << input << ":" << number << ":" << cr + 1 << ": " << io::kCarriageReturnInside
                    << "; line skipped\n";
          ++bad;
          return;
        }
        if (uint32_t column = hashing::Tokenize(line, /*keep_case=*/true, storage, tokens)) {
          std::cerr << input << ":" << number << ":" << column << ": "
                    << hashing::InvalidUtf8Message(line, column) << "; line skipped\n";
          ++bad;
          return;
        }
        // Case never changes where tokens split.
        hashing::Tokenize(line, /*keep_case=*/false, lower_storage, lower);
        if (std::find(lower.begin(), lower.end(), marker) != lower.end()) {
          std::cerr << input << ":" << number << ": the line already holds the marker '" << target
                    << "', which would be read as another occurrence; line skipped\n";
          ++bad;
          return;
        }
        for (size_t t = 0; t < tokens.size(); ++t) {
          const auto word = std::find(set.begin(), set.end(), lower[t]);
          if (word == set.end()) continue;
          out += binary ? (word == set.begin() ? "1" : "-1") : *word;
          out += '\t';
          for (size_t k = 0; k < tokens.size(); ++k) {
            if (k > 0) out += ' ';
            out.append(k == t ? std::string_view(target) : tokens[k]);
          }
          out += '\n';
          written.Update(WriteWhenLarge(out));
        }
      },
      [&] {
        if (!written.ok()) return written;
        return WriteText(stdout, out, /*flush=*/true, "to stdout");
      });
  if (!status.ok()) return Fail("confusion", status, kExitInput);
  return bad == 0 ? kExitOk : kExitInput;
}

}  // namespace hare::tools
