// Plain sentences:
//
//   line := [ label ] TAB text      |  text          (no TAB: no label)
//
// or fastText's: the word starting with __label__ (or --label's prefix),
// anywhere in the line, is its label (kept whole: "__label__pos", as fastText predicts it); the
// other words are the text. fastText takes several labels for one line; hare learns one class an
// example, so a second label (other than the first again) is a bad line.
//
// The text goes through hashing/text_features.h: the tokenizer (UTF-8 checked,
// punctuation split off, apostrophes kept inside words and points, commas
// and colons inside numbers, every script
// lower-cased unless --keep-case) and the templates chosen (word unigrams by default;
// n-grams, skip-grams, character n-grams, a window around a target,
// collocations). Every feature has value 1; one that occurs twice counts twice.
#include <cstring>

#include "absl/strings/str_cat.h"
#include "io/number.h"
#include "io/parser.h"

namespace hare::io {

namespace {

// The features of `text`, which starts at byte `offset` of its line.
bool AddTextFeatures(std::string_view text, size_t offset, LineContext& ctx, ExampleBatch& batch,
                     LineError* error) {
  if (uint32_t bad = hashing::Tokenize(text, ctx.options.text.keep_case, ctx.scratch, ctx.tokens)) {
    error->column = static_cast<uint32_t>(offset) + bad;
    error->message = hashing::InvalidUtf8Message(text, bad);
    return false;
  }
  const bool names = ctx.options.names;
  const std::vector<uint64_t>& features =
      ctx.featurizer.Features(ctx.tokens, names ? &ctx.text_names : nullptr);
  for (size_t k = 0; k < features.size(); ++k) {
    batch.AddFeature(static_cast<uint32_t>(features[k]) & ctx.mask, 1.0f);
    if (!names) continue;
    const char* space = ctx.featurizer.Namespace(k);
    batch.AddName(*space == '\0' ? ctx.text_names[k] : absl::StrCat(space, "^", ctx.text_names[k]));
  }
  return true;
}

}  // namespace

bool ParseTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                   LineError* error) {
  const char* begin = line.data();
  const char* p = begin;
  if (const void* tab = std::memchr(begin, '\t', line.size())) {
    const char* label_end = static_cast<const char*>(tab);
    // A label of white space alone, a no-break space too, is no label.
    if (!ParseLabel(std::string_view(begin, static_cast<size_t>(label_end - begin)), 1, ctx, label,
                    error)) {
      return false;
    }
    p = label_end + 1;
  }
  return AddTextFeatures(line.substr(static_cast<size_t>(p - begin)),
                         static_cast<size_t>(p - begin), ctx, batch, error);
}

bool SplitFastTextLine(std::string_view line, std::string_view prefix, std::string_view* label,
                       std::string* text, LineError* error) {
  text->assign(line);
  *label = {};
  // fastText's word breaks: white space and NUL.
  auto apart = [](char c) { return IsSpace(c) || c == '\0'; };
  for (size_t at = 0; at < line.size();) {
    if (apart(line[at])) {
      ++at;
      continue;
    }
    size_t word_end = at;
    while (word_end < line.size() && !apart(line[word_end])) ++word_end;
    const std::string_view word = line.substr(at, word_end - at);
    // A byte-order mark before a label (a file's, inside a concatenation of
    // files), a zero-width space or another invisible separator is no part
    // of it, as a class name loses them.
    std::string_view bare = word;
    if (static_cast<unsigned char>(word[0]) >= 0x80 && word.find(prefix) != word.npos) {
      bare.remove_prefix(static_cast<size_t>(hashing::TrimSeparators(word).data() - word.data()));
    }
    if (bare.starts_with(prefix)) {
      // Compared as the class names are made (separators around them
      // trimmed), so that the first label again with a zero-width space or
      // a byte-order mark stuck to it is the same class, not a second label.
      if (!label->empty() && hashing::TrimSeparators(bare) != hashing::TrimSeparators(*label)) {
        error->column = static_cast<uint32_t>(bare.data() - line.data()) + 1;
        error->message = absl::StrCat("a second label, ", Quote(bare), " after ", Quote(*label),
                                      ": hare learns one class for each example");
        return false;
      }
      *label = bare;
      text->replace(at, word.size(), word.size(), ' ');
    }
    at = word_end;
  }
  return true;
}

bool ParseFastTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                       LineError* error) {
  std::string_view found;
  if (!SplitFastTextLine(line, ctx.options.label_prefix, &found, &ctx.unlabelled, error)) {
    return false;
  }
  if (!found.empty() && !ParseLabel(found, static_cast<uint32_t>(found.data() - line.data()) + 1,
                                    ctx, label, error)) {
    return false;
  }
  return AddTextFeatures(ctx.unlabelled, 0, ctx, batch, error);
}

}  // namespace hare::io
