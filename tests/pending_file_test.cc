#include "io/pending_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/scratch.h"

namespace hare::io {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool FileSystemHasNamelessFiles(const std::string& dir) {
  const int fd = open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  close(fd);
  return true;
}

void Write(PendingFile& file, std::string_view text) {
  ASSERT_TRUE(WriteAll(file.fd(), std::span<const char>(text.data(), text.size())));
}

TEST(PendingFileTest, HasNoNameUntilCommittedThenOnlyTheTarget) {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  if (!FileSystemHasNamelessFiles(dir)) GTEST_SKIP() << "no O_TMPFILE on " << dir;
  auto file = PendingFile::Create(dir + "/a.model", 0666);
  ASSERT_TRUE(file.ok()) << file.status();
  Write(*file, "whole");
  EXPECT_TRUE(Names(dir).empty());  // an interrupt now would leave nothing
  ASSERT_TRUE(file->Commit().ok());
  EXPECT_EQ(Names(dir), std::vector<std::string>{"a.model"});
  EXPECT_EQ(Read(dir + "/a.model"), "whole");
}

TEST(PendingFileTest, GetsTheModeLessTheUmask) {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  const mode_t old = umask(027);
  for (bool nameless : {true, false}) {
    for (mode_t mode : {0666, 0600}) {
      const std::string target = dir + "/" + std::to_string(nameless) + std::to_string(mode);
      auto file = PendingFile::Create(target, mode, nameless);
      ASSERT_TRUE(file.ok()) << file.status();
      ASSERT_TRUE(file->Commit(/*sync=*/false).ok());
      struct stat st;
      ASSERT_EQ(stat(target.c_str(), &st), 0);
      EXPECT_EQ(st.st_mode & 0777, mode & 0750) << target;
    }
  }
  umask(old);
}

// A file replacing another keeps that one's permissions, whatever the umask
// and the mode asked for: a model its owner alone reads stays so.
TEST(PendingFileTest, ReplacingAFileKeepsItsPermissions) {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  const mode_t old = umask(022);
  for (bool nameless : {true, false}) {
    for (mode_t kept : {0600, 0640, 0755}) {
      const std::string target = dir + "/a.model";
      std::ofstream(target) << "old";
      ASSERT_EQ(chmod(target.c_str(), kept), 0);
      auto file = PendingFile::Create(target, 0666, nameless);
      ASSERT_TRUE(file.ok()) << file.status();
      ASSERT_TRUE(file->Commit(/*sync=*/false).ok());
      struct stat st;
      ASSERT_EQ(stat(target.c_str(), &st), 0);
      EXPECT_EQ(st.st_mode & 07777, kept) << nameless;
    }
  }
  umask(old);
}

// And its owner and group, which root may give: a model root trains again
// stays its user's (run as root, as CI is; another user cannot give them).
TEST(PendingFileTest, ReplacingAFileKeepsItsOwner) {
  if (geteuid() != 0) GTEST_SKIP() << "only root may give a file to another user";
  ScratchDir scratch;
  const std::string target = scratch.path() + "/a.model";
  for (bool nameless : {true, false}) {
    std::ofstream(target) << "old";
    ASSERT_EQ(chown(target.c_str(), 65534, 65534), 0);
    auto file = PendingFile::Create(target, 0666, nameless);
    ASSERT_TRUE(file.ok()) << file.status();
    ASSERT_TRUE(file->Commit(/*sync=*/false).ok());
    struct stat st;
    ASSERT_EQ(stat(target.c_str(), &st), 0);
    EXPECT_EQ(st.st_uid, 65534u) << nameless;
    EXPECT_EQ(st.st_gid, 65534u) << nameless;
  }
}

// A target whose name leaves no room for ".tmp.<pid>.<n>" in a name's 255
// bytes: the temporary name cuts the target's, and the commit works.
TEST(PendingFileTest, ATargetOfTheLongestNameIsWritten) {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  const std::string name(255, 'm');
  for (bool nameless : {true, false}) {
    fs::remove(dir + "/" + name);
    auto file = PendingFile::Create(dir + "/" + name, 0666, nameless);
    ASSERT_TRUE(file.ok()) << file.status();
    Write(*file, "whole");
    if (!nameless) {
      const std::vector<std::string> names = Names(dir);
      ASSERT_EQ(names.size(), 1u);
      EXPECT_EQ(names[0].size(), 255u);
      EXPECT_EQ(names[0].substr(0, 200), name.substr(0, 200));
    }
    ASSERT_TRUE(file->Commit(/*sync=*/false).ok());
    EXPECT_EQ(Names(dir), std::vector<std::string>{name});
    EXPECT_EQ(Read(dir + "/" + name), "whole");
  }
}

// Committed, it replaces the target; dropped, it leaves the target as it was;
// and either way nothing else is left in the folder.
TEST(PendingFileTest, OnlyCommitReplacesTheTarget) {
  for (bool nameless : {true, false}) {
    for (bool commit : {false, true}) {
      ScratchDir scratch;
      const std::string dir = scratch.path();
      std::ofstream(dir + "/a.model") << "old";
      {
        auto file = PendingFile::Create(dir + "/a.model", 0666, nameless);
        ASSERT_TRUE(file.ok()) << file.status();
        Write(*file, "new");
        if (commit) {
          ASSERT_TRUE(file->Commit().ok());
        }
      }
      EXPECT_EQ(Names(dir), std::vector<std::string>{"a.model"}) << nameless << commit;
      EXPECT_EQ(Read(dir + "/a.model"), commit ? "new" : "old") << nameless;
    }
  }
}

TEST(PendingFileTest, TheNamedKindIsBesideTheTargetUntilCommitted) {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  auto file = PendingFile::Create(dir + "/a.model", 0666, /*nameless=*/false);
  ASSERT_TRUE(file.ok()) << file.status();
  const std::string tmp = "a.model.tmp." + std::to_string(getpid()) + ".0";
  EXPECT_EQ(Names(dir), std::vector<std::string>{tmp});
  // A second one takes the next free name.
  auto second = PendingFile::Create(dir + "/a.model", 0666, /*nameless=*/false);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(Names(dir).size(), 2u);
  second = absl::InternalError("dropped");  // destroys it: its file goes
  EXPECT_EQ(Names(dir), std::vector<std::string>{tmp});
  ASSERT_TRUE(file->Commit().ok());
  EXPECT_EQ(Names(dir), std::vector<std::string>{"a.model"});
}

TEST(PendingFileTest, AFolderThatIsNotThereIsNamed) {
  ScratchDir scratch;
  const std::string dir = scratch.path() + "/missing";
  for (bool nameless : {true, false}) {
    auto file = PendingFile::Create(dir + "/a.model", 0666, nameless);
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.status().message(),
              "cannot create a file in " + dir + ": No such file or directory");
  }
}

TEST(PendingFileTest, WriteAllWritesEveryByte) {
  ScratchDir scratch;
  const std::string dir = scratch.path();
  const std::string big(3 << 20, 'x');
  auto file = PendingFile::Create(dir + "/big", 0666);
  ASSERT_TRUE(file.ok()) << file.status();
  Write(*file, big);
  ASSERT_TRUE(file->Commit().ok());
  EXPECT_EQ(Read(dir + "/big"), big);
  EXPECT_FALSE(WriteAll(-1, std::span<const char>(big.data(), 1)));
}

}  // namespace
}  // namespace hare::io
