// Anything that yields ordered batches of parsed examples: the text reader, or
// the cache of an earlier pass.
#pragma once

#include <cstdint>

#include "absl/status/statusor.h"
#include "io/example_batch.h"

namespace hare::io {

class ExampleStream {
 public:
  virtual ~ExampleStream() = default;
  // The next batch, or nullptr after the last one; valid until the next call.
  virtual absl::StatusOr<const ExampleBatch*> Next() = 0;
  // Bytes read so far.
  virtual uint64_t bytes() const = 0;
};

}  // namespace hare::io
