// LIBSVM / SVMlight format:
//
//   line    := [ label ] ( space+ index ':' value )* [ '#' comment ]
//   label   := -1 | +1 | 1 | 0          (0 means -1, as for 0/1 data sets)
//   index   := a non-negative decimal integer; "qid:n" (SVMlight) is ignored
//
// An index is hashed as its decimal text in the default namespace, so LIBSVM
// feature 7 and VW feature "| 7" land in the same slot.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "hashing/text_features.h"
#include "io/number.h"
#include "io/parser.h"

namespace hare::io {

namespace {

// LIBSVM's class labels are numbers: "1", "+1" and "1.0" are one class,
// named as the number prints at its shortest ("1"), kept by the batch when
// that is not the line's text. A label that is no number (or not finite)
// keeps its name.
void NameTheNumber(LineContext& ctx, ExampleBatch& batch) {
  std::string_view text = ctx.class_label;
  if (text.size() > 1 && text[0] == '+' && text[1] != '-') text.remove_prefix(1);
  double number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(number)) return;
  char digits[32];
  const auto printed = std::to_chars(digits, digits + sizeof digits, number + 0.0);  // -0: 0
  const std::string_view name(digits, static_cast<size_t>(printed.ptr - digits));
  if (name != ctx.class_label) ctx.class_label = batch.Keep(name);
}

}  // namespace

bool ParseLibsvmLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                     LineError* error) {
  const char* const begin = line.data();
  const char* end = begin + line.size();
  if (const void* hash = std::memchr(begin, '#', line.size())) end = static_cast<const char*>(hash);
  auto fail = [&](const char* at, std::string message) {
    error->column = static_cast<uint32_t>(at - begin) + 1;
    error->message = std::move(message);
    return false;
  };
  bool first = true;
  for (const char* p = begin;;) {
    while (p < end && IsSpace(*p)) ++p;
    if (p == end) break;
    const char* t = p;
    while (p < end && !IsSpace(*p)) ++p;
    std::string_view token(t, static_cast<size_t>(p - t));
    // Before the label, a word of separators alone (a byte-order mark, of
    // files joined with cat) is white space.
    if (first && hashing::OnlySeparators(token)) continue;
    size_t colon = token.find(':');
    if (first && colon == token.npos) {
      first = false;
      if (!ParseLabel(token, static_cast<uint32_t>(t - begin) + 1, ctx, label, error)) return false;
      if (ctx.options.class_labels) NameTheNumber(ctx, batch);
      continue;
    }
    first = false;
    if (colon == token.npos) {
      return fail(t, absl::StrCat("feature ", Quote(token),
                                  " has no ':value' (LIBSVM features are index:value)"));
    }
    if (token == ":") return fail(t, "bare ':' where index:value was expected");
    std::string_view index_text = token.substr(0, colon);
    std::string_view value_text = token.substr(colon + 1);
    if (index_text == "qid") continue;
    uint64_t index = 0;
    if (!ParseIndex(index_text, &index)) {
      const bool digits = !index_text.empty() &&
                          std::all_of(index_text.begin(), index_text.end(), absl::ascii_isdigit);
      return fail(t, absl::StrCat("bad index ", Quote(index_text), " in ", Quote(token),
                                  digits ? ": too large (at most 18446744073709551615)"
                                         : ": not a non-negative integer"));
    }
    float value = 0;
    NumberError e = ParseFloat(value_text, &value);
    if (e != NumberError::kNone) {
      return fail(t + colon + 1, absl::StrCat("bad feature value ", Quote(value_text), " in ",
                                              Quote(token), ": ", NumberErrorText(e)));
    }
    if (value == 0.0f) continue;
    batch.AddFeature(
        static_cast<uint32_t>(hashing::NumberFeatureHash(index, ctx.default_namespace_hash)) &
            ctx.mask,
        value);
    if (ctx.options.names) batch.AddName(std::to_string(index));
  }
  return true;
}

}  // namespace hare::io
