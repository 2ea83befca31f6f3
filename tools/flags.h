// A small command-line parser: flags bound to variables of one command, no
// global registry. "-b 24", "-b24", "--bits 24" and "--bits=24" are the
// same; "-" alone and anything not starting with '-' is a positional argument.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace hare::tools {

class FlagParser {
 public:
  // `reads_data`: the command reads FILE arguments or stdin (not gen, model),
  // which VW's -d hint then names.
  explicit FlagParser(bool reads_data = true) : reads_data_(reads_data) {}
  // `names` is a comma-separated list: "-b,--bits".
  void Add(std::string names, std::string value_name, std::string help,
           std::function<absl::Status(std::string_view)> set);
  void AddSwitch(std::string names, std::string help, bool* value);
  void AddString(std::string names, std::string value_name, std::string help, std::string* value);
  void AddInt(std::string names, std::string value_name, std::string help, int64_t* value);
  // 0 to 2^64 - 1 (seeds): a negative number is refused, not wrapped around.
  void AddUint(std::string names, std::string value_name, std::string help, uint64_t* value);
  void AddFloat(std::string names, std::string value_name, std::string help, float* value);
  // Lets the flag named `name` (added before) be given more than once, each
  // value adding to the others (-q ab -q cd). Any other flag with a value
  // given twice with two values is refused: the first would be lost.
  void AllowRepeats(std::string_view name);

  // Parses argv[first..argc); positional arguments are appended to `positional`.
  absl::Status Parse(int argc, char** argv, int first, std::vector<std::string>* positional);

  std::string Help() const;

  // The flags Parse met, in order, as typed ("--bits=24" gives {"--bits", "24"}).
  struct Given {
    std::string name;
    std::string value;  // empty for a switch
  };
  const std::vector<Given>& given() const { return given_; }
  // Whether `a` and `b` name the same flag ("-l" and "--learning-rate").
  bool SameFlag(std::string_view a, std::string_view b) const;
  // Whether Parse met the flag `name` (by any of its names).
  bool WasGiven(std::string_view name) const;
  bool Knows(std::string_view name) const { return Find(name) != nullptr; }
  // For a command that uses a model: training's options (hare train's
  // parser, which must outlive this one), so that one given here is told
  // the model keeps it rather than only that it is unknown.
  void SetTrainingOptions(const FlagParser* training) { training_ = training; }

 private:
  struct Flag {
    std::vector<std::string> names;
    std::string value_name;  // empty for a switch
    std::string help;
    std::function<absl::Status(std::string_view)> set;
    bool repeatable = false;
  };
  const Flag* Find(std::string_view name) const;
  // After "unknown option NAME": the option hare has for VW's or fastText's
  // spelling (SpellingHint), or what it has for another tool's option it
  // has not (LIBLINEAR's -s), or "".
  std::string Hint(std::string_view name) const;
  // Only the first: what tells an option from a value starting with '-'
  // (-q -s pairs the namespaces - and s).
  std::string SpellingHint(std::string_view name) const;
  // After "unknown option NAME": the hare command for VW's option of another
  // job (-p in train: hare test -p), or "".
  std::string JobHint(std::string_view name) const;

  std::vector<Flag> flags_;
  std::vector<Given> given_;
  bool reads_data_;
  const FlagParser* training_ = nullptr;
};

// An option's float: a finite number, not one so small that it reads as 0.
absl::Status ParseFloatValue(std::string_view text, float* value);

// "1G", "500M", "64K", "123" -> bytes.
bool ParseSize(std::string_view text, uint64_t* bytes);

}  // namespace hare::tools
