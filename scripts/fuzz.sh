#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (ASan + UBSan, in
# build-fuzz/) and runs each for FUZZ_SECONDS (default 120) from seeds made of
# the repository's own data:
#   parse_fuzz  lines of every format (the first 4 bytes choose the options
#               and the rule), parsed and learned from twice
#   model_fuzz  model files (checksum appended by the target)
#   cli_fuzz    input files of whole commands (train, then test, predict,
#               audit, train -i; features; confusion), the first byte
#               choosing the scenario
# A crash or a failed check leaves its input in build-fuzz/findings/ and
# stops with its report.
#   scripts/fuzz.sh [parse_fuzz|model_fuzz|cli_fuzz ...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-120}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse_fuzz model_fuzz cli_fuzz)
bash scripts/install-deps.sh
command -v clang++ >/dev/null || apt-get install -y clang >/dev/null

dir=build-fuzz
cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHARE_FUZZ=ON -DHARE_BUILD_BENCH=OFF >/dev/null
cmake --build "$dir" -j"$(nproc)" --target hare "${targets[@]}" >&2
hare=$dir/tools/hare
mkdir -p "$dir/findings"

# Seeds. parse_fuzz's first byte's low bits pick the format (0 VW, 1 LIBSVM,
# 2 text, 3 fastText); the prefixes give each format plain and with
# templates, interactions and a rule.
seeds=$dir/seeds
rm -rf "$seeds" && mkdir -p "$seeds/parse_fuzz" "$seeds/model_fuzz" "$seeds/cli_fuzz"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bytes() { printf "$(printf '\\x%02x' "$@")"; }  # bytes 1 2 255: those bytes
head -30 <(zcat tests/data/rt-polarity.train.vw.gz) >"$tmp/vw"
"$hare" gen -n 30 --seed 1 >>"$tmp/vw"
printf '1 a|x:2 b|y z:-1.5 |c w\n-1 2.5 tag|a p q\n' >>"$tmp/vw"
printf '+1 1:0.5 3:1 7:2 # c\n-1 2:1e-3 10:4\n0 qid:1 5:1\n' >"$tmp/libsvm"
head -30 <(zcat tests/data/trec.train.tsv.gz) >"$tmp/text"
head -20 tests/data/weather-whether.tsv >>"$tmp/text"
sed 's/^\([^\t]*\)\t/__label__\1 /' "$tmp/text" >"$tmp/fasttext"
n=0 f=0
for format in vw libsvm text fasttext; do
  for options in '0 0 0 0' '8 153 59 21' '20 75 255 44' '12 1 0 5'; do
    read -r b0 b1 b2 b3 <<<"$options"
    { bytes $((b0 | f)) "$b1" "$b2" "$b3" && cat "$tmp/$format"; } >"$seeds/parse_fuzz/$n"
    n=$((n + 1))
  done
  f=$((f + 1))
done
# Models of each kind, their checksums cut off (the target appends one).
train() { "$hare" train --quiet -b 6 "$@" 2>/dev/null; }
"$hare" gen -n 200 --seed 2 >"$tmp/g.vw"
train "$tmp/g.vw" -f "$tmp/m1.hare"
train "$tmp/g.vw" -q :: --ngram 2 --rule arow --save-resume -f "$tmp/m2.hare"
train "$tmp/g.vw" --rule winnow --average --probabilities --passes 2 -c "$tmp/c" -f "$tmp/m3.hare"
train --format text --multiclass ova --keep-names --affix +4 --ngram 2 "$tmp/text" -f "$tmp/m4.hare"
train --format fasttext --multiclass crammer-singer --probabilities --save-resume "$tmp/fasttext" \
  -f "$tmp/m5.hare"
cp tests/data/*.hare "$tmp/"
for m in "$tmp"/*.hare; do
  head -c -8 "$m" >"$seeds/model_fuzz/$(basename "$m")"
done
# cli_fuzz: the scenario's byte (cli_fuzz.cc), then an input of its format.
scenario() { { bytes "$1" && cat "$2"; } >"$seeds/cli_fuzz/$1"; }
scenario 0 "$tmp/text"
scenario 1 "$tmp/vw"
scenario 2 "$tmp/fasttext"
scenario 3 "$tmp/libsvm"
head -30 tests/data/weather-whether.tsv >"$tmp/confusion"
scenario 4 "$tmp/confusion"
cut -f2 "$tmp/text" >"$tmp/sentences"
scenario 5 "$tmp/sentences"
scenario 6 "$tmp/vw"

for target in "${targets[@]}"; do
  echo "== $target, ${seconds}s" >&2
  mkdir -p "$dir/corpus/$target"
  "$dir/tests/fuzz/$target" -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=4096 \
    -artifact_prefix="$dir/findings/$target-" -print_final_stats=1 \
    "$dir/corpus/$target" "$seeds/$target" 2>"$dir/$target.log" ||
    {
      tail -60 "$dir/$target.log" >&2
      exit 1
    }
  grep -E '^stat::(number_of_executed_units|new_units_added|peak_rss_mb)' "$dir/$target.log" >&2
done
