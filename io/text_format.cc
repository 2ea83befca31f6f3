// Plain sentences:
//
//   line := [ label ] TAB text      |  text          (no TAB: no label)
//
// The text is split at white space and each word, lower-cased (ASCII letters;
// other bytes are kept as they are), is a feature of value 1 in the default
// namespace. A word that occurs twice counts twice.
#include <cstring>

#include "io/parser.h"

namespace hare::io {

bool ParseTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                   LineError* error) {
  const char* begin = line.data();
  const char* const end = begin + line.size();
  const char* p = begin;
  if (const void* tab = std::memchr(begin, '\t', line.size())) {
    const char* label_end = static_cast<const char*>(tab);
    const char* t = begin;
    while (t < label_end && IsSpace(*t)) ++t;
    const char* e = label_end;
    while (e > t && IsSpace(e[-1])) --e;
    if (e > t && !ParseBinaryLabel(std::string_view(t, static_cast<size_t>(e - t)), label,
                                   &error->message)) {
      error->column = static_cast<uint32_t>(t - begin) + 1;
      return false;
    }
    p = label_end + 1;
  }
  std::string& word = ctx.scratch;
  for (;;) {
    while (p < end && IsSpace(*p)) ++p;
    if (p == end) break;
    word.clear();
    for (; p < end && !IsSpace(*p); ++p) {
      char c = *p;
      word.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c);
    }
    batch.AddFeature(
        static_cast<uint32_t>(hashing::FeatureHash(word, ctx.default_namespace_hash)) & ctx.mask,
        1.0f);
  }
  return true;
}

}  // namespace hare::io
