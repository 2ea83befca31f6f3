// Inputs -> ordered batches of parsed examples: the front of the pipeline.
//
// With one thread, the caller reads, cuts and parses each chunk itself. With
// N > 1, a reader thread fills chunk buffers from a fixed pool, N parser
// threads parse them, and Next() hands the batches out strictly in input
// order: the learner sees the same batches, in the same order, whatever N
// is, so the model is the same bit for bit. The pool bounds memory (about
// 2N+2 chunks and their batches); there is one lock per chunk, none per
// example.
//
// Batches come out labelled with the input they came from and the number of
// their first line there, so a consumer can name the exact line of any
// example or bad line.
#pragma once

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "io/chunker.h"
#include "io/example_batch.h"
#include "io/example_stream.h"
#include "io/format.h"
#include "io/parser.h"

namespace hare::io {

// A thread the system would not start (a process limit, ulimit -u or -v)
// where the reading needs one: what() is the system's reason.
class CannotStartThread : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ExampleReader : public ExampleStream {
 public:
  ExampleReader(std::vector<std::string> paths, const ParseOptions& parse,
                const ChunkerOptions& chunking, int threads = 1);
  ~ExampleReader() override;
  ExampleReader(const ExampleReader&) = delete;
  ExampleReader& operator=(const ExampleReader&) = delete;

  // The next batch, or nullptr after the last one. The batch stays valid
  // until the next call. An input that cannot be opened or read is an error,
  // reported after every batch before it.
  absl::StatusOr<const ExampleBatch*> Next() override;

  uint64_t bytes() const override;

 private:
  class Pipeline;

  // Gives the batch of `chunk` its input name and first line number.
  void Label(const Chunk& chunk, ExampleBatch& batch);

  std::vector<std::string> names_;
  size_t input_ = 0;
  uint64_t next_line_ = 1;
  // One thread:
  std::unique_ptr<Chunker> chunker_;
  std::unique_ptr<Parser> parser_;
  Chunk chunk_;
  ExampleBatch batch_;
  // More:
  std::unique_ptr<Pipeline> pipeline_;
};

// Fails if any of `paths` cannot be opened for reading, before work starts,
// or names a pipe that another of them names too ("-" is stdin): a pipe is
// read once, and a second open of a named one waits for a writer for ever.
absl::Status CheckReadable(const std::vector<std::string>& paths);

// The first of `inputs` that is not a regular file (a pipe, stdin from
// `cat |` or a named one, or a device), as messages name it ("stdin" for
// "-"); "" if all are regular files. Its data may be other on each run, which no
// size or time of it tells.
std::string StreamInput(const std::vector<std::string>& inputs);

// Where a file hare writes to `path` (a model, a cache) goes. Files are
// written whole as a PendingFile and renamed over their target, so that a
// failure never leaves half a file; but a rename replaces what `path` names itself: so a
// link is followed to the file it names (the link stays, even when that
// file is still to be made), and a device or a pipe (-f /dev/null), and
// the name of an open file (/dev/stdout redirected to a file, /dev/fd/N,
// /proc/self/fd/N) is written in place (renamed over, /dev/null would become
// a regular file for every program).
struct WriteTarget {
  std::string path;       // the file to replace, or to write in place
  bool in_place = false;  // it exists and is not a regular file, or names an open one
  // The descriptor of this process that /dev/stdout, /dev/stderr, /dev/fd/N
  // or /proc/self/fd/N names, or -1: written through a dup of it, at its
  // position and in its mode (>> appends), as `cmd > file` would write.
  int descriptor = -1;
};
WriteTarget WriteTargetOf(const std::string& path);

// "stdout is closed" (stdin, stderr) when `path` (/dev/stdout, /dev/fd/1,
// ...) names a standard descriptor the caller closed, which hare holds with
// a path-only descriptor of "/" (tools/main.cc); else "". Opening such a
// path finds a directory, which is not what a user would be told.
std::string ClosedStandardStream(const std::string& path);

// The one of `inputs` that `path` names, by any name (another spelling, a
// link), or "" if none: a file written to `path` would replace that input.
// "-" is stdin, which names `path` when the shell redirected it from that
// regular file (< path) or it is that pipe (`cat data | hare ... -p
// /dev/stdin`); it is returned as "<stdin>". Pipes count, as what is written
// there comes back as input; devices (/dev/null, a terminal) do not.
std::string InputAt(const std::string& path, std::span<const std::string> inputs);

// Whether `path` names the file or pipe open on `descriptor` (-p out > out
// for descriptor 1), by the same rule.
bool NamesDescriptor(const std::string& path, int descriptor);

// What writing `path` over an input it names would do, for the message:
// "would replace it", or, for a pipe, "would be read back as input".
const char* OverwriteEffect(const std::string& path);

// `inputs`, or "-" (stdin) when there are none, as the readers take them.
std::vector<std::string> InputsOrStdin(const std::vector<std::string>& inputs);

}  // namespace hare::io
