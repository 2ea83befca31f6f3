#include "io/pending_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "absl/strings/str_cat.h"

namespace hare::io {
namespace {

std::string Errno() { return std::strerror(errno); }

// A free name beside `target` made by `make` (which fails with EEXIST when it
// is taken): its path, or "" with errno set. The target's own name is cut so
// that the suffix still fits in a name's 255 bytes (a target of 250 would
// otherwise fail with ENAMETOOLONG only once its file is written).
template <class Make>
std::string FreeNameBeside(const std::string& target, Make make) {
  constexpr size_t kNameMax = 255;
  const size_t slash = target.rfind('/');
  const size_t name_start = slash == std::string::npos ? 0 : slash + 1;
  for (int n = 0; n < 1000; ++n) {
    const std::string suffix = absl::StrCat(".tmp.", getpid(), ".", n);
    const size_t keep = std::min(target.size() - name_start, kNameMax - suffix.size());
    std::string name = absl::StrCat(target.substr(0, name_start + keep), suffix);
    if (make(name)) return name;
    if (errno != EEXIST) break;
  }
  return "";
}

// A file replacing another keeps its owner, group and permissions (a model
// made readable by its owner alone stays so, and stays its owner's when
// root trains it), as `sed -i` does, as far as this process may give them
// (another user's owner only root may); a new one has `mode` less the umask.
void KeepMode(const std::string& target, int fd) {
  struct stat st;
  if (stat(target.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
  // Failing both, the new file is this process's, as any new file is.
  if (fchown(fd, st.st_uid, st.st_gid) != 0) {
    [[maybe_unused]] const int group_only = fchown(fd, static_cast<uid_t>(-1), st.st_gid);
  }
  fchmod(fd, st.st_mode & 07777);  // after chown, which may clear set-id bits
}

}  // namespace

std::string DirectoryOf(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

absl::StatusOr<PendingFile> PendingFile::Create(const std::string& target, mode_t mode,
                                                bool nameless) {
  const std::string dir = DirectoryOf(target);
  if (nameless) {
    const int fd = open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
    // Commit names it through /proc/self/fd: without /proc, the named kind.
    if (fd >= 0 && access(absl::StrCat("/proc/self/fd/", fd).c_str(), F_OK) == 0) {
      KeepMode(target, fd);
      return PendingFile(target, "", fd);
    }
    if (fd >= 0) close(fd);
  }
  int fd = -1;
  std::string named = FreeNameBeside(target, [&](const std::string& name) {
    fd = open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    return fd >= 0;
  });
  if (named.empty()) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot create a file in ", dir, ": ", Errno()));
  }
  KeepMode(target, fd);
  return PendingFile(target, std::move(named), fd);
}

PendingFile::PendingFile(PendingFile&& other) noexcept
    : target_(std::move(other.target_)),
      named_(std::exchange(other.named_, "")),
      fd_(std::exchange(other.fd_, -1)) {}

PendingFile::~PendingFile() {
  if (fd_ >= 0) close(fd_);
  if (!named_.empty()) unlink(named_.c_str());
}

absl::Status PendingFile::Commit(bool sync) {
  auto fail = [&](const std::string& why) {
    if (!named_.empty()) unlink(named_.c_str());
    named_.clear();
    return absl::DataLossError(why);
  };
  const int fd = std::exchange(fd_, -1);
  bool ok = !sync || fsync(fd) == 0;
  std::string why = ok ? "" : Errno();
  if (ok && named_.empty()) {
    // A name beside the target first (a link cannot replace a file), then the rename.
    const std::string proc = absl::StrCat("/proc/self/fd/", fd);
    named_ = FreeNameBeside(target_, [&](const std::string& name) {
      return linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0;
    });
    ok = !named_.empty();
    if (!ok) why = Errno();
  }
  if (close(fd) != 0 && ok) {
    ok = false;
    why = Errno();
  }
  if (!ok) return fail(why);
  if (rename(named_.c_str(), target_.c_str()) != 0) return fail(Errno());
  named_.clear();
  return absl::OkStatus();
}

bool WriteAll(int fd, std::span<const char> bytes) {
  while (!bytes.empty()) {
    const ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes = bytes.subspan(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace hare::io
