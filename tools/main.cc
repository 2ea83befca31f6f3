// hare: a streaming learner for sparse text features.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "hashing/text_features.h"
#include "io/example_cache.h"
#include "io/example_reader.h"
#include "learner/model.h"
#include "learner/weight_table.h"
#include "tools/commands.h"
#include "tools/messages.h"

namespace {

constexpr const char* kUsage =
    "usage: hare COMMAND [OPTIONS] [FILE...]\n"
    "\n"
    "commands:\n"
    "  train       learn a model from labelled examples (files or stdin)\n"
    "  test        score labelled examples with a model, report accuracy\n"
    "  tune        search train's options on a holdout or k folds\n"
    "  predict     one prediction per input line (files or stdin), as each line arrives\n"
    "  model info  show what a model file holds\n"
    "  model dump  print a model's feature names and weights (trained with --keep-names)\n"
    "  audit       show each example's features, their slots and weights, and the score\n"
    "  gen         write synthetic examples to stdout (VW format; sentences with --family text)\n"
    "  features    show the features hare makes of sentences\n"
    "  confusion   examples for a confusion set (whether/weather) from raw sentences\n"
    "\n"
    "Run 'hare COMMAND --help' for a command's options; 'hare --version' for the version.\n";

// After "unknown command": hare's way to do what fastText's command does.
std::string CommandHint(std::string_view command) {
  if (command == "supervised")
    return " (fastText's: hare train --format fasttext --multiclass ova FILE -f MODEL)";
  if (command == "predict-prob")
    return " (fastText's: hare predict -i MODEL --top K, of a model trained with --probabilities)";
  if (command == "test-label")
    return " (fastText's: hare test -i MODEL FILE reports each class's precision, recall and F1)";
  if (command == "quantize")
    return " (fastText's: a hare model is its table, as small as -b makes it)";
  for (std::string_view vectors :
       {"skipgram", "cbow", "print-word-vectors", "print-sentence-vectors", "nn", "analogies"}) {
    if (command == vectors) return " (fastText's word vectors: hare learns classifiers)";
  }
  return "";
}

// The command's exit code, 0 for help, or -1 for a command hare does not have.
int Dispatch(std::string_view command, int argc, char** argv) {
  using namespace hare::tools;
  if (command == "train") return TrainCommand(argc, argv);
  if (command == "test") return TestCommand(argc, argv);
  if (command == "tune") return TuneCommand(argc, argv);
  if (command == "predict") return PredictCommand(argc, argv);
  if (command == "model") return ModelCommand(argc, argv);
  if (command == "gen") return GenCommand(argc, argv);
  if (command == "features") return FeaturesCommand(argc, argv);
  if (command == "audit") return AuditCommand(argc, argv);
  if (command == "confusion") return ConfusionCommand(argc, argv);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  if (command == "--version") {
    // The formats it writes and reads: a model of another version, or a text
    // model of another tokenizer, is refused with a message that says so.
    std::cout << "hare " << HARE_VERSION << " (model format " << hare::learner::kModelVersion
              << ", cache format " << hare::io::kCacheVersion << ", tokenizer "
              << hare::hashing::kTokenizerVersion << ")\n";
    return kExitOk;
  }
  return -1;
}

// Holds each of descriptors 0-2 that the caller closed, so that a file hare
// opens later (-p, -f) cannot take its number and receive the progress table
// or a report. The holder is a path-only descriptor of "/": reading or
// writing it fails as the closed one did (EBADF), and reopening it by name
// (-p /dev/stdout, /dev/stdin) finds a directory and fails too.
void HoldClosedStandardDescriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int held = open("/", O_PATH | O_DIRECTORY);
    if (held >= 0 && held != fd) close(held);  // not the lowest free: another is held
  }
}

}  // namespace

int main(int argc, char** argv) {
  HoldClosedStandardDescriptors();
  // A write past the file size limit (ulimit -f) fails with EFBIG and is
  // reported as any refused write is ("File too large", exit 2), rather than
  // the signal ending hare without a word.
  std::signal(SIGXFSZ, SIG_IGN);
  std::ios::sync_with_stdio(false);
  // A reader of the messages that goes away loses them, not the model.
  // (After sync_with_stdio, which would give std::cerr a buffer of its own.)
  hare::tools::Messages messages;
  if (argc < 2) {
    std::cerr << kUsage;
    return hare::tools::kExitUsage;
  }
  const std::string_view command = argv[1];
  // The name messages give: "model info" for a subcommand.
  std::string name(command);
  if (command == "model" && argc > 2 &&
      (argv[2] == std::string_view("info") || argv[2] == std::string_view("dump"))) {
    name = absl::StrCat(name, " ", argv[2]);
  }
  int code;
  try {
    code = Dispatch(command, argc, argv);
  } catch (const std::bad_alloc& e) {
    // Most often the weight table: 2^b slots of several floats each.
    std::cerr << "hare " << name << ": " << hare::learner::OutOfMemory(e) << "\n";
    return hare::tools::kExitInput;
  } catch (const hare::io::CannotStartThread& e) {
    std::cerr << "hare " << name << ": cannot start a thread: " << e.what()
              << " (--threads 1 reads on the learning thread)\n";
    return hare::tools::kExitInput;
  }
  if (code < 0) {
    std::cerr << "hare: unknown command '" << command << "'" << CommandHint(command) << "\n\n"
              << kUsage;
    return hare::tools::kExitUsage;
  }
  // Output a command wrote but the system refused (a full disk, /dev/full)
  // must not end in success: through std::cout, or through stdio's stdout
  // (hare predict, test -p -).
  errno = 0;
  std::cout.flush();
  const bool stdout_failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  const int error = errno;  // the last write's reason, where the system gave one
  if ((!std::cout || stdout_failed) && code == hare::tools::kExitOk) {
    std::cerr << "hare " << name << ": cannot write to stdout"
              << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "\n";
    return hare::tools::kExitInput;
  }
  return code;
}
