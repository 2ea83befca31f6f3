#!/usr/bin/env bash
# Winnow against the Perceptron on k-of-n monotone disjunctions (Littlestone
# 1988): mistakes over two passes of 3000 examples, 10 relevant features of n.
#   scripts/winnow-vs-perceptron.sh            (uses build/tools/hare)
# Prints a Markdown table. The same experiment is asserted in
# tests/family_test.cc (TheoryTest.WinnowMistakesGrowLikeKLogNAndPerceptronsWithN).
set -euo pipefail
cd "$(dirname "$0")/.."
hare=${HARE:-build/tools/hare}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
k=10
echo "| n | active features / example | Winnow | Balanced Winnow | Perceptron | 1.5 k(log1.5 n + 1) + 1 |"
echo "|---|---|---|---|---|---|"
for n in 100 1000 10000 100000; do
  "$hare" gen --family disjunction --n $n --k $k -n 3000 --seed 5 > "$work/d.vw"
  active=$(awk '{ s += NF - 2 } END { printf "%.0f", s / NR }' "$work/d.vw")
  row="| $n | $active |"
  for rule in winnow balanced-winnow perceptron; do
    m=$("$hare" train --rule $rule -b 24 --quiet "$work/d.vw" "$work/d.vw" 2>&1 |
        sed -n 's/^mistakes = //p')
    row="$row $m |"
  done
  bound=$(awk -v n=$n -v k=$k 'BEGIN { printf "%.0f", 1.5 * k * (log(n) / log(1.5) + 1) + 1 }')
  echo "$row $bound |"
done
