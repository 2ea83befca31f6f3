// A scratch file name of the running test's own, so that tests running in
// parallel processes (ctest -j) never share a file.
#pragma once

#include <unistd.h>

#include <string>

#include "gtest/gtest.h"

namespace hare {

inline std::string ScratchPath(const std::string& name) {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "/hare_" + info->test_suite_name() + "_" + info->name() + "_" +
         std::to_string(getpid()) + "_" + name;
}

}  // namespace hare
