// A new file that takes its target's place only once it is whole: a model or
// a cache. Until Commit() it has no name at all (Linux's O_TMPFILE), so an
// interrupt, a kill or a crash part-way leaves nothing behind, and the target
// as it was. Where the file system cannot make a file without a name, it is a
// temporary file beside the target (`target.tmp.<pid>.<n>`, the target's name
// cut to fit), removed unless committed; a kill leaves that one. A file
// replacing another takes its owner, group and permissions, as far as this
// process may give them.
#pragma once

#include <sys/types.h>

#include <span>
#include <string>

#include "absl/status/statusor.h"

namespace hare::io {

class PendingFile {
 public:
  // A new file to become `target`, a path that is renamed over (see
  // WriteTargetOf), with `mode` less the umask (0666 as any new file; 0600
  // for a file only its owner should read), or the owner, group and
  // permissions of the file it replaces. `nameless` false makes the
  // named kind whatever the file system (tests).
  static absl::StatusOr<PendingFile> Create(const std::string& target, mode_t mode,
                                            bool nameless = true);
  PendingFile(PendingFile&& other) noexcept;
  PendingFile& operator=(PendingFile&&) = delete;
  ~PendingFile();  // not committed: the file is closed and gone

  // Open for reading too, so that a file can be read back (a cache's later passes).
  int fd() const { return fd_; }
  // Gives it the target's name, replacing what had it by a rename, after
  // writing it to the disk (fsync) when `sync`: a file that is checked whole
  // when read, and made again when it is not, can skip that. On failure the
  // target is as it was.
  absl::Status Commit(bool sync = true);

 private:
  PendingFile(std::string target, std::string named, int fd)
      : target_(std::move(target)), named_(std::move(named)), fd_(fd) {}

  std::string target_;
  std::string named_;  // the temporary file's path; empty while it has no name
  int fd_;
};

// The folder a file beside `path` is made in ("." for a bare name).
std::string DirectoryOf(const std::string& path);

// Writes all of `bytes` to `fd`, retrying short writes; false on an error
// (errno says which).
bool WriteAll(int fd, std::span<const char> bytes);

}  // namespace hare::io
