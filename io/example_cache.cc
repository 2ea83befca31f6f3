#include "io/example_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "hashing/text_features.h"
#include "io/example_reader.h"
#include "io/pending_file.h"

namespace hare::io {
namespace {

constexpr char kDone[8] = {'H', 'A', 'R', 'E', 'D', 'O', 'N', 'E'};
constexpr size_t kRecordHeader = 20;  // n, label, importance, initial, tag length
constexpr size_t kExamplesPerBatch = 4096;
constexpr size_t kReadBlock = size_t{1} << 22;

void PutBytes(std::vector<char>& out, const void* bytes, size_t n) {
  if (n == 0) return;  // an empty tag's bytes may be null, which memcpy may not take
  const size_t old = out.size();
  out.resize(old + n);
  std::memcpy(out.data() + old, bytes, n);
}

template <class T>
void Put(std::vector<char>& out, T value) {
  PutBytes(out, &value, sizeof(T));
}

template <class T>
T Get(const char* p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

}  // namespace

std::string CacheKey(const ParseOptions& o, const std::vector<std::string>& inputs) {
  std::string key = absl::StrCat("format=", FormatName(o.format), " bits=", o.bits,
                                 " seed=", o.hash_seed, " constant=", o.constant ? 1 : 0);
  if (o.unit_norm) absl::StrAppend(&key, " unit_norm=1");
  for (const std::string& in : o.interactions) absl::StrAppend(&key, " interaction=", in);
  for (const std::string& n : o.ngrams) absl::StrAppend(&key, " vw_ngram=", n);
  for (const std::string& k : o.skips) absl::StrAppend(&key, " vw_skips=", k);
  for (const std::string& a : o.affixes) absl::StrAppend(&key, " vw_affix=", a);
  if (!o.ignore.empty()) absl::StrAppend(&key, " ignore='", o.ignore, "'");
  if (!o.ignore_linear.empty()) absl::StrAppend(&key, " ignore_linear='", o.ignore_linear, "'");
  if (!o.keep.empty()) absl::StrAppend(&key, " keep='", o.keep, "'");
  if (o.class_labels) absl::StrAppend(&key, " class_labels=1");
  // The lines a cache holds depend on the cap: one written under a smaller
  // cap (--keep-names, less memory) lacks lines a larger one reads.
  absl::StrAppend(&key, " max_line_features=", o.max_line_features);
  if (IsSentences(o.format)) {
    const hashing::TextFeatureOptions& t = o.text;
    absl::StrAppend(&key, " unigrams=", t.unigrams, " ngram=", t.ngram, " skips=", t.skips,
                    " minn=", t.minn, " maxn=", t.maxn, " affix=", hashing::AffixSpec(t.affixes),
                    " window=", t.window, " collocations=", t.collocations,
                    " keep_case=", t.keep_case, " target=", t.target,
                    " tokenizer=", hashing::TokenizerId());
    if (t.bos) absl::StrAppend(&key, " bos=1");  // (absent from older keys, which stay valid)
  }
  if (o.format == Format::kFastText) absl::StrAppend(&key, " label_prefix=", o.label_prefix);
  for (const std::string& path : inputs) {
    struct stat st;
    if (path != "-" && stat(path.c_str(), &st) == 0) {
      // The change time too: a file rewritten with its old size and
      // modification time (sed -i, then touch -d) has a new one, which no
      // tool can set back.
      absl::StrAppend(&key, " input=", path, ":", st.st_size, ":", st.st_mtim.tv_sec, ".",
                      st.st_mtim.tv_nsec, ":", st.st_ino, ":", st.st_ctim.tv_sec, ".",
                      st.st_ctim.tv_nsec);
    } else {
      absl::StrAppend(&key, " input=", path);
    }
  }
  return key;
}

absl::StatusOr<std::unique_ptr<CacheWriter>> CacheWriter::Create(const std::string& path,
                                                                 const std::string& key) {
  // A link is followed, so that it stays; a device or a pipe is refused
  // beforehand (CheckCachePath), and in any case never replaced.
  const WriteTarget target = WriteTargetOf(path);
  if (target.in_place) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot write cache ", path, ": it is not a regular file"));
  }
  // The cache holds the training data: only its owner may read it, as with
  // mkstemp before.
  absl::StatusOr<PendingFile> file = PendingFile::Create(target.path, 0600);
  if (!file.ok()) {
    return absl::PermissionDeniedError(
        absl::StrCat("cannot write cache ", path, ": ", file.status().message()));
  }
  fchmod(file->fd(), 0600);  // not the permissions of a file it replaces
  std::unique_ptr<CacheWriter> w(new CacheWriter(target.path, key, *std::move(file)));
  PutBytes(w->buffer_, kCacheMagic, sizeof kCacheMagic);
  Put<uint32_t>(w->buffer_, kCacheVersion);
  Put<uint32_t>(w->buffer_, static_cast<uint32_t>(key.size()));
  PutBytes(w->buffer_, key.data(), key.size());
  return w;
}

void CacheWriter::Append(const ExampleBatch& batch, std::span<const int32_t> classes) {
  const size_t records = buffer_.size();  // the file's head may come before
  for (size_t i = 0; i < batch.size(); ++i) {
    const auto indices = batch.indices(i);
    const auto values = batch.values(i);
    Put<uint32_t>(buffer_, static_cast<uint32_t>(indices.size()));
    if (classes.empty()) {
      Put<float>(buffer_, batch.label(i));
    } else {
      Put<float>(buffer_,
                 classes[i] < 0 ? ExampleBatch::kNoLabel : static_cast<float>(classes[i] + 1));
    }
    Put<float>(buffer_, batch.importance(i));
    Put<float>(buffer_, batch.initial(i));
    const std::string_view tag = batch.tag(i);
    Put<uint32_t>(buffer_, static_cast<uint32_t>(tag.size()));
    PutBytes(buffer_, tag.data(), tag.size());
    for (size_t k = 0; k < indices.size(); ++k) {
      Put<uint32_t>(buffer_, indices[k]);
      Put<float>(buffer_, values[k]);
    }
  }
  examples_ += batch.size();
  records_sum_.Add(buffer_.data() + records, buffer_.size() - records);
  Write();
}

absl::StatusOr<std::unique_ptr<CacheReader>> CacheWriter::Finish(
    uint32_t mask, bool keep, const std::vector<std::string>& class_names, uint64_t bad_lines,
    uint64_t text_bytes) {
  const size_t names_start = buffer_.size();
  Put<uint32_t>(buffer_, static_cast<uint32_t>(class_names.size()));
  for (const std::string& name : class_names) {
    Put<uint32_t>(buffer_, static_cast<uint32_t>(name.size()));
    PutBytes(buffer_, name.data(), name.size());
  }
  Put<uint64_t>(buffer_, buffer_.size() - names_start);
  Put<uint64_t>(buffer_, examples_);
  Put<uint64_t>(buffer_, bad_lines);
  Put<uint64_t>(buffer_, text_bytes);
  // The checksum covers all that follows the records too, but itself.
  records_sum_.Add(buffer_.data() + names_start, buffer_.size() - names_start);
  Put<uint64_t>(buffer_, records_sum_.value());
  PutBytes(buffer_, kDone, sizeof kDone);
  Write();
  if (!error_.empty()) {
    return absl::DataLossError(absl::StrCat("cannot write cache ", path_, ": ", error_));
  }
  // A descriptor of the reader's own, as Commit closes the writer's.
  const int fd = fcntl(file_.fd(), F_DUPFD_CLOEXEC, 0);
  FILE* file = fd < 0 ? nullptr : fdopen(fd, "rb");
  if (file == nullptr) {
    const std::string why = std::strerror(errno);
    if (fd >= 0) close(fd);
    return absl::DataLossError(absl::StrCat("cannot read back cache ", path_, ": ", why));
  }
  // No fsync: a cache cut short by a crash is noticed (it lacks its end) and
  // made again.
  if (absl::Status committed = keep ? file_.Commit(/*sync=*/false) : absl::OkStatus();
      !committed.ok()) {
    fclose(file);
    return absl::DataLossError(
        absl::StrCat("cannot write cache ", path_, ": ", committed.message()));
  }
  return CacheReader::Open(path_, file, key_, mask, /*verify=*/false);
}

void CacheWriter::Write() {
  if (error_.empty() && !WriteAll(file_.fd(), buffer_)) error_ = std::strerror(errno);
  buffer_.clear();
}

absl::Status CheckCachePath(const std::string& path, std::span<const std::string> inputs) {
  if (const std::string input = InputAt(path, inputs); !input.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("cannot write cache ", path,
                                                   ": it is the input ", input, " (the cache ",
                                                   OverwriteEffect(path), ")"));
  }
  if (WriteTargetOf(path).in_place) {  // a device or a pipe cannot be read back
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot write cache ", path, ": it is not a regular file (the cache is read back)"));
  }
  FILE* file = fopen(path.c_str(), "rb");
  if (file == nullptr) return absl::OkStatus();  // nothing to replace, or Create will say why
  char head[sizeof kCacheMagic];
  const size_t got = fread(head, 1, sizeof head, file);
  fclose(file);
  if (got > 0 && (got < sizeof head || std::memcmp(head, kCacheMagic, sizeof head) != 0)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot write cache ", path,
        ": the file there is not a hare cache, and the cache would replace it (name another "
        "--cache file)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<CacheReader>> CacheReader::Open(const std::string& path,
                                                               const std::string& key,
                                                               uint32_t mask) {
  FILE* file = fopen(path.c_str(), "rb");
  if (file == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("cannot open cache ", path, ": ", std::strerror(errno)));
  }
  return Open(path, file, key, mask, /*verify=*/true);
}

absl::StatusOr<std::unique_ptr<CacheReader>> CacheReader::Open(const std::string& path, FILE* file,
                                                               const std::string& key,
                                                               uint32_t mask, bool verify) {
  auto refuse = [&](const std::string& why) {
    fclose(file);
    return absl::FailedPreconditionError(absl::StrCat("cache ", path, " ", why));
  };
  char head[16];
  if (fseeko(file, 0, SEEK_SET) != 0 || fread(head, 1, sizeof head, file) != sizeof head ||
      std::memcmp(head, kCacheMagic, 8) != 0) {
    return refuse("is not a hare cache");
  }
  if (Get<uint32_t>(head + 8) != kCacheVersion)
    return refuse("was made by another version of hare");
  const uint32_t key_size = Get<uint32_t>(head + 12);
  std::string stored(key_size, '\0');
  if (key_size > (1u << 24) || fread(stored.data(), 1, key_size, file) != key_size) {
    return refuse("is damaged");
  }
  if (stored != key) return refuse("was made from other inputs or with other options");
  const uint64_t start = sizeof head + key_size;
  char tail[48];
  if (fseeko(file, -static_cast<off_t>(sizeof tail), SEEK_END) != 0 ||
      fread(tail, 1, sizeof tail, file) != sizeof tail || std::memcmp(tail + 40, kDone, 8) != 0) {
    return refuse("was cut short");
  }
  // The class names, just before the tail.
  const uint64_t names_bytes = Get<uint64_t>(tail);
  const off_t names_end = ftello(file) - static_cast<off_t>(sizeof tail);
  if (names_bytes < 4 || names_bytes > (uint64_t{1} << 30) ||
      names_end < static_cast<off_t>(start + names_bytes)) {
    return refuse("is damaged");
  }
  const off_t end = names_end - static_cast<off_t>(names_bytes);
  std::string names(names_bytes, '\0');
  if (fseeko(file, end, SEEK_SET) != 0 ||
      fread(names.data(), 1, names.size(), file) != names.size()) {
    return refuse("is damaged");
  }
  std::vector<std::string> class_names;
  const uint32_t count = Get<uint32_t>(names.data());
  for (size_t at = 4; class_names.size() < count;) {
    if (names.size() - at < 4) return refuse("is damaged");
    const uint32_t length = Get<uint32_t>(names.data() + at);
    at += 4;
    if (names.size() - at < length) return refuse("is damaged");
    class_names.push_back(names.substr(at, length));
    at += length;
  }
  if (fseeko(file, static_cast<off_t>(start), SEEK_SET) != 0) return refuse("is damaged");
  // What the checksum covers after the records: the names and the counts.
  std::string after_records = names + std::string(tail, 32);
  const Tail read{.examples = Get<uint64_t>(tail + 8),
                  .bad_lines = Get<uint64_t>(tail + 16),
                  .text_bytes = Get<uint64_t>(tail + 24),
                  .checksum = Get<uint64_t>(tail + 32)};
  return std::unique_ptr<CacheReader>(new CacheReader(path, file, start, static_cast<uint64_t>(end),
                                                      read, std::move(after_records), verify, mask,
                                                      std::move(class_names)));
}

CacheReader::CacheReader(std::string path, FILE* file, uint64_t start, uint64_t end, Tail tail,
                         std::string after_records, bool verify, uint32_t mask,
                         std::vector<std::string> class_names)
    : path_(std::move(path)),
      file_(file),
      start_(start),
      end_(end),
      remaining_(end - start),
      tail_(tail),
      after_records_(std::move(after_records)),
      mask_(mask),
      verify_(verify),
      class_names_(std::move(class_names)) {
  batch_.input_name = path_;
}

CacheReader::~CacheReader() { fclose(file_); }

uint64_t CacheReader::bytes() const {
  const uint64_t records = end_ - start_;
  if (bytes_ >= records) return tail_.text_bytes;
  return static_cast<uint64_t>(static_cast<double>(tail_.text_bytes) *
                               (static_cast<double>(bytes_) / static_cast<double>(records)));
}

absl::Status CacheReader::Rewind() {
  if (fseeko(file_, static_cast<off_t>(start_), SEEK_SET) != 0) {
    return absl::DataLossError(
        absl::StrCat("cannot read cache ", path_, ": ", std::strerror(errno)));
  }
  remaining_ = end_ - start_;
  read_examples_ = 0;
  read_sum_.Reset();
  bytes_ = 0;
  position_ = filled_ = 0;
  return absl::OkStatus();
}

bool CacheReader::Fill(size_t need) {
  if (filled_ - position_ >= need) return true;
  if (filled_ > position_) {
    std::memmove(buffer_.data(), buffer_.data() + position_, filled_ - position_);
  }
  filled_ -= position_;
  position_ = 0;
  if (buffer_.size() < std::max(need, kReadBlock)) buffer_.resize(std::max(need, kReadBlock));
  const size_t want = static_cast<size_t>(std::min<uint64_t>(buffer_.size() - filled_, remaining_));
  const size_t got = fread(buffer_.data() + filled_, 1, want, file_);
  if (verify_) read_sum_.Add(buffer_.data() + filled_, got);
  filled_ += got;
  remaining_ -= got;
  bytes_ += got;
  return filled_ - position_ >= need;
}

// What to do about a damaged cache: hare makes it again when it is not there.
constexpr const char* kRemake = "; delete it and hare train makes it again";

absl::StatusOr<const ExampleBatch*> CacheReader::Next() {
  auto damaged = [&] {
    return absl::DataLossError(
        absl::StrCat("cache ", path_, " is damaged (example ", read_examples_ + 1, ")", kRemake));
  };
  batch_.Clear();
  tag_text_.clear();
  tag_ends_.clear();
  while (batch_.size() < kExamplesPerBatch && read_examples_ < tail_.examples) {
    if (!Fill(kRecordHeader)) break;
    const char* p = buffer_.data() + position_;
    const uint32_t n = Get<uint32_t>(p);
    const uint32_t tag_size = Get<uint32_t>(p + 16);
    // A count past the bytes left is damage, not a size to make room for.
    const uint64_t record = kRecordHeader + uint64_t{tag_size} + uint64_t{8} * n;
    if (record > filled_ - position_ + remaining_) return damaged();
    if (!Fill(static_cast<size_t>(record))) break;
    p = buffer_.data() + position_;
    // A tag came from one line: a line end in it is damage (it would split
    // a line of -p's).
    const std::string_view tag(p + kRecordHeader, tag_size);
    if (tag.find('\n') != std::string_view::npos) return damaged();
    // Copied, as the buffer's bytes move on the next Fill; views into the
    // copies are made once the batch is whole.
    tag_text_.append(tag);
    tag_ends_.push_back(tag_text_.size());
    const char* features = p + kRecordHeader + tag_size;
    batch_.BeginExample();
    for (uint32_t k = 0; k < n; ++k) {
      const char* f = features + size_t{8} * k;
      const uint32_t index = Get<uint32_t>(f);
      const float value = Get<float>(f + 4);
      if ((index & ~mask_) != 0 || !std::isfinite(value)) {
        return damaged();
      }
      batch_.AddFeature(index, value);
    }
    // A label is -1, 0 or +1, or with class names 0 or a class number + 1.
    const float label = Get<float>(p + 4);
    const float importance = Get<float>(p + 8), initial = Get<float>(p + 12);
    const bool label_ok = class_names_.empty()
                              ? label == -1 || label == 0 || label == 1
                              : label >= 0 && label <= static_cast<float>(class_names_.size()) &&
                                    label == std::floor(label);
    if (!label_ok || !(std::isfinite(importance) && importance >= 0) || !std::isfinite(initial)) {
      return damaged();
    }
    ++read_examples_;
    batch_.EndExample(0, label, importance, initial, {});
    position_ += static_cast<size_t>(record);
  }
  if (!tag_text_.empty()) {
    const std::string_view tags = tag_text_;
    for (size_t i = 0, start = 0; i < batch_.size(); start = tag_ends_[i++]) {
      batch_.SetTag(i, tags.substr(start, tag_ends_[i] - start));
    }
  }
  if (batch_.empty()) {
    if (read_examples_ != tail_.examples) {
      return absl::DataLossError(absl::StrCat("cache ", path_, " is damaged: it ends after ",
                                              read_examples_, " of ", tail_.examples, " examples",
                                              kRemake));
    }
    // The records end where the count says: bytes left over are examples a
    // damaged count would silently leave out.
    if (const uint64_t left = filled_ - position_ + remaining_; left > 0) {
      return absl::DataLossError(absl::StrCat("cache ", path_, " is damaged: ", left,
                                              " bytes of records after its ", tail_.examples,
                                              " examples", kRemake));
    }
    // Every byte of the records has been read: a value or a slot changed
    // within its range, or a class name, shows here (the run stops before a
    // model is written). One pass that matches is enough: the later ones read
    // the same file.
    if (verify_) {
      read_sum_.Add(after_records_.data(), after_records_.size());
      if (read_sum_.value() != tail_.checksum) {
        return absl::DataLossError(
            absl::StrCat("cache ", path_, " is damaged: it does not match its checksum", kRemake));
      }
    }
    verify_ = false;
    return nullptr;
  }
  return &batch_;
}

}  // namespace hare::io
