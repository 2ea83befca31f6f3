#!/usr/bin/env bash
# Converts a "label<TAB>text" corpus to VW text format on stdout.
#   scripts/tsv-to-vw.sh POSITIVE_LABEL < corpus.tsv > corpus.vw
# The label POSITIVE_LABEL becomes 1, every other label -1. Words are
# lower-cased; ':' and '|', which VW reserves, become ';' and '/'.
set -euo pipefail
positive=${1:?usage: tsv-to-vw.sh POSITIVE_LABEL < corpus.tsv}
awk -F'\t' -v pos="$positive" '{
  text = tolower(substr($0, length($1) + 2))
  gsub(/:/, ";", text); gsub(/\|/, "/", text)
  print ($1 == pos ? "1" : "-1") " | " text
}'
