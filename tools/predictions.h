// The prediction lines hare predict, hare test -p and hare train -p write:
// "label value[ tag]" for each example.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "io/example_batch.h"
#include "learner/learner.h"
#include "tools/output.h"

namespace hare::tools {

// Appends "label value[ tag]" for example i: the predicted label (a class
// name, or 1/-1), then P(+1) (binary) or the probability of the predicted
// class given `probabilities` (Calibration::ClassProbabilities); without them
// the raw score (binary) or the predicted class's score. For classes (named
// by `names`), `top` > 1 adds the next best classes with theirs, up to `top`
// in all, as fastText's predict-prob k writes them (by score, the first
// among ties); a binary model's one value says all.
void AppendPrediction(bool binary, std::span<const std::string> names,
                      const io::ExampleBatch& batch, const learner::Scores& scores, size_t i,
                      std::span<const double> probabilities, size_t top,
                      std::vector<int32_t>& order, std::string& out);

// Opens the file -p names ('-': stdout) to write predictions to, once it is
// known to be none of `inputs` (none: stdin, whose file counts too) nor the
// `model` read (may be empty), which it would replace.
absl::StatusOr<File> OpenPredictions(const std::string& path,
                                     const std::vector<std::string>& inputs,
                                     const std::string& model);

// Empty lines for the lines of a chunk from `next` up to `line` (not
// included): its blank and bad lines, so that line n out answers line n in.
void PadTo(uint32_t line, uint32_t& next, std::string& text);

}  // namespace hare::tools
