// Plain sentences:
//
//   line := [ label ] TAB text      |  text          (no TAB: no label)
//
// The text goes through hashing/text_features.h: the tokenizer (UTF-8 checked,
// punctuation split off, apostrophes kept inside words, every script
// lower-cased unless --keep-case) and the templates chosen (word unigrams by default;
// n-grams, skip-grams, character n-grams, a window around a target,
// collocations). Every feature has value 1; one that occurs twice counts twice.
#include <cstring>

#include "absl/strings/str_cat.h"
#include "io/parser.h"

namespace hare::io {

bool ParseTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                   LineError* error) {
  const char* begin = line.data();
  const char* const end = begin + line.size();
  const char* p = begin;
  if (const void* tab = std::memchr(begin, '\t', line.size())) {
    const char* label_end = static_cast<const char*>(tab);
    const std::string_view name =
        StripSpace(std::string_view(begin, static_cast<size_t>(label_end - begin)));
    if (!name.empty() &&
        !ParseLabel(name, static_cast<uint32_t>(name.data() - begin) + 1, ctx, label, error)) {
      return false;
    }
    p = label_end + 1;
  }
  const std::string_view text(p, static_cast<size_t>(end - p));
  if (uint32_t bad = hashing::Tokenize(text, ctx.options.text.keep_case, ctx.scratch, ctx.tokens)) {
    error->column = static_cast<uint32_t>(p - begin) + bad;
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

}  // namespace hare::io
