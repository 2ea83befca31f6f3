// hare features [template flags] [FILE...]: what sentences become.
#include <cstring>
#include <iostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "hashing/text_features.h"
#include "io/example_reader.h"
#include "io/number.h"
#include "io/parser.h"
#include "io/source.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/line_reader.h"

namespace hare::tools {
namespace {

constexpr const char* kSynopsis =
    "usage: hare features [template options] [FILE...]\n"
    "Reads sentences (\"label<TAB>text\" or just text; stdin by default) and prints the\n"
    "features hare makes of each with the same template options as `hare train --format\n"
    "text`, in VW format: the words and word n-grams in the default namespace, character\n"
    "n-grams in |chars. ':' and '|', which VW reserves, print as <colon> and <pipe>.\n"
    "One line out for each line in: a blank line, or one skipped as invalid, prints empty.\n";

std::string Printable(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ':') {
      out += "<colon>";
    } else if (c == '|') {
      out += "<pipe>";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

int FeaturesCommand(int argc, char** argv) {
  hashing::TextFeatureOptions text;
  std::vector<std::string> inputs;
  FlagParser flags;
  AddTextFeatureFlags(flags, text);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &inputs); code >= 0) return code;
  std::vector<std::string> problems = ValidateTextFeatures(text);
  if (!problems.empty()) return Fail("features", absl::StrJoin(problems, "\n"), kExitUsage);
  if (absl::Status s = io::CheckReadable(inputs); !s.ok()) return Fail("features", s, kExitInput);

  hashing::TextFeaturizer featurizer(text, 0);
  std::string storage, out;
  std::vector<std::string_view> tokens;
  std::vector<std::string> names;
  int bad = 0;
  absl::Status status = ForEachLine(
      inputs,
      [&](const std::string& input, uint64_t number, std::string_view line) {
        if (io::IsBlank(line, io::Format::kText)) {  // not an example to hare train either
          out += '\n';
          return;
        }
        std::string_view label, sentence = line;
        if (const size_t tab = line.find('\t'); tab != line.npos) {
          label = line.substr(0, tab);  // without the white space around it, as train reads it
          const size_t first = label.find_first_not_of(" \t\v\f\r");
          label = first == label.npos
                      ? label.substr(0, 0)
                      : label.substr(first, label.find_last_not_of(" \t\v\f\r") - first + 1);
          sentence.remove_prefix(tab + 1);
        }
        // The VW line must read back as this label: one word, no bar, not a tag.
        if (const uint32_t at = hashing::InvalidUtf8At(label); at > 0) {
          std::cerr << input << ":" << number << ":" << (label.data() - line.data()) + at
                    << ": label is not valid UTF-8; line skipped\n";
          ++bad;
          out += '\n';
          return;
        }
        if (const char* why = label.find('|') != label.npos ? "it has a '|'"
                              : label.starts_with('\'')     ? "a VW label starting with ' is a tag"
                              : label.find_first_of(" \t\v\f\r") != label.npos
                                  ? "it has white space in it"
                                  : nullptr) {
          std::cerr << input << ":" << number << ":" << (label.data() - line.data()) + 1
                    << ": label " << io::Quote(label) << " cannot be written in VW format (" << why
                    << "); line skipped\n";
          ++bad;
          out += '\n';
          return;
        }
        if (uint32_t column = hashing::Tokenize(sentence, text.keep_case, storage, tokens)) {
          std::cerr << input << ":" << number << ":" << (sentence.data() - line.data()) + column
                    << ": invalid UTF-8; line skipped\n";
          ++bad;
          out += '\n';
          return;
        }
        featurizer.Features(tokens, &names);
        std::string words, chars;
        for (size_t k = 0; k < names.size(); ++k) {
          const bool is_char = k >= featurizer.chars_begin() && k < featurizer.chars_end();
          absl::StrAppend(is_char ? &chars : &words, " ", Printable(names[k]));
        }
        absl::StrAppend(&out, std::string(label), " |", words);
        if (!chars.empty()) absl::StrAppend(&out, " |chars", chars);
        out += '\n';
      },
      [&] {
        std::cout << out << std::flush;
        out.clear();
      });
  if (!status.ok()) return Fail("features", status, kExitInput);
  return bad == 0 ? kExitOk : kExitInput;
}

}  // namespace hare::tools
