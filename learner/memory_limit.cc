#include "learner/memory_limit.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <vector>

#include "io/format.h"

namespace hare::learner {
namespace {

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// PATH ("/a/b"), then each folder above it ("/a", "/").
std::vector<std::string> PathAndParents(std::string path) {
  std::vector<std::string> out;
  while (!path.empty() && path.back() == '/') path.pop_back();
  for (;;) {
    out.push_back(path);
    if (path.empty()) return out;
    const size_t slash = path.rfind('/');
    path.resize(slash == std::string::npos ? 0 : slash);
  }
}

bool HasController(std::string_view list, std::string_view name) {
  while (!list.empty()) {
    const size_t comma = list.find(',');
    if (list.substr(0, comma) == name) return true;
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
  }
  return false;
}

}  // namespace

std::optional<uint64_t> ParseCgroupLimit(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  uint64_t bytes = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), bytes);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return bytes;
}

MemoryLimit ReadMemoryLimit(uint64_t physical_bytes, const std::string& root) {
  MemoryLimit limit{.bytes = physical_bytes};
  const std::optional<std::string> cgroups = ReadFile(root + "/proc/self/cgroup");
  if (!cgroups) return limit;
  std::istringstream lines(*cgroups);
  for (std::string line; std::getline(lines, line);) {
    // "ID:CONTROLLERS:PATH": "0::PATH" is cgroup v2, "N:...,memory,...:PATH" v1's memory.
    const size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string_view id = std::string_view(line).substr(0, first);
    const std::string_view controllers =
        std::string_view(line).substr(first + 1, second - first - 1);
    std::string folder, file;
    if (id == "0" && controllers.empty()) {
      folder = root + "/sys/fs/cgroup";
      file = "/memory.max";
    } else if (HasController(controllers, "memory")) {
      folder = root + "/sys/fs/cgroup/memory";
      file = "/memory.limit_in_bytes";
    } else {
      continue;
    }
    for (const std::string& path : PathAndParents(line.substr(second + 1))) {
      const std::optional<std::string> text = ReadFile(folder + path + file);
      const std::optional<uint64_t> bytes = text ? ParseCgroupLimit(*text) : std::nullopt;
      if (bytes && *bytes > 0 && (limit.bytes == 0 || *bytes < limit.bytes)) {
        limit = {.bytes = *bytes, .cgroup = true};
      }
    }
  }
  return limit;
}

MemoryLimit CurrentMemoryLimit() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
  const uint64_t physical = pages > 0 && page_size > 0
                                ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page_size)
                                : 0;
  return ReadMemoryLimit(physical, "");
}

uint64_t MaxLineBytes(const MemoryLimit& limit) { return limit.bytes / 8; }

void LimitLinesToTheMemory(io::ParseOptions& parse, io::ChunkerOptions& chunking) {
  const MemoryLimit limit = CurrentMemoryLimit();
  parse.max_line_features = MaxLineFeatures(limit, parse.names);
  chunking.max_line_bytes = MaxLineBytes(limit);
}

uint64_t MaxLineFeatures(const MemoryLimit& limit, bool names) {
  if (limit.bytes == 0) return io::kMaxLineFeatures;
  return std::min(io::kMaxLineFeatures, limit.bytes / 4 / (names ? 160 : 16));
}

}  // namespace hare::learner
