// Reading: the chunker cutting a file (from the page cache) into chunks of
// whole lines, plain and compressed, in bytes/s of text handed out.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "io/chunker.h"
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

}  // namespace
}  // namespace hare::io
