// Turns a chunk of lines into an ExampleBatch, in the chosen format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/example_batch.h"
#include "io/format.h"

namespace hare::io {

// Shared by the line parsers of every format: the options, their derived
// constants, and scratch space reused from line to line.
struct LineContext {
  explicit LineContext(const ParseOptions& o);

  ParseOptions options;
  uint32_t mask;
  uint64_t default_namespace_hash;
  uint32_t constant_index;
  // Plain text: the tokenizer's output and the templates; fastText's line
  // with its label blanked out.
  std::string scratch;
  std::string unlabelled;
  std::vector<std::string_view> tokens;
  hashing::TextFeaturizer featurizer;
  // VW with interactions: each feature of the line with its namespace's letter.
  struct Seen {
    char space;
    uint64_t hash;
    float value;
    uint32_t column = 0;  // the feature's in the line (1-based); 0 for an n-gram
  };
  std::vector<Seen> seen;
  std::vector<std::string> seen_names;   // with names kept: the name of each seen feature
  std::vector<uint32_t> interacting[3];  // the seen features of each letter of an interaction
  // For each interaction, the ones before it that can make a set of
  // features it makes (io::PatternsOverlap): the set is theirs.
  std::vector<std::vector<uint32_t>> overlapped_by;
  // VW --ngram/--skips: n and skips for namespaces by first letter, and the
  // features of the namespace being read, to make its grams from.
  uint8_t gram_n[256];
  uint8_t gram_skips[256];
  bool grams = false;  // some namespace has n >= 2
  std::vector<uint64_t> space_hashes;
  std::vector<std::string> space_names;
  hashing::GramScratch gram_scratch;
  // VW --ignore, --ignore_linear, --keep: how each namespace is read, by
  // first letter.
  enum Use : uint8_t { kRead, kIgnored, kInteractionsOnly };
  Use use[256];
  // VW --affix: the affixes (+n, -n) of namespaces by first letter (' ' the
  // default namespace); the namespace their features go to, of the namespace
  // being read, its hash, and the name of the affix made last.
  int8_t affix_of[256][hashing::kMaxAffixes];
  uint8_t affix_count[256];
  std::string affix_space;
  uint64_t affix_space_hash = 0;
  std::string affix_name;
  // Plain text with names kept: the templates' names of the line's features.
  std::vector<std::string> text_names;
  // The class name of the line being parsed, when labels are names.
  std::string_view class_label;
};

// White space only (a byte-order mark and Unicode's spaces too), or
// (LIBSVM) white space then a '#' comment: not an example. SVMlight skips
// such lines too.
bool IsBlank(std::string_view line, Format format);

// U+FEFF in UTF-8: the mark some editors put at a file's start.
inline constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// What a line with a CR inside it (not its last byte before the LF) is told:
// a CR alone would end lines elsewhere, and join them here.
inline constexpr char kCarriageReturnInside[] =
    "a carriage return (CR) inside the line: hare's lines end in LF or CR LF, not CR alone "
    "(lines that end in CR: tr '\\r' '\\n'; a CR within a line: tr '\\r' ' ')";

// What a line that would make more than `max` features (ParseOptions::
// max_line_features) is told.
std::string TooManyFeatures(uint64_t max);

// Each parses one non-blank line (no '\n', no trailing '\r') into the example
// under construction in `batch`; on failure it fills `error` and returns false.
bool ParseVwLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                 float* importance, float* initial, std::string_view* tag, LineError* error);
bool ParseLibsvmLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                     LineError* error);
bool ParseTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                   LineError* error);
bool ParseFastTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                       LineError* error);

// fastText's line: the word starting with `prefix`, anywhere in it, into
// *label (empty if none; kept whole, "__label__pos"), and the line with that
// word blanked out into *text, so that columns stay. A second, different
// label fills *error. The same word twice is one label.
bool SplitFastTextLine(std::string_view line, std::string_view prefix, std::string_view* label,
                       std::string* text, LineError* error);

// A binary label: -1, +1 (or 1), and 0 which means -1. Anything else is outside the set.
bool ParseBinaryLabel(std::string_view text, float* label, std::string* message);

// What makes a class name unprintable as one word, the first found: white
// space, ASCII's then Unicode's; a control character, ASCII's then C1's
// (U+0080 to U+009F); bytes that are not UTF-8. Checked in that order:
// ASCII space, ASCII control, not UTF-8, C1 control, Unicode space.
struct NameFault {
  enum Kind { kNone, kSpace, kControl, kNotUtf8 } kind = kNone;
  uint32_t column = 0;      // 1-based byte column in the name
  uint32_t code_point = 0;  // beyond ASCII; 0 for an ASCII character
};
NameFault ClassNameFault(std::string_view name);
// "has white space in it", "has a control character (U+0085) in it": a
// space or control fault as a message says it.
std::string NameFaultText(const NameFault& fault);

// The label of a line, without the separators around it (a byte-order mark,
// a no-break space; a label of them alone is none, kNoLabel): a binary
// label, or with class_labels any name, which goes to ctx.class_label while
// *label becomes ExampleBatch::kClassLabel.
// A bad one fills *error (the label's 1-based `column`, the message, and
// error->label).
bool ParseLabel(std::string_view text, uint32_t column, LineContext& ctx, float* label,
                LineError* error);

// Byte classes of the tokenizers: one table lookup instead of a chain of
// comparisons per byte.
inline constexpr uint8_t kSpaceClass = 1;  // ' ' \t \v \f \r
inline constexpr uint8_t kBarClass = 2;    // '|'
struct ByteClasses {
  uint8_t of[256] = {};
  constexpr ByteClasses() {
    for (unsigned char c : {' ', '\t', '\v', '\f', '\r'}) of[c] = kSpaceClass;
    of[static_cast<unsigned char>('|')] = kBarClass;
  }
};
inline constexpr ByteClasses kByteClasses;

inline bool IsSpace(char c) {
  return kByteClasses.of[static_cast<unsigned char>(c)] == kSpaceClass;
}
// `text` without the white space (IsSpace) around it.
inline std::string_view StripSpace(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}
// A byte that ends a VW token: white space or '|'.
inline bool EndsToken(char c) { return kByteClasses.of[static_cast<unsigned char>(c)] != 0; }

class Parser {
 public:
  explicit Parser(const ParseOptions& options) : ctx_(options) {}

  // Parses every line of `chunk` (which ends in '\n') into `batch`, which is
  // cleared first. Blank lines are skipped; bad lines go to batch.bad_lines.
  void Parse(std::string_view chunk, ExampleBatch& batch);

 private:
  LineContext ctx_;
};

}  // namespace hare::io
