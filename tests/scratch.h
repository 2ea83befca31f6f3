// A scratch folder of the running test's own, so that tests running in
// parallel processes (ctest -j) never share a file, removed with everything in
// it when the test is done.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include "gtest/gtest.h"

namespace hare {

// One per test: a second would be the same folder.
class ScratchDir {
 public:
  ScratchDir() {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    // Parameterized tests' names hold slashes ("Prefix/Suite", "Name/0").
    std::string name = std::string(info->test_suite_name()) + "_" + info->name();
    std::replace(name.begin(), name.end(), '/', '_');
    dir_ = ::testing::TempDir() + "/hare_" + name + "_" + std::to_string(getpid());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::string& path() const { return dir_; }
  // A file name inside the folder.
  std::string Path(const std::string& name) const { return dir_ + "/" + name; }
  // Writes `content` to the file `name` inside the folder; returns its path.
  std::string Write(const std::string& name, std::string_view content) const {
    const std::string path = Path(name);
    std::ofstream out(path, std::ios::binary);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    EXPECT_TRUE(out.good()) << path;
    return path;
  }

 private:
  std::string dir_;
};

}  // namespace hare
