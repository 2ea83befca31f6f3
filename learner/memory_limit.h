// How much memory hare may take: the machine's physical memory, or less where
// a control group caps the process (a container's --memory, a systemd unit's
// MemoryMax). A table that fits the machine but not the cgroup would have the
// kernel kill hare when the model is saved, as one larger than the machine.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "io/chunker.h"
#include "io/format.h"

namespace hare::learner {

struct MemoryLimit {
  uint64_t bytes = 0;   // 0: not known
  bool cgroup = false;  // a cgroup's limit, below the physical memory
};

// The contents of a cgroup limit file, its newline included: a number of
// bytes, or nullopt for "max" (cgroup v2's "no limit") and anything unreadable.
std::optional<uint64_t> ParseCgroupLimit(std::string_view text);

// The smaller of `physical_bytes` (0: not known) and every memory limit of the
// process's cgroup and of the cgroups above it, read under the folder `root`
// ("" for the filesystem's root; another folder in tests): /proc/self/cgroup names the cgroup;
// cgroup v2 keeps its limit in /sys/fs/cgroup/PATH/memory.max, v1 in
// /sys/fs/cgroup/memory/PATH/memory.limit_in_bytes. In a container the
// mount shows the container's own cgroup at its top, which the walk up to
// the top reads whatever PATH says.
MemoryLimit ReadMemoryLimit(uint64_t physical_bytes, const std::string& root);

// ReadMemoryLimit of this machine's physical memory, under "".
MemoryLimit CurrentMemoryLimit();

// The most features one line may make (io::ParseOptions::max_line_features)
// under `limit`: a quarter of the memory, at 16 bytes a feature (its index and
// value, twice over while the batch's arrays grow) or 160 with names (their
// strings too); io::kMaxLineFeatures at most, and when the memory is not known.
uint64_t MaxLineFeatures(const MemoryLimit& limit, bool names);

// The longest line read (io::ChunkerOptions::max_line_bytes) under `limit`:
// an eighth of the memory, as the buffer that holds the line doubles while
// the old one is copied (3/8 at the peak); 0 (no limit) when it is not known.
uint64_t MaxLineBytes(const MemoryLimit& limit);

// Both limits of a line under the current memory, read once: `parse`'s
// max_line_features (for its names) and `chunking`'s max_line_bytes.
void LimitLinesToTheMemory(io::ParseOptions& parse, io::ChunkerOptions& chunking);

}  // namespace hare::learner
