// hare features [template flags] [FILE...]: what sentences become.
#include <cstring>
#include <iostream>
#include <new>

#include "absl/strings/str_cat.h"
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
    "usage: hare features [--format text|fasttext] [template options] [FILE...]\n"
    "Reads sentences (\"label<TAB>text\" or just text; with --format fasttext, fastText's\n"
    "lines, the __label__ word anywhere; stdin by default) and prints the features hare\n"
    "makes of each with the same options as `hare train`, in VW format, the label first:\n"
    "words and word n-grams in the default namespace, character n-grams in |chars,\n"
    "affixes in |affix. ':' and '|', which VW reserves, print as <colon> and <pipe>\n"
    "(trained on as VW, such a word then hashes otherwise than in the text). Trained on\n"
    "as VW, words, character n-grams and affixes get the text's slots; word n-grams,\n"
    "skip-grams and --window/--collocations features print as one word each (good_film,\n"
    "-1=the), which VW hashes as a word, not from its parts as the text does (for the\n"
    "text's n-gram slots, print the words alone and train with --ngram ' 2').\n"
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
  std::string format_name = "text", prefix(io::kFastTextLabel);
  FlagParser flags;
  flags.AddString("--format", "F", "text (label TAB sentence, the default) or fasttext",
                  &format_name);
  AddLabelPrefixFlag(flags, prefix);
  AddTextFeatureFlags(flags, text);
  if (int code = ParseCommandLine(flags, kSynopsis, argc, argv, &inputs); code >= 0) return code;
  std::vector<std::string> problems = ValidateTextFeatures(text);
  const std::optional<io::Format> format = io::FormatFromName(format_name);
  const bool fasttext = format == io::Format::kFastText;
  if (!format || !io::IsSentences(*format)) {
    problems.push_back(absl::StrCat("--format ", io::Quote(format_name),
                                    ": hare features reads sentences, --format text or fasttext"));
  }
  std::vector<std::string> label_problems =
      ValidateLabelPrefix(flags, format.value_or(io::Format::kVw), prefix);
  if (label_problems.empty() && (prefix.starts_with('\'') || prefix.find('|') != prefix.npos)) {
    label_problems.push_back(
        absl::StrCat("--label ", io::Quote(prefix),
                     ": its labels cannot be written in VW format (a leading ' makes "
                     "a tag, a '|' a namespace)"));
  }
  problems.insert(problems.end(), label_problems.begin(), label_problems.end());
  if (!problems.empty()) return FailUsage("features", problems);
  if (absl::Status s = io::CheckReadable(inputs); !s.ok()) return Fail("features", s, kExitInput);
  if (absl::Status s = CheckStdout(inputs, ""); !s.ok()) return Fail("features", s, kExitInput);

  hashing::TextFeaturizer featurizer(text, 0);
  std::string storage, out, unlabelled;
  std::vector<std::string_view> tokens;
  std::vector<std::string> names;
  int bad = 0;
  absl::Status written;  // the first refused write
  absl::Status status = ForEachLine(
      inputs,
      [&](const std::string& input, uint64_t number, std::string_view line) {
        if (io::IsBlank(line, io::Format::kText)) {  // not an example to hare train either
          out += '\n';
          return;
        }
        // A bad line: reported, and an empty line out, as train skips it.
        auto skip = [&](const char* at, const std::string& problem) {
          std::cerr << input << ":" << number << ":" << (at - line.data()) + 1 << ": " << problem
                    << "; line skipped\n";
          ++bad;
          out += '\n';
        };
        if (const size_t cr = line.find('\r'); cr != line.npos) {  // as train refuses it
          return skip(line.data() + cr, io::kCarriageReturnInside);
        }
        // The sentence: in the line after its TAB, or (fastText) a copy of
        // the line with its label blanked out, at the same columns.
        std::string_view label, sentence = line;
        size_t sentence_at = 0;
        if (fasttext) {
          io::LineError error;
          if (!io::SplitFastTextLine(line, prefix, &label, &unlabelled, &error)) {
            return skip(line.data() + error.column - 1, error.message);
          }
          sentence = unlabelled;
        } else if (const size_t tab = line.find('\t'); tab != line.npos) {
          label = line.substr(0, tab);  // trimmed below, as train trims it
          sentence.remove_prefix(tab + 1);
          sentence_at = tab + 1;
        }
        // Train drops a byte-order mark or Unicode white space around a
        // label, and reads a label of nothing else as none: so does the line
        // written for it.
        label = hashing::TrimSeparators(label);
        // The VW line must read back as this label: one word, no bar, not a tag.
        // The first fault train would name, at its column: an ASCII space or
        // control character, invalid UTF-8, then one beyond ASCII.
        const io::NameFault fault = io::ClassNameFault(label);
        if (fault.kind == io::NameFault::kNotUtf8) {
          return skip(label.data() + fault.column - 1, "label is not valid UTF-8");
        }
        if (fault.kind == io::NameFault::kSpace || fault.kind == io::NameFault::kControl) {
          return skip(
              label.data() + fault.column - 1,
              absl::StrCat("label ", io::Quote(label), " cannot be written in VW format (it ",
                           io::NameFaultText(fault), ")"));
        }
        if (const char* why = label.find('|') != label.npos ? "it has a '|'"
                              : label.starts_with('\'')     ? "a VW label starting with ' is a tag"
                                                            : nullptr) {
          return skip(label.data(), absl::StrCat("label ", io::Quote(label),
                                                 " cannot be written in VW format (", why, ")"));
        }
        const size_t start = out.size();
        try {
          if (uint32_t column = hashing::Tokenize(sentence, text.keep_case, storage, tokens)) {
            return skip(line.data() + sentence_at + column - 1,
                        hashing::InvalidUtf8Message(sentence, column));
          }
          featurizer.Features(tokens, &names);
          std::string words, chars, affixes;
          for (size_t k = 0; k < names.size(); ++k) {
            const std::string_view space = featurizer.Namespace(k);
            absl::StrAppend(space == hashing::kCharsNamespace   ? &chars
                            : space == hashing::kAffixNamespace ? &affixes
                                                                : &words,
                            " ", Printable(names[k]));
          }
          absl::StrAppend(&out, std::string(label), " |", words);
          if (!chars.empty()) absl::StrAppend(&out, " |chars", chars);
          if (!affixes.empty()) absl::StrAppend(&out, " |affix", affixes);
          out += '\n';
        } catch (const std::bad_alloc&) {
          // A line of more features than the memory holds is a bad line, as
          // to hare train: its memory is given back and the others go on.
          out.resize(start);
          std::vector<std::string>().swap(names);
          std::vector<std::string_view>().swap(tokens);
          std::string().swap(storage);
          return skip(line.data() + sentence_at,
                      "out of memory making this line's features (n-grams, skips and character "
                      "n-grams multiply them)");
        }
        written.Update(WriteWhenLarge(out));
      },
      [&] {
        if (!written.ok()) return written;
        return WriteText(stdout, out, /*flush=*/true, "to stdout");
      });
  if (!status.ok()) return Fail("features", status, kExitInput);
  return bad == 0 ? kExitOk : kExitInput;
}

}  // namespace hare::tools
