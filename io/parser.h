// Turns a chunk of lines into an ExampleBatch, in the chosen format.
#pragma once

#include <string>
#include <string_view>

#include "io/example_batch.h"
#include "io/format.h"

namespace hare::io {

// Shared by the line parsers of every format: the options, their derived
// constants, and scratch space reused from line to line.
struct LineContext {
  explicit LineContext(const ParseOptions& o);

  ParseOptions options;
  uint32_t mask;
  uint64_t default_namespace_hash;
  uint32_t constant_index;
  std::string scratch;  // lower-cased words of plain text
};

// Each parses one non-blank line (no '\n', no trailing '\r') into the example
// under construction in `batch`; on failure it fills `error` and returns false.
bool ParseVwLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                 float* importance, float* initial, std::string_view* tag, LineError* error);
bool ParseLibsvmLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                     LineError* error);
bool ParseTextLine(std::string_view line, LineContext& ctx, ExampleBatch& batch, float* label,
                   LineError* error);

// A binary label: -1, +1 (or 1), and 0 which means -1. Anything else is outside the set.
bool ParseBinaryLabel(std::string_view text, float* label, std::string* message);

inline bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

class Parser {
 public:
  explicit Parser(const ParseOptions& options) : ctx_(options) {}

  // Parses every line of `chunk` (which ends in '\n') into `batch`, which is
  // cleared first. Blank lines are skipped; bad lines go to batch.bad_lines.
  void Parse(std::string_view chunk, ExampleBatch& batch);

 private:
  LineContext ctx_;
};

}  // namespace hare::io
