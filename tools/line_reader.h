// The raw-text tools (hare features, hare confusion) read lines, not examples:
// every line of the inputs in order, with its input's name and line number,
// CR stripped, answered a chunk at a time so a pipe gets its answers as
// lines arrive.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "io/chunker.h"
#include "io/source.h"
#include "learner/memory_limit.h"

namespace hare::tools {

// Calls line(name, number, text) for every line, and flush() after each
// chunk; stops at flush's error (output refused).
template <class Line, class Flush>
absl::Status ForEachLine(const std::vector<std::string>& inputs, Line&& line, Flush&& flush) {
  io::Chunker chunker(
      inputs,
      io::ChunkerOptions{.fill_blocks = false,
                         .max_line_bytes = learner::MaxLineBytes(learner::CurrentMemoryLimit())});
  io::Chunk chunk;
  size_t input = 0;
  uint64_t number = 0;
  for (;;) {
    absl::StatusOr<bool> more = chunker.Next(chunk);
    if (!more.ok()) return more.status();
    if (!*more) return absl::OkStatus();
    if (chunk.input != input) {
      input = chunk.input;
      number = 0;
    }
    const std::string name = io::InputDisplayName(chunker.paths()[input]);
    std::string_view rest = chunk.text();
    while (!rest.empty()) {
      std::string_view text = rest.substr(0, rest.find('\n'));
      rest.remove_prefix(text.size() + 1);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      line(name, ++number, text);
    }
    if (absl::Status s = flush(); !s.ok()) return s;
  }
}

}  // namespace hare::tools
