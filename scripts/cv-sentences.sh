#!/usr/bin/env bash
# 5-fold cross-validation of one hare train command, one pass, on the train
# files of the five sentence corpora, in the file's order and ORDERS-1
# shuffled ones: the rule by which the sentences' default command is chosen
# (README, "Where hare stands against the issue's targets": a candidate
# replaces the default only if its mean is 0.03 points better). The test
# files are not read. Prints the mean accuracy (percent) of each corpus over
# its folds and orders, then their mean.
#
#   scripts/cv-sentences.sh --format text --multiclass ova --rule pa --adagrad -C 2 ...
#   HARE=/path/to/hare DATA=/path/to/data ORDERS=4 scripts/cv-sentences.sh OPTIONS...
#
# Corpora (under DATA): rt-polarity, subj, sms-spam (their train part: the
# lines that are not every 5th, as compare-sentences.sh splits them), TREC
# coarse and fine (their train files). Fold k holds out the lines i with
# i % 5 == k (0-based) of an order; the other four fifths train. Orders:
# the file's, then compare-lib.bash's shuffle seeded 101, 102, ... (not the
# seeds of compare-sentences.sh, whose orders test the default on the test
# files). The figures in the README's tables came from a Python model of
# this script, whose shuffles were Python's, so they differ from its by a few
# hundredths. About 40 s on 2 cores at ORDERS=8.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HARE=${HARE:-$root/build/tools/hare}
DATA=${DATA:-$root/../shared/data}
ORDERS=${ORDERS:-8}
# shellcheck source=scripts/compare-lib.bash
source "$root/scripts/compare-lib.bash"
(($# > 0)) || die "usage: scripts/cv-sentences.sh TRAIN-OPTIONS... (the options of one hare train command)"
[[ -x $HARE ]] || die "no hare binary at $HARE (build it, or set HARE=/path/to/hare)"
[[ -d $DATA ]] || die "no data folder at $DATA (set DATA=/path/to/data)"
[[ $ORDERS =~ ^[1-9][0-9]*$ ]] || die "ORDERS must be 1 or more"

work=$(mktemp -d "${TMPDIR:-/tmp}/cv-sentences.XXXXXX")
trap 'rm -rf "$work"' EXIT

# name | file | "split": keep the lines that are not every 5th (their test part is out)
corpora=(
  "rt-polarity|rt-polarity/rt-polarity.tsv|split"
  "subj|subj/subj.tsv|split"
  "sms-spam|sms-spam/sms-spam.tsv|split"
  "trec-coarse|trec-qc/trec.train.tsv|"
  "trec-fine|trec-qc/trec-fine.train.tsv|"
)
means=()
for entry in "${corpora[@]}"; do
  IFS='|' read -r name file split <<<"$entry"
  [[ -f $DATA/$file ]] || die "no $DATA/$file"
  if [[ $split == split ]]; then awk 'NR % 5 != 0' "$DATA/$file"; else cat "$DATA/$file"; fi >"$work/all.tsv"
  total=0
  for ((order = 0; order < ORDERS; order++)); do
    if ((order == 0)); then cp "$work/all.tsv" "$work/order.tsv"; else shuffled $((100 + order)) "$work/all.tsv" >"$work/order.tsv"; fi
    for fold in 0 1 2 3 4; do
      awk -v k=$fold '(NR - 1) % 5 != k' "$work/order.tsv" >"$work/train.tsv"
      awk -v k=$fold '(NR - 1) % 5 == k' "$work/order.tsv" >"$work/test.tsv"
      "$HARE" train "$@" --passes 1 --quiet "$work/train.tsv" -f "$work/m.hare" 2>"$work/train.log" ||
        die "$name: hare train $* failed: $(tail -n 3 "$work/train.log")"
      "$HARE" test -i "$work/m.hare" --json --quiet "$work/test.tsv" >"$work/test.json" 2>/dev/null ||
        die "$name: hare test failed"
      acc=$(sed -n 's/.*"accuracy":\([0-9.e+-]*\).*/\1/p' "$work/test.json")
      [[ -n $acc ]] || die "$name: no accuracy in $(cat "$work/test.json")"
      total=$(awk -v t="$total" -v a="$acc" 'BEGIN { printf "%.10f", t + 100 * a }')
    done
  done
  mean=$(awk -v t="$total" -v n=$((ORDERS * 5)) 'BEGIN { printf "%.10f", t / n }')
  means+=("$mean")
  awk -v name="$name" -v m="$mean" 'BEGIN { printf "%s %.2f\n", name, m }'
done
printf '%s\n' "${means[@]}" | awk '{ s += $1 } END { printf "mean %.3f\n", s / NR }'
