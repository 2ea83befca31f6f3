#!/usr/bin/env bash
# Builds hare (installing missing packages first) and runs the whole test suite.
#   scripts/test.sh             Release build
#   scripts/test.sh --sanitize  the same tests under AddressSanitizer + UBSan
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(bash scripts/build.sh "$@")
ctest --test-dir "$dir" --output-on-failure -j"$(nproc)"
