// Inputs -> ordered batches of parsed examples: the front of the pipeline.
//
// Batches come out in input order, each labelled with the input it came from
// and the number of its first line there, so a consumer can name the exact
// line of any example or bad line.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "io/chunker.h"
#include "io/example_batch.h"
#include "io/example_stream.h"
#include "io/format.h"
#include "io/parser.h"

namespace hare::io {

class ExampleReader : public ExampleStream {
 public:
  ExampleReader(std::vector<std::string> paths, const ParseOptions& parse,
                const ChunkerOptions& chunking);

  // The next batch, or nullptr after the last one. The batch stays valid
  // until the next call. An input that cannot be opened or read is an error.
  absl::StatusOr<const ExampleBatch*> Next() override;

  uint64_t bytes() const override { return chunker_.bytes(); }

 private:
  Chunker chunker_;
  Parser parser_;
  std::vector<std::string> names_;
  Chunk chunk_;
  ExampleBatch batch_;
  size_t input_ = 0;
  uint64_t next_line_ = 1;
};

// Fails if any of `paths` cannot be opened for reading, before work starts.
absl::Status CheckReadable(const std::vector<std::string>& paths);

}  // namespace hare::io
