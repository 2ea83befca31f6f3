// The training loop of every linear rule, written once.
//
// The Rule type (rule.h) gives the weight, the decision and the update of one
// slot; two compile-time options add state to each slot:
//
//   kAverage  the average of the weight vector over all examples learned from
//             (Freund & Schapire 1999's averaged Perceptron, for every rule),
//             kept lazily (Daume's trick): with w_t the weight after example
//             t, sum_{t<=T} w_t = T w_T - sum (t-1) d_t over the changes d_t
//             made at steps t, so a slot keeps U = sum (t-1) d_t, a double,
//             and the average at step T is w_T - U/T. Untouched slots need
//             nothing; the double keeps the average exact past 2^24 steps,
//             where a float sum of the weights stops adding a small weight.
//   kAdagrad  G_i += h (gradient * x_i)^2 before each change (h the importance
//             weight, as VW sums it), and the change is scaled by 1/sqrt(G_i)
//             (additive rules only). G_i stops at the largest float: an
//             infinite G_i would freeze the weight at rate 0 for good.
//   kLazyReg  SGD's L2 (w_i *= 1 - eta_t*l2 at every step t) and L1 (w_i moves
//             eta_t*l1 towards 0, stopping there: truncated gradient, Langford,
//             Li & Zhang 2009; cumulative penalty, Tsuruoka et al. 2009) are
//             owed by every weight at every step, L2 first. A slot keeps the
//             running totals (sum of log(1 - eta l2), and the L1 total
//             Regularized describes) as of its last catch-up and pays what it
//             owes when its example comes, before the dot product; so a step
//             costs O(active features), and the result equals applying them
//             to the whole table at every step, together or apart.
//
// --uneven-margin U (no state in the slots): an example of a class learned
// from n times so far (this one included; binary: of its label) must score
// U/sqrt(n) beyond the rule's margin (one-vs-all: in its class's weights;
// K-class: above the other classes' scores). A class's first examples, few
// and soon outweighed by the other classes' negative updates, so move its
// weights further, and as the class grows the margin returns to the rule's:
// Li et al. 2002's Perceptron with uneven margins for rare classes, made to
// follow each class's count as the stream shows it.
//
// A rule with a dual variable per example (the SVM's dual coordinate
// descent, svm.h) gets it from the loop: the alpha of example i of the pass
// (counted from the pass's first, held-out and unlabelled ones too, so that
// every pass numbers the cache's examples alike) in class k's weights. The
// alphas are kept from the first pass of a run of several (BeginPass) to its
// end, one float per example and class, with the example's squared length
// (its slots' values summed before squaring, found at its first visit), one
// float per example; neither is part of a saved training state: a run
// that goes on with -i starts them at 0, which minimizes the same objective
// with ||w - w_start||^2 in place of ||w||^2.
//
// --shuffle: the passes after the first learn the examples of each batch of
// the cache (4096 examples) in a random order, another in each pass and batch,
// drawn from the pass's and the batch's number alone: the same whatever the
// thread count. Cyclic passes in one order converge slowly where the order
// matters (dual coordinate descent: Hsieh et al. 2008 permute every pass).
//
// Slot layout: [rule weights][G][average U (2 floats)][L2 total, L1 total].
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "io/example_batch.h"
#include "learner/example_scores.h"
#include "learner/feature_loop.h"
#include "learner/learner.h"
#include "learner/options.h"
#include "learner/random.h"
#include "learner/rule.h"
#include "learner/slot_norm.h"
#include "learner/weight_table.h"

namespace hare::learner {

struct Regularization {
  float l1 = 0.0f;
  float l2 = 0.0f;
};

template <class Rule, bool kAverage, bool kAdagrad, bool kLazyReg = false>
class LinearLearner final : public Learner {
  static_assert(!kAdagrad || Rule::kAdditive, "AdaGrad scales additive updates");
  static_assert(!(kAverage && kLazyReg), "averaging of decaying weights is not kept");

 public:
  // The rule keeps a variance per weight (AROW): its step uses sum s_i x_i^2.
  static constexpr bool kHasVariance = requires(const float* slot) { Rule::Variance(slot); };
  // The rule's step needs the example's dual variable (svm.h).
  static constexpr bool kDual = requires(const Rule& r, float& alpha) {
    r.Decide(1.0f, 0.0f, 1.0f, 1.0f, alpha);
  };
  static_assert(!kHasVariance || Rule::kStepUsesNorm, "a variance is used through the norm");
  static constexpr int kG = Rule::kWeights;
  static constexpr int kSum = kG + (kAdagrad ? 1 : 0);  // U, a double in two floats
  static constexpr int kL2 = kSum + (kAverage ? 2 : 0);
  static constexpr int kL1 = kL2 + 1;
  static constexpr int kFloats = kL2 + (kLazyReg ? 2 : 0);
  // Slots of the example this far ahead are prefetched. Measured on the 1 GiB
  // hare gen file read from the cache (averaged Perceptron, -b 24, one
  // thread, best of 4 runs): 1 ahead 0.94 s, 4 ahead 0.83 s, 8 ahead 0.84 s.
  static constexpr size_t kPrefetchAhead = 4;

  // `multiclass` and `margin` say how class labels are learned (multiclass.h);
  // `uneven_margin` is --uneven-margin's U; `shuffle` is --shuffle.
  LinearLearner(Rule rule, int bits, Regularization reg = {},
                Multiclass multiclass = Multiclass::kNone, float margin = 0.0f,
                float uneven_margin = 0.0f, bool shuffle = false)
      : rule_(rule),
        reg_(reg),
        multiclass_(multiclass),
        margin_(margin),
        uneven_margin_(uneven_margin),
        shuffle_(shuffle),
        table_(bits, kFloats) {}

  void BeginPass(int pass, int passes) override {
    pass_ = pass;
    position_ = 0;
    batch_ = 0;
    keep_duals_ = passes > 1;
    if (!keep_duals_) {
      duals_.clear();
      norms_.clear();
    }
  }

  using Learner::Train;  // the binary shorthand
  void Train(const io::ExampleBatch& batch, std::span<const int32_t> classes,
             std::span<const uint8_t> held_out, Scores& scores) override {
    const bool binary = multiclass_ == Multiclass::kNone;
    int32_t columns = known_;
    if (!binary) {
      for (int32_t c : classes) columns = std::max(columns, c + 1);
    }
    scores.Reset(batch.size(), binary ? 1 : static_cast<size_t>(columns), binary);
    Order(batch.size());
    for (size_t j = 0; j < batch.size(); ++j) {
      if (j + kPrefetchAhead < batch.size())
        PrefetchFeatures(table_, batch.indices(order_[j + kPrefetchAhead]));
      const size_t i = order_[j];
      const int32_t c = classes[i];
      // A class counts from its first example, which is scored and learned
      // from with it, but predicted without it.
      const size_t known = binary ? 1 : static_cast<size_t>(known_);
      const std::span<float> row =
          scores.full_row(i).first(binary ? 1 : std::max(known, static_cast<size_t>(c + 1)));
      if (!binary) known_ = static_cast<int32_t>(row.size());
      if (!held_out.empty() && held_out[i]) {
        PredictionScores(batch, i, row);
      } else {
        LearnFrom(batch, i, c, row);
      }
      scores.Restrict(i, known);
    }
    position_ += batch.size();
    ++batch_;
  }

  void PredictionScores(const io::ExampleBatch& batch, size_t i,
                        std::span<float> row) const override {
    ExampleScores<kFloats>(
        table_, batch.indices(i), batch.values(i), batch.initial(i), Rule::kNormalizesInput,
        threshold_of_rule(), [this](const float* slot) { return PredictionWeightOf(slot); }, row);
  }

  int classes() const override { return multiclass_ == Multiclass::kNone ? 1 : known_; }
  // A slot's first float is its weight (Winnow: its offset from w0), zero
  // until an update writes it.
  uint64_t table_bytes() const override { return table_.slots() * kFloats * sizeof(float); }
  uint64_t slots_in_use() const override {
    uint64_t n = 0;
    for (uint64_t i = 0; i < table_.slots(); ++i)
      n += table_.slot(static_cast<uint32_t>(i))[0] != 0;
    return n;
  }
  int bits() const override { return table_.bits(); }
  float PredictionWeight(uint32_t index) const override {
    return PredictionWeightOf(table_.slot(index));
  }
  // A saved model scores x as w.x - threshold() (times sum x if per feature).
  float threshold() const override {
    return threshold_per_feature() ? rule_.Threshold(1.0f) : rule_.Threshold(0.0f);
  }
  bool threshold_per_feature() const override {
    return rule_.Threshold(1.0f) != rule_.Threshold(0.0f);
  }
  bool normalizes_input() const override { return Rule::kNormalizesInput; }
  Threshold threshold_of_rule() const { return {threshold(), threshold_per_feature()}; }
  uint64_t overflowed() const override { return overflowed_; }

  TrainingState SaveState() const override {
    TrainingState state{.classes = known_,
                        .steps = steps_,
                        .overflowed = overflowed_,
                        .l2_total = l2_total_,
                        .l1_total = l1_total_,
                        .floats_per_slot = kFloats,
                        .class_examples = class_examples_};
    if constexpr (requires { rule_.norm_w2; }) state.norm_w2 = rule_.norm_w2;
    for (uint64_t i = 0; i < table_.slots(); ++i) {
      const float* slot = table_.slot(static_cast<uint32_t>(i));
      if (std::all_of(slot, slot + kFloats, [](float f) { return f == 0; })) continue;
      state.indices.push_back(static_cast<uint32_t>(i));
      state.floats.insert(state.floats.end(), slot, slot + kFloats);
    }
    return state;
  }

  absl::Status Resume(const TrainingState& state) override {
    if (state.floats_per_slot != kFloats ||
        state.floats.size() != state.indices.size() * size_t{kFloats}) {
      return absl::InvalidArgumentError(
          absl::StrCat("its training state has ", state.floats_per_slot,
                       " floats a slot, and these options' learner ", kFloats));
    }
    for (size_t k = 0; k < state.indices.size(); ++k) {
      if (uint64_t{state.indices[k]} >= table_.slots())
        return absl::InvalidArgumentError("its training state has a slot out of range");
      if (!ValidSlot(state.floats.data() + k * kFloats)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "its training state holds a value out of range in slot ", state.indices[k]));
      }
    }
    // L2's total is a sum of logs (<= 0); L1's a sum of steps, or a log that
    // starts at -inf: neither is NaN or +inf.
    const bool l2_ok = !std::isnan(state.l2_total) && state.l2_total <= 0;
    const bool l1_ok = !std::isnan(state.l1_total) && state.l1_total < HUGE_VAL;
    if (!l2_ok || !l1_ok || !(std::isfinite(state.norm_w2) && state.norm_w2 >= 0) ||
        state.overflowed > state.steps) {
      return absl::InvalidArgumentError("its training state holds a total out of range");
    }
    // A count for each class (binary: each label), together at most the steps.
    const size_t labels =
        multiclass_ == Multiclass::kNone ? 2 : static_cast<size_t>(std::max(0, state.classes));
    auto bad_counts = [] {
      return absl::InvalidArgumentError("its training state's class counts are out of range");
    };
    if (state.class_examples.size() > labels) return bad_counts();
    uint64_t counted = 0;
    for (uint64_t n : state.class_examples) {
      if (n > state.steps - counted) return bad_counts();  // (a sum could wrap around)
      counted += n;
    }
    for (size_t k = 0; k < state.indices.size(); ++k) {
      std::copy_n(state.floats.data() + k * kFloats, kFloats, table_.slot(state.indices[k]));
    }
    known_ = state.classes;
    steps_ = state.steps;
    class_examples_ = state.class_examples;
    overflowed_ = state.overflowed;
    l2_total_ = state.l2_total;
    l1_total_ = state.l1_total;
    if constexpr (requires { rule_.t; }) rule_.t = state.steps;  // SGD's schedule
    if constexpr (requires { rule_.norm_w2; }) rule_.norm_w2 = state.norm_w2;
    return absl::OkStatus();
  }

  const Rule& rule() const { return rule_; }
  // Example `i` of the pass's dual variable in class k's weights (kDual), 0
  // until learned from.
  float dual(uint32_t k, uint64_t i) const {
    return k < duals_.size() && i < duals_[k].size() ? duals_[k][i] : 0.0f;
  }
  const WeightTable& table() const { return table_; }
  uint64_t steps() const { return steps_; }

 private:
  // The order of the batch's examples in order_: 0, 1, ..., except in a
  // later pass with --shuffle (Fisher-Yates).
  void Order(size_t n) {
    order_.resize(n);
    for (size_t i = 0; i < n; ++i) order_[i] = static_cast<uint32_t>(i);
    if (!shuffle_ || pass_ <= 1) return;
    Random random((static_cast<uint64_t>(pass_) << 32) ^ batch_);
    for (size_t i = n; i > 1; --i) std::swap(order_[i - 1], order_[random.Below(i)]);
  }

  // The dual variable of the pass's example `ordinal` in class k's weights.
  float& Dual(uint32_t k, uint64_t ordinal) {
    if (duals_.size() <= k) duals_.resize(k + 1);
    return KeptFor(duals_[k], ordinal, 0.0f, [&] {
      return absl::StrCat(
          "the SVM's dual variables at example ", ordinal + 1, " of the pass, in class ", k + 1,
          " (4 bytes for each example and class, kept for the passes after the first: "
          "fewer examples or classes, one pass, or another --rule needs less)");
    });
  }

  // Entry `ordinal` of a vector kept for each example of the pass, grown
  // with `fill` to hold it; when the memory cannot, out of memory for what
  // `what()` says.
  template <class What>
  static float& KeptFor(std::vector<float>& kept, uint64_t ordinal, float fill, What&& what) {
    if (kept.size() <= ordinal) [[unlikely]] {
      try {
        kept.resize(ordinal + 1, fill);
      } catch (const std::bad_alloc&) {
        throw OutOfMemoryFor(what());
      }
    }
    return kept[ordinal];
  }

  // Example i's scores into `row` (class k's in row[k]), then, if it has a
  // class (c >= 0), the rule's steps.
  void LearnFrom(const io::ExampleBatch& batch, size_t i, int32_t c, std::span<float> row) {
    const uint64_t ordinal = position_ + i;
    const auto indices = batch.indices(i);
    const auto values = batch.values(i);
    // No class, or an importance of 0 (VW's predict-only example): scores
    // only. No step, and the rule's clock (SGD's schedule, the average) and
    // the regularization stand still: the regularization an example's
    // weights owe is paid (written) only by one that is learned from, and
    // read for the others, so that the model is the one without them.
    const bool learns = c >= 0 && batch.importance(i) != 0;
    if constexpr (kLazyReg) {
      if (learns) {
        RebaseRegularization();
        for (uint32_t k = 0; k < row.size(); ++k) {
          ForEachFeature<kFloats>(table_, indices, values, k,
                                  [&](float* slot, float) { PayRegularization(slot); });
        }
      }
    }
    // Sums past the float range: the scores are done again in doubles, so
    // that none reported is NaN, and the example is not learned from.
    const ExampleSums sums = ExampleScores<kFloats>(
        table_, indices, values, batch.initial(i), Rule::kNormalizesInput, threshold_of_rule(),
        [this, learns](const float* slot) {
          if constexpr (kLazyReg) {
            if (!learns) return Regularized(slot[0], slot);
          }
          return rule_.Weight(slot);
        },
        row);
    const float scale = sums.scale;  // applied to every x_i
    constexpr bool kUsesNorm = Rule::kNormalizesInput || Rule::kStepUsesNorm;
    const float listed2s = kUsesNorm ? sums.norm2 * scale * scale : 0.0f;
    const bool overflowed = !sums.in_floats || !std::isfinite(listed2s);
    if (!learns) return;
    // The SVM's coordinate descent steps by ||x||^2 of the example as the
    // weights see it, a slot listed twice as one of twice the value: the sum
    // of the listings' x^2 is less, and its longer steps swing for ever
    // across the optimum (on "1 | a a" the weight goes 1, 0, 1, 0, ...).
    float norm2s = listed2s;
    if constexpr (kDual)
      norm2s = ExampleNorm2(indices, values, sums.norm2, ordinal) * scale * scale;
    ++steps_;
    const auto label = static_cast<size_t>(c);
    if (class_examples_.size() <= label) class_examples_.resize(label + 1);
    ++class_examples_[label];
    const float extra = ExtraMargin(c);
    if constexpr (requires { rule_.BeginExample(); }) rule_.BeginExample();
    if constexpr (kLazyReg) AdvanceRegularization();
    if (overflowed) {
      ++overflowed_;
      return;
    }
    const float importance = batch.importance(i);
    bool beyond_floats = false;  // a step beyond the float range, not taken
    switch (multiclass_) {
      case Multiclass::kNone:
        beyond_floats = !Learn(indices, values, 0, c == 1 ? 1.0f : -1.0f, row[0], norm2s, scale,
                               importance, extra, ordinal);
        break;
      case Multiclass::kOneVsAll:
        for (uint32_t k = 0; k < row.size(); ++k) {
          const bool own = k == uint32_t(c);
          beyond_floats |= !Learn(indices, values, k, own ? 1.0f : -1.0f, row[k], norm2s, scale,
                                  importance, own ? extra : 0.0f, ordinal);
        }
        break;
      case Multiclass::kCrammerSinger:
      case Multiclass::kWinnerTakeAll:
        beyond_floats =
            !LearnClasses(indices, values, c, row, norm2s, scale, importance, margin_ + extra);
        break;
    }
    overflowed_ += beyond_floats;
  }

  // SlotNorm::Norm2 of the pass's example `ordinal`, found at its first visit and
  // kept, as its dual variables are, for the passes after it.
  float ExampleNorm2(std::span<const uint32_t> indices, std::span<const float> values, float listed,
                     uint64_t ordinal) {
    if (!keep_duals_) return slot_norm_.Norm2(indices, values, listed);
    float& norm2 = KeptFor(norms_, ordinal, -1.0f, [&] {
      return absl::StrCat(
          "the SVM's squared lengths at example ", ordinal + 1,
          " of the pass (4 bytes for each example, kept for the passes after the first: "
          "fewer examples, one pass, or another --rule needs less)");
    });
    if (norm2 < 0) norm2 = slot_norm_.Norm2(indices, values, listed);
    return norm2;
  }

  // --uneven-margin's addition to the margin for an example of class c.
  float ExtraMargin(int32_t c) const {
    if (uneven_margin_ == 0) return 0.0f;
    return uneven_margin_ / std::sqrt(static_cast<float>(class_examples_[static_cast<size_t>(c)]));
  }

  // The rule's decision with its margin raised by `extra` (and the
  // example's dual variable, for a rule that has one).
  template <class... Dual>
  Step Decide(float y, float score, float norm2, float importance, float extra,
              Dual&... alpha) const {
    if constexpr (requires(Rule r) { r.margin += extra; }) {
      if (extra > 0) {
        Rule raised = rule_;
        raised.margin += extra;
        return raised.Decide(y, score, norm2, importance, alpha...);
      }
    }
    return rule_.Decide(y, score, norm2, importance, alpha...);
  }

  // Learns from an example in class k's weight vector as a binary example
  // with label y and score `score`, which must clear the rule's margin plus
  // `extra`; `ordinal` is the example's in the pass. Returns false when the
  // step is beyond the float range and not taken (plain PA's loss / ||x||^2
  // when every x_i is below about 1e-19, or a diverging rate).
  bool Learn(std::span<const uint32_t> indices, std::span<const float> values, uint32_t k, float y,
             float score, float norm2, float scale, float importance, float extra,
             uint64_t ordinal) {
    if (!std::isfinite(score)) return true;  // an overflowed dot product says nothing to learn
    Step step;
    if constexpr (kDual) {
      float first = 0;  // with one pass every visit is the first
      step = Decide(y, score, norm2, importance, extra, keep_duals_ ? Dual(k, ordinal) : first);
    } else {
      step = Decide(y, score, norm2, importance, extra);
    }
    if (step.coefficient == 0) return true;
    if constexpr (kAdagrad) {
      // G_i first, so that the rate of this change includes its own gradient.
      const float metric_norm2 = Accumulate(indices, values, k, step, importance);
      if constexpr (Rule::kStepUsesNorm) step = Decide(y, score, metric_norm2, importance, extra);
    }
    if constexpr (kHasVariance) {
      float variance_norm2 = 0;  // sum s_i x_i^2 in class k's weights
      ForEachFeature<kFloats>(table_, indices, values, k, [&](const float* slot, float x) {
        variance_norm2 += Rule::Variance(slot) * x * x;
      });
      step = Decide(y, score, variance_norm2 * scale * scale, importance, extra);
    }
    if (!std::isfinite(step.coefficient)) return false;
    Change(indices, values, k, step, scale);
    return true;
  }

  // The K-class update (multiclass.h): when classes other than the true
  // class c score within `margin` of it (the error set E; winner-take-all
  // keeps only the highest of them), c is promoted and each class of E is
  // demoted, by 1/|E| of a step (Crammer & Singer's uniform update). Returns
  // false, as Learn does, when a step is beyond the float range: then no
  // class changes.
  bool LearnClasses(std::span<const uint32_t> indices, std::span<const float> values, int32_t c,
                    std::span<const float> row, float norm2, float scale, float importance,
                    float margin) {
    if (!std::all_of(row.begin(), row.end(), [](float s) { return std::isfinite(s); })) {
      return true;
    }
    const float bar = row[c] - margin;
    int errors = 0;
    int32_t top = -1;
    for (int32_t r = 0; r < static_cast<int32_t>(row.size()); ++r) {
      if (r == c || !(row[r] >= bar)) continue;
      ++errors;
      if (top < 0 || row[r] > row[top]) top = r;
    }
    if (errors == 0) return true;
    if (multiclass_ == Multiclass::kWinnerTakeAll) errors = 1;
    const Step promote = rule_.Decide(1.0f, -1.0f, norm2, importance);
    Step demote = rule_.Decide(-1.0f, 1.0f, norm2, importance);
    demote.coefficient /= static_cast<float>(errors);
    demote.gradient /= static_cast<float>(errors);
    if (!std::isfinite(promote.coefficient) || !std::isfinite(demote.coefficient)) return false;
    auto apply = [&](uint32_t k, const Step& step) {
      if (step.coefficient == 0) return;  // importance 0: no step, and no gradient to sum
      if constexpr (kAdagrad) Accumulate(indices, values, k, step, importance);
      Change(indices, values, k, step, scale);
    };
    apply(static_cast<uint32_t>(c), promote);
    for (int32_t r = 0; r < static_cast<int32_t>(row.size()); ++r) {
      if (r == c || !(row[r] >= bar)) continue;
      if (multiclass_ == Multiclass::kWinnerTakeAll && r != top) continue;
      apply(static_cast<uint32_t>(r), demote);
    }
    return true;
  }

  // AdaGrad: G_i += h (gradient * x_i)^2; returns sum x_i^2 / sqrt(G_i), with
  // every G_i complete (a slot listed twice in the example has both terms).
  float Accumulate(std::span<const uint32_t> indices, std::span<const float> values, uint32_t k,
                   const Step& step, float importance) {
    ForEachFeature<kFloats>(table_, indices, values, k, [&](float* slot, float x) {
      const float g = step.gradient * x;
      slot[kG] = std::min(slot[kG] + importance * g * g, std::numeric_limits<float>::max());
    });
    float metric_norm2 = 0;
    if constexpr (Rule::kStepUsesNorm) {
      ForEachFeature<kFloats>(table_, indices, values, k, [&](const float* slot, float x) {
        metric_norm2 += x * x / std::sqrt(slot[kG]);
      });
    }
    return metric_norm2;
  }

  // The rule's update of class k's weights of the active features.
  void Change(std::span<const uint32_t> indices, std::span<const float> values, uint32_t k,
              const Step& step, float scale) {
    ForEachFeature<kFloats>(table_, indices, values, k, [&](float* slot, float x) {
      float rate = 1.0f;
      if constexpr (kAdagrad) rate = slot[kG] > 0 ? 1 / std::sqrt(slot[kG]) : 0.0f;
      if constexpr (kAverage) {
        const double before = rule_.Weight(slot);
        rule_.Update(slot, x * scale, step, rate);
        SetU(slot, U(slot) + (rule_.Weight(slot) - before) * static_cast<double>(steps_ - 1));
      } else {
        rule_.Update(slot, x * scale, step, rate);
      }
    });
  }

  // A slot of a saved state holds what training could have written: finite
  // weights (the rule says more where it keeps more), finite sums of squares
  // and averages, and regularization totals that are sums of logs (or -inf).
  static bool ValidSlot(const float* slot) {
    bool ok;
    if constexpr (requires { Rule::ValidSlot(slot); }) {
      ok = Rule::ValidSlot(slot);
    } else {
      ok = std::all_of(slot, slot + Rule::kWeights, [](float f) { return std::isfinite(f); });
    }
    if constexpr (kAdagrad) ok = ok && std::isfinite(slot[kG]) && slot[kG] >= 0;
    if constexpr (kAverage) ok = ok && std::isfinite(U(slot));
    if constexpr (kLazyReg)
      ok = ok && !std::isnan(slot[kL2]) && slot[kL2] <= 0 && !std::isnan(slot[kL1]);
    return ok;
  }

  static double U(const float* slot) {
    double u;
    std::memcpy(&u, slot + kSum, sizeof u);
    return u;
  }
  static void SetU(float* slot, double u) { std::memcpy(slot + kSum, &u, sizeof u); }

  float PredictionWeightOf(const float* slot) const {
    float w = rule_.Weight(slot);
    if constexpr (kAverage) {
      if (steps_ == 0) return w;
      return Saturate(w - U(slot) / static_cast<double>(steps_));
    }
    if constexpr (kLazyReg) w = Regularized(w, slot);
    return w;
  }

  // The weight after paying the regularization it owes up to now. Step t
  // shrinks w by a_t = 1 - eta_t l2, then moves it b_t = eta_t l1 towards 0,
  // stopping there. With L_t = sum of log a_s up to t, the steps after the
  // last catch-up j make
  //   w_k = e^(L_k - L_j) (w_j - e^(L_j) (T_k - T_j)),  T_t = sum of b_s e^(-L_s)
  // (0 once that crosses zero); with L1 alone T is the plain sum of b_t, and
  // with both it is kept as log T, which no run can overflow.
  float Regularized(float w, const float* slot) const {
    if (w == 0) return 0.0f;
    // The snapshots are the totals rounded to floats: never pay less than nothing.
    const double shrink =
        reg_.l2 > 0 ? std::exp(std::min(0.0, l2_total_ - double(slot[kL2]))) : 1.0;
    double owed = 0;
    if (reg_.l1 > 0 && reg_.l2 > 0) {
      const double then = slot[kL1];
      if (l1_total_ > then)
        owed = std::exp(double(slot[kL2]) + l1_total_) * -std::expm1(then - l1_total_);
    } else if (reg_.l1 > 0) {
      owed = std::max(0.0, l1_total_ - double(slot[kL1]));
    }
    const double magnitude = std::max(0.0, std::fabs(double(w)) - owed) * shrink;
    return static_cast<float>(w > 0 ? magnitude : -magnitude);
  }

  void PayRegularization(float* slot) {
    slot[0] = Regularized(slot[0], slot);
    slot[kL2] = static_cast<float>(l2_total_);
    slot[kL1] = static_cast<float>(l1_total_);
  }

  // The snapshots are floats, and a float near a total L is off by up to
  // |L| 2^-24: once L is large, as much as a step's own regularization, and
  // over millions of visits the weights would drift from the whole-table
  // reference. So once a total passes 16 (with both, once the L1 owed since
  // the start, e^(L + log T), does), every slot pays what it owes and the
  // totals start again from where they began. Only at a step that is a
  // multiple of slots/64, so that the catch-up costs at most 64 slot visits
  // a step, and a run that goes on with -i does it at the same steps. A
  // slot at 0 owes nothing and is paid before its next change: it is left
  // as it is (untouched memory stays untouched, and a saved state small).
  void RebaseRegularization() {
    const bool both = reg_.l1 > 0 && reg_.l2 > 0;
    const bool large = std::fabs(l2_total_) > 16 ||
                       (both ? l2_total_ + l1_total_ > std::log(16.0) : l1_total_ > 16);
    if (!large || steps_ % std::max<uint64_t>(1, table_.slots() / 64) != 0) return;
    const double l1_start = both ? -HUGE_VAL : 0.0;
    for (uint64_t i = 0; i < table_.slots(); ++i) {
      float* slot = table_.template slot<kFloats>(static_cast<uint32_t>(i));
      if (slot[0] == 0) continue;
      slot[0] = Regularized(slot[0], slot);
      slot[kL2] = 0.0f;
      slot[kL1] = static_cast<float>(l1_start);
    }
    l2_total_ = 0;
    l1_total_ = l1_start;
  }

  // Step t's regularization is owed by every weight from now on.
  void AdvanceRegularization() {
    const double eta = rule_.Rate();
    if (reg_.l2 > 0) l2_total_ += std::log1p(-std::min(eta * reg_.l2, 1.0 - 1e-12));
    if (reg_.l1 > 0 && reg_.l2 > 0) {  // log T += log(1 + b_t e^(-L_t) / T)
      const double term = std::log(eta * reg_.l1) - l2_total_;
      const double high = std::max(l1_total_, term), low = std::min(l1_total_, term);
      if (low > -HUGE_VAL)
        l1_total_ = high + std::log1p(std::exp(low - high));
      else
        l1_total_ = high;
    } else {
      l1_total_ += eta * reg_.l1;
    }
  }

  Rule rule_;
  Regularization reg_;
  Multiclass multiclass_;
  float margin_;         // K-class updates: classes within this of the true one are errors
  float uneven_margin_;  // --uneven-margin's U
  bool shuffle_;         // --shuffle
  WeightTable table_;
  int pass_ = 1;                           // of the run (BeginPass)
  uint64_t position_ = 0;                  // examples of the pass before this batch
  uint64_t batch_ = 0;                     // batches of the pass before this one
  bool keep_duals_ = false;                // another pass follows: the duals are kept
  std::vector<std::vector<float>> duals_;  // [class][example of the pass] (kDual)
  std::vector<float> norms_;     // [example of the pass] (kDual): ExampleNorm2's, -1 until found
  SlotNorm slot_norm_;           // the SVM's ||x||^2 of slots, repeats summed
  std::vector<uint32_t> order_;  // of the batch's examples
  int32_t known_ = 0;            // classes seen so far (class labels only)
  uint64_t steps_ = 0;           // labelled examples learned from
  std::vector<uint64_t> class_examples_;  // of each class (binary: -1, +1)
  uint64_t overflowed_ = 0;
  // Sum of log(1 - eta_t l2); sum of eta_t l1, or with L2 too log T (from
  // log 0), as Regularized says.
  double l2_total_ = 0;
  double l1_total_ = reg_.l1 > 0 && reg_.l2 > 0 ? -HUGE_VAL : 0.0;
};

}  // namespace hare::learner
