#!/usr/bin/env bash
# Builds hare (installing missing packages first), then trains an averaged
# Perceptron (5 passes, every 10th example held out) on 4/5 of the
# sentence-polarity corpus (Pang & Lee 2005, shipped gzipped in tests/data)
# and tests it on the other 1/5.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(bash scripts/build.sh)
hare="$dir/tools/hare"
data=tests/data
model=$(mktemp -d)/rt-polarity.model
echo "== hare train $data/rt-polarity.train.vw.gz --average --passes 5 -f $model" >&2
"$hare" train "$data/rt-polarity.train.vw.gz" --average --passes 5 -f "$model"
echo >&2
echo "== hare test -i $model $data/rt-polarity.test.vw.gz" >&2
"$hare" test -i "$model" "$data/rt-polarity.test.vw.gz" --quiet
