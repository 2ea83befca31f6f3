// What the fuzz targets share: a failed check that stops the run, files
// written and read whole, and the check that a model's weights are finite.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

#include "learner/model.h"

namespace hare::fuzz {

// A failed check: libFuzzer keeps the input that made it.
inline void Check(bool ok, std::string_view what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz check failed: %.*s\n", static_cast<int>(what.size()), what.data());
    std::abort();
  }
}

inline void WriteFile(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  Check(out.good(), "cannot write " + path);
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every float of the model's table is finite.
inline void CheckWeightsFinite(const learner::Model& model) {
  const learner::WeightTable& table = model.weights();
  for (uint64_t slot = 0; slot < table.slots(); ++slot) {
    const float* floats = table.slot(static_cast<uint32_t>(slot));
    for (int f = 0; f < table.floats_per_slot(); ++f) {
      Check(std::isfinite(floats[f]), "a weight that is not finite");
    }
  }
}

}  // namespace hare::fuzz
