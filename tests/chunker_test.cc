// io::Chunker (whole lines, padding, inputs in a row) and io::ExampleReader
// (line numbers across chunks and inputs), on real temporary files.
#include "io/chunker.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/example_reader.h"
#include "tests/scratch.h"

namespace hare::io {
namespace {

// Each test gets its own directory, removed at the end.
class ChunkerTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, std::string_view content) {
    return scratch_.Write(name, content);
  }

  ScratchDir scratch_;
  std::string dir_ = scratch_.path();
};

struct ChunkCopy {
  std::string text;
  size_t input;
  uint64_t sequence;
};

// Every chunk of `paths`, checked for the properties every chunk must have:
// not empty, ending in '\n', followed by kChunkPadding zero bytes.
std::vector<ChunkCopy> AllChunks(const std::vector<std::string>& paths, ChunkerOptions options) {
  Chunker chunker(paths, options);
  Chunk chunk;
  std::vector<ChunkCopy> out;
  for (;;) {
    absl::StatusOr<bool> more = chunker.Next(chunk);
    EXPECT_TRUE(more.ok()) << more.status();
    if (!more.ok() || !*more) break;
    EXPECT_GT(chunk.size, 0u);
    if (chunk.size == 0) break;
    EXPECT_EQ(chunk.text().back(), '\n');
    EXPECT_GE(chunk.storage.size(), chunk.size + kChunkPadding);
    EXPECT_EQ(std::string_view(chunk.storage.data() + chunk.size, kChunkPadding),
              std::string(kChunkPadding, '\0'));
    out.push_back({std::string(chunk.text()), chunk.input, chunk.sequence});
  }
  return out;
}

// Offsets just after each '\n' of `text`: the only places a chunk may end.
std::vector<size_t> LineEnds(std::string_view text) {
  std::vector<size_t> ends;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') ends.push_back(i + 1);
  }
  return ends;
}

TEST_F(ChunkerTest, EveryBlockSizeGivesTheSameWholeLines) {
  const std::string input =
      "first line\n"
      "x\n"
      "\n"
      "crlf line\r\n"
      "a much longer line with several words in it, longer than most of the blocks tried\n"
      "mid\n"
      "last line without a newline";
  const std::string expected = input + "\n";
  const std::vector<size_t> line_ends = LineEnds(expected);
  const std::string path = Write("lines.txt", input);
  for (size_t block = 1; block <= input.size() + 2; ++block) {
    SCOPED_TRACE("block_size " + std::to_string(block));
    std::vector<ChunkCopy> chunks = AllChunks({path}, ChunkerOptions{.block_size = block});
    std::string joined;
    for (size_t i = 0; i < chunks.size(); ++i) {
      EXPECT_EQ(chunks[i].input, 0u);
      EXPECT_EQ(chunks[i].sequence, i);
      joined += chunks[i].text;
      // The chunk ends where a line ends.
      EXPECT_TRUE(std::binary_search(line_ends.begin(), line_ends.end(), joined.size()))
          << "chunk " << i << " ends inside a line: '" << chunks[i].text << "'";
    }
    EXPECT_EQ(joined, expected);
    if (block >= input.size() + 1) {
      EXPECT_EQ(chunks.size(), 1u);
    }
  }
}

TEST_F(ChunkerTest, FinalNewlineIsNotDoubled) {
  const std::string path = Write("ends.txt", "a\nb\n");
  for (size_t block : {1, 2, 3, 4, 5, 1000}) {
    std::vector<ChunkCopy> chunks = AllChunks({path}, ChunkerOptions{.block_size = block});
    std::string joined;
    for (const ChunkCopy& c : chunks) joined += c.text;
    EXPECT_EQ(joined, "a\nb\n") << "block_size " << block;
  }
}

// A UTF-8 byte-order mark opening an input is dropped, from every input and
// whatever the block size; one later in the text, or a lone one, is not.
TEST_F(ChunkerTest, ByteOrderMarkAtTheStartOfEachInputIsDropped) {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string first = Write("first.txt", bom + "pos\tgood\n" + bom + "neg\tbad\n");
  const std::string second = Write("second.txt", bom + "1 |a x");
  const std::string lone = Write("lone.txt", bom);
  const std::string cut = Write("cut.txt", "\xEF\xBB\n");
  for (size_t block : {1, 2, 3, 4, 1000}) {
    SCOPED_TRACE("block_size " + std::to_string(block));
    std::string joined;
    for (const ChunkCopy& c :
         AllChunks({first, second, lone, cut}, ChunkerOptions{.block_size = block})) {
      joined += c.text;
    }
    EXPECT_EQ(joined, "pos\tgood\n" + bom + "neg\tbad\n1 |a x\n\xEF\xBB\n");
  }
}

TEST_F(ChunkerTest, InputsInARowNeverShareAChunk) {
  const std::vector<std::string> paths = {
      Write("a.txt", "a1\na2\n"), Write("b.txt", "b1\nb2"), Write("empty.txt", ""),
      Write("d.txt", "d1\n"),     Write("nl.txt", "\n"),
  };
  for (size_t block : {1, 2, 3, 5, 8, 64, 1 << 20}) {
    SCOPED_TRACE("block_size " + std::to_string(block));
    std::vector<ChunkCopy> chunks = AllChunks(paths, ChunkerOptions{.block_size = block});
    std::vector<std::string> per_input(paths.size());
    for (size_t i = 0; i < chunks.size(); ++i) {
      EXPECT_EQ(chunks[i].sequence, i);
      ASSERT_LT(chunks[i].input, paths.size());
      if (i > 0) {
        EXPECT_GE(chunks[i].input, chunks[i - 1].input);  // in order
      }
      per_input[chunks[i].input] += chunks[i].text;
    }
    EXPECT_EQ(per_input, (std::vector<std::string>{"a1\na2\n", "b1\nb2\n", "", "d1\n", "\n"}));
  }
}

TEST_F(ChunkerTest, EmptyFileHasNoChunks) {
  const std::string path = Write("empty.txt", "");
  Chunker chunker({path}, ChunkerOptions{});
  Chunk chunk;
  absl::StatusOr<bool> more = chunker.Next(chunk);
  ASSERT_TRUE(more.ok()) << more.status();
  EXPECT_FALSE(*more);
  EXPECT_EQ(chunker.bytes(), 0u);
  // And it stays at the end.
  more = chunker.Next(chunk);
  ASSERT_TRUE(more.ok());
  EXPECT_FALSE(*more);
}

TEST_F(ChunkerTest, TenMegabyteLine) {
  const std::string long_line(10 << 20, 'x');
  for (bool final_newline : {true, false}) {
    SCOPED_TRACE(final_newline ? "with final newline" : "without final newline");
    const std::string input =
        "short\n" + long_line + "\nafter\n" + long_line + (final_newline ? "\n" : "");
    const std::string path = Write("long.txt", input);
    Chunker chunker({path}, ChunkerOptions{.block_size = 1 << 16});
    Chunk chunk;
    std::string joined;
    size_t count = 0;
    for (;;) {
      absl::StatusOr<bool> more = chunker.Next(chunk);
      ASSERT_TRUE(more.ok()) << more.status();
      if (!*more) break;
      ++count;
      ASSERT_GT(chunk.size, 0u);
      ASSERT_EQ(chunk.text().back(), '\n');
      ASSERT_EQ(std::string_view(chunk.storage.data() + chunk.size, kChunkPadding),
                std::string(kChunkPadding, '\0'));
      joined += chunk.text();
    }
    EXPECT_EQ(joined.size(), input.size() + (final_newline ? 0 : 1));
    EXPECT_TRUE(joined == input + (final_newline ? "" : "\n"));
    EXPECT_EQ(chunker.bytes(), input.size());
    EXPECT_GE(count, 2u);
  }
}

// max_line_bytes: a line up to it is read whole (the buffer grows to it, not
// past it); a longer one stops the input with where the line starts, in the
// input's own bytes (a second input counts from its own start).
TEST_F(ChunkerTest, LineLongerThanTheLimitIsRefused) {
  const std::string fits = Write("fits.txt", "a\n" + std::string(12000, 'x') + "\n");
  const std::string endless = Write("endless.txt", "1 | a\n" + std::string(20000, '\0'));
  Chunker chunker({fits, endless}, ChunkerOptions{.block_size = 4096, .max_line_bytes = 12288});
  Chunk chunk;
  std::string joined;
  absl::StatusOr<bool> more;
  while ((more = chunker.Next(chunk)).ok() && *more) joined += chunk.text();
  ASSERT_FALSE(more.ok());
  EXPECT_EQ(joined, "a\n" + std::string(12000, 'x') + "\n1 | a\n");
  EXPECT_EQ(more.status().message(),
            endless +
                ": a line of 0 MiB and more from byte 7 is longer than hare reads (an eighth of "
                "the memory, 0 MiB), with no line end (LF): a file of NUL bytes, or lines that "
                "end otherwise?");
}

TEST_F(ChunkerTest, MissingInputIsAnErrorAfterTheInputsBeforeIt) {
  const std::string good = Write("good.txt", "1 | a\n");
  const std::string missing = dir_ + "/missing.txt";
  Chunker chunker({good, missing}, ChunkerOptions{});
  Chunk chunk;
  absl::StatusOr<bool> more = chunker.Next(chunk);
  ASSERT_TRUE(more.ok()) << more.status();
  ASSERT_TRUE(*more);
  EXPECT_EQ(chunk.text(), "1 | a\n");
  more = chunker.Next(chunk);
  ASSERT_FALSE(more.ok());
  EXPECT_EQ(more.status().message(), "cannot open " + missing + ": No such file or directory");
}

// With fill_blocks = false a line that arrives on a pipe is handed over at
// once, without waiting for the block to fill or the input to end.
class UnfilledChunkerTest : public ChunkerTest,
                            public ::testing::WithParamInterface<std::string> {};

TEST_P(UnfilledChunkerTest, PipeLineComesAtOnce) {
  const std::string first = GetParam();
  const std::string path = dir_ + "/fifo";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  std::promise<void> got_first;
  std::future<void> reader_done = got_first.get_future();
  std::thread writer([&path, &first, &reader_done] {
    int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    (void)!::write(fd, first.data(), first.size());
    // If the chunker waits for more, this times out, and the first chunk
    // will hold both lines: the test then fails instead of hanging.
    reader_done.wait_for(std::chrono::seconds(5));
    (void)!::write(fd, "-1 | b\n", 7);
    ::close(fd);
  });
  Chunker chunker({path}, ChunkerOptions{.fill_blocks = false});
  Chunk chunk;
  absl::StatusOr<bool> more = chunker.Next(chunk);
  got_first.set_value();
  ASSERT_TRUE(more.ok()) << more.status();
  ASSERT_TRUE(*more);
  EXPECT_EQ(chunk.text(), first);
  more = chunker.Next(chunk);
  ASSERT_TRUE(more.ok()) << more.status();
  ASSERT_TRUE(*more);
  EXPECT_EQ(chunk.text(), "-1 | b\n");
  more = chunker.Next(chunk);
  ASSERT_TRUE(more.ok()) << more.status();
  EXPECT_FALSE(*more);
  writer.join();
}

// A first line shorter than the longest magic number (6 bytes, xz) must not
// be held back while the source looks for one.
INSTANTIATE_TEST_SUITE_P(FirstLines, UnfilledChunkerTest,
                         ::testing::Values("1 | a b c\n", "|a\n", "\n"));

TEST_F(ChunkerTest, UnfilledChunksOfAFileStillCoverIt) {
  const std::string input = "1 | a\n\n-1 | b\nlast";
  const std::string path = Write("f.txt", input);
  for (size_t block = 1; block <= input.size() + 2; ++block) {
    std::vector<ChunkCopy> chunks =
        AllChunks({path}, ChunkerOptions{.block_size = block, .fill_blocks = false});
    std::string joined;
    for (const ChunkCopy& c : chunks) joined += c.text;
    EXPECT_EQ(joined, input + "\n") << "block_size " << block;
  }
}

// Where each example and bad line is, as "<input>:<line>".
std::vector<std::string> Positions(std::vector<std::string> paths, size_t block,
                                   std::vector<std::string>* bad) {
  ParseOptions parse;
  ExampleReader reader(std::move(paths), parse, ChunkerOptions{.block_size = block});
  std::vector<std::string> examples;
  for (;;) {
    absl::StatusOr<const ExampleBatch*> batch = reader.Next();
    EXPECT_TRUE(batch.ok()) << batch.status();
    if (!batch.ok() || *batch == nullptr) break;
    const ExampleBatch& b = **batch;
    for (size_t i = 0; i < b.size(); ++i) {
      examples.push_back(std::string(b.input_name) + ":" +
                         std::to_string(b.first_line + b.line(i) - 1));
    }
    for (const BadLine& l : b.bad_lines) {
      bad->push_back(std::string(b.input_name) + ":" + std::to_string(b.first_line + l.line - 1));
    }
  }
  return examples;
}

TEST_F(ChunkerTest, ExampleReaderNumbersLinesAcrossChunksAndInputs) {
  const std::string a = Write("a.vw", "1 | a\n\n-1 | b\n2 | bad\n1 | c\n");
  const std::string empty = Write("empty.vw", "");
  const std::string b = Write("b.vw", "\n\n-1 | d\nnope\n1 | e");
  for (size_t block : {1, 4, 7, 13, 64, 1 << 20}) {
    SCOPED_TRACE("block_size " + std::to_string(block));
    std::vector<std::string> bad;
    std::vector<std::string> examples = Positions({a, empty, b}, block, &bad);
    EXPECT_EQ(examples,
              (std::vector<std::string>{a + ":1", a + ":3", a + ":5", b + ":3", b + ":5"}));
    EXPECT_EQ(bad, (std::vector<std::string>{a + ":4", b + ":4"}));
  }
}

TEST_F(ChunkerTest, ExampleReaderCountsBytes) {
  const std::string a = Write("a.vw", "1 | a\n-1 | b\n");
  ExampleReader reader({a}, ParseOptions{}, ChunkerOptions{});
  absl::StatusOr<const ExampleBatch*> batch = reader.Next();
  ASSERT_TRUE(batch.ok());
  ASSERT_NE(*batch, nullptr);
  EXPECT_EQ((*batch)->size(), 2u);
  EXPECT_EQ((*batch)->input_name, a);
  EXPECT_EQ((*batch)->first_line, 1u);
  batch = reader.Next();
  ASSERT_TRUE(batch.ok());
  EXPECT_EQ(*batch, nullptr);
  EXPECT_EQ(reader.bytes(), 13u);
}

}  // namespace
}  // namespace hare::io
