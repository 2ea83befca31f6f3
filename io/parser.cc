#include "io/parser.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <new>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "hashing/text_features.h"
#include "io/number.h"

namespace hare::io {
namespace {

// A refused line that made more features than this (16 MiB of them) gives
// their memory back.
constexpr size_t kReleaseAfterFeatures = size_t{1} << 20;

}  // namespace

LineContext::LineContext(const ParseOptions& o)
    : options(o),
      mask(hashing::MaskFor(o.bits)),
      default_namespace_hash(hashing::NamespaceHash(hashing::kDefaultNamespace, o.hash_seed)),
      constant_index(hashing::ConstantIndex(o.hash_seed, o.bits)),
      featurizer(o.text, o.hash_seed) {
  const GramTables t = ResolveGrams(o.ngrams, o.skips);
  std::copy(std::begin(t.n), std::end(t.n), gram_n);
  std::copy(std::begin(t.skips), std::end(t.skips), gram_skips);
  grams = std::any_of(std::begin(gram_n), std::end(gram_n), [](uint8_t n) { return n >= 2; });
  std::fill(std::begin(use), std::end(use), o.keep.empty() ? kRead : kIgnored);
  for (const char c : o.keep) use[static_cast<unsigned char>(c)] = kRead;
  for (const char c : o.ignore) use[static_cast<unsigned char>(c)] = kIgnored;
  for (const char c : o.ignore_linear) {  // of the namespaces read (as VW, --keep wins)
    if (use[static_cast<unsigned char>(c)] == kRead)
      use[static_cast<unsigned char>(c)] = kInteractionsOnly;
  }
  overlapped_by.resize(o.interactions.size());
  for (size_t m = 0; m < o.interactions.size(); ++m) {
    for (size_t q = 0; q < m; ++q) {
      if (PatternsOverlap(o.interactions[q], o.interactions[m]))
        overlapped_by[m].push_back(static_cast<uint32_t>(q));
    }
  }
  std::fill(std::begin(affix_count), std::end(affix_count), uint8_t{0});
  for (const std::string& spec : o.affixes) {
    char letter = 0;
    int affix = 0;
    if (!ParseAffixSpec(spec, &letter, &affix)) continue;
    const unsigned char k = static_cast<unsigned char>(letter == 0 ? ' ' : letter);
    if (affix_count[k] == hashing::kMaxAffixes) continue;
    affix_of[k][affix_count[k]++] = static_cast<int8_t>(affix);
  }
}

bool ParseBinaryLabel(std::string_view text, float* label, std::string* message) {
  float value = 0;
  NumberError e = ParseFloat(text, &value);
  if (e != NumberError::kNone) {
    *message = absl::StrCat("bad label ", Quote(text), ": ", NumberErrorText(e));
    // "pos", "spam", "DESC:def": a class name, which binary labels cannot be;
    // "__label__pos": a fastText line.
    if (e == NumberError::kNotANumber && text.starts_with("__label__")) {
      absl::StrAppend(message, " (a fastText label: --format fasttext reads such lines)");
    } else if (e == NumberError::kNotANumber && !text.empty() &&
               absl::ascii_isalpha(static_cast<unsigned char>(text[0]))) {
      absl::StrAppend(message, " (labels that are names are for models trained with --multiclass)");
    }
    return false;
  }
  // "1e-46" reads as 0 (too small for a float), which would say -1.
  const std::string_view mantissa = text.substr(0, text.find_first_of("eE"));
  const bool underflow = value == 0.0f && mantissa.find_first_of("123456789") != text.npos;
  if ((value != -1.0f && value != 0.0f && value != 1.0f) || underflow) {
    *message = absl::StrCat("label ", Quote(text),
                            " is outside the expected set: binary labels are -1 and +1 (0 means "
                            "-1; class numbers are for models trained with --multiclass ova)");
    return false;
  }
  *label = value == 1.0f ? 1.0f : -1.0f;
  return true;
}

NameFault ClassNameFault(std::string_view name) {
  auto at = [&](std::string_view::const_iterator c) {
    return static_cast<uint32_t>(c - name.begin()) + 1;
  };
  if (const auto space = std::find_if(name.begin(), name.end(), IsSpace); space != name.end()) {
    return {NameFault::kSpace, at(space), 0};
  }
  if (const auto control = std::find_if(name.begin(), name.end(), IsControl);
      control != name.end()) {
    return {NameFault::kControl, at(control), 0};
  }
  if (const uint32_t bad = hashing::InvalidUtf8At(name); bad > 0) {
    return {NameFault::kNotUtf8, bad, 0};
  }
  uint32_t code_point = 0;
  if (const uint32_t c1 = hashing::UnicodeControlAt(name, &code_point); c1 > 0) {
    return {NameFault::kControl, c1, code_point};
  }
  if (const uint32_t wide = hashing::UnicodeSpaceAt(name, &code_point); wide > 0) {
    return {NameFault::kSpace, wide, code_point};
  }
  return {};
}

std::string NameFaultText(const NameFault& fault) {
  const std::string what = fault.kind == NameFault::kSpace ? "white space" : "a control character";
  return fault.code_point == 0 ? absl::StrCat("has ", what, " in it")
                               : absl::StrFormat("has %s (U+%04X) in it", what, fault.code_point);
}

bool ParseLabel(std::string_view text, uint32_t column, LineContext& ctx, float* label,
                LineError* error) {
  bool ok = true;
  // A byte-order mark or a no-break space around a label is not part of it
  // (a file's mark, inside a concatenation of files, is before its first);
  // a label of them alone is none, as in --format text.
  const std::string_view trimmed = hashing::TrimSeparators(text);
  if (trimmed.empty()) {
    *label = ExampleBatch::kNoLabel;
    return true;
  }
  column += static_cast<uint32_t>(trimmed.data() - text.data());
  text = trimmed;
  if (!ctx.options.class_labels) {
    ok = ParseBinaryLabel(text, label, &error->message);
  } else if (const NameFault fault = ClassNameFault(text); fault.kind != NameFault::kNone) {
    // Predictions print the class, then the score: it must be one word, with
    // no NUL or escape (printed as it is), in UTF-8 (reports and JSON print
    // the names as they are).
    error->message = fault.kind == NameFault::kNotUtf8
                         ? "class name is not valid UTF-8"
                         : absl::StrCat("class name ", Quote(text), " ", NameFaultText(fault));
    column += fault.column - 1;
    ok = false;
  } else {
    ctx.class_label = text;
    *label = ExampleBatch::kClassLabel;
  }
  if (!ok) {
    error->column = column;
    error->label = true;
  }
  return ok;
}

bool IsBlank(std::string_view line, Format format) {
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '#' && format == Format::kLibsvm) return true;
    if (IsSpace(c)) continue;
    // Beyond ASCII, separators alone (a byte-order mark of a file joined
    // with cat, a no-break space) are white space too.
    return static_cast<unsigned char>(c) >= 0x80 && hashing::OnlySeparators(line.substr(i));
  }
  return true;
}

std::string TooManyFeatures(uint64_t max) {
  return absl::StrCat("the line makes more than ", max,
                      " features, the most one line may make here (-q, --cubic, n-grams and "
                      "character n-grams multiply them)");
}

void Parser::Parse(std::string_view chunk, ExampleBatch& batch) {
  batch.Clear();
  batch.byte_count = chunk.size();
  const bool text = IsSentences(ctx_.options.format);
  if (text) batch.marked = 0;
  const char* p = chunk.data();
  const char* const end = p + chunk.size();
  uint32_t line_number = 0;
  LineError error;
  // The next CR: one that is not a line's last byte before its LF would join
  // lines of a CR-only file into one, so its line is refused (the chunker
  // refuses such a first line before it is read whole).
  auto next_cr = [end](const char* from) {
    const void* cr = std::memchr(from, '\r', static_cast<size_t>(end - from));
    return cr == nullptr ? end : static_cast<const char*>(cr);
  };
  const char* cr = next_cr(p);
  while (p < end) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    std::string_view line(p, static_cast<size_t>(nl - p));
    p = nl + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const char* const cr_inside = cr < line.data() + line.size() ? cr : nullptr;
    if (cr < p) cr = next_cr(p);
    if (IsBlank(line, ctx_.options.format)) continue;
    if (cr_inside != nullptr) [[unlikely]] {
      batch.AddBadLine({line_number, static_cast<uint32_t>(cr_inside - line.data()) + 1,
                        kCarriageReturnInside, false});
      continue;
    }

    float label = ExampleBatch::kNoLabel, importance = 1.0f, initial = 0.0f;
    std::string_view tag;
    ctx_.class_label = {};
    batch.BeginExample();
    bool ok = false;
    try {
      switch (ctx_.options.format) {
        case Format::kVw:
          ok = ParseVwLine(line, ctx_, batch, &label, &importance, &initial, &tag, &error);
          break;
        case Format::kLibsvm:
          ok = ParseLibsvmLine(line, ctx_, batch, &label, &error);
          break;
        case Format::kText:
          ok = ParseTextLine(line, ctx_, batch, &label, &error);
          break;
        case Format::kFastText:
          ok = ParseFastTextLine(line, ctx_, batch, &label, &error);
          break;
      }
    } catch (const std::bad_alloc&) {
      // A line of more features than the memory holds is a bad line: its
      // features so far are dropped and their memory given back.
      error = {1,
               absl::StrCat("out of memory after ", batch.FeaturesSinceBegin(),
                            " of this line's features (-q, --cubic, n-grams and character "
                            "n-grams multiply them)"),
               false, true};
      batch.DropExample();
      batch.ReleaseSpareMemory();
    }
    if (ok && batch.FeaturesSinceBegin() > ctx_.options.max_line_features) [[unlikely]] {
      error = {1, TooManyFeatures(ctx_.options.max_line_features), false};
      ok = false;
    }
    if (!ok) {
      // A line refused after making many features gives their memory back,
      // which the batch would otherwise keep while it is recycled.
      const bool large = batch.FeaturesSinceBegin() > kReleaseAfterFeatures;
      batch.DropExample();
      if (large) batch.ReleaseSpareMemory();
      batch.AddBadLine(
          {line_number, error.column, std::move(error.message), error.label, error.out_of_memory});
      error.label = false;  // set only by a bad label
      error.out_of_memory = false;
      continue;
    }
    if (ctx_.options.unit_norm) batch.ScaleToUnitLength();
    if (ctx_.options.constant) {
      batch.AddFeature(ctx_.constant_index, 1.0f);
      if (ctx_.options.names) batch.AddName("Constant");
    }
    batch.EndExample(line_number, label, importance, initial, tag, ctx_.class_label);
    if (text && ctx_.featurizer.found_target()) ++batch.marked;
  }
  batch.line_count = line_number;
}

}  // namespace hare::io
