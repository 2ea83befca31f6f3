// io::Source: compression found by magic bytes (never by name), read back
// through Boost.Iostreams, and the messages of inputs that cannot be read.
#include "io/source.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/chunker.h"
#include "io/example_reader.h"
#include "tests/scratch.h"

namespace hare::io {
namespace {

Compression Detect(std::string_view head) {
  return DetectCompression(reinterpret_cast<const unsigned char*>(head.data()), head.size());
}

TEST(DetectCompressionTest, EachMagic) {
  EXPECT_EQ(Detect("\x1f\x8b"), Compression::kGzip);
  EXPECT_EQ(Detect("\x1f\x8b\x08\x00\x00\x00"), Compression::kGzip);
  EXPECT_EQ(Detect("BZh91AY&SY"), Compression::kBzip2);  // a block
  EXPECT_EQ(Detect("BZh11AY&"), Compression::kBzip2);
  EXPECT_EQ(Detect("BZh9\x17\x72\x45\x38\x50\x90"), Compression::kBzip2);  // an empty stream
  EXPECT_EQ(Detect(std::string_view("\xfd"
                                    "7zXZ\0",
                                    6)),
            Compression::kXz);
  EXPECT_EQ(Detect("\x28\xb5\x2f\xfd"), Compression::kZstd);
  EXPECT_EQ(Detect("\x28\xb5\x2f\xfd\x24\x00"), Compression::kZstd);
  // A skippable frame, any of its 16 magic numbers (pzstd starts with one).
  EXPECT_EQ(Detect("\x50\x2a\x4d\x18"), Compression::kZstd);
  EXPECT_EQ(Detect("\x5f\x2a\x4d\x18"), Compression::kZstd);
}

TEST(DetectCompressionTest, PlainTextAndPartialMagics) {
  EXPECT_EQ(Detect("1 | a b"), Compression::kNone);
  EXPECT_EQ(Detect("-1 7:1"), Compression::kNone);
  EXPECT_EQ(Detect(""), Compression::kNone);
  EXPECT_EQ(Detect("\x1f"), Compression::kNone);
  EXPECT_EQ(Detect("\x1f\x8c"), Compression::kNone);
  EXPECT_EQ(Detect("BZ"), Compression::kNone);
  EXPECT_EQ(Detect("BZH"), Compression::kNone);
  // "BZh" alone is a VW tag or a class name: bzip2 has its block size and a
  // block's magic (or the end's) after it.
  EXPECT_EQ(Detect("BZh"), Compression::kNone);
  EXPECT_EQ(Detect("BZh|a x\n"), Compression::kNone);
  EXPECT_EQ(Detect("BZh91AY!"), Compression::kNone);
  EXPECT_EQ(Detect("BZh01AY&SY"), Compression::kNone);
  EXPECT_EQ(Detect(std::string_view("\xfd"
                                    "7zXZ",
                                    5)),
            Compression::kNone);
  EXPECT_EQ(Detect(std::string_view("\xfd"
                                    "7zXZ!",
                                    6)),
            Compression::kNone);
  EXPECT_EQ(Detect("\x28\xb5\x2f"), Compression::kNone);
  EXPECT_EQ(Detect("\x4f\x2a\x4d\x18"), Compression::kNone);
  EXPECT_EQ(Detect("\x60\x2a\x4d\x18"), Compression::kNone);
  EXPECT_EQ(Detect("P*M"), Compression::kNone);
}

TEST(DetectCompressionTest, Names) {
  EXPECT_STREQ(CompressionName(Compression::kNone), "plain");
  EXPECT_STREQ(CompressionName(Compression::kGzip), "gzip");
  EXPECT_STREQ(CompressionName(Compression::kBzip2), "bzip2");
  EXPECT_STREQ(CompressionName(Compression::kXz), "xz");
  EXPECT_STREQ(CompressionName(Compression::kZstd), "zstd");
  EXPECT_EQ(InputDisplayName("-"), "<stdin>");
  EXPECT_EQ(InputDisplayName("data.vw"), "data.vw");
}

class SourceTest : public ::testing::Test {
 protected:
  std::string Path(const std::string& name) const { return scratch_.Path(name); }

  std::string Write(const std::string& name, std::string_view content) {
    return scratch_.Write(name, content);
  }

  static std::string Slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  // Runs a shell command in the test directory; fails the test if it fails.
  void Shell(const std::string& command) {
    int rc = std::system(("cd '" + dir_ + "' && " + command).c_str());
    ASSERT_EQ(rc, 0) << command;
  }

  ScratchDir scratch_;
  std::string dir_ = scratch_.path();
};

// Lines of varied length and content, a few megabytes: more than one read
// of the decompressors' 1 MB buffers.
std::string SampleText() {
  std::string text;
  for (int i = 0; text.size() < (3 << 20); ++i) {
    text += (i % 3 == 0 ? "1 |" : "-1 |");
    for (int j = 0; j < i % 17 + 1; ++j) text += " w" + std::to_string(i * 7919 % 100003 + j);
    text += (i % 5 == 0 ? "\r\n" : "\n");
  }
  return text;
}

// Reads all of a source with reads of `step` bytes.
absl::StatusOr<std::string> ReadAll(Source& source, size_t step) {
  std::string out;
  std::vector<char> buffer(step);
  for (;;) {
    absl::StatusOr<size_t> n = source.Read(buffer.data(), buffer.size());
    if (!n.ok()) return n.status();
    if (*n == 0) return out;
    out.append(buffer.data(), *n);
  }
}

TEST_F(SourceTest, ReadsEveryCompressionWhateverTheName) {
  const std::string text = SampleText();
  Write("data.txt", text);
  Shell(
      "gzip -c data.txt > data.bin1 && bzip2 -c data.txt > data.bin2 && "
      "xz -c data.txt > data.bin3 && zstd -q -c data.txt > data.bin4");
  const struct {
    std::string name;
    Compression compression;
  } cases[] = {{"data.txt", Compression::kNone},
               {"data.bin1", Compression::kGzip},
               {"data.bin2", Compression::kBzip2},
               {"data.bin3", Compression::kXz},
               {"data.bin4", Compression::kZstd}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    if (c.compression != Compression::kNone) {
      EXPECT_NE(Slurp(Path(c.name)), text);
    }
    for (size_t step : {size_t{1} << 20, size_t{4099}}) {
      absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(Path(c.name));
      ASSERT_TRUE(source.ok()) << source.status();
      EXPECT_EQ((*source)->compression(), c.compression);
      absl::StatusOr<std::string> got = ReadAll(**source, step);
      ASSERT_TRUE(got.ok()) << got.status();
      EXPECT_EQ(got->size(), text.size());
      EXPECT_TRUE(*got == text) << "read " << step << " bytes at a time";
      // The end stays the end.
      char byte;
      absl::StatusOr<size_t> again = (*source)->Read(&byte, 1);
      ASSERT_TRUE(again.ok());
      EXPECT_EQ(*again, 0u);
    }
  }
}

TEST_F(SourceTest, ChunkerCutsCompressedInputIntoWholeLines) {
  const std::string text = "1 | a\n-1 | b c\n\n1 | d e f\nlast";
  Write("small.txt", text);
  Shell("gzip -c small.txt > small.z1 && zstd -q -c small.txt > small.z2");
  for (const std::string name : {"small.z1", "small.z2"}) {
    for (size_t block = 1; block <= text.size() + 2; ++block) {
      Chunker chunker({Path(name)}, ChunkerOptions{.block_size = block});
      Chunk chunk;
      std::string joined;
      for (;;) {
        absl::StatusOr<bool> more = chunker.Next(chunk);
        ASSERT_TRUE(more.ok()) << more.status();
        if (!*more) break;
        ASSERT_EQ(chunk.text().back(), '\n');
        joined += chunk.text();
      }
      EXPECT_EQ(joined, text + "\n") << name << " block_size " << block;
      EXPECT_NE(chunker.compression(), Compression::kNone);
    }
  }
}

TEST_F(SourceTest, EmptyAndTinyPlainFiles) {
  for (const std::string content : {"", "a", "ab\n", "\x1f", "BZh|a x\n1 |a y\n", "BZh9 |a\n"}) {
    const std::string path = Write("tiny.txt", content);
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
    ASSERT_TRUE(source.ok()) << source.status();
    EXPECT_EQ((*source)->compression(), Compression::kNone);
    absl::StatusOr<std::string> got = ReadAll(**source, 1);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(*got, content);
  }
}

// Compressed formats hare does not read are refused, by their magic bytes,
// rather than read as lines of compressed bytes; text that merely starts
// with some of those bytes is text.
TEST_F(SourceTest, CompressionsItDoesNotReadAreRefused) {
  const struct {
    std::string bytes, format;
  } cases[] = {{std::string("\x04\x22\x4d\x18\x64\x40", 6), "lz4"},
               {std::string("\x02\x21\x4c\x18\x00\x00", 6), "lz4 (legacy)"},
               {std::string("PK\x03\x04\x14\x00", 6), "zip"},
               {std::string("7z\xbc\xaf\x27\x1c\x00\x04", 8), "7z"},
               {"LZIP\x01\x0c", "lzip"},
               {std::string("\x1f\x9d\x90", 3), "compress (.Z)"},
               {std::string("\x5d\x00\x00\x80\x00", 5), "lzma (legacy .lzma; xz reads it)"}};
  for (const auto& c : cases) {
    const std::string path = Write("packed.bin", c.bytes);
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
    ASSERT_FALSE(source.ok()) << c.format;
    EXPECT_EQ(
        source.status().message(),
        "cannot read " + path + ": it is " + c.format +
            " data, and hare reads plain text, gzip, bzip2, xz and zstd: decompress it first");
  }
  for (const std::string text : {"PK is a label", "7z\n", "LZI", "LZIP |a b\n", "LZIP"}) {
    const std::string path = Write("text.txt", text);
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
    ASSERT_TRUE(source.ok()) << text << ": " << source.status();
  }
}

// hare's own files given as examples say what they are and where they go.
TEST_F(SourceTest, HaresModelsAndCachesAreNotExamples) {
  const struct {
    std::string bytes, message;
  } cases[] = {{std::string("HAREMODL\x09\x00\x00\x00", 12),
                "it is a hare model, not examples (a model is given with -i, to hare test, "
                "predict or audit)"},
               {"HARECACH",
                "it is a hare cache, not examples (a cache is given with -c, to hare "
                "train)"}};
  for (const auto& c : cases) {
    const std::string path = Write("hare.bin", c.bytes);
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
    ASSERT_FALSE(source.ok()) << c.message;
    EXPECT_EQ(source.status().message(), "cannot read " + path + ": " + c.message);
  }
  for (const std::string text : {"HARE |a b\n", "HAREMODEL |a\n", "HARECA"}) {
    const std::string path = Write("text.txt", text);
    EXPECT_TRUE(Source::Open(path).ok()) << text;
  }
}

// Compressed, they say so too; compressed text that starts like them, or is
// shorter than their magic, is read.
TEST_F(SourceTest, CompressedModelsAndCachesAreNotExamples) {
  Write("model.bin", std::string("HAREMODL\x09\x00\x00\x00", 12));
  Write("cache.bin", "HARECACH and more");
  Write("short.txt", "HARE");
  Write("text.txt", "HAREMO |a b\n");
  for (const std::string tool : {"gzip", "bzip2", "xz", "zstd -q"}) {
    Shell(tool + " -c model.bin > model.z && " + tool + " -c cache.bin > cache.z && " + tool +
          " -c short.txt > short.z && " + tool + " -c text.txt > text.z");
    const std::string name = tool.substr(0, tool.find(' '));
    absl::StatusOr<std::unique_ptr<Source>> model = Source::Open(Path("model.z"));
    ASSERT_FALSE(model.ok()) << tool;
    EXPECT_EQ(model.status().message(),
              "cannot read " + Path("model.z") + ": it is a hare model, " + name +
                  "-compressed, not examples (a model is given with -i, to hare test, predict or "
                  "audit)");
    absl::StatusOr<std::unique_ptr<Source>> cache = Source::Open(Path("cache.z"));
    ASSERT_FALSE(cache.ok()) << tool;
    EXPECT_EQ(cache.status().message(),
              "cannot read " + Path("cache.z") + ": it is a hare cache, " + name +
                  "-compressed, not examples (a cache is given with -c, to hare train)");
    for (const std::string file : {"short", "text"}) {
      absl::StatusOr<std::unique_ptr<Source>> text = Source::Open(Path(file + ".z"));
      ASSERT_TRUE(text.ok()) << tool << " " << file << ": " << text.status();
      EXPECT_EQ((*text)->compression(),
                Detect(name == "gzip"    ? "\x1f\x8b"
                       : name == "bzip2" ? "BZh91AY&SY"
                       : name == "xz"    ? std::string_view("\xfd\x37\x7a\x58\x5a\x00", 6)
                                         : "\x28\xb5\x2f\xfd"));
      std::string read(64, '\0');
      size_t size = 0;
      for (;;) {
        absl::StatusOr<size_t> n = (*text)->Read(read.data() + size, read.size() - size);
        ASSERT_TRUE(n.ok()) << n.status();
        if (*n == 0) break;
        size += *n;
      }
      EXPECT_EQ(read.substr(0, size), Slurp(Path(file + ".txt"))) << tool;
    }
  }
}

// hare decompresses one layer: compressed bytes inside a compressed input
// (gzip twice, lz4 or xz inside another) are refused, not read as lines.
TEST_F(SourceTest, CompressedInsideCompressedIsRefused) {
  Write("a.vw", "1 | a b\n-1 | c\n");
  Write("lz4.bin", std::string("\x04\x22\x4d\x18\x64\x40", 6));
  Shell(
      "gzip -c a.vw | gzip > twice.gz && gzip -c lz4.bin > lz4.gz && xz -c a.vw | zstd -q > "
      "xz.zst");
  const struct {
    std::string file, message;
  } cases[] = {
      {"twice.gz",
       "its gzip-decompressed bytes are gzip data again (compressed twice), and hare "
       "decompresses one layer: decompress the rest first"},
      {"lz4.gz",
       "its gzip-decompressed bytes are lz4 data, and hare decompresses one layer: decompress "
       "the rest first"},
      {"xz.zst",
       "its zstd-decompressed bytes are xz data, and hare decompresses one layer: decompress the "
       "rest first"}};
  for (const auto& c : cases) {
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(Path(c.file));
    ASSERT_FALSE(source.ok()) << c.file;
    EXPECT_EQ(source.status().message(), "cannot read " + Path(c.file) + ": " + c.message);
  }
}

// UTF-16 and UTF-32 text (Windows' "Unicode" is UTF-16), known by the
// byte-order mark, plain or compressed, is refused with the conversion that
// reads it; text without the mark, or with UTF-8's, is read.
TEST_F(SourceTest, Utf16And32TextIsRefused) {
  const struct {
    std::string bytes, what, iconv;
  } cases[] = {
      {std::string("\xff\xfep\x00o\x00", 6), "UTF-16 text (little-endian)", "UTF-16"},
      {std::string("\xfe\xff\x00p\x00o", 6), "UTF-16 text (big-endian)", "UTF-16"},
      {std::string("\xff\xfe\x00\x00p\x00\x00\x00", 8), "UTF-32 text (little-endian)", "UTF-32"},
      {std::string("\x00\x00\xfe\xff\x00\x00\x00p", 8), "UTF-32 text (big-endian)", "UTF-32"}};
  for (const auto& c : cases) {
    const std::string path = Write("u.tsv", c.bytes);
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
    ASSERT_FALSE(source.ok()) << c.what;
    EXPECT_EQ(source.status().message(), "cannot read " + path + ": it is " + c.what +
                                             ", and hare reads UTF-8: convert it first (iconv -f " +
                                             c.iconv + " -t UTF-8)");
  }
  Write("le.tsv", std::string("\xff\xfep\x00o\x00s\x00", 8));
  Shell("gzip -c le.tsv > le.gz");
  absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(Path("le.gz"));
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().message(),
            "cannot read " + Path("le.gz") +
                ": it is UTF-16 text (little-endian), gzip-compressed, and hare reads UTF-8: "
                "decompress and convert it first (iconv -f UTF-16 -t UTF-8)");
  for (const std::string& text : {std::string("\xef\xbb\xbfpos\tgood\n"), std::string("\xff"),
                                  std::string("\xfe |a\n"), std::string("\xff\xfe", 2)}) {
    absl::StatusOr<std::unique_ptr<Source>> read = Source::Open(Write("text.txt", text));
    EXPECT_EQ(read.ok(), text.size() != 2) << text;
  }
}

TEST_F(SourceTest, MissingFile) {
  const std::string path = Path("no-such-file.vw");
  absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
  ASSERT_FALSE(source.ok());
  EXPECT_EQ(source.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(source.status().message(), "cannot open " + path + ": No such file or directory");
}

// Reads `path` to the end and returns the status that stopped it.
absl::Status ReadToError(const std::string& path) {
  absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(path);
  if (!source.ok()) return source.status();
  absl::StatusOr<std::string> got = ReadAll(**source, 1 << 16);
  return got.status();
}

TEST_F(SourceTest, TruncatedGzipIsAnError) {
  Write("data.txt", SampleText());
  Shell("gzip -c data.txt > full.bin");
  const std::string full = Slurp(Path("full.bin"));
  ASSERT_GT(full.size(), 1000u);
  for (size_t keep : {size_t{2}, size_t{10}, full.size() / 2, full.size() - 4, full.size() - 1}) {
    SCOPED_TRACE("kept " + std::to_string(keep) + " of " + std::to_string(full.size()));
    const std::string path = Write("cut.bin", std::string_view(full).substr(0, keep));
    absl::Status status = ReadToError(path);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
    EXPECT_EQ(status.message(),
              path + ": corrupt or truncated gzip data (the input ends inside a member)");
  }
}

// Zero bytes after the last member (tar pads so) are skipped, as gzip -d
// skips them; other bytes there are refused, and so is data after the zeros.
TEST_F(SourceTest, GzipZeroPaddingIsSkippedOtherTrailingBytesAreNot) {
  Write("data.txt", SampleText());
  Shell("gzip -c data.txt > full.bin");
  const std::string full = Slurp(Path("full.bin"));
  const std::string padded = Write("padded.bin", full + std::string(10000, '\0'));
  for (size_t step : {size_t{1}, size_t{3}, size_t{1} << 16}) {
    absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(padded);
    ASSERT_TRUE(source.ok()) << source.status();
    absl::StatusOr<std::string> got = ReadAll(**source, step);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(*got, SampleText()) << "read " << step << " bytes at a time";
  }
  const std::string garbage = Write("garbage.bin", full + "garbage\n");
  EXPECT_EQ(ReadToError(garbage).message(),
            garbage +
                ": corrupt or truncated gzip data (the bytes after the last member are not gzip "
                "data)");
  const std::string after = Write("after.bin", full + std::string(512, '\0') + full);
  EXPECT_EQ(ReadToError(after).message(),
            after +
                ": corrupt or truncated gzip data (data after the zero bytes that follow the last "
                "member)");
}

// A frame of a long window (zstd --long=31 on a stream of unknown size
// keeps the 2 GiB window in its header) is read, as `zstd -d --long=31`
// reads it: its memory is the data's, not the window's (on 64 bits; a
// 32-bit libzstd decodes windows up to 2^30).
TEST_F(SourceTest, ZstdOfTheLongestWindowIsRead) {
  Write("data.txt", SampleText());
  Shell("zstd --long=31 -q -c < data.txt > long.bin");
  absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(Path("long.bin"));
  ASSERT_TRUE(source.ok()) << source.status();
  absl::StatusOr<std::string> read = ReadAll(**source, 1 << 16);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(*read, SampleText());
}

// zstd says so too.
TEST_F(SourceTest, ZstdTrailingBytesAreRefused) {
  Write("data.txt", SampleText());
  Shell("zstd -q -c data.txt > full.bin");
  const std::string garbage = Write("garbage.bin", Slurp(Path("full.bin")) + "garbage\n");
  EXPECT_EQ(ReadToError(garbage).message(),
            garbage +
                ": corrupt or truncated zstd data (the bytes after the last frame are not zstd "
                "data)");
}

TEST_F(SourceTest, CorruptGzipIsAnError) {
  Write("data.txt", SampleText());
  Shell("gzip -c data.txt > full.bin");
  std::string bytes = Slurp(Path("full.bin"));
  for (size_t i = bytes.size() / 3; i < bytes.size() / 3 + 64; ++i) {
    bytes[i] = static_cast<char>(~bytes[i]);
  }
  const std::string path = Write("corrupt.bin", bytes);
  absl::Status status = ReadToError(path);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(status.message().find(path), std::string_view::npos) << status.message();
  EXPECT_NE(status.message().find("gzip"), std::string_view::npos) << status.message();
}

// Truncated bzip2 and xz input is an error that names the file and the format.
TEST_F(SourceTest, TruncatedBzip2AndXzAreErrors) {
  Write("data.txt", SampleText());
  Shell("bzip2 -c data.txt > full.bin2 && xz -c data.txt > full.bin3");
  for (const auto& [name, format] : {std::pair<std::string, std::string>{"full.bin2", "bzip2"},
                                     std::pair<std::string, std::string>{"full.bin3", "xz"}}) {
    const std::string full = Slurp(Path(name));
    // 3 and 5 bytes: of xz's magic of 6 alone (it was read as text).
    for (size_t keep : {size_t{3}, size_t{5}, size_t{10}, full.size() / 2, full.size() - 1}) {
      SCOPED_TRACE(name + " kept " + std::to_string(keep) + " of " + std::to_string(full.size()));
      const std::string path = Write("cut.bin", std::string_view(full).substr(0, keep));
      absl::Status status = ReadToError(path);
      ASSERT_FALSE(status.ok());
      EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
      const std::string prefix = path + ": corrupt or truncated " + format + " data (";
      EXPECT_EQ(status.message().substr(0, prefix.size()), prefix) << status.message();
      // Cut after the header, the decompressor reports the end of the input;
      // inside xz's magic (3 and 5 bytes), hare says so itself.
      if (keep >= 10 && format == "xz") {
        EXPECT_EQ(status.message(), prefix +
                                        "the input ends inside the stream, or what follows the "
                                        "last stream is not xz data)");
      } else if (keep > 10 || format == "xz") {
        EXPECT_EQ(status.message(), prefix + "the input ends inside the stream)");
      }
    }
    // Bytes after the last stream that are not of the format.
    const std::string junk = Write("junk.bin", full + "junk\n");
    EXPECT_EQ(ReadToError(junk).message(),
              junk + ": corrupt or truncated " + format + " data (" +
                  (format == "xz" ? "the input ends inside the stream, or what follows the last "
                                    "stream is not xz data)"
                                  : "not a bzip2 stream)"));
    // A byte changed in the middle: the check of the data fails.
    std::string damaged = full;
    damaged[full.size() / 2] ^= 0x55;
    const std::string path = Write("damaged.bin", damaged);
    EXPECT_EQ(ReadToError(path).message(),
              path + ": corrupt or truncated " + format + " data (the data is corrupt)");
  }
}

// Boost.Iostreams' zstd_decompressor (1.74) reports the end of the stream
// whenever its input ends, even inside a frame; hare's own zstd source does not.
TEST_F(SourceTest, TruncatedZstdIsAnError) {
  Write("data.txt", SampleText());
  Shell("zstd -q -c data.txt > full.bin4");
  const std::string full = Slurp(Path("full.bin4"));
  for (size_t keep : {size_t{4}, size_t{10}, full.size() / 2, full.size() - 1}) {
    SCOPED_TRACE("kept " + std::to_string(keep) + " of " + std::to_string(full.size()));
    const std::string path = Write("cut.bin", std::string_view(full).substr(0, keep));
    absl::Status status = ReadToError(path);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
    const std::string prefix = path + ": corrupt or truncated zstd data (";
    EXPECT_EQ(status.message().substr(0, prefix.size()), prefix) << status.message();
  }
}

// Several members (gzip), streams (bzip2, xz) or frames (zstd) in a row, as
// `cat a.gz b.gz` makes, read as one input: all of them, in order.
TEST_F(SourceTest, ConcatenatedMembersAreAllRead) {
  Write("a.txt", "1 | a\n-1 | b\n");
  Write("b.txt", "1 | c\n");
  Shell(
      "gzip -c a.txt > a.gz && gzip -c b.txt > b.gz && cat a.gz b.gz > ab.bin1 && "
      "bzip2 -c a.txt > a.bz && bzip2 -c b.txt > b.bz && cat a.bz b.bz > ab.bin2 && "
      "xz -c a.txt > a.xz && xz -c b.txt > b.xz && cat a.xz b.xz > ab.bin3 && "
      "zstd -q -c a.txt > a.zst && zstd -q -c b.txt > b.zst && cat a.zst b.zst > ab.bin4");
  for (const std::string name : {"ab.bin1", "ab.bin2", "ab.bin3", "ab.bin4"}) {
    SCOPED_TRACE(name);
    for (size_t step : {size_t{1}, size_t{3}, size_t{1} << 16}) {
      absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(Path(name));
      ASSERT_TRUE(source.ok()) << source.status();
      EXPECT_NE((*source)->compression(), Compression::kNone);
      absl::StatusOr<std::string> got = ReadAll(**source, step);
      ASSERT_TRUE(got.ok()) << got.status();
      EXPECT_EQ(*got, "1 | a\n-1 | b\n1 | c\n") << "read " << step << " bytes at a time";
    }
  }
}

// A zstd file that opens with a skippable frame (pzstd writes one before
// its frames, with their sizes) is decompressed, the frame skipped.
TEST_F(SourceTest, ZstdAfterASkippableFrameIsRead) {
  Write("a.txt", "1 | a\n-1 | b\n");
  Shell(
      "zstd -q -c a.txt > a.zst && { printf 'P*M\\030\\003\\000\\000\\000xyz'; cat a.zst; } > "
      "skip.bin");
  absl::StatusOr<std::unique_ptr<Source>> source = Source::Open(Path("skip.bin"));
  ASSERT_TRUE(source.ok()) << source.status();
  EXPECT_EQ((*source)->compression(), Compression::kZstd);
  absl::StatusOr<std::string> got = ReadAll(**source, 1 << 16);
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_EQ(*got, "1 | a\n-1 | b\n");
}

TEST_F(SourceTest, MagicAloneIsAnError) {
  for (const auto& [magic, format] : {std::pair<std::string, std::string>{"\x1f\x8b", "gzip"},
                                      {"BZh9", "bzip2"},
                                      {"BZh91AY&SY", "bzip2"},
                                      {std::string("\xfd"
                                                   "7zXZ\0",
                                                   6),
                                       "xz"},
                                      {"\x28\xb5\x2f\xfd", "zstd"}}) {
    const std::string path = Write("magic.bin", magic);
    absl::Status status = ReadToError(path);
    const std::string prefix = path + ": corrupt or truncated " + format + " data (";
    ASSERT_FALSE(status.ok()) << prefix;
    EXPECT_EQ(status.message().substr(0, prefix.size()), prefix) << status.message();
  }
}

// A named pipe is checked without being opened: opening and closing it would
// take its writer's reader away (the writer died of SIGPIPE, or the real open
// waited for a writer that had gone). With no writer at all, an open would
// wait; the check answers at once.
TEST_F(SourceTest, CheckReadableDoesNotOpenANamedPipe) {
  const std::string fifo = Path("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::future<absl::Status> checked =
      std::async(std::launch::async, [&] { return CheckReadable({fifo}); });
  if (checked.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    // Let the open return (a writer that comes and goes), then fail.
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    if (fd >= 0) ::close(fd);
    ADD_FAILURE() << "CheckReadable opened the pipe";
  }
  EXPECT_TRUE(checked.get().ok());
  EXPECT_EQ(CheckReadable({Path("no-such-pipe")}).message(),
            "cannot open " + Path("no-such-pipe") + ": No such file or directory");
}

}  // namespace
}  // namespace hare::io
