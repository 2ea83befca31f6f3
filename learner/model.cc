#include "learner/model.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "absl/cleanup/cleanup.h"
#include "absl/strings/str_cat.h"
#include "hashing/feature_hash.h"
#include "hashing/text_features.h"
#include "io/example_cache.h"
#include "io/example_reader.h"
#include "io/format.h"
#include "io/pending_file.h"
#include "io/source.h"
#include "learner/classes.h"

namespace hare::learner {
namespace {

static_assert(std::endian::native == std::endian::little, "model files are little-endian");

// The fixed part of the header; the target word follows it. Version 4 files
// lack the tokenizer version byte, and were all made by tokenizer version 1.
constexpr uint32_t kHeaderBytes = 4 + 8 + 4 + 4 + 4 + 8 + 9 + 2;
constexpr uint32_t kOldestVersion = 4;
constexpr uint8_t kVersion4Tokenizer = 1;
constexpr size_t kPreamble = sizeof kModelMagic + 4 + 4;
constexpr size_t kMaxTarget = 256;
// After the interactions: multiclass, calibration kind, A, B, class count.
constexpr uint32_t kClassPart = 1 + 1 + 4 + 4 + 4;
// After the classes: the counts of --ngram and --skips specs.
constexpr uint32_t kSpecPart = 1 + 1;
// After the specs (version 6 on): the learner flags' length and the passes run.
constexpr uint32_t kLearnerPart = 2 + 4;
// After the learner (version 8 on): the count of --affix's affixes.
constexpr uint32_t kAffixPart = 1;
// After them (version 9 on): the count of VW's --affix specs, then the
// lengths of the --ignore, --ignore_linear and --keep letters.
constexpr uint32_t kVwAffixPart = 1;
constexpr uint32_t kNamespaceUsePart = 3;
// After them (version 12 on): the label prefix's length.
constexpr uint32_t kLabelPrefixPart = 1;
constexpr size_t kMaxLearnerFlags = 65535;
// The training state's fixed part (version 10 on): floats per slot, classes,
// steps, overflowed, the two totals, ||w||^2 and the slot count.
constexpr uint64_t kStateFixed = 4 + 4 + 8 + 8 + 8 + 8 + 8 + 8;
constexpr uint32_t kMaxStateFloats = 64;
constexpr uint32_t kMaxHeader = uint32_t{1} << 26;

std::string Errno() { return std::strerror(errno); }

// Buffered writes to a file descriptor, hashing everything written.
class ChecksummedWriter {
 public:
  explicit ChecksummedWriter(int fd) : fd_(fd) {
    state_ = XXH3_createState();
    XXH3_64bits_reset(state_);
    buffer_.reserve(kFlushAt + 64);
  }
  ~ChecksummedWriter() { XXH3_freeState(state_); }

  template <class T>
  void Put(T value) {
    const char* p = reinterpret_cast<const char*>(&value);
    buffer_.insert(buffer_.end(), p, p + sizeof(T));
    if (buffer_.size() >= kFlushAt) Flush();
  }
  void PutBytes(const char* p, size_t n) {
    buffer_.insert(buffer_.end(), p, p + n);
    if (buffer_.size() >= kFlushAt) Flush();
  }
  // Writes the checksum of everything so far, then flushes.
  bool Finish() {
    Flush();
    uint64_t sum = XXH3_64bits_digest(state_);
    const char* p = reinterpret_cast<const char*>(&sum);
    buffer_.assign(p, p + sizeof sum);
    WriteOut();
    return ok_;
  }

 private:
  static constexpr size_t kFlushAt = 1 << 20;
  void Flush() {
    XXH3_64bits_update(state_, buffer_.data(), buffer_.size());
    WriteOut();
  }
  void WriteOut() {
    ok_ = ok_ && io::WriteAll(fd_, buffer_);
    buffer_.clear();
  }

  int fd_;
  XXH3_state_t* state_;
  std::vector<char> buffer_;
  bool ok_ = true;
};

template <class T>
T Get(const char*& p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  p += sizeof(T);
  return value;
}

// The training state of `bytes` bytes at `p`, of a table of 2^bits slots and
// a model of `classes` classes (0: binary).
absl::StatusOr<TrainingState> ReadState(const char* p, uint64_t bytes, uint32_t bits,
                                        uint32_t classes, uint32_t version) {
  auto damaged = [] { return absl::DataLossError("damaged training state"); };
  if (bytes < kStateFixed) return damaged();
  TrainingState state;
  const uint32_t f = Get<uint32_t>(p);
  state.floats_per_slot = static_cast<int>(f);
  state.classes = Get<int32_t>(p);
  state.steps = Get<uint64_t>(p);
  state.overflowed = Get<uint64_t>(p);
  state.l2_total = Get<double>(p);
  state.l1_total = Get<double>(p);
  state.norm_w2 = Get<double>(p);
  const uint64_t count = Get<uint64_t>(p);
  // These keep the sizes below in range.
  if (f < 1 || f > kMaxStateFloats || count > (uint64_t{1} << 32)) return damaged();
  const uint64_t slot_bytes = count * (4 + 4 * uint64_t{f});
  // Version 13 on: the class counts after the slots (binary: 2).
  const bool has_counts = version >= 13;
  uint64_t counts = 0;
  if (has_counts && bytes >= kStateFixed + slot_bytes + 8) std::memcpy(&counts, p + slot_bytes, 8);
  if (counts > (classes == 0 ? 2 : classes) ||
      bytes != kStateFixed + slot_bytes + (has_counts ? 8 + 8 * counts : 0) || state.classes < 0 ||
      static_cast<uint32_t>(state.classes) > classes || state.overflowed > state.steps ||
      std::isnan(state.l2_total) || std::isnan(state.l1_total) || std::isnan(state.norm_w2)) {
    return damaged();
  }
  state.indices.resize(count);
  state.floats.resize(count * f);
  int64_t previous = -1;
  for (uint64_t k = 0; k < count; ++k) {
    const uint32_t index = Get<uint32_t>(p);
    if (static_cast<int64_t>(index) <= previous || (bits < 32 && (index >> bits) != 0))
      return damaged();
    previous = index;
    state.indices[k] = index;
    std::memcpy(state.floats.data() + k * f, p, 4 * f);
    p += 4 * f;
  }
  if (has_counts) {
    p += 8;
    state.class_examples.resize(counts);
    for (uint64_t& n : state.class_examples) n = Get<uint64_t>(p);
  }
  return state;
}

// Why no new file can be renamed over the existing file `path` (the last
// a link names) in directory `dir`, or "" when it can, or it is not known:
// an immutable or append-only file (chattr +i, +a), or another user's file
// in another user's sticky directory such as /tmp (root may replace it).
std::string WhyNotReplaceable(const std::string& path, const std::string& dir) {
  struct stat st;
  if (lstat(path.c_str(), &st) != 0) return "";  // nothing there to replace
  if (S_ISREG(st.st_mode)) {
    const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
    int flags = 0;
    const bool got = fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    if (fd >= 0) close(fd);
    if (got && (flags & FS_IMMUTABLE_FL) != 0) {
      return "it is immutable (chattr +i), so no new model can replace it";
    }
    if (got && (flags & FS_APPEND_FL) != 0) {
      return "it is append-only (chattr +a), so no new model can replace it";
    }
  }
  struct stat d;
  const uid_t me = geteuid();
  if (me != 0 && stat(dir.c_str(), &d) == 0 && (d.st_mode & S_ISVTX) != 0 && st.st_uid != me &&
      d.st_uid != me) {
    return absl::StrCat("it is another user's file in the sticky directory ", dir,
                        ", so no new model can replace it");
  }
  return "";
}

}  // namespace

absl::Status CheckWritable(const std::string& path, std::span<const std::string> inputs) {
  struct stat st;
  const bool exists = stat(path.c_str(), &st) == 0;
  // A path that cannot name a file (a file taken as a directory, a name too
  // long, a loop of links) would fail only at the save, after the training.
  if (!exists && errno != ENOENT) {
    return absl::InvalidArgumentError(absl::StrCat("cannot write model ", path, ": ", Errno()));
  }
  if (exists && S_ISDIR(st.st_mode)) {
    const std::string closed = io::ClosedStandardStream(path);
    return absl::InvalidArgumentError(absl::StrCat("cannot write model ", path, ": ",
                                                   closed.empty() ? "it is a directory" : closed));
  }
  if (const std::string input = io::InputAt(path, inputs); !input.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("cannot write model ", path,
                                                   ": it is the input ", input, " (the model ",
                                                   io::OverwriteEffect(path), ")"));
  }
  const io::WriteTarget target = io::WriteTargetOf(path);
  if (target.in_place) {  // a device or a pipe: written as it is
    if (access(path.c_str(), W_OK) != 0) {
      return absl::PermissionDeniedError(absl::StrCat("cannot write model ", path, ": ", Errno()));
    }
    return absl::OkStatus();
  }
  std::string dir = io::DirectoryOf(target.path);  // the new file is made beside the target
  if (access(dir.c_str(), W_OK) != 0) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot write model ", path, ": directory ", dir, ": ", Errno()));
  }
  if (const std::string why = WhyNotReplaceable(target.path, dir); !why.empty()) {
    return absl::PermissionDeniedError(absl::StrCat("cannot write model ", path, ": ", why));
  }
  // Write permission is not all (root in /proc or /sys, a full inode table):
  // a file the save would make is made, and dropped (never named, or
  // removed).
  if (absl::StatusOr<io::PendingFile> trial = io::PendingFile::Create(target.path, 0666);
      !trial.ok()) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot write model ", path, ": ", trial.status().message()));
  }
  return absl::OkStatus();
}

absl::Status SaveModel(const ModelHeader& header, const WeightSource& weights,
                       const std::string& path, std::span<const FeatureName> names,
                       const TrainingState* state) {
  uint64_t count = 0;
  const uint64_t slots = uint64_t{1} << header.bits;
  for (uint64_t i = 0; i < slots; ++i) {
    const float w = weights.PredictionWeight(static_cast<uint32_t>(i));
    if (!std::isfinite(w)) {  // a file hare could not load: keep the old one
      return absl::FailedPreconditionError(absl::StrCat(
          "cannot write model ", path, ": the weight of slot ", i, " is ", w,
          " (the training diverged: try a smaller --learning-rate or smaller feature values); ",
          path, " is left as it was"));
    }
    count += w != 0;
  }
  uint64_t class_bytes = 0;
  for (const std::string& name : header.classes) class_bytes += 2 + name.size();
  static_assert(kMaxClassNameBytes <= kMaxHeader / 2);
  if (class_bytes > kMaxClassNameBytes) {  // the loader refuses a header past kMaxHeader
    return absl::FailedPreconditionError(
        absl::StrCat("cannot write model ", path, ": its ", header.classes.size(),
                     " class names take ", class_bytes, " bytes, more than a model holds (",
                     kMaxClassNameBytes, "); ", path, " is left as it was"));
  }
  // A new file that replaces the target once it is whole; a device or a pipe
  // is written in place.
  const io::WriteTarget target = io::WriteTargetOf(path);
  std::optional<io::PendingFile> pending;
  int fd = -1;
  if (target.in_place) {
    fd = target.descriptor >= 0 ? fcntl(target.descriptor, F_DUPFD_CLOEXEC, 0)
                                : open(target.path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
      return absl::PermissionDeniedError(absl::StrCat("cannot write model ", path, ": ", Errno()));
  } else {
    absl::StatusOr<io::PendingFile> file = io::PendingFile::Create(target.path, 0666);
    if (!file.ok()) {
      return absl::PermissionDeniedError(
          absl::StrCat("cannot write model ", path, ": ", file.status().message()));
    }
    pending.emplace(*std::move(file));
    fd = pending->fd();
  }

  ChecksummedWriter out(fd);
  out.PutBytes(kModelMagic, sizeof kModelMagic);
  out.Put<uint32_t>(kModelVersion);
  uint32_t extra = static_cast<uint32_t>(header.text.target.size()) + 1 + kClassPart;
  for (const std::string& in : header.interactions) extra += 1 + static_cast<uint32_t>(in.size());
  extra += static_cast<uint32_t>(class_bytes);
  extra += 2;
  for (const auto* specs : {&header.ngrams, &header.skips}) {
    for (const std::string& spec : *specs) extra += 1 + static_cast<uint32_t>(spec.size());
  }
  const std::string_view learner = std::string_view(header.learner).substr(0, kMaxLearnerFlags);
  extra += kLearnerPart + static_cast<uint32_t>(learner.size());
  extra += kAffixPart + static_cast<uint32_t>(header.text.affixes.size());
  extra += kVwAffixPart;
  for (const std::string& spec : header.affixes) extra += 1 + static_cast<uint32_t>(spec.size());
  extra +=
      kNamespaceUsePart + static_cast<uint32_t>(header.ignore.size() + header.ignore_linear.size() +
                                                header.keep.size());
  extra += kLabelPrefixPart + static_cast<uint32_t>(header.label_prefix.size());
  out.Put<uint32_t>(kHeaderBytes + extra);
  out.Put<uint32_t>(static_cast<uint32_t>(header.bits));
  out.Put<uint64_t>(header.hash_seed);
  out.Put<uint8_t>(header.constant ? 1 : 0);
  out.Put<uint8_t>(static_cast<uint8_t>(header.format));
  out.Put<uint8_t>(static_cast<uint8_t>(header.rule));
  out.Put<uint8_t>((header.threshold_per_feature ? 1 : 0) | (header.normalize_input ? 2 : 0) |
                   (header.unit_norm ? 4 : 0));
  out.Put<float>(header.threshold);
  out.Put<float>(header.learning_rate);
  out.Put<uint64_t>(header.examples);
  const hashing::TextFeatureOptions& t = header.text;
  for (int v : {int{t.unigrams} | (t.bos ? 2 : 0), t.ngram, t.skips, t.minn, t.maxn, t.window,
                int{t.collocations}, int{t.keep_case}, header.tokenizer}) {
    out.Put<uint8_t>(static_cast<uint8_t>(v));
  }
  out.Put<uint16_t>(static_cast<uint16_t>(t.target.size()));
  out.PutBytes(t.target.data(), t.target.size());
  out.Put<uint8_t>(static_cast<uint8_t>(header.interactions.size()));
  for (const std::string& in : header.interactions) {
    out.Put<uint8_t>(static_cast<uint8_t>(in.size()));
    out.PutBytes(in.data(), in.size());
  }
  out.Put<uint8_t>(static_cast<uint8_t>(header.multiclass));
  out.Put<uint8_t>(static_cast<uint8_t>(header.calibration.kind));
  out.Put<float>(header.calibration.a);
  out.Put<float>(header.calibration.b);
  out.Put<uint32_t>(static_cast<uint32_t>(header.classes.size()));
  for (const std::string& name : header.classes) {
    out.Put<uint16_t>(static_cast<uint16_t>(name.size()));
    out.PutBytes(name.data(), name.size());
  }
  for (const auto* specs : {&header.ngrams, &header.skips}) {
    out.Put<uint8_t>(static_cast<uint8_t>(specs->size()));
    for (const std::string& spec : *specs) {
      out.Put<uint8_t>(static_cast<uint8_t>(spec.size()));
      out.PutBytes(spec.data(), spec.size());
    }
  }
  out.Put<uint16_t>(static_cast<uint16_t>(learner.size()));
  out.PutBytes(learner.data(), learner.size());
  out.Put<uint32_t>(header.passes_run);
  out.Put<uint8_t>(static_cast<uint8_t>(t.affixes.size()));
  for (const int affix : t.affixes) out.Put<int8_t>(static_cast<int8_t>(affix));
  out.Put<uint8_t>(static_cast<uint8_t>(header.affixes.size()));
  for (const std::string& spec : header.affixes) {
    out.Put<uint8_t>(static_cast<uint8_t>(spec.size()));
    out.PutBytes(spec.data(), spec.size());
  }
  for (const std::string* letters : {&header.ignore, &header.ignore_linear, &header.keep}) {
    out.Put<uint8_t>(static_cast<uint8_t>(letters->size()));
    out.PutBytes(letters->data(), letters->size());
  }
  out.Put<uint8_t>(static_cast<uint8_t>(header.label_prefix.size()));
  out.PutBytes(header.label_prefix.data(), header.label_prefix.size());
  out.Put<uint64_t>(count);
  for (uint64_t i = 0; i < slots; ++i) {
    float w = weights.PredictionWeight(static_cast<uint32_t>(i));
    if (w == 0) continue;
    out.Put<uint32_t>(static_cast<uint32_t>(i));
    out.Put<float>(w);
  }
  uint64_t name_bytes = 0;
  for (const FeatureName& n : names) name_bytes += 4 + 2 + n.name.size();
  out.Put<uint64_t>(names.size());
  out.Put<uint64_t>(name_bytes);
  for (const FeatureName& n : names) {
    out.Put<uint32_t>(n.index);
    out.Put<uint16_t>(static_cast<uint16_t>(n.name.size()));
    out.PutBytes(n.name.data(), n.name.size());
  }
  if (state == nullptr) {
    out.Put<uint64_t>(0);
  } else {
    const size_t f = static_cast<size_t>(state->floats_per_slot);
    out.Put<uint64_t>(kStateFixed + state->indices.size() * (4 + 4 * f) + 8 +
                      8 * state->class_examples.size());
    out.Put<uint32_t>(static_cast<uint32_t>(f));
    out.Put<int32_t>(state->classes);
    out.Put<uint64_t>(state->steps);
    out.Put<uint64_t>(state->overflowed);
    out.Put<double>(state->l2_total);
    out.Put<double>(state->l1_total);
    out.Put<double>(state->norm_w2);
    out.Put<uint64_t>(state->indices.size());
    for (size_t k = 0; k < state->indices.size(); ++k) {
      out.Put<uint32_t>(state->indices[k]);
      out.PutBytes(reinterpret_cast<const char*>(state->floats.data() + k * f), 4 * f);
    }
    out.Put<uint64_t>(state->class_examples.size());
    for (uint64_t n : state->class_examples) out.Put<uint64_t>(n);
  }
  bool ok = out.Finish();
  // A file written in place through its open descriptor (/dev/fd/3 of
  // `3<>file`) ends where the model does: nothing that was after it stays.
  // One opened to append (>>) has nothing after it.
  struct stat st;
  if (ok && target.in_place && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
      (fcntl(fd, F_GETFL) & O_APPEND) == 0) {
    const off_t end = lseek(fd, 0, SEEK_CUR);
    ok = end >= 0 && ftruncate(fd, end) == 0;
  }
  const std::string why = ok ? "" : Errno();
  if (!target.in_place) {
    absl::Status committed = ok ? pending->Commit() : absl::DataLossError(why);
    if (committed.ok()) return committed;
    return absl::DataLossError(absl::StrCat("cannot write model ", path, ": ", committed.message(),
                                            " (any previous file there is unchanged)"));
  }
  if (close(fd) != 0 || !ok) {
    return absl::DataLossError(absl::StrCat("cannot write model ", path, ": ", ok ? Errno() : why));
  }
  return absl::OkStatus();
}

absl::StatusOr<Model> LoadModel(const std::string& path, ModelUse use) {
  auto refuse = [&](std::string_view why) {
    return absl::DataLossError(absl::StrCat("cannot load model ", path, ": ", std::string(why)));
  };
  // O_NONBLOCK: a FIFO without a writer opens at once (and is refused
  // below) instead of waiting; reads of a regular file do not block anyway.
  if (path == "-") {  // as an input, "-" is stdin: a model is read from a file
    return absl::InvalidArgumentError(
        "cannot load a model from stdin ('-'): give the model's file");
  }
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return absl::NotFoundError(absl::StrCat("cannot open model ", path, ": ", Errno()));
  const absl::Cleanup closer = [fd] { close(fd); };
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    return refuse("not a regular file");
  }
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  auto read_at = [&](char* into, size_t n, uint64_t offset) {
    size_t done = 0;
    while (done < n) {
      ssize_t got = pread(fd, into + done, n - done, static_cast<off_t>(offset + done));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return false;
      done += static_cast<size_t>(got);
    }
    return true;
  };
  // Magic, version and sizes first, before reading or allocating the rest.
  char preamble[kPreamble + kHeaderBytes];
  if (size == 0) return refuse("the file is empty, not a hare model");
  const bool head = size >= sizeof kModelMagic && read_at(preamble, sizeof kModelMagic, 0);
  if (!head || std::memcmp(preamble, kModelMagic, sizeof kModelMagic) != 0) {
    // A cache (io/example_cache.h) given where a model goes, or a compressed
    // file: say which it is.
    if (head && std::memcmp(preamble, io::kCacheMagic, sizeof io::kCacheMagic) == 0) {
      return refuse(
          "it is a hare cache of examples, not a model (a cache is given with -c, to hare "
          "train)");
    }
    const io::Compression packed =
        head ? io::DetectCompression(reinterpret_cast<const unsigned char*>(preamble),
                                     sizeof kModelMagic)
             : io::Compression::kNone;
    if (packed != io::Compression::kNone) {
      return refuse(absl::StrCat("it is ", io::CompressionName(packed),
                                 "-compressed (a model is read as hare wrote it: decompress it "
                                 "first)"));
    }
    return refuse("not a hare model file (its first bytes are not the model magic)");
  }
  if (size < sizeof preamble + 16 || !read_at(preamble, sizeof preamble, 0)) {
    return refuse(absl::StrCat("truncated: ", size, " bytes is too short for a model"));
  }
  const char* p = preamble + sizeof kModelMagic;
  const uint32_t version = Get<uint32_t>(p);
  const uint32_t header_bytes = Get<uint32_t>(p);
  if (version < kOldestVersion || version > kModelVersion) {
    return refuse(absl::StrCat("format version ", version, ", but this hare reads versions ",
                               kOldestVersion, " to ", kModelVersion,
                               (version > kModelVersion ? " (made by a newer hare)" : "")));
  }
  const bool has_tokenizer = version >= 5;
  const uint32_t fixed_bytes = has_tokenizer ? kHeaderBytes : kHeaderBytes - 1;
  // The least the variable part can hold: no target, interactions, classes or specs.
  const uint32_t least = 1 + kClassPart + kSpecPart + (version >= 6 ? kLearnerPart : 0) +
                         (version >= 8 ? kAffixPart : 0) +
                         (version >= 9 ? kVwAffixPart + kNamespaceUsePart : 0) +
                         (version >= 12 ? kLabelPrefixPart : 0);
  if (header_bytes < fixed_bytes + least || header_bytes > kMaxHeader) {
    return refuse(absl::StrCat("header of ", header_bytes, " bytes, expected ", fixed_bytes + least,
                               " to ", kMaxHeader));
  }
  ModelHeader h;
  const uint32_t bits = Get<uint32_t>(p);
  h.hash_seed = Get<uint64_t>(p);
  const uint8_t constant = Get<uint8_t>(p);
  const uint8_t format = Get<uint8_t>(p);
  const uint8_t rule = Get<uint8_t>(p);
  const uint8_t flags = Get<uint8_t>(p);
  h.threshold = Get<float>(p);
  h.learning_rate = Get<float>(p);
  h.examples = Get<uint64_t>(p);
  uint8_t text[9];
  text[8] = kVersion4Tokenizer;
  for (uint8_t& v : std::span(text, has_tokenizer ? 9 : 8)) v = Get<uint8_t>(p);
  const uint16_t target_size = Get<uint16_t>(p);
  const uint64_t body_start = kPreamble + header_bytes;  // the weight count
  uint64_t count = 0;
  if (uint32_t{target_size} + least > header_bytes - fixed_bytes || size < body_start + 32 ||
      !read_at(reinterpret_cast<char*>(&count), 8, body_start)) {
    return refuse("damaged: its header sizes disagree");
  }
  // The weights, then the names' count and bytes, then the checksum.
  const uint64_t names_at = body_start + 8 + 8 * count;
  uint64_t name_sizes[2] = {0, 0};
  const bool names_read = count <= (uint64_t{1} << 32) && size >= names_at + 16 + 8 &&
                          read_at(reinterpret_cast<char*>(name_sizes), 16, names_at);
  // Sizes too large to be true are damage; smaller ones past the end, a cut.
  if (count > (uint64_t{1} << 32) || name_sizes[1] > (uint64_t{1} << 48)) {
    return refuse("damaged: its header sizes disagree");
  }
  // Version 10 on: the training state's size after the names.
  const uint64_t state_at = names_at + 16 + name_sizes[1];
  uint64_t state_bytes = 0;
  const bool has_state_size = version >= 10;
  const bool state_read =
      !has_state_size || (names_read && size >= state_at + 8 + 8 &&
                          read_at(reinterpret_cast<char*>(&state_bytes), 8, state_at));
  if (state_bytes > (uint64_t{1} << 48)) {
    return refuse("damaged: its header sizes disagree");
  }
  const uint64_t expected = state_at + (has_state_size ? 8 + state_bytes : 0) + 8;
  if (size != expected) {
    return refuse(absl::StrCat(size < expected ? "truncated" : "damaged", ": the file has ", size,
                               " bytes but its header says ",
                               names_read && state_read ? "" : "at least ", expected));
  }
  // The file is read a MiB at a time, never whole beside its table (a model
  // of every slot at -b 26 is 512 MiB): each(data, n) for each block of
  // [from, from + length), whole 8-byte weights in each, while it returns
  // true; false on a read error or when each stopped.
  std::vector<char> block(static_cast<size_t>(std::min<uint64_t>(size, uint64_t{1} << 20)));
  auto for_blocks = [&](uint64_t from, uint64_t length, auto&& each) {
    for (uint64_t at = 0; at < length; at += block.size()) {
      const size_t n = static_cast<size_t>(std::min<uint64_t>(block.size(), length - at));
      if (!read_at(block.data(), n, from + at) || !each(block.data(), n)) return false;
    }
    return true;
  };
  // The checksum first.
  {
    std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> sum(XXH3_createState(),
                                                                 &XXH3_freeState);
    if (sum == nullptr) throw std::bad_alloc();
    XXH3_64bits_reset(sum.get());
    uint64_t stored;
    if (!for_blocks(0, size - 8,
                    [&](const char* data, size_t n) {
                      return XXH3_64bits_update(sum.get(), data, n) == XXH_OK;
                    }) ||
        !read_at(reinterpret_cast<char*>(&stored), 8, size - 8)) {
      return refuse("read error");
    }
    if (XXH3_64bits_digest(sum.get()) != stored) {
      return refuse("checksum mismatch: the file is damaged");
    }
  }
  // The header (to the weight count), and what follows the weights (the
  // names and the training state) are read whole; the weights a block at a
  // time, straight into the table.
  std::string body(body_start, '\0');
  if (!read_at(body.data(), body_start, 0)) return refuse("read error");
  std::string tail(size - 8 - names_at, '\0');
  if (!read_at(tail.data(), tail.size(), names_at)) return refuse("read error");
  // The checksum matched; still, never trust a value to be in range.
  if (bits < hashing::kMinBits || bits > hashing::kMaxBits || constant > 1 ||
      format > static_cast<uint8_t>(io::Format::kFastText) ||
      rule > static_cast<uint8_t>(Rule::kSvm) || flags > 7 || !std::isfinite(h.threshold) ||
      !std::isfinite(h.learning_rate)) {
    return refuse("its header holds values out of range");
  }
  h.bits = static_cast<int>(bits);
  h.constant = constant == 1;
  h.format = static_cast<io::Format>(format);
  h.rule = static_cast<Rule>(rule);
  h.threshold_per_feature = (flags & 1) != 0;
  h.normalize_input = (flags & 2) != 0;
  h.unit_norm = (flags & 4) != 0;
  // Bit 0 of the first byte: unigrams; bit 1 (from version 14): --bos.
  if (text[0] > (version >= 14 ? 3 : 1)) return refuse("its text templates are out of range");
  h.text.unigrams = (text[0] & 1) != 0;
  h.text.bos = (text[0] & 2) != 0;
  h.text.ngram = text[1];
  h.text.skips = text[2];
  h.text.minn = text[3];
  h.text.maxn = text[4];
  h.text.window = text[5];
  h.text.collocations = text[6] == 1;
  h.text.keep_case = text[7] == 1;
  if (h.text.ngram < 1 || h.text.ngram > hashing::kMaxNgram || h.text.skips > hashing::kMaxSkips ||
      h.text.minn > hashing::kMaxCharNgram || h.text.maxn > hashing::kMaxCharNgram ||
      h.text.window > hashing::kMaxWindow || (h.text.maxn > 0 && h.text.minn > h.text.maxn)) {
    return refuse("its text templates are out of range");
  }
  h.tokenizer = text[8];
  if (io::IsSentences(h.format) && h.tokenizer != hashing::kTokenizerVersion &&
      use == ModelUse::kPredict) {
    return refuse(absl::StrCat("its text was split into words by tokenizer version ", int{text[8]},
                               ", and this hare's tokenizer is version ",
                               hashing::kTokenizerVersion, ": train the model again"));
  }
  h.text.target.assign(body.data() + kPreamble + fixed_bytes, target_size);
  // The interactions: a count, then each as a length and its letters, filling
  // the rest of the header exactly.
  const char* x = body.data() + kPreamble + fixed_bytes + target_size;
  const char* const header_end = body.data() + body_start;
  const uint8_t interactions = static_cast<uint8_t>(*x++);
  for (uint8_t k = 0; k < interactions; ++k) {
    const uint8_t len = x < header_end ? static_cast<uint8_t>(*x++) : 0;
    if ((len != 2 && len != 3) || header_end - x < len) return refuse("damaged interactions");
    h.interactions.emplace_back(x, len);
    x += len;
  }
  if (version < 7 && !h.interactions.empty()) {
    return refuse(
        absl::StrCat("its -q/--cubic features were hashed as n-grams are (format version ", version,
                     "); this hare hashes them apart: train the model again"));
  }
  // Before version 15 a set of features was made twice when two patterns
  // overlap, or by a pattern such as :a: (a letter between two wildcards).
  const bool twice =
      io::InteractionsOverlap(h.interactions) ||
      std::any_of(h.interactions.begin(), h.interactions.end(), [](const std::string& pattern) {
        return pattern.size() == 3 && pattern[0] == ':' && pattern[2] == ':' && pattern[1] != ':';
      });
  if (version < 15 && twice) {
    return refuse(absl::StrCat(
        "it made some -q/--cubic features twice (format version ", version,
        ": patterns that overlap, or one such as :a:); this hare makes each once: train the "
        "model again"));
  }
  // Then the classes: multiclass method, calibration, and the class names.
  if (header_end - x < static_cast<ptrdiff_t>(kClassPart)) return refuse("damaged classes");
  const uint8_t multiclass = Get<uint8_t>(x);
  const uint8_t calibration = Get<uint8_t>(x);
  h.calibration.a = Get<float>(x);
  h.calibration.b = Get<float>(x);
  const uint32_t classes = Get<uint32_t>(x);
  if (multiclass > static_cast<uint8_t>(Multiclass::kWinnerTakeAll) ||
      calibration > static_cast<uint8_t>(CalibrationKind::kTemperature) ||
      !std::isfinite(h.calibration.a) || !std::isfinite(h.calibration.b) ||
      classes > static_cast<uint32_t>(kMaxClasses) || (multiclass == 0) != (classes == 0)) {
    return refuse("its header holds values out of range");
  }
  // A sigmoid for binary models, a softmax for classes; a temperature above 0.
  const auto kind = static_cast<CalibrationKind>(calibration);
  if ((kind == CalibrationKind::kPlatt && multiclass != 0) ||
      (kind == CalibrationKind::kTemperature && (multiclass == 0 || !(h.calibration.a > 0)))) {
    return refuse("its header holds values out of range");
  }
  h.multiclass = static_cast<Multiclass>(multiclass);
  h.calibration.kind = kind;
  for (uint32_t k = 0; k < classes; ++k) {
    if (header_end - x < 2) return refuse("damaged classes");
    const uint16_t len = Get<uint16_t>(x);
    if (header_end - x < len) return refuse("damaged classes");
    h.classes.emplace_back(x, len);
    x += len;
  }
  if (ClassMap(h.classes).size() != static_cast<int>(h.classes.size()) ||
      std::find(h.classes.begin(), h.classes.end(), "") != h.classes.end()) {
    return refuse("its class names are empty or repeated");
  }
  for (auto* specs : {&h.ngrams, &h.skips}) {
    const uint8_t n = header_end - x < 1 ? 0 : static_cast<uint8_t>(*x++);
    for (uint8_t k = 0; k < n; ++k) {
      const uint8_t len = x < header_end ? static_cast<uint8_t>(*x++) : 0;
      char letter;
      int value;
      if (header_end - x < len || !io::ParseGramSpec(std::string_view(x, len), &letter, &value) ||
          value > (specs == &h.ngrams ? hashing::kMaxNgram : hashing::kMaxSkips) ||
          (specs == &h.ngrams && value < 1)) {
        return refuse("damaged --ngram or --skips");
      }
      specs->emplace_back(x, len);
      x += len;
    }
  }
  if (version < 11) {
    auto most = [](const std::vector<std::string>& specs, int given) {
      for (const std::string& spec : specs) {
        char letter;
        int value;
        if (io::ParseGramSpec(spec, &letter, &value)) given = std::max(given, value);
      }
      return given;
    };
    const bool words = io::IsSentences(h.format);
    if (most(h.ngrams, words ? h.text.ngram : 0) >= 3 &&
        most(h.skips, words ? h.text.skips : 0) >= 1) {
      return refuse(absl::StrCat(
          "its n-grams of 3 or more skipped up to --skips items at each gap (format version ",
          version, "); this hare skips that many in all, as VW does: train the model again"));
    }
  }
  if (version >= 6) {
    if (header_end - x < static_cast<ptrdiff_t>(kLearnerPart)) return refuse("damaged learner");
    const uint16_t len = Get<uint16_t>(x);
    if (header_end - x < len + 4) return refuse("damaged learner");
    h.learner.assign(x, len);
    x += len;
    // Flags are printable ASCII: model info prints them as they are.
    if (!std::all_of(h.learner.begin(), h.learner.end(),
                     [](char c) { return c >= ' ' && c <= '~'; })) {
      return refuse("damaged learner");
    }
    h.passes_run = Get<uint32_t>(x);
  }
  if (version >= 8) {  // the text's affixes
    if (header_end - x < 1) return refuse("damaged --affix");
    const uint8_t n = static_cast<uint8_t>(*x++);
    if (n > hashing::kMaxAffixes || header_end - x < n) return refuse("damaged --affix");
    for (uint8_t k = 0; k < n; ++k) {
      const int affix = Get<int8_t>(x);
      if (affix == 0 || std::abs(affix) > hashing::kMaxAffix ||
          std::find(h.text.affixes.begin(), h.text.affixes.end(), affix) != h.text.affixes.end()) {
        return refuse("damaged --affix");
      }
      h.text.affixes.push_back(affix);
    }
  }
  if (version >= 9) {  // VW's affixes
    if (header_end - x < 1) return refuse("damaged VW --affix");
    const uint8_t n = static_cast<uint8_t>(*x++);
    for (uint8_t k = 0; k < n; ++k) {
      const uint8_t len = x < header_end ? static_cast<uint8_t>(*x++) : 0;
      char letter;
      int affix;
      if (header_end - x < len || !io::ParseAffixSpec(std::string_view(x, len), &letter, &affix) ||
          std::find(h.affixes.begin(), h.affixes.end(), std::string_view(x, len)) !=
              h.affixes.end()) {
        return refuse("damaged VW --affix");
      }
      h.affixes.emplace_back(x, len);
      x += len;
    }
    // As the command line gives them: at most kMaxAffixes of a letter.
    std::vector<int> per_letter(256, 0);
    for (const std::string& spec : h.affixes) {
      if (++per_letter[static_cast<unsigned char>(spec.size() == 3 ? spec[2] : ' ')] >
          static_cast<int>(hashing::kMaxAffixes)) {
        return refuse("damaged VW --affix");
      }
    }
    // Namespace letters, each once in a list, none both ignored and kept or
    // ignored-linear.
    for (std::string* letters : {&h.ignore, &h.ignore_linear, &h.keep}) {
      if (header_end - x < 1) return refuse("damaged --ignore or --keep");
      const uint8_t len = static_cast<uint8_t>(*x++);
      if (header_end - x < len) return refuse("damaged --ignore or --keep");
      letters->assign(x, len);
      x += len;
      std::string sorted = *letters;
      std::sort(sorted.begin(), sorted.end());
      if (!std::all_of(letters->begin(), letters->end(), io::IsNamespaceLetter) ||
          std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        return refuse("damaged --ignore or --keep");
      }
    }
    if (!io::NamespaceUseConflicts(h.ignore, h.ignore_linear, h.keep).empty()) {
      return refuse("damaged --ignore or --keep");
    }
  }
  if (version >= 12) {
    if (header_end - x < 1) return refuse("damaged label prefix");
    const uint8_t len = static_cast<uint8_t>(*x++);
    if (header_end - x < len) return refuse("damaged label prefix");
    h.label_prefix.assign(x, len);
    x += len;
    if (!io::LabelPrefixProblem(h.label_prefix).empty()) return refuse("damaged label prefix");
  }
  if (x != header_end) return refuse("damaged: its header sizes disagree");
  // A table this machine cannot hold: the -b is the model's, so main's
  // advice (a smaller -b) means training again.
  std::optional<Model> made;
  try {
    made.emplace(h, version);
  } catch (const TableTooLarge& e) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "cannot load model ", path, ": out of memory: ", e.what(), " (it was trained with -b ",
        bits, ": train it again with a smaller -b, or load it where more memory is free)"));
  }
  Model& model = *made;
  // The weights, straight into the table; the first bad one is refused.
  int64_t previous = -1;
  uint64_t weight = 0;  // the weight's number, for the message
  std::string bad;
  const bool read_ok = for_blocks(body_start + 8, 8 * count, [&](const char* q, size_t n) {
    for (const char* end = q + n; q < end; ++weight) {
      const uint32_t index = Get<uint32_t>(q);
      const float w = Get<float>(q);
      if (static_cast<int64_t>(index) <= previous || (bits < 32 && (index >> bits) != 0) ||
          !std::isfinite(w)) {
        bad = absl::StrCat("weight ", weight, " (slot ", index,
                           ") is out of order, out of range or not finite");
        return false;
      }
      previous = index;
      *model.weight(index) = w;
    }
    return true;
  });
  if (!read_ok) return refuse(bad.empty() ? "read error" : bad);
  model.set_nonzero(count);
  const char* q = tail.data();
  // The names: each entry inside the B bytes, its slot in the table.
  const char* names_end = q + 16 + name_sizes[1];
  q += 16;
  std::vector<FeatureName> names;
  names.reserve(std::min<uint64_t>(name_sizes[0], name_sizes[1] / 6));
  for (uint64_t k = 0; k < name_sizes[0]; ++k) {
    if (names_end - q < 6) return refuse("damaged feature names");
    const uint32_t index = Get<uint32_t>(q);
    const uint16_t len = Get<uint16_t>(q);
    if (names_end - q < len || (bits < 32 && (index >> bits) != 0)) {
      return refuse("damaged feature names");
    }
    names.push_back({index, std::string(q, len)});
    q += len;
  }
  if (q != names_end) return refuse("damaged feature names");
  model.set_names(std::move(names));
  if (state_bytes > 0) {
    absl::StatusOr<TrainingState> state = ReadState(q + 8, state_bytes, bits, classes, version);
    if (!state.ok()) return refuse(std::string(state.status().message()));
    model.set_state(*std::move(state));
  }
  return *std::move(made);
}

}  // namespace hare::learner
