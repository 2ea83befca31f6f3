// The cache of parsed examples: what a pass writes, the later passes read
// back through the descriptor it was written to, whatever happens to its
// path meanwhile.
#include "io/example_cache.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "io/example_batch.h"
#include "tests/scratch.h"

namespace hare::io {
namespace {

using ::hare::ScratchDir;

constexpr uint32_t kMask = (1u << 18) - 1;

// Examples with labels +1, -1, +1, ..., example k holding the feature
// (index k + 1, value `value`).
ExampleBatch Examples(int count, float value) {
  ExampleBatch batch;
  for (int k = 0; k < count; ++k) {
    batch.BeginExample();
    batch.AddFeature(static_cast<uint32_t>(k + 1), value);
    batch.EndExample(static_cast<uint32_t>(k + 1), k % 2 == 0 ? 1.0f : -1.0f, 1.0f, 0.0f, "");
  }
  return batch;
}

std::unique_ptr<CacheReader> Write(const std::string& path, const ExampleBatch& batch, bool keep) {
  absl::StatusOr<std::unique_ptr<CacheWriter>> writer = CacheWriter::Create(path, "key");
  EXPECT_TRUE(writer.ok()) << writer.status();
  (*writer)->Append(batch);
  absl::StatusOr<std::unique_ptr<CacheReader>> reader = (*writer)->Finish(kMask, keep, {}, 0, 0);
  EXPECT_TRUE(reader.ok()) << reader.status();
  return reader.ok() ? *std::move(reader) : nullptr;
}

// Every example of a stream as (label, index, value) of its one feature.
std::vector<std::tuple<float, uint32_t, float>> ReadAll(ExampleStream& stream) {
  std::vector<std::tuple<float, uint32_t, float>> out;
  for (;;) {
    absl::StatusOr<const ExampleBatch*> batch = stream.Next();
    EXPECT_TRUE(batch.ok()) << batch.status();
    if (!batch.ok() || *batch == nullptr) return out;
    for (size_t i = 0; i < (*batch)->size(); ++i) {
      EXPECT_EQ((*batch)->indices(i).size(), 1u);
      out.emplace_back((*batch)->label(i), (*batch)->indices(i)[0], (*batch)->values(i)[0]);
    }
  }
}

TEST(ExampleCacheTest, LaterPassesReadWhatThisRunWroteThoughTheNameIsWrittenAgain) {
  ScratchDir scratch;
  const std::string path = scratch.Path("shared.cache");
  std::unique_ptr<CacheReader> first = Write(path, Examples(3, 0.5f), /*keep=*/true);
  ASSERT_NE(first, nullptr);
  // Another run writes the same path between this run's passes.
  std::unique_ptr<CacheReader> second = Write(path, Examples(1, 2.0f), /*keep=*/true);
  ASSERT_NE(second, nullptr);

  const std::vector<std::tuple<float, uint32_t, float>> want = {
      {1.0f, 1u, 0.5f}, {-1.0f, 2u, 0.5f}, {1.0f, 3u, 0.5f}};
  EXPECT_EQ(ReadAll(*first), want);
  ASSERT_TRUE(first->Rewind().ok());
  EXPECT_EQ(ReadAll(*first), want);  // the next pass
  // The path holds the last one written.
  absl::StatusOr<std::unique_ptr<CacheReader>> named = CacheReader::Open(path, "key", kMask);
  ASSERT_TRUE(named.ok()) << named.status();
  EXPECT_EQ(ReadAll(**named), (std::vector<std::tuple<float, uint32_t, float>>{{1.0f, 1u, 2.0f}}));
}

// Tags of 1,500 bytes over a batch of 4,096 examples: the batch's records
// cross the reader's 4 MiB blocks, whose bytes move as it reads on.
TEST(ExampleCacheTest, TagsOutliveTheReadersBlocks) {
  ScratchDir scratch;
  ExampleBatch batch;
  auto tag_of = [](int k) {
    return std::string(1500, static_cast<char>('a' + k % 26)) + std::to_string(k);
  };
  std::vector<std::string> tags;
  for (int k = 0; k < 4096; ++k) tags.push_back(tag_of(k));
  for (int k = 0; k < 4096; ++k) {
    batch.BeginExample();
    batch.AddFeature(static_cast<uint32_t>(k), 1.0f);
    batch.EndExample(1, 1.0f, 1.0f, 0.0f, tags[static_cast<size_t>(k)]);
  }
  std::unique_ptr<CacheReader> reader = Write(scratch.Path("long.cache"), batch, /*keep=*/false);
  ASSERT_NE(reader, nullptr);
  absl::StatusOr<const ExampleBatch*> read = reader->Next();
  ASSERT_TRUE(read.ok() && *read != nullptr) << read.status();
  ASSERT_EQ((*read)->size(), 4096u);
  for (size_t k = 0; k < 4096; ++k) {
    ASSERT_EQ((*read)->tag(k), tags[k]) << "example " << k;
    ASSERT_EQ((*read)->indices(k)[0], k);
  }
}

// A tag's length past the records is damage, not a size to read.
TEST(ExampleCacheTest, ATagLengthPastTheRecordsIsDamage) {
  ScratchDir scratch;
  const std::string path = scratch.Path("damaged.cache");
  ASSERT_NE(Write(path, Examples(2, 1.0f), /*keep=*/true), nullptr);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  // The first record: after the magic, the version, the key's length and
  // the key ("key"), its count, label, importance and initial score.
  const size_t tag_length = 8 + 4 + 4 + 3 + 16;
  ASSERT_EQ(bytes.substr(tag_length, 4), std::string(4, '\0'));
  bytes.replace(tag_length, 4, "\xf0\xff\xff\xff");
  std::ofstream(path, std::ios::binary) << bytes;
  absl::StatusOr<std::unique_ptr<CacheReader>> reader = CacheReader::Open(path, "key", kMask);
  ASSERT_TRUE(reader.ok()) << reader.status();
  absl::StatusOr<const ExampleBatch*> read = (*reader)->Next();
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().message(),
            "cache " + path + " is damaged (example 1); delete it and hare train makes it again");
}

// The tags, which -p prints in every pass, are read back as written.
TEST(ExampleCacheTest, TagsAreKept) {
  ScratchDir scratch;
  ExampleBatch batch;
  for (const std::string_view tag : {"first", "", "a longer tag"}) {
    batch.BeginExample();
    batch.AddFeature(7, 1.0f);
    batch.EndExample(1, 1.0f, 1.0f, 0.0f, tag);
  }
  std::unique_ptr<CacheReader> reader = Write(scratch.Path("tags.cache"), batch, /*keep=*/false);
  ASSERT_NE(reader, nullptr);
  for (int pass = 0; pass < 2; ++pass) {
    absl::StatusOr<const ExampleBatch*> read = reader->Next();
    ASSERT_TRUE(read.ok() && *read != nullptr) << read.status();
    ASSERT_EQ((*read)->size(), 3u);
    EXPECT_EQ((*read)->tag(0), "first");
    EXPECT_EQ((*read)->tag(1), "");
    EXPECT_EQ((*read)->tag(2), "a longer tag");
    EXPECT_EQ((*read)->indices(2)[0], 7u);
    ASSERT_TRUE(reader->Rewind().ok());
  }
}

TEST(ExampleCacheTest, ATemporaryCacheNeverHasAName) {
  ScratchDir scratch;
  const std::string path = scratch.Path("temporary.cache");
  absl::StatusOr<std::unique_ptr<CacheWriter>> writer = CacheWriter::Create(path, "key");
  ASSERT_TRUE(writer.ok()) << writer.status();
  (*writer)->Append(Examples(2, 1.0f));
  // Written, not yet finished: no name (Linux's O_TMPFILE, which the
  // file systems of tests have).
  EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
  absl::StatusOr<std::unique_ptr<CacheReader>> reader = (*writer)->Finish(kMask, false, {}, 0, 0);
  ASSERT_TRUE(reader.ok()) << reader.status();
  EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
  writer->reset();
  EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
  EXPECT_EQ(ReadAll(**reader),
            (std::vector<std::tuple<float, uint32_t, float>>{{1.0f, 1u, 1.0f}, {-1.0f, 2u, 1.0f}}));
}

}  // namespace
}  // namespace hare::io
