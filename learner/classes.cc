#include "learner/classes.h"

#include "absl/strings/str_cat.h"
#include "learner/learner.h"
#include "learner/options.h"

namespace hare::learner {

ClassMap ClassMap::Binary() {
  ClassMap map({"-1", "+1"});
  map.binary_ = true;
  return map;
}

ClassMap::ClassMap(const std::vector<std::string>& names) {
  for (const std::string& name : names) Add(name);
}

int32_t ClassMap::Add(const std::string& name) {
  auto [it, added] = numbers_.try_emplace(name, static_cast<int32_t>(names_.size()));
  if (added) {
    names_.push_back(name);
    name_bytes_ += 2 + name.size();
  }
  return it->second;
}

absl::Status ClassMap::Assign(const io::ExampleBatch& batch, std::vector<int32_t>& classes) {
  classes.resize(batch.size());
  for (size_t i = 0; i < batch.size(); ++i) {
    if (!batch.has_label(i)) {
      classes[i] = -1;
    } else if (binary_) {
      classes[i] = BinaryClass(batch.label(i));
    } else if (const std::string_view name = batch.class_label(i); !name.empty()) {
      const auto it = numbers_.find(absl::string_view(name.data(), name.size()));
      if (it != numbers_.end()) {
        classes[i] = it->second;
        continue;
      }
      // An example of importance 0 is only predicted: in a model it makes no
      // class (whose vector the later examples would train), and is read as
      // unlabelled.
      if (for_model_ && batch.importance(i) == 0) {
        classes[i] = -1;
        continue;
      }
      // A new class, unless the names or their number pass what is kept.
      auto where = [&] {
        return absl::StrCat(std::string(batch.input_name), ":",
                            batch.first_line + batch.line(i) - 1, ": ");
      };
      if (for_model_ && name.size() > kMaxClassName) {
        return absl::InvalidArgumentError(absl::StrCat(
            where(), "class name '", std::string(name.substr(0, 20)), "...' is ", name.size(),
            " bytes long; a model keeps names of at most ", kMaxClassName, " bytes"));
      } else if (for_model_ && name_bytes_ + 2 + name.size() > kMaxClassNameBytes) {
        return absl::InvalidArgumentError(
            absl::StrCat(where(), "class names would take more than the ", kMaxClassNameBytes,
                         " bytes a model keeps of them"));
      } else if (size() == kMaxClasses) {
        return absl::InvalidArgumentError(
            absl::StrCat(where(), "class '", std::string(name), "' would be class ",
                         kMaxClasses + 1, "; at most ", kMaxClasses, " classes are supported"));
      }
      classes[i] = Add(std::string(name));
    } else {
      classes[i] = static_cast<int32_t>(batch.label(i)) - 1;  // from a cache
    }
  }
  return absl::OkStatus();
}

absl::Status ClassMap::Adopt(const std::vector<std::string>& names) {
  if (binary_) return absl::OkStatus();  // binary caches keep the labels themselves
  for (size_t k = 0; k < names_.size(); ++k) {
    if (k >= names.size() || names[k] != names_[k]) {
      return absl::FailedPreconditionError("the classes of the cache differ from this run's");
    }
  }
  for (const std::string& name : names) Add(name);
  return absl::OkStatus();
}

}  // namespace hare::learner
