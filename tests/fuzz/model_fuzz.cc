// libFuzzer target: any bytes as a model file, their XXH3-64 checksum
// appended so that the loader's checks past the checksum are reached. Loading
// must never crash; a model it takes must hold only finite weights. (A
// training state may hold -inf, a lazy regularization's total; the learner
// that resumes it checks each slot by its rule's layout.)
//
// Build and run: scripts/fuzz.sh (clang's -fsanitize=fuzzer).
#include <unistd.h>
#include <xxhash.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "learner/model.h"

namespace {

void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "model_fuzz: %s\n", what);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/hare-model-fuzz." + std::to_string(getpid());
  const uint64_t sum = XXH3_64bits(data, size);
  FILE* out = std::fopen(path.c_str(), "wb");
  Check(out != nullptr, "cannot write the model file");
  Check(std::fwrite(data, 1, size, out) == size && std::fwrite(&sum, 8, 1, out) == 1 &&
            std::fclose(out) == 0,
        "cannot write the model file");

  for (auto use : {hare::learner::ModelUse::kInspect, hare::learner::ModelUse::kPredict}) {
    absl::StatusOr<hare::learner::Model> model = hare::learner::LoadModel(path, use);
    if (!model.ok()) {
      Check(!model.status().message().empty(), "a refusal without a message");
      continue;
    }
    const hare::learner::ModelHeader& h = model->header();
    Check(std::isfinite(h.threshold) && std::isfinite(h.learning_rate),
          "a header number that is not finite");
    if (h.bits <= 20) {
      const hare::learner::WeightTable& table = model->weights();
      for (uint64_t slot = 0; slot < table.slots(); ++slot) {
        for (int f = 0; f < table.floats_per_slot(); ++f) {
          Check(std::isfinite(table.slot(static_cast<uint32_t>(slot))[f]),
                "a weight that is not finite");
        }
      }
    }
  }
  unlink(path.c_str());
  return 0;
}
