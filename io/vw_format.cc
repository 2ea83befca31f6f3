// Vowpal Wabbit's text format, as VW reads it:
//
//   line       := label_part ( '|' namespace )*
//   label_part := [ label [ importance [ initial ] ] ] [ tag ]
//   tag        := "'" word  |  the last word, touching the first '|' (not a number with
//                 no number before it: "1|a" is labelled 1, "1 7|a" tagged 7); one a line
//   namespace  := [ name [ ':' scale ] ] ( space+ feature )*    (name touches its '|';
//                                                                 it ends at the first ':')
//   feature    := name [ ':' value ]                             (name ends at the first ':')
//
// A feature's value is multiplied by its namespace's scale; a value of 0 adds
// nothing, as in VW. A line without a label is read for prediction only.
//
// Interactions (-q ab, --cubic abc) add, for every pair (triple) of features
// in namespaces whose names start with those letters (':' any, ' ' the
// default namespace), the feature Interact(h1, h2) (a triple:
// Interact(Interact(h1, h2), h3)) with the product of the values. Within one namespace only
// combinations are made (i <= j, as VW 9 does by default), not both orders.
//
// --ngram N / --skips K (or aN, aK for namespaces starting with a) add, after
// a namespace's features, their n-grams (hashing/ngrams.h) with value 1, as
// VW's --ngram does; interactions see them as features of the namespace.
//
// --ignore a skips the namespaces starting with a; --ignore_linear a reads
// them for interactions only (neither they nor their n-grams are features of
// their own; their affixes, of another namespace, are); --keep a ignores all
// others.
//
// --affix +4a (-3a; +4 for the default namespace, as in VW) adds after each
// feature of a namespace starting with a its affix "+4temp" (hashing::AffixName),
// with the feature's value, in the namespace "affix^NAME" ("affix" for the
// default namespace, which --format text's affixes are in too). As in VW,
// interactions and n-grams do not see them.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "hashing/ngrams.h"
#include "hashing/text_features.h"
#include "io/number.h"
#include "io/parser.h"
#include "io/scan.h"

namespace hare::io {
namespace {

const char* Find(const char* begin, const char* end, char c) {
  const void* hit = std::memchr(begin, c, static_cast<size_t>(end - begin));
  return hit == nullptr ? end : static_cast<const char*>(hit);
}

uint32_t Column(const char* line_begin, const char* at) {
  return static_cast<uint32_t>(at - line_begin) + 1;
}

bool Fail(LineError* error, uint32_t column, std::string message) {
  error->column = column;
  error->message = std::move(message);
  return false;
}

// A feature's name as VW's audit prints it: "namespace^feature", or just
// "feature" in the default namespace.
std::string QualifiedName(std::string_view space, std::string_view feature) {
  if (space.empty()) return std::string(feature);
  std::string name(space);
  name += '^';
  name += feature;
  return name;
}

// With names kept, n-grams made, affixes taken or the linear term left out
// (--ignore_linear), what a feature of the namespace `space_name` adds: its
// slot (if linear), its name, its place among the namespace's features for
// the n-grams, its affixes (in ctx.affix_space). Out of line, so that the
// common path stays as tight as without them.
[[gnu::noinline]] void Note(LineContext& ctx, ExampleBatch& batch, std::string_view space_name,
                            std::string_view name, uint64_t hash, float value, bool gramming,
                            bool linear) {
  if (linear) batch.AddFeature(static_cast<uint32_t>(hash) & ctx.mask, value);
  if (ctx.options.names) {
    std::string full = QualifiedName(space_name, name);
    if (!ctx.options.interactions.empty()) ctx.seen_names.push_back(full);
    if (linear) batch.AddName(std::move(full));
  }
  if (gramming) {
    ctx.space_hashes.push_back(hash);
    if (ctx.options.names) ctx.space_names.emplace_back(name);
  }
  const unsigned char letter = space_name.empty() ? ' ' : static_cast<unsigned char>(space_name[0]);
  for (uint8_t k = 0; k < ctx.affix_count[letter]; ++k) {
    if (!hashing::AffixName(name, ctx.affix_of[letter][k], ctx.affix_name)) continue;
    const uint64_t affix = hashing::FeatureHash(ctx.affix_name, ctx.affix_space_hash);
    batch.AddFeature(static_cast<uint32_t>(affix) & ctx.mask, value);
    if (ctx.options.names) batch.AddName(QualifiedName(ctx.affix_space, ctx.affix_name));
  }
}

// The n-grams of the namespace just read (its features are in
// ctx.space_hashes), as features of that namespace.
[[gnu::noinline]] void AddGrams(LineContext& ctx, ExampleBatch& batch, char space,
                                std::string_view space_name, bool interacting, bool linear) {
  const unsigned char letter = static_cast<unsigned char>(space);
  const bool names = ctx.options.names;
  hashing::ForEachGram(ctx.space_hashes, ctx.gram_n[letter], ctx.gram_skips[letter],
                       ctx.gram_scratch, [&](uint64_t hash, std::span<const size_t> at) {
                         if (linear) batch.AddFeature(static_cast<uint32_t>(hash) & ctx.mask, 1.0f);
                         if (interacting) ctx.seen.push_back({space, hash, 1.0f});
                         if (!names) return;
                         std::string name;
                         for (size_t k = 0; k < at.size(); ++k) {
                           if (k > 0) name.push_back('_');
                           name.append(ctx.space_names[at[k]]);
                         }
                         std::string full = QualifiedName(space_name, name);
                         if (interacting) ctx.seen_names.push_back(full);
                         if (linear) batch.AddName(std::move(full));
                       });
}

// Sets ctx.affix_space and its hash to the namespace of the affixes of
// namespace `space_name`'s features.
[[gnu::noinline]] void SetAffixNamespace(LineContext& ctx, std::string_view space_name) {
  ctx.affix_space.assign(hashing::kAffixNamespace);
  if (!space_name.empty()) ctx.affix_space.append("^").append(space_name);
  ctx.affix_space_hash = hashing::NamespaceHash(ctx.affix_space, ctx.options.hash_seed);
}

bool Matches(char want, char space) { return want == ':' || want == space; }

bool AddInteractions(std::string_view line, LineContext& ctx, ExampleBatch& batch,
                     LineError* error) {
  const std::vector<LineContext::Seen>& f = ctx.seen;
  const size_t n = f.size();
  // The first product past a float's range: its pattern and features.
  struct {
    size_t pattern, i, j, k;
  } overflow{};
  bool finite = true;
  const bool names = ctx.options.names;
  // What the line may still make: it stops there, before the memory runs out.
  const uint64_t max = ctx.options.max_line_features;
  uint64_t room = max - std::min<uint64_t>(max, batch.FeaturesSinceBegin());
  // A set of features that an earlier pattern also makes (-q aa -q a:) is
  // that pattern's, not made again.
  const std::vector<uint32_t>* overlapped_by = nullptr;
  auto earlier_makes = [&](size_t i, size_t j, size_t k) {
    const char letters[3] = {f[i].space, f[j].space, k < n ? f[k].space : '\0'};
    const std::string_view set(letters, k < n ? 3 : 2);
    return std::any_of(overlapped_by->begin(), overlapped_by->end(), [&](uint32_t q) {
      return PatternsOverlap(ctx.options.interactions[q], set);
    });
  };
  size_t pattern = 0;
  auto add = [&](uint64_t hash, float value, size_t i, size_t j, size_t k) {
    if (room-- == 0) return false;
    if (finite && !std::isfinite(value)) {
      finite = false;
      overflow = {pattern, i, j, k};
    }
    batch.AddFeature(static_cast<uint32_t>(hash) & ctx.mask, value);
    if (names) {
      std::string name = absl::StrCat(ctx.seen_names[i], "*", ctx.seen_names[j]);
      if (k < n) absl::StrAppend(&name, "*", ctx.seen_names[k]);
      batch.AddName(std::move(name));
    }
    return true;
  };
  auto too_many = [&] {
    error->column = 1;
    error->message = TooManyFeatures(max);
    return false;
  };
  // Features x (at place a of the pattern) and y (at place b), x after y,
  // that would also match swapped: the swapped order is the one made, so
  // each set of features is combined once ("-q a:" makes a^p*a^q, not also
  // a^q*a^p; "-q aa" pairs each feature with itself and those after it).
  auto swapped = [&](const std::string& in, size_t a, size_t x, size_t b, size_t y) {
    return x > y && Matches(in[a], f[y].space) && Matches(in[b], f[x].space);
  };
  // Three features in the pattern's places: made in the first of their
  // orders that fit the pattern (by line position), so each set is made
  // once (the swaps above alone let --cubic :a: make some sets twice).
  auto first_order = [&](const std::string& in, size_t i, size_t j, size_t k) {
    const size_t x[3] = {i, j, k};
    for (const auto& o : std::span(kOrdersOfThree).subspan(1)) {  // the other orders
      const size_t a = x[o[0]], b = x[o[1]], c = x[o[2]];
      if (std::tie(a, b, c) < std::tie(i, j, k) && Matches(in[0], f[a].space) &&
          Matches(in[1], f[b].space) && Matches(in[2], f[c].space)) {
        return false;
      }
    }
    return true;
  };
  // The features of each place of the pattern, in line order: the loops
  // cost what they make, not the line's length for each feature of the
  // first place (a namespace of 64,000 features took 3 s with -q ab and no b).
  auto& at = ctx.interacting;
  for (size_t m = 0; m < ctx.options.interactions.size(); ++m) {
    const std::string& in = ctx.options.interactions[m];
    pattern = m;
    overlapped_by = &ctx.overlapped_by[m];
    for (size_t p = 0; p < in.size(); ++p) {
      at[p].clear();
      for (size_t i = 0; i < n; ++i) {
        if (Matches(in[p], f[i].space)) at[p].push_back(static_cast<uint32_t>(i));
      }
    }
    for (const size_t i : at[0]) {
      for (const size_t j : at[1]) {
        if (swapped(in, 0, i, 1, j)) continue;
        if (in.size() == 2) {
          if (earlier_makes(i, j, n)) continue;
          if (!add(hashing::Interact(f[i].hash, f[j].hash), f[i].value * f[j].value, i, j, n))
            return too_many();
          continue;
        }
        const uint64_t pair = hashing::Interact(f[i].hash, f[j].hash);
        for (const size_t k : at[2]) {
          if (!first_order(in, i, j, k)) continue;
          if (earlier_makes(i, j, k)) continue;
          if (!add(hashing::Interact(pair, f[k].hash), f[i].value * f[j].value * f[k].value, i, j,
                   k)) {
            return too_many();
          }
        }
      }
    }
  }
  if (!finite) {
    // Named by the features' text in the line (an n-gram, of value 1, is
    // "an n-gram"), pointing at the first of them that has a column; with
    // the values multiplied, where a namespace's scale changed them.
    const std::string& in = ctx.options.interactions[overflow.pattern];
    std::vector<std::string> parts, values;
    bool scaled = false;
    error->column = 0;
    for (const size_t x : {overflow.i, overflow.j, overflow.k}) {
      if (x >= n) continue;
      values.push_back(absl::StrFormat("%g", f[x].value));
      const uint32_t column = f[x].column;
      if (column == 0) {
        parts.push_back("an n-gram");
        continue;
      }
      if (error->column == 0) error->column = column;
      const std::string_view rest = line.substr(column - 1);
      const std::string_view token = rest.substr(
          0, static_cast<size_t>(std::find_if(rest.begin(), rest.end(), EndsToken) - rest.begin()));
      parts.push_back(Quote(token));
      const size_t colon = token.find(':');
      float written = 1.0f;
      if (colon != token.npos) ParseFloat(token.substr(colon + 1), &written);
      scaled = scaled || written != f[x].value;
    }
    if (error->column == 0) error->column = 1;
    error->message = absl::StrCat(
        "the product of feature values ", absl::StrJoin(parts, " * "),
        scaled ? absl::StrCat(" (", absl::StrJoin(values, " * "), " with their namespaces' scales)")
               : "",
        " in ", in.size() == 2 ? "-q " : "--cubic ", Quote(in), " is too large for a float");
  }
  return finite;
}

}  // namespace

bool ParseVwLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                 float* importance, float* initial, std::string_view* tag, LineError* error) {
  const char* const begin = line.data();
  const char* const end = begin + line.size();
  const char* const first_bar = Find(begin, end, '|');

  // The label part: numbers in order, and a tag.
  int numbers = 0;
  std::optional<std::string_view> first_tag;
  for (const char* p = begin;;) {
    while (p < first_bar && IsSpace(*p)) ++p;
    if (p == first_bar) break;
    const char* t = p;
    while (p < first_bar && !IsSpace(*p)) ++p;
    std::string_view token(t, static_cast<size_t>(p - t));
    // Separators around the label (a byte-order mark, of files joined with
    // cat; a no-break space) are no part of it, here too, where a word that
    // is no number and touches the '|' is a tag; a word of them alone is
    // white space.
    if (numbers == 0) {
      token = hashing::TrimSeparators(token);
      if (token.empty()) continue;
      t = token.data();
    }
    float value = 0;
    NumberError e = ParseFloat(token, &value);
    // VW: the last word, touching the '|', is the tag, a number too
    // ("1 1234|a": the tag 1234); but a number with none before it is the
    // label ("1|a", "'t 1|a").
    const bool touching =
        p == first_bar && first_bar != end && (e == NumberError::kNotANumber || numbers > 0);
    if (token[0] == '\'' || touching) {
      if (first_tag) {
        return Fail(error, Column(begin, t),
                    absl::StrCat("a second tag ", Quote(token[0] == '\'' ? token.substr(1) : token),
                                 " after ", Quote(*first_tag), " (a line has one tag)"));
      }
      first_tag = token[0] == '\'' ? token.substr(1) : token;
      *tag = *first_tag;
      continue;
    }
    switch (numbers++) {
      case 0:
        if (!ParseLabel(token, Column(begin, t), ctx, label, error)) return false;
        break;
      case 1:
        if (e != NumberError::kNone) {
          // "-1 3:1 11:1": a LIBSVM line, which has no '|'.
          const bool libsvm = first_bar == end && token.find(':') != token.npos;
          return Fail(
              error, Column(begin, t),
              absl::StrCat("bad importance weight ", Quote(token), ": ", NumberErrorText(e),
                           libsvm ? " (LIBSVM's index:value lines are --format libsvm)" : ""));
        }
        if (value < 0) {
          return Fail(error, Column(begin, t),
                      absl::StrCat("importance weight ", Quote(token), " is negative"));
        }
        if (TooSmallForAFloat(token, value)) {  // 0 would make the example predict-only
          return Fail(error, Column(begin, t),
                      absl::StrCat("importance weight ", Quote(token),
                                   " is too small for a float (it would be 0: predict-only)"));
        }
        *importance = value;
        break;
      case 2:
        if (e != NumberError::kNone) {
          return Fail(error, Column(begin, t),
                      absl::StrCat("bad initial score ", Quote(token), ": ", NumberErrorText(e)));
        }
        *initial = value;
        break;
      default:
        return Fail(error, Column(begin, t),
                    absl::StrCat("unexpected ", Quote(token),
                                 " before the first '|' (expected: label [importance [initial]] "
                                 "['tag])"));
    }
  }

  // Namespaces, in one scan: each token ends at white space or '|', and the
  // ':' of a feature is found on the way, 16 bytes at a time (io/scan.h).
  const bool interacting = !ctx.options.interactions.empty();
  const bool names = ctx.options.names;
  ctx.seen.clear();
  ctx.seen_names.clear();
  for (const char* p = first_bar; p < end;) {
    ++p;  // past the '|'
    // The namespace's name, and its scale after the first ':' (as a feature's
    // value), read only if the namespace is.
    const char* const space_begin = p;
    const char* scale_colon = nullptr;
    for (; p < end && !EndsToken(*p); ++p) {
      if (*p == ':' && scale_colon == nullptr) scale_colon = p;
    }
    const std::string_view space_name(
        space_begin, static_cast<size_t>((scale_colon != nullptr ? scale_colon : p) - space_begin));
    const char space = space_name.empty() ? ' ' : space_name[0];
    const unsigned char letter = static_cast<unsigned char>(space);
    const LineContext::Use use = ctx.use[letter];
    if (use == LineContext::kIgnored) [[unlikely]] {
      p = Find(p, end, '|');  // not read at all, its scale neither
      continue;
    }
    float scale = 1.0f;
    if (scale_colon != nullptr) {
      std::string_view scale_text(scale_colon + 1, static_cast<size_t>(p - scale_colon - 1));
      NumberError e = ParseFloat(scale_text, &scale);
      if (e != NumberError::kNone) {
        std::string_view whole(space_begin, static_cast<size_t>(p - space_begin));
        return Fail(error, Column(begin, scale_colon + 1),
                    absl::StrCat("bad namespace scale ", Quote(scale_text), " in ", Quote(whole),
                                 ": ", NumberErrorText(e)));
      }
    }
    const uint64_t namespace_hash = space_name.empty()
                                        ? ctx.default_namespace_hash
                                        : hashing::NamespaceHash(space_name, ctx.options.hash_seed);
    const bool linear = use == LineContext::kRead;
    const bool gramming = ctx.grams && ctx.gram_n[letter] >= 2;
    const bool affixing = ctx.affix_count[letter] != 0;
    const bool noting = names || gramming || affixing || !linear;
    if (affixing) SetAffixNamespace(ctx, space_name);
    if (gramming) {
      ctx.space_hashes.clear();
      ctx.space_names.clear();
    }
    for (;;) {
      while (p < end && IsSpace(*p)) ++p;
      if (p == end || *p == '|') break;
      const char* t = p;
      const char* colon = nullptr;
      p = FindTokenEnd<true>(p, end);
      if (p < end && *p == ':') {  // a name ends at its first ':'; the value runs on
        colon = p;
        p = FindTokenEnd<false>(p + 1, end);
      }
      std::string_view token(t, static_cast<size_t>(p - t));
      std::string_view name = token;
      float value = 1.0f;
      if (colon != nullptr) {
        if (token == ":")
          return Fail(error, Column(begin, t), "bare ':' where a feature was expected");
        if (colon == t) {
          return Fail(error, Column(begin, t),
                      absl::StrCat("feature ", Quote(token), " has no name before ':'"));
        }
        name = std::string_view(t, static_cast<size_t>(colon - t));
        std::string_view value_text(colon + 1, static_cast<size_t>(p - colon - 1));
        if (value_text.empty()) {
          return Fail(error, Column(begin, t),
                      absl::StrCat("feature ", Quote(token), " has no value after ':'"));
        }
        NumberError e = ParseFloat(value_text, &value);
        if (e != NumberError::kNone) {
          return Fail(error, Column(begin, colon + 1),
                      absl::StrCat("bad feature value ", Quote(value_text), " in ", Quote(token),
                                   ": ", NumberErrorText(e)));
        }
      }
      float scaled = value * scale;
      if (!std::isfinite(scaled)) {
        return Fail(error, Column(begin, t),
                    absl::StrCat("feature ", Quote(token),
                                 " times its namespace scale is too large for a float"));
      }
      if (scaled == 0.0f) continue;
      const uint64_t hash = hashing::FeatureHash(name, namespace_hash);
      if (noting) [[unlikely]] {
        Note(ctx, batch, space_name, name, hash, scaled, gramming, linear);
      } else {
        batch.AddFeature(static_cast<uint32_t>(hash) & ctx.mask, scaled);
      }
      if (interacting) ctx.seen.push_back({space, hash, scaled, Column(begin, t)});
    }
    if (gramming) AddGrams(ctx, batch, space, space_name, interacting, linear);
  }
  if (interacting) return AddInteractions(line, ctx, batch, error);
  return true;
}

}  // namespace hare::io
