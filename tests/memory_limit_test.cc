#include "learner/memory_limit.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace hare::learner {
namespace {

namespace fs = std::filesystem;

TEST(ParseCgroupLimitTest, BytesOrNoLimit) {
  EXPECT_EQ(ParseCgroupLimit("4294967296\n"), 4294967296u);
  EXPECT_EQ(ParseCgroupLimit("9223372036854771712\n"), 9223372036854771712u);  // v1's none
  EXPECT_EQ(ParseCgroupLimit("max\n"), std::nullopt);
  EXPECT_EQ(ParseCgroupLimit(""), std::nullopt);
  EXPECT_EQ(ParseCgroupLimit("12k\n"), std::nullopt);
  EXPECT_EQ(ParseCgroupLimit("-1\n"), std::nullopt);
}

// A quarter of the memory at 16 bytes a feature, 160 with names; the
// uint32 count's most, less one for the constant, when that is more or the
// memory is not known.
TEST(MaxLineFeaturesTest, AQuarterOfTheMemory) {
  const uint64_t gib = uint64_t{1} << 30;
  EXPECT_EQ(MaxLineFeatures({.bytes = 8 * gib}, false), 134217728u);
  EXPECT_EQ(MaxLineFeatures({.bytes = 8 * gib, .cgroup = true}, true), 13421772u);
  EXPECT_EQ(MaxLineFeatures({.bytes = 1024 * gib}, false), 0xfffffffeu);
  EXPECT_EQ(MaxLineFeatures({}, false), 0xfffffffeu);
}

// The longest line read is an eighth of the memory; no limit when the memory
// is not known.
TEST(MaxLineBytesTest, AnEighthOfTheMemory) {
  const uint64_t gib = uint64_t{1} << 30;
  EXPECT_EQ(MaxLineBytes({.bytes = 8 * gib}), gib);
  EXPECT_EQ(MaxLineBytes({.bytes = 100, .cgroup = true}), 12u);
  EXPECT_EQ(MaxLineBytes({}), 0u);
}

// A fake root with /proc/self/cgroup and the cgroup files the test writes.
class MemoryLimitTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() / ("hare_memory_limit_" + std::to_string(getpid()) + "_" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  void Write(const std::string& path, const std::string& text) {
    const fs::path p = root_ / path;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  MemoryLimit Read(uint64_t physical) { return ReadMemoryLimit(physical, root_.string()); }

  fs::path root_;
};

constexpr uint64_t kGiB = uint64_t{1} << 30;

TEST_F(MemoryLimitTest, NoCgroupFileLeavesThePhysicalMemory) {
  const MemoryLimit m = Read(16 * kGiB);
  EXPECT_EQ(m.bytes, 16 * kGiB);
  EXPECT_FALSE(m.cgroup);
}

// cgroup v2: the process's cgroup says "max", the one above it 4 GiB; that
// one caps the process too.
TEST_F(MemoryLimitTest, V2TheSmallestLimitOnTheWayUp) {
  Write("proc/self/cgroup", "0::/system.slice/job.service\n");
  Write("sys/fs/cgroup/system.slice/job.service/memory.max", "max\n");
  Write("sys/fs/cgroup/system.slice/memory.max", "4294967296\n");
  const MemoryLimit m = Read(16 * kGiB);
  EXPECT_EQ(m.bytes, 4 * kGiB);
  EXPECT_TRUE(m.cgroup);
}

// In a container the mount's top is the container's cgroup: the path the
// process sees names a folder that is not there, and the top's limit counts.
TEST_F(MemoryLimitTest, V2ContainerReadsTheTop) {
  Write("proc/self/cgroup", "0::/../host/path\n");
  Write("sys/fs/cgroup/memory.max", "2147483648\n");
  EXPECT_EQ(Read(16 * kGiB).bytes, 2 * kGiB);
}

TEST_F(MemoryLimitTest, V1MemoryController) {
  Write("proc/self/cgroup", "5:cpu,cpuacct:/x\n4:memory:/docker/abc\n0::/\n");
  Write("sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes", "1073741824\n");
  Write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  const MemoryLimit m = Read(16 * kGiB);
  EXPECT_EQ(m.bytes, kGiB);
  EXPECT_TRUE(m.cgroup);
}

// A limit above the machine's memory (v1 writes a huge number for none)
// leaves the physical memory, which is the real bound.
TEST_F(MemoryLimitTest, ALimitAboveThePhysicalMemoryDoesNotCount) {
  Write("proc/self/cgroup", "4:memory:/\n");
  Write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  const MemoryLimit m = Read(16 * kGiB);
  EXPECT_EQ(m.bytes, 16 * kGiB);
  EXPECT_FALSE(m.cgroup);
}

TEST_F(MemoryLimitTest, UnknownPhysicalMemoryTakesTheCgroups) {
  Write("proc/self/cgroup", "0::/\n");
  Write("sys/fs/cgroup/memory.max", "1073741824\n");
  EXPECT_EQ(Read(0).bytes, kGiB);
}

}  // namespace
}  // namespace hare::learner
