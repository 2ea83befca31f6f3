// libFuzzer target: any bytes as the input file of whole hare commands, as
// the command line runs them (train, then test, predict, audit, train -i;
// features; confusion), in one of several scenarios the first byte chooses.
// No command may crash or exit with a code other than 0, 1 or 2, a model a
// command wrote must load with finite weights, and two threads must train
// the model one does, byte for byte.
//
// The commands' output goes to /dev/null (HARE_FUZZ_VERBOSE=1 keeps it, to
// read a finding's messages). Build and run: scripts/fuzz.sh.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "learner/model.h"
#include "tests/fuzz/fuzz_checks.h"
#include "tools/commands.h"

namespace {

using hare::fuzz::Check;

// Runs `command` as main would, with `args` after the command's name.
int Run(int (*command)(int, char**), std::vector<std::string> args) {
  std::vector<char*> argv = {const_cast<char*>("hare")};
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  static const bool verbose = std::getenv("HARE_FUZZ_VERBOSE") != nullptr;
  int saved[2] = {-1, -1};
  if (!verbose) {
    std::cout.flush();
    std::fflush(stdout);
    const int null = open("/dev/null", O_WRONLY);
    for (int fd : {1, 2}) {
      saved[fd - 1] = dup(fd);
      dup2(null, fd);
    }
    close(null);
  }
  const int code = command(static_cast<int>(argv.size()) - 1, argv.data());
  std::cout.flush();
  std::cerr.flush();
  std::fflush(stdout);
  std::cout.clear();
  if (!verbose) {
    for (int fd : {1, 2}) {
      dup2(saved[fd - 1], fd);
      close(saved[fd - 1]);
    }
  }
  Check(code == 0 || code == 1 || code == 2,
        args[0] + " exited with " + std::to_string(code) + " (0, 1 or 2 expected)");
  return code;
}

// A model a command wrote loads, and holds finite weights only.
void CheckModel(const std::string& path) {
  absl::StatusOr<hare::learner::Model> model =
      hare::learner::LoadModel(path, hare::learner::ModelUse::kInspect);
  Check(model.ok(), "a model train wrote does not load: " + std::string(model.status().message()));
  hare::fuzz::CheckWeightsFinite(*model);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace hare::tools;
  if (size < 1) return 0;
  static const std::string dir = [] {
    std::string d = "/tmp/hare-cli-fuzz." + std::to_string(getpid());
    std::filesystem::create_directories(d);
    return d;
  }();
  const std::string in = dir + "/in", model = dir + "/m.hare", again = dir + "/m2.hare",
                    cache = dir + "/c.cache";
  for (const std::string& f : {model, again, cache}) std::filesystem::remove(f);
  hare::fuzz::WriteFile(in, std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  // Each trains with a small table, so that every weight can be checked.
  auto trained = [&](std::vector<std::string> args) {
    args.insert(args.begin(), "train");
    for (const char* a : {"-b", "10", "--quiet", "-f"}) args.push_back(a);
    args.push_back(model);
    args.push_back(in);
    const int code = Run(TrainCommand, args);
    if (code == 0) CheckModel(model);
    return code == 0;
  };
  switch (data[0] % 7) {
    // clang-format off
    case 0:  // sentences, one-vs-all with probabilities and names: the sentence default
      if (trained({"--format", "text", "--multiclass", "ova", "--rule", "pa", "--adagrad",
                   "-C", "2", "--unit-norm", "--ngram", "2", "--bos", "--affix", "+4,+6",
                   "--keep-case", "--uneven-margin", "2", "--probabilities", "--keep-names"})) {
        // clang-format on
        Run(TestCommand, {"test", "-i", model, "--json", in});
        Run(AuditCommand, {"audit", "-i", model, in});
        Run(ModelCommand, {"model", "dump", model});
      }
      break;
    case 1:  // VW with interactions and n-grams over passes, then resumed
      if (trained({"-q",
                   "ab",
                   "--cubic",
                   "::a",
                   "--ngram",
                   "2",
                   "--skips",
                   "1",
                   "--affix",
                   "+3",
                   "--passes",
                   "3",
                   "--holdout-period",
                   "3",
                   "-c",
                   cache,
                   "--save-resume",
                   "--rule",
                   "pa",
                   "--uneven-margin",
                   "2",
                   "--average"})) {
        Run(TrainCommand, {"train", "-i", model, "--quiet", "-f", again, in});
        Run(PredictCommand, {"predict", "-i", model, in});
      }
      break;
    case 2:  // fastText's lines, Crammer and Singer's multiclass Perceptron
      if (trained({"--format", "fasttext", "--multiclass", "crammer-singer", "--average", "--minn",
                   "2", "--maxn", "4", "--probabilities"})) {
        Run(TestCommand, {"test", "-i", model, in});
      }
      break;
    case 3:  // LIBSVM, logistic SGD with AdaGrad and Platt's sigmoid
      if (trained({"--format", "libsvm", "--rule", "sgd", "--loss", "logistic", "--adagrad", "--l2",
                   "1e-4", "--probabilities", "--passes", "2"})) {
        Run(TestCommand, {"test", "-i", model, "--json", in});
      }
      break;
    case 4:  // Winnow's winner-take-all on sentences, on two threads and on one
      if (trained({"--format", "text", "--multiclass", "wta", "--rule", "winnow", "--average",
                   "--window", "2", "--collocations", "--threads", "2"})) {
        Run(TestCommand, {"test", "-i", model, in});
        std::filesystem::rename(model, again);
        Check(trained({"--format", "text", "--multiclass", "wta", "--rule", "winnow", "--average",
                       "--window", "2", "--collocations", "--threads", "1"}) &&
                  hare::fuzz::ReadFile(model) == hare::fuzz::ReadFile(again),
              "one thread and two trained different models");
      }
      break;
    case 5:  // what sentences become, and a confusion set's examples
      Run(FeaturesCommand, {"features", "--ngram", "3", "--skips", "1", "--minn", "2", "--maxn",
                            "3", "--window", "2", "--collocations", "--affix", "+2,-2", in});
      Run(ConfusionCommand, {"confusion", "--set", "whether,weather,their", in});
      Run(ConfusionCommand, {"confusion", "--set", "to,too", "--binary", in});
      break;
    case 6:  // binary VW, Balanced Winnow, Naive Bayes
      trained({"--rule", "balanced-winnow", "--margin", "0.5"});
      trained({"--rule", "nb", "--keep-names"});
      break;
  }
  return 0;
}
