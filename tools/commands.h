// The subcommands of `hare`. Each parses its own flags, prints its own usage
// and returns the process exit code.
#pragma once

namespace hare::tools {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 1;  // bad command line
inline constexpr int kExitInput = 2;  // unreadable input or model, or bad input under --strict

int TrainCommand(int argc, char** argv);
int TestCommand(int argc, char** argv);
int PredictCommand(int argc, char** argv);
int ModelCommand(int argc, char** argv);
int GenCommand(int argc, char** argv);
int FeaturesCommand(int argc, char** argv);
int ConfusionCommand(int argc, char** argv);
int TuneCommand(int argc, char** argv);
int AuditCommand(int argc, char** argv);

}  // namespace hare::tools
