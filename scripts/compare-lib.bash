# What the comparison scripts share (sourced by compare-accuracy.sh and
# compare-sentences.sh once HARE and DATA are set): messages, the check of
# what they need, a shuffle, timing, the LIBLINEAR line of a list of features, McNemar's
# test of two prediction files, and LIBLINEAR and fastText run on a folder's
# train/test files.
#
# The runners print "accuracy_percent seconds" (seconds of training alone),
# or "n/a n/a" after a failure, which they report with say.

script=$(basename "$0" .sh)
die() { echo "$script: $*" >&2; exit 1; }
say() { echo "$script: $*" >&2; }

# The hare binary, the data folder, LIBLINEAR, fastText and the other tools given.
check_setup() {  # tools...
  [[ -x $HARE ]] || die "no hare binary at $HARE (build it, or set HARE=/path/to/hare)"
  [[ -d $DATA ]] || die "no data folder at $DATA (set DATA=/path/to/data)"
  local tool
  for tool in liblinear-train liblinear-predict fasttext "$@"; do
    command -v "$tool" >/dev/null || die "$tool not found (apt-get install liblinear-tools fasttext)"
  done
}

# An awk function for the scripts' awk programs ("$LIBSVM_LINE_AWK" before
# the program): libsvm_line(label, keys, n, grow) is "label i:c ..." for the
# strings keys[1..n], i the string's index in the vocabulary of the train
# file (the awk globals vocab and vocab_size), ascending, and c its count in
# the line. grow = 0 (test files) drops strings the vocabulary lacks.
# shellcheck disable=SC2034  # used by the scripts that source this file
LIBSVM_LINE_AWK='
function libsvm_line(label, keys, n, grow,   i, j, k, m, key, idx, cnt, line) {
  m = 0
  for (i = 1; i <= n; i++) {
    if (!(keys[i] in vocab)) {
      if (!grow) continue
      vocab[keys[i]] = ++vocab_size
    }
    k = vocab[keys[i]]
    if (!(k in cnt)) idx[++m] = k
    cnt[k]++
  }
  for (i = 2; i <= m; i++) {  # insertion sort: lines are short
    key = idx[i]
    for (j = i - 1; j >= 1 && idx[j] > key; j--) idx[j + 1] = idx[j]
    idx[j + 1] = key
  }
  line = label
  for (i = 1; i <= m; i++) line = line " " idx[i] ":" cnt[idx[i]]
  return line
}'

# McNemar's exact test of two classifiers on the same test lines: `paired
# GOLD A B` reads three files of one label a line (the first word of each
# line counts, so prediction files with a score after the label do) and
# prints "a b p": a, the lines A gets right and B wrong; b, the other way
# round; p, the two-sided exact binomial p-value of so many disagreements
# splitting that unevenly if A and B were equally good (4 decimals, or
# "<0.0001"; 1 when they never disagree). The binomial terms are summed in
# logs, so thousands of disagreements neither underflow nor lose the tail.
paired() {  # gold a b
  awk '
    FNR == 1 { f++ }
    f == 1 { gold[FNR] = $1; n = FNR; next }
    f == 2 { a[FNR] = $1; na = FNR; next }
    { nb = FNR; ra = a[FNR] == gold[FNR]; rb = $1 == gold[FNR]; wa += ra && !rb; wb += rb && !ra }
    END {
      if (n == 0 || na != n || nb != n) { print "paired: the files do not have one label each for the same lines" > "/dev/stderr"; exit 1 }
      d = wa + wb; k = wa < wb ? wa : wb
      # P(X <= k) for X ~ Binomial(d, 1/2), doubled; log(C(d, i) / 2^d) built up term by term.
      logc = -d * log(2); p = 0
      for (i = 0; i <= k; i++) {
        if (i > 0) logc += log(d - i + 1) - log(i)
        p += exp(logc)
      }
      p = d == 0 ? 1 : 2 * p
      if (p > 1) p = 1
      printf "%d %d %s\n", wa, wb, (p < 0.0001 ? "<0.0001" : sprintf("%.4f", p))
    }' "$1" "$2" "$3"
}

# The lines of `file` in the order of seed's draws of L'Ecuyer's combined
# generator (two multiplicative ones, 40014 and 40692): exact in any awk's
# doubles, so every awk gives the same order.
shuffled() {  # seed file
  awk -v s="$1" '
    BEGIN { x = s; y = 12345 + 7919 * s }
    { x = (x * 40014) % 2147483563; y = (y * 40692) % 2147483399
      printf "%.0f\t%s\n", (x - y + 2147483563) % 2147483563, $0 }' "$2" |
    LC_ALL=C sort -s -n -k1,1 | cut -f2-
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# LIBLINEAR on dir/train.svm, tested on dir/test.svm.
run_liblinear() {  # dir options...
  local dir=$1 t0 t1 acc
  shift
  t0=$(now)
  if ! liblinear-train "$@" -q "$dir/train.svm" "$dir/model.liblinear" >"$dir/ll-train.log" 2>&1; then
    say "liblinear-train $* failed:"; cat "$dir/ll-train.log" >&2
    echo "n/a n/a"; return
  fi
  t1=$(now)
  if ! liblinear-predict "$dir/test.svm" "$dir/model.liblinear" "$dir/ll.predictions" \
    >"$dir/ll-test.log" 2>&1; then
    say "liblinear-predict failed:"; cat "$dir/ll-test.log" >&2
    echo "n/a n/a"; return
  fi
  # "Accuracy = 84.9853% (13837/16281)": recompute from the counts for 4 decimals.
  acc=$(awk '/^Accuracy = / { s = $4; gsub(/[()]/, "", s); split(s, r, "/"); printf "%.4f", 100 * r[1] / r[2]; found = 1 }
             END { if (!found) exit 1 }' "$dir/ll-test.log") ||
    { say "no accuracy line from liblinear-predict"; echo "n/a n/a"; return; }
  echo "$acc $(elapsed "$t0" "$t1")"
}

# fastText on dir/train.ft ("__label__X text"), tested on dir/test.ft.
run_fasttext() {  # dir options...
  local dir=$1 t0 t1 acc
  shift
  t0=$(now)
  if ! fasttext supervised -input "$dir/train.ft" -output "$dir/model.ft" "$@" \
    -verbose 0 >"$dir/ft-train.log" 2>&1; then
    say "fasttext supervised $* failed:"; cat "$dir/ft-train.log" >&2
    echo "n/a n/a"; return
  fi
  t1=$(now)
  # fasttext test rounds P@1 to 3 digits: count the right predictions instead.
  if ! fasttext predict "$dir/model.ft.bin" "$dir/test.ft" >"$dir/ft.predictions" 2>"$dir/ft-test.log"; then
    say "fasttext predict failed:"; cat "$dir/ft-test.log" >&2
    echo "n/a n/a"; return
  fi
  rm -f "$dir/model.ft.bin" "$dir/model.ft.vec"
  acc=$(awk 'FNR == NR { truth[FNR] = $1; n = FNR; next }
             { m = FNR; if ($1 == truth[FNR]) right++ }
             END { if (n == 0 || m != n) exit 1; printf "%.4f", 100 * right / n }' \
    "$dir/test.ft" "$dir/ft.predictions") ||
    { say "fasttext predict did not give one label per test line"; echo "n/a n/a"; return; }
  echo "$acc $(elapsed "$t0" "$t1")"
}
