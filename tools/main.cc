// hare: a streaming learner for sparse text features.
#include <cstring>
#include <iostream>
#include <string_view>

#include "tools/commands.h"

namespace {

constexpr const char* kUsage =
    "usage: hare COMMAND [OPTIONS] [FILE...]\n"
    "\n"
    "commands:\n"
    "  train       learn a model from labelled examples (files or stdin)\n"
    "  test        score labelled examples with a model, report accuracy\n"
    "  tune        search train's options on a holdout or k folds\n"
    "  predict     stdin to stdout: one prediction per input line\n"
    "  model info  show what a model file holds\n"
    "  model dump  print a model's feature names and weights (trained with --keep-names)\n"
    "  audit       show each example's features, their slots and weights, and the score\n"
    "  gen         write synthetic examples (VW format) to stdout\n"
    "  features    show the features hare makes of sentences\n"
    "  confusion   examples for a confusion set (whether/weather) from raw sentences\n"
    "\n"
    "Run 'hare COMMAND --help' for a command's options.\n";

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    std::cerr << kUsage;
    return hare::tools::kExitUsage;
  }
  std::string_view command = argv[1];
  if (command == "train") return hare::tools::TrainCommand(argc, argv);
  if (command == "test") return hare::tools::TestCommand(argc, argv);
  if (command == "tune") return hare::tools::TuneCommand(argc, argv);
  if (command == "predict") return hare::tools::PredictCommand(argc, argv);
  if (command == "model") return hare::tools::ModelCommand(argc, argv);
  if (command == "gen") return hare::tools::GenCommand(argc, argv);
  if (command == "features") return hare::tools::FeaturesCommand(argc, argv);
  if (command == "audit") return hare::tools::AuditCommand(argc, argv);
  if (command == "confusion") return hare::tools::ConfusionCommand(argc, argv);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return hare::tools::kExitOk;
  }
  std::cerr << "hare: unknown command '" << command << "'\n\n" << kUsage;
  return hare::tools::kExitUsage;
}
