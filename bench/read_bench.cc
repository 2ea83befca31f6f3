// Reading: the chunker cutting a file (from the page cache) into chunks of
// whole lines, plain and compressed, in bytes/s of text handed out; and the
// passes after the first reading the cache of parsed examples, with and
// without VW's tags, in examples/s.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "io/chunker.h"
#include "io/example_cache.h"
#include "tools/synthetic.h"

namespace hare::io {
namespace {

// A 64 MiB hare gen file in the temp directory, and compressed copies.
const std::string& File(const std::string& compressor) {
  static const std::string plain = [] {
    const std::string path = "/tmp/hare_read_bench.vw";
    std::ofstream out(path);
    tools::Generate(tools::GenOptions{.bytes = uint64_t{64} << 20}, out);
    return path;
  }();
  static std::string gz, zst;
  if (compressor == "gzip") {
    if (gz.empty() && std::system(("gzip -1 -c " + plain + " > " + plain + ".gz").c_str()) == 0) {
      gz = plain + ".gz";
    }
    return gz;
  }
  if (compressor == "zstd") {
    if (zst.empty() &&
        std::system(("zstd -q -f -c " + plain + " > " + plain + ".zst").c_str()) == 0) {
      zst = plain + ".zst";
    }
    return zst;
  }
  return plain;
}

void BM_Chunker(benchmark::State& state, std::string compressor) {
  const std::string& path = File(compressor);
  if (path.empty()) {
    state.SkipWithError("cannot make the compressed file");
    return;
  }
  Chunk chunk;
  uint64_t bytes = 0;
  for (auto _ : state) {
    Chunker chunker({path}, ChunkerOptions{.block_size = static_cast<size_t>(state.range(0))});
    while (*chunker.Next(chunk)) bytes += chunk.size;
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}

BENCHMARK_CAPTURE(BM_Chunker, plain, std::string("plain"))
    ->RangeMultiplier(4)
    ->Range(64 << 10, 4 << 20)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Chunker, gzip, std::string("gzip"))
    ->Arg(1 << 20)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Chunker, zstd, std::string("zstd"))
    ->Arg(1 << 20)
    ->Unit(benchmark::kMillisecond);

// A cache of 300,000 examples of 30 features, each with a tag of
// `tag_bytes` bytes (0: none), in the temp directory.
std::string CacheFile(size_t tag_bytes) {
  const std::string path = "/tmp/hare_read_bench_tags" + std::to_string(tag_bytes) + ".cache";
  auto writer = CacheWriter::Create(path, "bench");
  if (!writer.ok()) return "";
  const std::string tag(tag_bytes, 't');
  for (int block = 0; block < 75; ++block) {
    ExampleBatch batch;
    for (uint32_t e = 0; e < 4000; ++e) {
      batch.BeginExample();
      for (uint32_t f = 0; f < 30; ++f) batch.AddFeature((e * 31 + f * 7919) & 0xFFFFF, 1.0f);
      batch.EndExample(e + 1, e % 2 == 0 ? 1.0f : -1.0f, 1.0f, 0.0f, tag);
    }
    (*writer)->Append(batch);
  }
  return (*writer)->Finish(0xFFFFF, /*keep=*/true, {}, 0, 0).ok() ? path : "";
}

void BM_CacheRead(benchmark::State& state) {
  const std::string path = CacheFile(static_cast<size_t>(state.range(0)));
  if (path.empty()) {
    state.SkipWithError("cannot write the cache");
    return;
  }
  int64_t examples = 0;
  for (auto _ : state) {
    auto reader = CacheReader::Open(path, "bench", 0xFFFFF);
    if (!reader.ok()) {
      state.SkipWithError("cannot read the cache");
      return;
    }
    for (;;) {
      absl::StatusOr<const ExampleBatch*> batch = (*reader)->Next();
      if (!batch.ok() || *batch == nullptr) break;
      examples += static_cast<int64_t>((*batch)->size());
    }
  }
  state.SetItemsProcessed(examples);
  std::remove(path.c_str());
}

BENCHMARK(BM_CacheRead)->Arg(0)->Arg(24)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hare::io
