#include "io/example_reader.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>

#include "absl/strings/str_cat.h"
#include "io/source.h"

namespace hare::io {

// A chunk and the batch parsed from it travel together: the batch's tags are
// views into the chunk, so both are recycled when the consumer is done.
struct Slot {
  Chunk chunk;
  ExampleBatch batch;
};

class ExampleReader::Pipeline {
 public:
  Pipeline(std::vector<std::string> paths, const ParseOptions& parse,
           const ChunkerOptions& chunking, int threads)
      : chunker_(std::move(paths), chunking), slots_(2 * static_cast<size_t>(threads) + 2) {
    for (Slot& s : slots_) free_.push_back(&s);
    // Threads the system refuses (a process limit, ulimit -v): the parsers
    // started do the work, as any number gives the same batches. One parser
    // starts before the reader, as it only waits; without it, or without
    // the reader, what started is stopped and the caller is told.
    parsers_.reserve(static_cast<size_t>(threads));
    try {
      parsers_.emplace_back([this, parse] { Guarded([&] { ParseLoop(parse); }); });
      reader_ = std::thread([this] { Guarded([this] { ReadLoop(); }); });
    } catch (const std::system_error& e) {
      Stop();
      throw CannotStartThread(e.code().message());
    } catch (...) {
      Stop();
      throw;
    }
    for (int i = 1; i < threads; ++i) {
      try {
        parsers_.emplace_back([this, parse] { Guarded([&] { ParseLoop(parse); }); });
      } catch (...) {  // refused, or its memory: fewer do the work
        break;
      }
    }
  }

  ~Pipeline() { Stop(); }

  // The slot of the next chunk in order; nullptr at the end.
  absl::StatusOr<Slot*> Next() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (current_ != nullptr) {
      free_.push_back(current_);
      current_ = nullptr;
      changed_.notify_all();
    }
    for (;;) {
      for (auto it = parsed_.begin(); it != parsed_.end(); ++it) {
        if ((*it)->chunk.sequence == next_sequence_) {
          current_ = *it;
          parsed_.erase(it);
          ++next_sequence_;
          return current_;
        }
      }
      // Memory that ran out on another thread (a line of millions of
      // features) is the consumer's to report, as on its own thread.
      if (failure_ != nullptr) std::rethrow_exception(failure_);
      if (reader_done_ && next_sequence_ == chunks_read_) {
        if (!reader_status_.ok()) return reader_status_;
        return nullptr;
      }
      changed_.wait(lock);
    }
  }

  uint64_t bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return bytes_;
  }

 private:
  void ReadLoop() {
    for (;;) {
      Slot* slot = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || !free_.empty(); });
        if (stop_) return;
        slot = free_.back();
        free_.pop_back();
      }
      absl::StatusOr<bool> more = chunker_.Next(slot->chunk);  // unlocked: the slow part
      std::lock_guard<std::mutex> lock(mutex_);
      bytes_ = chunker_.bytes();
      if (!more.ok() || !*more) {
        free_.push_back(slot);
        reader_status_ = more.ok() ? absl::OkStatus() : more.status();
        reader_done_ = true;
        changed_.notify_all();
        return;
      }
      ++chunks_read_;
      to_parse_.push_back(slot);
      changed_.notify_all();
    }
  }

  void ParseLoop(const ParseOptions& options) {
    // Parsers yield to the reader and the learner, each a serial chain: when
    // cores are short (2 cores, 2 parsers, zstd decompressing on the reader)
    // the chains run first and the parsers fill the gaps. Nice 5 against 0,
    // 1 GiB file, averaged Perceptron, medians of 5 interleaved runs: zstd
    // 1.94 -> 1.72 s, a pipe 1.26 -> 1.21 s, the plain file 1.06 -> 1.04 s.
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 5);
    Parser parser(options);
    for (;;) {
      Slot* slot = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || !to_parse_.empty(); });
        if (stop_) return;
        slot = to_parse_.front();
        to_parse_.pop_front();
      }
      parser.Parse(slot->chunk.text(), slot->batch);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        parsed_.push_back(slot);
      }
      changed_.notify_all();
    }
  }

  // Ends the threads and waits for them.
  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    if (reader_.joinable()) reader_.join();
    for (std::thread& t : parsers_) t.join();
    parsers_.clear();
  }

  // Runs a thread's loop; what it throws (std::bad_alloc: memory ran out on
  // a line of millions of features) ends the thread and is kept for Next.
  template <typename Loop>
  void Guarded(Loop loop) {
    try {
      loop();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (failure_ == nullptr) failure_ = std::current_exception();
      changed_.notify_all();
    }
  }

  Chunker chunker_;  // used by the reader thread only
  std::vector<Slot> slots_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Slot*> free_;
  std::deque<Slot*> to_parse_;
  std::vector<Slot*> parsed_;
  Slot* current_ = nullptr;  // handed to the consumer
  uint64_t next_sequence_ = 0;
  uint64_t chunks_read_ = 0;
  uint64_t bytes_ = 0;
  bool reader_done_ = false;
  absl::Status reader_status_;
  std::exception_ptr failure_;  // what a reader or parser thread threw
  bool stop_ = false;
  std::thread reader_;
  std::vector<std::thread> parsers_;
};

ExampleReader::ExampleReader(std::vector<std::string> paths, const ParseOptions& parse,
                             const ChunkerOptions& chunking, int threads) {
  if (paths.empty()) paths.push_back("-");
  for (const std::string& p : paths) names_.push_back(InputDisplayName(p));
  if (threads > 1) {
    pipeline_ = std::make_unique<Pipeline>(std::move(paths), parse, chunking, threads);
  } else {
    chunker_ = std::make_unique<Chunker>(std::move(paths), chunking);
    parser_ = std::make_unique<Parser>(parse);
  }
}

ExampleReader::~ExampleReader() = default;

void ExampleReader::Label(const Chunk& chunk, ExampleBatch& batch) {
  if (chunk.input != input_) {
    input_ = chunk.input;
    next_line_ = 1;
  }
  batch.input_name = names_[input_];
  batch.first_line = next_line_;
  next_line_ += batch.line_count;
}

absl::StatusOr<const ExampleBatch*> ExampleReader::Next() {
  if (pipeline_ != nullptr) {
    absl::StatusOr<Slot*> slot = pipeline_->Next();
    if (!slot.ok()) return slot.status();
    if (*slot == nullptr) return nullptr;
    Label((*slot)->chunk, (*slot)->batch);
    return &(*slot)->batch;
  }
  absl::StatusOr<bool> more = chunker_->Next(chunk_);
  if (!more.ok()) return more.status();
  if (!*more) return nullptr;
  parser_->Parse(chunk_.text(), batch_);
  Label(chunk_, batch_);
  return &batch_;
}

uint64_t ExampleReader::bytes() const {
  return pipeline_ != nullptr ? pipeline_->bytes() : chunker_->bytes();
}

WriteTarget WriteTargetOf(const std::string& path) {
  // /dev/stdout, /dev/fd/N and /proc/self/fd/N name an open file, whatever
  // it is (a file the shell opened with >> included): written in place.
  // Other paths under /dev (a device, or a file of /dev/shm) are what stat says.
  const bool open_file = path == "/dev/stdout" || path == "/dev/stderr" ||
                         path.starts_with("/dev/fd/") ||
                         (path.starts_with("/proc/") && path.find("/fd/") != std::string::npos);
  if (open_file) {
    const std::string self = absl::StrCat("/proc/", getpid(), "/fd/");
    int descriptor = path == "/dev/stdout" ? 1 : path == "/dev/stderr" ? 2 : -1;
    for (const std::string_view prefix :
         {std::string_view("/dev/fd/"), std::string_view("/proc/self/fd/"),
          std::string_view(self)}) {
      if (!path.starts_with(prefix)) continue;
      const std::string_view number = std::string_view(path).substr(prefix.size());
      int n = -1;
      auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), n);
      if (error == std::errc() && end == number.data() + number.size()) descriptor = n;
    }
    if (descriptor >= 0 && fcntl(descriptor, F_GETFD) == -1) descriptor = -1;  // not open here
    return {path, true, descriptor};
  }
  std::error_code error;
  const bool link = std::filesystem::is_symlink(path, error);
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {  // a new file, or a link to one
    if (!link) return {path, false};
    // weakly_canonical stops at a link to nothing: read the links themselves,
    // to the end of a chain (a -> b -> c, c to be made: c), as far as the
    // kernel would follow them.
    std::filesystem::path file = path;
    for (int hops = 0; hops < 40 && std::filesystem::is_symlink(file, error); ++hops) {
      const std::filesystem::path to = std::filesystem::read_symlink(file, error);
      if (error) return {path, false};
      file = to.is_absolute() ? to : file.parent_path() / to;
    }
    return {file.lexically_normal().string(), false};
  }
  if (!S_ISREG(st.st_mode)) return {path, true};
  if (!link) return {path, false};
  const std::filesystem::path file = std::filesystem::canonical(path, error);
  return {error ? path : file.string(), false};
}

std::string ClosedStandardStream(const std::string& path) {
  const int descriptor = WriteTargetOf(path).descriptor;
  if (descriptor < 0 || descriptor > 2) return "";
  const int flags = fcntl(descriptor, F_GETFL);
  if (flags == -1 || (flags & O_PATH) == 0) return "";
  constexpr const char* kNames[] = {"stdin", "stdout", "stderr"};
  return absl::StrCat(kNames[descriptor], " is closed");
}

namespace {

// `path`'s file, if it is one whose writing another open of it would see: a
// file is lost to what is written over it, and a pipe (stdin from `cat |`, a
// named pipe) carries it to its reader, or blocks for a reader that is hare.
// A terminal or /dev/null is neither. std::filesystem::equivalent does not
// compare pipes, so stat does.
std::optional<struct stat> WrittenFile(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;  // a new file
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) return std::nullopt;
  return st;
}

bool Same(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

std::string InputAt(const std::string& path, std::span<const std::string> inputs) {
  const std::optional<struct stat> out = WrittenFile(path);
  if (!out) return "";
  for (const std::string& input : inputs) {
    struct stat in;  // an input that is not there is not the file
    const int found = input == "-" ? ::fstat(0, &in) : ::stat(input.c_str(), &in);
    if (found == 0 && Same(in, *out)) return InputDisplayName(input);
  }
  return "";
}

bool NamesDescriptor(const std::string& path, int descriptor) {
  const std::optional<struct stat> out = WrittenFile(path);
  struct stat open;
  return out && ::fstat(descriptor, &open) == 0 && Same(open, *out);
}

const char* OverwriteEffect(const std::string& path) {
  const std::optional<struct stat> out = WrittenFile(path);
  return out && S_ISFIFO(out->st_mode) ? "would be read back as input" : "would replace it";
}

std::string StreamInput(const std::vector<std::string>& inputs) {
  for (const std::string& path : InputsOrStdin(inputs)) {
    if (path == "-") return "stdin";
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return path;
  }
  return "";
}

std::vector<std::string> InputsOrStdin(const std::vector<std::string>& inputs) {
  return inputs.empty() ? std::vector<std::string>{"-"} : inputs;
}

absl::Status CheckReadable(const std::vector<std::string>& paths) {
  auto cannot_open = [](const std::string& path) {
    return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  };
  std::vector<std::pair<struct stat, std::string>> pipes;  // and their names
  for (const std::string& path : paths) {
    struct stat st;
    if (path == "-" ? ::fstat(0, &st) != 0 : ::stat(path.c_str(), &st) != 0) {
      if (path == "-") continue;  // a closed stdin: its read says so
      return cannot_open(path);
    }
    if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
      const std::string here = InputDisplayName(path);
      for (const auto& [other, name] : pipes) {
        if (!Same(other, st)) continue;
        return absl::InvalidArgumentError(
            here == name
                ? absl::StrCat(here, " is given twice: a pipe can be read once")
                : absl::StrCat(name, " and ", here, " are the same pipe: a pipe can be read once"));
      }
      pipes.emplace_back(st, here);
    }
    if (path == "-") continue;
    if (S_ISDIR(st.st_mode)) {  // found before the other inputs are read, not after
      return absl::InvalidArgumentError(
          absl::StrCat("cannot read ", path, ": ", std::strerror(EISDIR)));
    }
    // A named pipe is not opened to be checked: closing it would take its
    // writer's reader away (the writer dies of SIGPIPE, or the real open
    // waits for a writer that has gone).
    if (!S_ISREG(st.st_mode)) {
      if (::access(path.c_str(), R_OK) != 0) return cannot_open(path);
      continue;
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return cannot_open(path);
    ::close(fd);
  }
  return absl::OkStatus();
}

}  // namespace hare::io
