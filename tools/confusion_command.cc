// hare confusion --set WORD,WORD[,...] [FILE...]: examples for
// context-sensitive spelling (Golding & Roth 1999).
#include <algorithm>
#include <iostream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "hashing/text_features.h"
#include "io/chunker.h"
#include "io/example_reader.h"
#include "io/source.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare confusion --set WORD,WORD[,...] [FILE...]\n"
    "Reads raw sentences, one a line (stdin by default), and for every occurrence of a word\n"
    "of the confusion set (any case) writes one example: the word, lower-cased, as the label,\n"
    "a TAB, and the sentence's tokens with that occurrence replaced by the target marker.\n"
    "With --binary (a set of two words) the label is +1 for the first word, -1 for the\n"
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
  flags.AddSwitch("--binary", "a set of two words: label +1 (first) and -1 (second)", &binary);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &inputs); code >= 0) return code;
  std::vector<std::string> set = absl::StrSplit(set_text, ',', absl::SkipEmpty());
  for (std::string& w : set) absl::AsciiStrToLower(&w);
  if (set.size() < 2) {
    return Fail("confusion", "--set needs at least two words, e.g. --set whether,weather",
                kExitUsage);
  }
  if (binary && set.size() != 2) {
    return Fail("confusion", "--binary needs a set of exactly two words", kExitUsage);
  }
  if (absl::Status s = io::CheckReadable(inputs); !s.ok()) return Fail("confusion", s, kExitInput);

  io::Chunker chunker(inputs, io::ChunkerOptions{.fill_blocks = false});
  io::Chunk chunk;
  std::string storage, lower, out;
  std::vector<std::string_view> tokens;
  size_t input = 0;
  uint64_t line_number = 0;
  int bad = 0;
  for (;;) {
    absl::StatusOr<bool> more = chunker.Next(chunk);
    if (!more.ok()) return Fail("confusion", more.status(), kExitInput);
    if (!*more) break;
    if (chunk.input != input) {
      input = chunk.input;
      line_number = 0;
    }
    out.clear();
    std::string_view rest = chunk.text();
    while (!rest.empty()) {
      std::string_view line = rest.substr(0, rest.find('\n'));
      rest.remove_prefix(line.size() + 1);
      ++line_number;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (uint32_t column = hashing::Tokenize(line, /*keep_case=*/true, storage, tokens)) {
        std::cerr << io::InputDisplayName(chunker.paths()[input]) << ":" << line_number << ":"
                  << column << ": invalid UTF-8; line skipped\n";
        ++bad;
        continue;
      }
      for (size_t t = 0; t < tokens.size(); ++t) {
        lower.assign(tokens[t]);
        absl::AsciiStrToLower(&lower);
        if (std::find(set.begin(), set.end(), lower) == set.end()) continue;
        out += binary ? (lower == set[0] ? "1" : "-1") : lower;
        out += '\t';
        for (size_t k = 0; k < tokens.size(); ++k) {
          if (k > 0) out += ' ';
          out.append(k == t ? std::string_view(target) : tokens[k]);
        }
        out += '\n';
      }
    }
    std::cout << out << std::flush;
  }
  return bad == 0 ? kExitOk : kExitInput;
}

}  // namespace hare::tools
