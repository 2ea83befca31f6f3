#include "tools/tune_space.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "hashing/text_features.h"
#include "io/format.h"

namespace hare::tools {
namespace {

// A switch's dimension: what was given, and the other state.
Dimension Switch(const char* name, const std::string& flag, bool given) {
  return {name, {"", given ? "!" + flag : flag}};
}

}  // namespace

bool HasMargin(std::string_view rule) {
  return !rule.starts_with("--rule nb") && !rule.starts_with("--rule sgd");
}

bool OfTheRule(const Dimension& d) {
  return std::string_view(d.name) == "step" || std::string_view(d.name) == "uneven-margin";
}

std::vector<Dimension> Dimensions(const learner::TrainOptions& given, std::string_view rule) {
  // "" is the rule the options given name (the Perceptron unless --rule says).
  const std::string given_rule = absl::StrCat("--rule ", learner::RuleName(given.learner.rule));
  if (rule.empty()) rule = given_rule;
  std::vector<Dimension> dims;
  const bool classes = given.learner.multiclass != learner::Multiclass::kNone;
  Dimension rules{"rule",
                  {"", "--rule perceptron", "--rule winnow", "--rule balanced-winnow", "--rule pa",
                   "--rule sgd --loss logistic", "--rule sgd --loss logistic --adagrad",
                   "--rule sgd --loss hinge --adagrad", "--rule arow", "--rule nb",
                   "--rule svm --shuffle -C 10"}};
  if (classes) {
    rules.values.push_back("--rule perceptron --multiclass crammer-singer");
    rules.values.push_back("--rule winnow --multiclass wta");
  }
  // A rule tried keeps the given options it can take: after a given
  // crammer-singer or wta, the others are tried one-vs-all (which every rule
  // takes); nb, whose counts are already a sum, without a given --average;
  // sgd and nb, which have no margin, without a given --uneven-margin.
  const bool k_class = given.learner.multiclass == learner::Multiclass::kCrammerSinger ||
                       given.learner.multiclass == learner::Multiclass::kWinnerTakeAll;
  for (std::string& v : rules.values) {
    if (v.empty()) continue;
    if (k_class && v.find("--multiclass") == v.npos) v += " --multiclass ova";
    if (given.learner.average && v.starts_with("--rule nb")) v += " !--average";
    if (given.learner.uneven_margin > 0 && !HasMargin(v)) v += " !--uneven-margin";
  }
  dims.push_back(rules);
  dims.push_back(Switch("average", "--average", given.learner.average));
  dims.push_back(Switch("shuffle", "--shuffle", given.learner.shuffle));
  dims.push_back(Switch("unit-norm", "--unit-norm", given.parse.unit_norm));
  // The step of the rule chosen so far.
  if (rule.find("winnow") != rule.npos) {
    dims.push_back(
        {"step", {"", "--alpha 1.1", "--alpha 1.25", "--alpha 2", "--beta 0.5", "--beta 0.8"}});
  } else if (rule.find("nb") != rule.npos) {
    dims.push_back({"step", {"", "--smoothing 0.5", "--smoothing 0.1"}});
  } else if (rule.find("arow") != rule.npos) {
    dims.push_back({"step", {"", "--arow-r 0.1", "--arow-r 10"}});
  } else if (rule.find("svm") != rule.npos) {
    dims.push_back({"step", {"", "-C 1", "-C 100"}});
  } else if (rule.find("pa") != rule.npos) {
    dims.push_back({"step", {"", "-C 0.1", "-C 0.01"}});
  } else if (rule.find("sgd") != rule.npos) {
    dims.push_back({"step", {"", "-l 0.25", "-l 0.5", "-l 2", "-l 4"}});
  } else {
    dims.push_back({"step", {"", "--margin 1", "--margin 10"}});
  }
  // Also the rule's: its margin made uneven (not for nb and sgd, which have none).
  Dimension uneven{"uneven-margin", {""}};
  if (HasMargin(rule)) {
    uneven.values.push_back(given.learner.uneven_margin > 0 ? "!--uneven-margin"
                                                            : "--uneven-margin 2");
  }
  dims.push_back(uneven);
  if (io::IsSentences(given.parse.format)) {
    dims.push_back({"ngram", {"", "--ngram 2", "--ngram 3"}});
    dims.push_back({"chars", {"", "--minn 3 --maxn 5"}});
    const hashing::TextFeatureOptions& t = given.parse.text;
    dims.push_back({"affix", {"", t.affixes.empty() ? "--affix +4" : "!--affix"}});
    // Without a given --bos, a given --noconstant is dropped too: the start
    // word was the bias (the sentences' default), and a line of neither has
    // none.
    Dimension bos = Switch("bos", "--bos", t.bos);
    if (t.bos && !given.parse.constant) bos.values[1] += " !--noconstant";
    dims.push_back(bos);
    if (t.window > 0 || t.collocations) {  // (--target alone is refused)
      dims.push_back({"window", {"", "--window 2", "--window 3", "--window 5"}});
      dims.push_back(Switch("collocations", "--collocations", t.collocations));
      dims.push_back(Switch("unigrams", "--no-unigrams", !t.unigrams));
    }
  }
  return dims;
}

std::vector<std::string> LastOfEachFlag(const FlagParser& flags, std::vector<std::string> words) {
  std::vector<std::vector<std::string>> options;
  for (std::string& w : words) {
    if (flags.Knows(w) || options.empty()) options.emplace_back();
    options.back().push_back(std::move(w));
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < options.size(); ++i) {
    auto same = [&](const std::vector<std::string>& later) {
      return flags.SameFlag(options[i][0], later[0]);
    };
    if (std::any_of(options.begin() + static_cast<std::ptrdiff_t>(i) + 1, options.end(), same))
      continue;
    out.insert(out.end(), options[i].begin(), options[i].end());
  }
  return out;
}

}  // namespace hare::tools
