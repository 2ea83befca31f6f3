// What the subcommands share: the usage banner, the common input flags, and
// the mapping of library errors to messages and exit codes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "hashing/text_features.h"
#include "io/format.h"
#include "tools/flags.h"

namespace hare::tools {

// Parses argv[2..] with `flags`; on --help prints `synopsis` and the flags.
// Returns -1 to go on, or the exit code to return at once. Messages name the
// command argv[1], or `command` if given ("model info"). With `files`, the
// positional words are FILEs to read, of which '-' (stdin) can be one only.
int ParseCommandLine(FlagParser& flags, const char* synopsis, int argc, char** argv,
                     std::vector<std::string>* positional, std::string_view command = "",
                     bool files = true);

// The flags of --format text's templates: --ngram, --skips, --minn, --maxn,
// --affix, --window, --collocations, --target, --keep-case, --no-unigrams, --bos. With
// `lettered_*`, --ngram and --skips also take VW's "aN" (namespaces a*) and
// --affix VW's "+Na", which go there.
void AddTextFeatureFlags(FlagParser& flags, hashing::TextFeatureOptions& text,
                         std::vector<std::string>* lettered_ngrams = nullptr,
                         std::vector<std::string>* lettered_skips = nullptr,
                         std::vector<std::string>* lettered_affixes = nullptr);

// --affix's value in VW's spelling ("+4", "+4,-3"): the items without a
// namespace letter as hashing::TextFeatureOptions::affixes; those with one
// ("+4a", io::ParseAffixSpec) as they are in `lettered`, or refused without it.
absl::Status ParseAffixes(std::string_view spec, std::vector<int>& affixes,
                          std::vector<std::string>* lettered = nullptr);

// The namespace letters of a flag's value (-q, --cubic, --ignore, ...), with
// VW's \xHH escapes decoded ("\x20", the default namespace, survives a
// shell's word splitting); each must be io::IsNamespaceLetter, or ':' with
// `any_allowed`.
absl::StatusOr<std::string> NamespaceLetters(const char* flag, std::string_view value,
                                             bool any_allowed);
// The reverse, for a command line: white space, '\', the shell's pattern
// characters '*', '?', '[', '(' and ')' (so that an unquoted $(hare tune)
// neither splits nor globs them, bash's extglob !(x) included) and bytes
// outside printable ASCII as \xHH.
std::string EscapeNamespaceLetters(std::string_view letters);

// Whether an --ngram or --skips value is VW's lettered "aN" rather than a
// plain N (or a negative number, refused as one).
inline bool IsLetteredGram(std::string_view value) {
  return !value.empty() && (value[0] < '0' || value[0] > '9') && value[0] != '-';
}
// A lettered value ("a2"; "\x202" or " 2" for the default namespace) as the
// letter, decoded as NamespaceLetters decodes it (a digit, "\x31", is
// refused: a plain N is for every namespace), and the text after it ("2",
// checked by the caller).
absl::StatusOr<std::pair<char, std::string_view>> LetteredGramSpec(const char* flag,
                                                                   std::string_view value);
// The reverse, for a command line: "3" stays, and a lettered spec as kept
// (the letter's byte, then N) prints its letter escaped, a '-' as \x2d too,
// which would read as a negative N ("\xc33", "\x2d2").
std::string LetteredGramText(std::string_view spec);

// What one token is, for messages about a word that must be one.
inline constexpr const char* kOneTokenHint =
    "(a run of letters, marks, numbers and '_' of any script, apostrophes inside it, or one "
    "punctuation or symbol character)";

// Every problem with text template options, in words. --maxn without --minn
// starts at min(3, maxn), fastText's usual minimum. `lettered_ngrams`: a VW
// --ngram aN was given, so a plain --skips has n-grams to act on.
std::vector<std::string> ValidateTextFeatures(hashing::TextFeatureOptions& text,
                                              bool lettered_ngrams = false);

// --label PREFIX (fastText's -label), into `prefix`.
void AddLabelPrefixFlag(FlagParser& flags, std::string& prefix);

// Every problem with a given --label: for --format fasttext only, and a
// prefix io::LabelPrefixProblem allows.
std::vector<std::string> ValidateLabelPrefix(const FlagParser& flags, io::Format format,
                                             const std::string& prefix);

// Appends `value` as the shortest text that reads back as the same float.
void AppendFloat(std::string& out, float value);

// Appends a feature's name for a terminal or a line-based tool: an ASCII
// control character (a NUL, an escape; VW takes them in names) as \xHH,
// and a backslash as \x5c, so that the text says which it was.
void AppendName(std::string& out, std::string_view name);

// The number of threads `--threads` means by default: all cores.
int DefaultThreads();

// The message for an empty -i MODEL in the commands that need one: given
// empty (-i "$MODEL" with MODEL unset) or not given at all.
inline const char* MissingModel(const FlagParser& flags) {
  return flags.WasGiven("-i") ? "-i needs a file name" : "-i MODEL is required";
}

// Prints "hare COMMAND: message" and returns `code`.
int Fail(const char* command, const absl::Status& status, int code);
int Fail(const char* command, const std::string& message, int code);
// After bad lines, the closing count on stderr: "hare COMMAND: skipped N
// malformed line(s)", and where the command has --strict, how to stop.
void ReportSkipped(const char* command, uint64_t bad_lines, bool has_strict);
// The window and collocations are made around the target marker alone: when
// `parsed` sentences were read and none held it (raw sentences, not hare
// confusion's lines, or another --target), "hare COMMAND: warning: no line
// held the target marker ...".
void WarnIfNoTarget(const char* command, const hashing::TextFeatureOptions& text, uint64_t parsed,
                    uint64_t marked);
// Prints each problem as "hare COMMAND: problem", then (with `point_to_help`)
// where the options are listed, and returns kExitUsage.
int FailUsage(const char* command, const std::vector<std::string>& problems,
              bool point_to_help = true);

}  // namespace hare::tools
