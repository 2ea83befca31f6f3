// The space hare tune searches: its dimensions, each a list of values, and
// each value the hare train flags it adds to the options given.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "learner/options.h"
#include "tools/flags.h"

namespace hare::tools {

// A dimension of the search. A value is the flags it adds: "" adds nothing
// (what the given options say), and "!--flag" takes a given switch away.
struct Dimension {
  const char* name;
  std::vector<std::string> values;
};

// Whether a rule dimension's value ("--rule sgd --loss logistic") names a
// rule with a margin, which --uneven-margin needs.
bool HasMargin(std::string_view rule);

// Whether `d` belongs to the rule chosen (its step, its uneven margin): a new
// rule starts from their first value.
bool OfTheRule(const Dimension& d);

// The dimensions searched from the options `given`, in the order coordinate
// ascent tries them, the rule's own ones for `rule` (a rule dimension's
// value; "" is the rule the options given name).
std::vector<Dimension> Dimensions(const learner::TrainOptions& given, std::string_view rule);

// `words` (flags, each with its value, as `flags` knows them) with a flag
// given twice kept at its last: a rule tried with a step of its own
// ("--rule svm -C 10"), then another step ("-C 1") from the step's dimension.
std::vector<std::string> LastOfEachFlag(const FlagParser& flags, std::vector<std::string> words);

}  // namespace hare::tools
