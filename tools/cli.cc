#include "tools/cli.h"

#include <algorithm>
#include <iostream>
#include <thread>

namespace hare::tools {

int ParseCommandLine(FlagParser& flags, const char* synopsis, int argc, char** argv,
                     std::vector<std::string>* positional) {
  bool help = false;
  flags.AddSwitch("-h,--help", "print this help", &help);
  absl::Status s = flags.Parse(argc, argv, 2, positional);
  if (help) {
    std::cout << synopsis << "\noptions:\n" << flags.Help();
    return 0;
  }
  if (!s.ok()) {
    std::cerr << "hare " << argv[1] << ": " << s.message() << "\nRun 'hare " << argv[1]
              << " --help' for the options.\n";
    return 1;
  }
  return -1;
}

int DefaultThreads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 256u));
}

int Fail(const char* command, const absl::Status& status, int code) {
  return Fail(command, std::string(status.message()), code);
}

int Fail(const char* command, const std::string& message, int code) {
  std::cerr << "hare " << command << ": " << message << "\n";
  return code;
}

}  // namespace hare::tools
