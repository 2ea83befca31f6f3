#!/usr/bin/env bash
# End-to-end throughput harness: generates a `hare gen` file once (default
# 1 GiB, the family throughput is measured on), then in ONE run times wc -l,
# cat and hare in every configuration, and prints a Markdown table: wall and
# CPU seconds, MB/s, examples/s, features/s, peak RSS, and wall time as a
# ratio to `wc -l` on the same file (the machine is shared and noisy: compare
# ratios from one run, not seconds across runs).
#
#   bench/e2e.sh [--size 1G] [--file PATH] [--bits 24] [--repeat 2] [--stream 10G]
#
# Each row is run --repeat times (default 2) and shows the fastest run (and
# the largest peak RSS): on a shared VM the first use of fresh memory, the
# page cache and the neighbours add noise that only ever makes a run slower.
# The FILE.txt rows train the sentences' default command (--format text) on
# `hare gen --family text` sentences of the same size as FILE (MB/s of that
# file). Relative paths (--file, HARE) are from where the harness starts.
# --file reuses an existing file; --stream SIZE adds `hare gen | hare train`
# rows over a stream of SIZE that is never written to disk (flat memory).
# Other learners found on PATH (vw) get rows of their own.
set -euo pipefail
usage="usage: bench/e2e.sh [--size 1G] [--file PATH] [--bits 24] [--repeat 2] [--stream 10G]"
repo=$(cd "$(dirname "$0")/.." && pwd)
hare=${HARE:-$repo/build/tools/hare}
size=1G
file=""
bits=24
stream=""
repeat=2
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || { echo "bench/e2e.sh: $1 needs a value" >&2; echo "$usage" >&2; exit 1; }
  case "$1" in
    --size) size=$2 ;;
    --file) file=$2 ;;
    --bits) bits=$2 ;;
    --stream) stream=$2 ;;
    --repeat) repeat=$2 ;;
    *) echo "$usage" >&2; exit 1 ;;
  esac
  shift 2
done
# Paths given relative to where the harness was started.
hare=$(realpath -m "$hare")
[ -z "$file" ] || file=$(realpath -m "$file")
[ -z "$file" ] || [ -f "$file" ] || { echo "bench/e2e.sh: no file $file" >&2; exit 1; }
cd "$repo"
[ -x "$hare" ] || { echo "bench/e2e.sh: no hare binary at $hare (run scripts/build.sh)" >&2; exit 1; }
for tool in /usr/bin/time:time zstd:zstd gzip:gzip numfmt:coreutils; do
  command -v "${tool%%:*}" >/dev/null ||
    { echo "bench/e2e.sh: needs ${tool%%:*} (apt-get install ${tool#*:})" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$file" ]; then
  file=$work/gen.vw
  echo "generating $size with hare gen ..." >&2
  "$hare" gen --bytes "$size" > "$file"
fi
bytes=$(stat -c %s "$file")
echo "generating $bytes bytes of sentences with hare gen --family text ..." >&2
"$hare" gen --family text --bytes "$bytes" > "$work/gen.txt"
text_bytes=$(stat -c %s "$work/gen.txt")
echo "compressing copies (gzip -1, zstd) ..." >&2
gzip -1 -c "$file" > "$work/gen.vw.gz"
zstd -q -c "$file" > "$work/gen.vw.zst"
cat "$file" > /dev/null  # page cache warm

wc_wall=""
row() {  # row NAME COMMAND [TIMES [BYTES]]: runs COMMAND under GNU time, prints a table row
  # (MB/s of BYTES, default the file's size)
  local name=$1 cmd=$2 times=${3:-$repeat} size_bytes=${4:-$bytes}
  local wall="" user sys rss=0 w u s r
  for ((k = 0; k < times; k++)); do
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" bash -c "$cmd" > /dev/null 2> "$work/err" ||
      { echo "| $name | failed: $(tail -1 "$work/err") |||||||"; return; }
    read -r w u s r < "$work/time"
    [ "$r" -gt "$rss" ] && rss=$r
    if [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then
      wall=$w user=$u sys=$s
    fi
  done
  local examples features
  examples=$(sed -n 's/^number of examples = //p' "$work/err" | tail -1)
  features=$(sed -n 's/^total features = //p' "$work/err" | tail -1)
  [ -z "$wc_wall" ] && wc_wall=$wall
  awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v b="$size_bytes" \
      -v e="${examples:-}" -v f="${features:-}" -v base="$wc_wall" 'BEGIN {
    w = (w < 0.01 ? 0.01 : w); base = (base < 0.01 ? 0.01 : base)
    printf "| %s | %.2f | %.2f | %.0f | %s | %s | %.0f | %.1fx |\n", n, w, u + s, b / w / 1e6,
      (e == "" ? "-" : sprintf("%.2fM", e / w / 1e6)),
      (f == "" ? "-" : sprintf("%.1fM", f / w / 1e6)), r / 1024, w / base }'
}

echo
echo "$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "file: $(numfmt --to=iec "$bytes") ($bytes bytes), $(wc -l < "$file") examples; FILE.txt: $text_bytes bytes, $(wc -l < "$work/gen.txt") sentences; -b $bits; page cache warm; best of $repeat runs a row"
echo
echo "| command | wall s | CPU s | MB/s | examples/s | features/s | peak RSS MiB | wall / wc -l |"
echo "|---|---|---|---|---|---|---|---|"
t="$hare train -b $bits --quiet"
row "wc -l" "wc -l '$file'"
row "cat > /dev/null" "cat '$file'"
row "gzip -dc > /dev/null" "gzip -dc '$work/gen.vw.gz'"
row "zstd -dc > /dev/null" "zstd -dc '$work/gen.vw.zst'"
row "hare gen --bytes $bytes > /dev/null" "$hare gen --bytes $bytes"
threads=""
"$hare" train --help | grep -q -- '--threads' && threads=yes
for rule in "--rule perceptron" "--rule perceptron --average" "--rule winnow --average" \
            "--rule perceptron --average --adagrad"; do
  row "hare train $rule" "$t $rule '$file'"
  [ -n "$threads" ] && row "hare train $rule --threads 1" "$t $rule --threads 1 '$file'"
done
row "cat FILE \| hare train --rule perceptron --average" "cat '$file' | $t --rule perceptron --average"
row "hare train --average FILE.gz" "$t --rule perceptron --average '$work/gen.vw.gz'"
row "hare train --average FILE.zst" "$t --rule perceptron --average '$work/gen.vw.zst'"
sentences="$t --format text --multiclass ova --rule pa --adagrad -C 2 --unit-norm --ngram 2 --bos --affix +4,+6 --keep-case --uneven-margin 2 --noconstant"
row "hare train --format text (sentences' default) FILE.txt" "$sentences '$work/gen.txt'" "$repeat" "$text_bytes"
[ -n "$threads" ] && row "hare train --format text (sentences' default) --threads 1 FILE.txt" \
  "$sentences --threads 1 '$work/gen.txt'" "$repeat" "$text_bytes"
"$hare" train -b "$bits" --quiet --rule perceptron --average "$file" -f "$work/m" 2>/dev/null
row "hare test (averaged perceptron model)" "$hare test -i '$work/m' --quiet '$file'"
if [ -n "$stream" ]; then
  stream_bytes=$(numfmt --from=iec "$stream")
  row "hare gen --bytes $stream > /dev/null" "$hare gen --bytes $stream" 1 "$stream_bytes"
  row "hare gen --bytes $stream \| hare train --average" \
    "$hare gen --bytes $stream | $t --rule perceptron --average" 1 "$stream_bytes"
fi
if command -v vw >/dev/null; then
  row "vw -b $bits (2 threads)" "vw -b $bits --quiet '$file'"
  row "vw -b $bits --onethread" "vw -b $bits --quiet --onethread '$file'"
fi
