// Shared by the line format tests: parses a string as one chunk, the way the
// chunker hands it over (ending in '\n', then kChunkPadding zero bytes).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "hashing/feature_hash.h"
#include "io/chunker.h"
#include "io/example_batch.h"
#include "io/parser.h"

namespace hare::test_util {

// A parsed chunk. It owns the padded text, which the batch's tags point into,
// so it can be neither copied nor moved.
class ParsedChunk {
 public:
  ParsedChunk(std::string_view text, const io::ParseOptions& options)
      : buffer_(std::string(text) + std::string(io::kChunkPadding, '\0')) {
    io::Parser parser(options);
    parser.Parse(std::string_view(buffer_.data(), text.size()), batch_);
  }
  ParsedChunk(const ParsedChunk&) = delete;
  ParsedChunk& operator=(const ParsedChunk&) = delete;

  const io::ExampleBatch& batch() const { return batch_; }

 private:
  std::string buffer_;
  io::ExampleBatch batch_;
};

struct Feature {
  uint32_t index;
  float value;
  bool operator==(const Feature&) const = default;
};
inline std::ostream& operator<<(std::ostream& os, const Feature& f) {
  return os << "{" << f.index << ", " << f.value << "}";
}

// The features of example `i`, in the order the parser added them.
inline std::vector<Feature> FeaturesOf(const io::ExampleBatch& batch, size_t i) {
  std::vector<Feature> out;
  for (size_t k = 0; k < batch.indices(i).size(); ++k) {
    out.push_back({batch.indices(i)[k], batch.values(i)[k]});
  }
  return out;
}

// The slot of feature `name` in namespace `ns`, computed the documented way.
inline uint32_t SlotOf(std::string_view name, std::string_view ns, const io::ParseOptions& o) {
  return static_cast<uint32_t>(
             hashing::FeatureHash(name, hashing::NamespaceHash(ns, o.hash_seed))) &
         hashing::MaskFor(o.bits);
}

inline Feature ConstantFeature(const io::ParseOptions& o) {
  return {hashing::ConstantIndex(o.hash_seed, o.bits), 1.0f};
}

// A bad line and what the parser must say of it.
struct BadLineCase {
  std::string line;
  uint32_t column;
  std::string message;
};

// Checks a chunk of three lines whose middle one is `c`: it alone is skipped
// and reported with its line, column and message, and the good lines around it
// (labels +1, then -1) still make examples. Each format checks their features.
inline void ExpectOnlyTheMiddleLineBad(const io::ExampleBatch& b, const BadLineCase& c) {
  EXPECT_EQ(b.line_count, 3u);
  ASSERT_EQ(b.bad_lines.size(), 1u);
  EXPECT_EQ(b.bad_lines[0].line, 2u);
  EXPECT_EQ(b.bad_lines[0].column, c.column);
  EXPECT_EQ(b.bad_lines[0].message, c.message);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.line(0), 1u);
  EXPECT_EQ(b.label(0), 1.0f);
  EXPECT_EQ(b.line(1), 3u);
  EXPECT_EQ(b.label(1), -1.0f);
}

}  // namespace hare::test_util
