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
#include <string>

#include "learner/model.h"
#include "tests/fuzz/fuzz_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/hare-model-fuzz." + std::to_string(getpid());
  using hare::fuzz::Check;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  const uint64_t sum = XXH3_64bits(data, size);
  bytes.append(reinterpret_cast<const char*>(&sum), sizeof sum);
  hare::fuzz::WriteFile(path, bytes);

  for (auto use : {hare::learner::ModelUse::kInspect, hare::learner::ModelUse::kPredict}) {
    absl::StatusOr<hare::learner::Model> model = hare::learner::LoadModel(path, use);
    if (!model.ok()) {
      Check(!model.status().message().empty(), "a refusal without a message");
      continue;
    }
    const hare::learner::ModelHeader& h = model->header();
    Check(std::isfinite(h.threshold) && std::isfinite(h.learning_rate),
          "a header number that is not finite");
    if (h.bits <= 20) hare::fuzz::CheckWeightsFinite(*model);
  }
  unlink(path.c_str());
  return 0;
}
