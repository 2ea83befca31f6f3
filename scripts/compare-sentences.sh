#!/usr/bin/env bash
# hare on labelled sentences (--format text, one-vs-all multiclass) against
# LIBLINEAR and fastText: held-out accuracy and training time of each tool on
# the same split of each corpus; one Markdown table on stdout, progress on
# stderr.
#
#   scripts/compare-sentences.sh
#   HARE=/path/to/hare DATA=/path/to/data scripts/compare-sentences.sh
#   TUNE=no DEFAULT_OPTS="--format text --multiclass ova --rule pa --adagrad --ngram 2 -b 22" scripts/compare-sentences.sh
#
# HARE            the hare binary (default build/tools/hare under the repository root)
# DATA            the data folder (default ../shared/data beside the repository)
# DEFAULT_OPTS    hare's default command for sentences, run with --passes 1
#                 (default "--format text --multiclass ova --rule pa --adagrad -C 2
#                 --unit-norm --ngram 2 --bos --affix +4,+6 --keep-case
#                 --uneven-margin 2 --noconstant -b 22")
# CONFUSION_DEFAULT_OPTS  hare's default command for confusion sets, run with
#                 --passes 1 (default "--format text --multiclass ova --rule arow
#                 --arow-r 0.03 --unit-norm --window 3 --collocations --no-unigrams
#                 -b 22")
# TUNE_OPTS       the options hare tune starts from on sentences, and how it
#                 scores them (default: DEFAULT_OPTS --folds 5: each train line is
#                 held out once, not a fifth of them once, so that the pick
#                 varies less on these small files)
# CONFUSION_TUNE_OPTS  the same for confusion sets
#                 (default: CONFUSION_DEFAULT_OPTS --folds 5)
# ORDERS          shuffled orders of each train file the default is also run on,
#                 one pass each, for the mean/min/max column (default 5; 0: none)
# LIBLINEAR_FEATURES  "words" (default): LIBLINEAR gets the white-space words and
#                 their bigrams, as below; "hare": it gets the features hare's
#                 default command makes (hare features --ngram 2 --bos --affix +4,+6
#                 --keep-case; confusion sets
#                 --window 3 --collocations --no-unigrams), so the tools differ in
#                 the learner alone
# TUNE            "auto" (default): run hare tune when the binary has it; "no": skip it
# TUNE_TIMEOUT    seconds one hare tune may take before it is stopped (default 600)
#
# Needs bash, awk, date, mktemp, timeout and the Debian packages liblinear-tools
# (liblinear-train, liblinear-predict) and fasttext. Takes about 3 minutes on
# 2 cores, hare tune included; everything is written to a mktemp -d folder that
# is removed at exit.
#
# Corpora (under DATA), every file "label<TAB>sentence":
#   rt-polarity, subj, sms-spam            every 5th line (NR % 5 == 0) is test, the rest train
#   trec-coarse (6 classes), trec-fine (50) TREC's own train and test files
#   weather-whether, their-there-they_re,  Brown confusion sets, the word replaced
#   to-too-two, affect-effect              by _TARGET_; every 5th line is test
# Every tool gets the same train and test lines and the same labels.
#
# The tools and their one fixed configuration each (nothing is picked per
# corpus, nothing is tuned on the test part):
#   hare 1 pass  hare train $DEFAULT_OPTS --passes 1 TRAIN -f MODEL (confusion sets:
#                $CONFUSION_DEFAULT_OPTS instead of $DEFAULT_OPTS):
#                hare reads the .tsv files itself (its tokenizer splits off
#                punctuation, lower-cases; its features are the templates asked for).
#   hare 1 pass, shuffled  the same command on ORDERS copies of the train file,
#                each in another order: sorted on L'Ecuyer's combined generator
#                (two multiplicative ones, 40014 and 40692, seeded from 1..ORDERS),
#                exact in any awk's doubles, so every awk gives the same orders;
#                one pass depends on the order of the examples, and this shows
#                by how much: the mean, min and max accuracy of those runs.
#   hare tuned   hare tune $TUNE_OPTS ($CONFUSION_TUNE_OPTS) TRAIN, which starts
#                from the default command and prints one line, the
#                training options it picked on the train file alone; then
#                hare train <that line> TRAIN -f MODEL. "n/a" when the binary has
#                no tune command. Its own time is the "tune s" column.
#   LIBLINEAR    liblinear-train -s 2 (L2-regularized L2-loss SVM, primal; C = 1),
#                one-vs-rest for more than two classes (LIBLINEAR's own); labels
#                are mapped to integers 1..K in order of first appearance in the
#                train file. Features: the sentence lower-cased and split at
#                white space, its unigrams plus the bigrams of adjacent tokens,
#                indexed by a vocabulary of the train file (tokens only in the
#                test file are dropped), value = count.
#   fastText     fasttext supervised -wordNgrams 2 -epoch 25 -thread 2 (other
#                settings default: -dim 100, -lr 0.1, softmax loss) on
#                "__label__<label> <sentence lower-cased>". With 2 threads it is
#                not deterministic, so its numbers move a little from run to run.
# Accuracy is in percent of the test part. Times are wall seconds of the
# training command alone (the tsv -> LIBLINEAR / fastText conversion is done
# once beforehand and not counted); hare uses all cores for parsing
# (--threads default), LIBLINEAR one thread, fastText 2. "best other" is the
# better of LIBLINEAR and fastText; the differences are in points; the last
# column is fastText's training time over hare's one-pass training time.
# A second table pairs hare's predictions (one pass, tuned) with the best
# other's on the same test lines: how many lines each gets right where the
# other is wrong, and McNemar's exact p-value (compare-lib.bash: paired). A
# gap of a point on a 500-line test set is 5 lines, which chance moves too;
# p says whether the disagreements lean one way more than chance would.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
HARE=${HARE:-$root/build/tools/hare}
DATA=${DATA:-$root/../shared/data}
DEFAULT_OPTS=${DEFAULT_OPTS:---format text --multiclass ova --rule pa --adagrad -C 2 --unit-norm --ngram 2 --bos --affix +4,+6 --keep-case --uneven-margin 2 --noconstant -b 22}
CONFUSION_DEFAULT_OPTS=${CONFUSION_DEFAULT_OPTS:---format text --multiclass ova --rule arow --arow-r 0.03 --unit-norm --window 3 --collocations --no-unigrams -b 22}
TUNE_OPTS=${TUNE_OPTS:-$DEFAULT_OPTS --folds 5}
CONFUSION_TUNE_OPTS=${CONFUSION_TUNE_OPTS:-$CONFUSION_DEFAULT_OPTS --folds 5}
ORDERS=${ORDERS:-5}
TUNE=${TUNE:-auto}
LIBLINEAR_FEATURES=${LIBLINEAR_FEATURES:-words}
TUNE_TIMEOUT=${TUNE_TIMEOUT:-600}

# name | kind (text or confusion) | train file | test file ("" = every 5th line of the train file)
corpora=(
  "rt-polarity|text|rt-polarity/rt-polarity.tsv|"
  "subj|text|subj/subj.tsv|"
  "sms-spam|text|sms-spam/sms-spam.tsv|"
  "trec-coarse|text|trec-qc/trec.train.tsv|trec-qc/trec.test.tsv"
  "trec-fine|text|trec-qc/trec-fine.train.tsv|trec-qc/trec-fine.test.tsv"
  "weather-whether|confusion|brown-confusion/weather-whether.tsv|"
  "their-there-they_re|confusion|brown-confusion/their-there-they_re.tsv|"
  "to-too-two|confusion|brown-confusion/to-too-two.tsv|"
  "affect-effect|confusion|brown-confusion/affect-effect.tsv|"
)
liblinear_opts=(-s 2)
fasttext_opts=(-wordNgrams 2 -epoch 25 -thread 2)

# shellcheck source=scripts/compare-lib.bash
source "$root/scripts/compare-lib.bash"
check_setup awk date timeout
[[ $TUNE == auto || $TUNE == no ]] || die "TUNE must be auto or no, not '$TUNE'"
[[ $LIBLINEAR_FEATURES == words || $LIBLINEAR_FEATURES == hare ]] ||
  die "LIBLINEAR_FEATURES must be words or hare, not '$LIBLINEAR_FEATURES'"
[[ $TUNE_TIMEOUT =~ ^[1-9][0-9]*$ ]] || die "TUNE_TIMEOUT must be a positive number of seconds"
[[ $ORDERS =~ ^(0|[1-9][0-9]*)$ ]] || die "ORDERS must be a number of orders (0 for none)"
have_tune=0
if [[ $TUNE == auto ]] && "$HARE" tune --help >/dev/null 2>&1; then have_tune=1; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/compare-sentences.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

# ---------------------------------------------------------------- the data
# train.tsv/test.tsv as hare reads them, and from them train/test.ft (fastText)
# and train/test.svm (LIBLINEAR); the number of classes of the train file goes
# to "classes", LIBLINEAR's number for each label to "labels" ("id<TAB>label")
# and the test part's labels to "test.gold", one a line.
prepare() {  # dir train-tsv [test-tsv]
  local dir=$1
  if [[ -z ${3:-} ]]; then
    awk 'NR % 5 != 0' "$2" >"$dir/train.tsv"
    awk 'NR % 5 == 0' "$2" >"$dir/test.tsv"
  else
    cp "$2" "$dir/train.tsv"
    cp "$3" "$dir/test.tsv"
  fi
  [[ -s $dir/train.tsv && -s $dir/test.tsv ]] || { say "$2: empty train or test part"; return 1; }
  awk -F'\t' -v dir="$dir" "$LIBSVM_LINE_AWK"'
    FNR == 1 { part = (++file == 1) ? "train" : "test" }
    {
      if (NF < 2) { printf "%s:%d: no TAB after the label\n", FILENAME, FNR > "/dev/stderr"; bad = 1; exit 1 }
      label = $1
      if (!(label in id)) { id[label] = ++nid; if (part == "train") classes++ }
      n = split(tolower(substr($0, length($1) + 2)), w, " ")
      text = ""
      for (i = 1; i <= n; i++) text = text " " w[i]
      print "__label__" label text > (dir "/" part ".ft")
      # unigrams, and bigrams keyed "a b" (tokens hold no blank: no clash)
      m = 0
      for (i = 1; i <= n; i++) {
        for (g = 1; g <= 2 && g <= i; g++) keys[++m] = (g == 1) ? w[i] : w[i - 1] " " w[i]
      }
      print libsvm_line(id[label], keys, m, part == "train") > (dir "/" part ".svm")
    }
    END {
      if (bad) exit 1
      print classes > (dir "/classes")
      for (label in id) print id[label] "\t" label > (dir "/labels")
    }' "$dir/train.tsv" "$dir/test.tsv" &&
    cut -f1 "$dir/test.tsv" >"$dir/test.gold"
}

# train/test.svm again, from the features `hare features TEMPLATES` prints
# ("label | f1 f2 ..."), counted and indexed by the train file's vocabulary;
# the labels get the ids prepare gave them (first appearance, train first).
prepare_hare_features() {  # dir templates...
  local dir=$1
  shift
  "$HARE" features "$@" "$dir/train.tsv" >"$dir/train.hf" &&
    "$HARE" features "$@" "$dir/test.tsv" >"$dir/test.hf" || return 1
  awk -v dir="$dir" "$LIBSVM_LINE_AWK"'
    FNR == 1 { part = (++file == 1) ? "train" : "test" }
    {
      if (!($1 in id)) id[$1] = ++nid
      m = 0
      for (i = 3; i <= NF; i++) keys[++m] = $i
      print libsvm_line(id[$1], keys, m, part == "train") > (dir "/" part ".svm")
    }' "$dir/train.hf" "$dir/test.hf"
}

# -------------------------------------------------------------------- tools
# Each prints "accuracy_percent seconds", or "n/a n/a" after a failure (they
# run in subshells: the caller counts failures).

# hare test of MODEL on test.tsv, its predictions to dir/NAME.pred (NAME from
# the log's name, "NAME-test.log"): the accuracy in percent from
# "accuracy = 0.762195 (1625 of 2132 labelled examples right)".
hare_accuracy() {  # dir model log-name
  local dir=$1 model=$2
  local log=$dir/$3
  if ! "$HARE" test -i "$model" "$dir/test.tsv" -p "$dir/${3%-test.log}.pred" --quiet 2>"$log"; then
    say "hare test failed:"; cat "$log" >&2
    return 1
  fi
  if grep -q '^lines skipped = [1-9]' "$log"; then
    say "warning: hare test skipped lines:"; grep '^lines skipped' "$log" >&2
  fi
  awk '/^accuracy = / { s = $4; sub(/^\(/, "", s); printf "%.4f", 100 * s / $6; found = 1 }
       END { if (!found) exit 1 }' "$log" || { say "no accuracy line from hare test"; return 1; }
}

# hare train on TRAIN (dir/train.tsv by default), tested on dir/test.tsv.
run_hare() {  # dir name options...
  local dir=$1 name=$2
  shift 2
  local t0 t1 acc log=$dir/$name-train.log
  t0=$(now)
  if ! "$HARE" train "$@" "${TRAIN:-$dir/train.tsv}" -f "$dir/$name.hare" 2>"$log"; then
    say "hare train $* failed:"; tail -n 20 "$log" >&2
    echo "n/a n/a"; return
  fi
  t1=$(now)
  if grep -q '^lines skipped = [1-9]' "$log"; then
    say "warning: hare train skipped lines:"; grep '^lines skipped' "$log" >&2
  fi
  acc=$(hare_accuracy "$dir" "$dir/$name.hare" "$name-test.log") || { echo "n/a n/a"; return; }
  rm -f "$dir/$name.hare"
  echo "$acc $(elapsed "$t0" "$t1")"
}

# One pass of `options` on ORDERS shuffled copies of train.tsv:
# "mean min max" accuracy in percent ("n/a n/a n/a" without orders or after a failure).
run_orders() {  # dir options...
  local dir=$1 seed acc secs
  shift
  local -a accs=()
  for ((seed = 1; seed <= ORDERS; seed++)); do
    shuffled "$seed" "$dir/train.tsv" >"$dir/order.tsv"
    read -r acc secs < <(TRAIN=$dir/order.tsv run_hare "$dir" order "$@" --passes 1)
    [[ $acc != n/a ]] || { echo "n/a n/a n/a"; return; }
    accs+=("$acc")
  done
  rm -f "$dir/order.tsv"
  ((${#accs[@]} > 0)) || { echo "n/a n/a n/a"; return; }
  printf '%s\n' "${accs[@]}" |
    awk 'NR == 1 { lo = hi = $1 } { s += $1; if ($1 < lo) lo = $1; if ($1 > hi) hi = $1 }
         END { printf "%.4f %.4f %.4f\n", s / NR, lo, hi }'
}

# hare tune, then hare train with the options it printed: "acc train-s tune-s".
run_tuned() {  # dir fixed-options...
  local dir=$1
  shift
  local t0 t1 tune_secs opts acc secs
  t0=$(now)
  if ! timeout "$TUNE_TIMEOUT" "$HARE" tune "$@" "$dir/train.tsv" >"$dir/tune.out" 2>"$dir/tune.log"; then
    say "hare tune $* failed (or took over $TUNE_TIMEOUT s):"; tail -n 20 "$dir/tune.log" >&2
    echo "n/a n/a n/a"; return
  fi
  t1=$(now)
  tune_secs=$(elapsed "$t0" "$t1")
  if [[ $(grep -c . "$dir/tune.out") != 1 ]]; then
    say "hare tune printed $(wc -l <"$dir/tune.out") lines on stdout, not one line of options:"
    cat "$dir/tune.out" >&2
    echo "n/a n/a $tune_secs"; return
  fi
  opts=$(grep . "$dir/tune.out")
  say "  tuned: $opts"
  local -a words
  read -r -a words <<<"$opts"
  read -r acc secs < <(run_hare "$dir" tuned "${words[@]}") || acc=n/a secs=n/a
  echo "$acc $secs $tune_secs"
}

# McNemar's test of hare's run NAME (dir/NAME.pred) against the best other's
# predictions: "hare-right other-right p", or "n/a n/a n/a" when either run failed.
vs_best() {  # dir best-pred name hare-accuracy
  if [[ -n $2 && $4 != n/a && -s $1/$3.pred ]]; then
    paired "$1/test.gold" "$1/$3.pred" "$2" || echo "n/a n/a n/a"
  else
    echo "n/a n/a n/a"
  fi
}

failed() { for v in "$@"; do if [[ $v == n/a ]]; then failures=$((failures + 1)); return; fi; done; }

# ------------------------------------------------------------------- run it
started=$(now)
[[ $have_tune == 1 ]] || say "hare tune: $([[ $TUNE == no ]] && echo "skipped (TUNE=no)" || echo "not in $HARE"); the tuned columns are n/a"
rows=() pairs=()
for entry in "${corpora[@]}"; do
  IFS='|' read -r name kind trainfile testfile <<<"$entry"
  dir=$work/$name
  mkdir -p "$dir"
  [[ -r $DATA/$trainfile ]] || die "cannot read $DATA/$trainfile"
  if [[ -n $testfile ]]; then
    [[ -r $DATA/$testfile ]] || die "cannot read $DATA/$testfile"
    prepare "$dir" "$DATA/$trainfile" "$DATA/$testfile" || die "$name: preparing the data failed"
  else
    prepare "$dir" "$DATA/$trainfile" || die "$name: preparing the data failed"
  fi
  if [[ $LIBLINEAR_FEATURES == hare ]]; then
    templates=(--ngram 2 --bos --affix +4,+6 --keep-case)
    [[ $kind == confusion ]] && templates=(--window 3 --collocations --no-unigrams)
    prepare_hare_features "$dir" "${templates[@]}" || die "$name: hare features failed"
  fi
  classes=$(cat "$dir/classes")
  ntrain=$(wc -l <"$dir/train.tsv" | tr -d ' ')
  ntest=$(wc -l <"$dir/test.tsv" | tr -d ' ')
  # shellcheck disable=SC2206  # the options are words on purpose
  default=($DEFAULT_OPTS) tune_fixed=($TUNE_OPTS)
  if [[ $kind == confusion ]]; then
    # shellcheck disable=SC2206
    default=($CONFUSION_DEFAULT_OPTS) tune_fixed=($CONFUSION_TUNE_OPTS)
  fi

  say "$name ($classes classes, $ntrain train, $ntest test): hare, 1 pass"
  read -r h_acc h_secs < <(run_hare "$dir" onepass "${default[@]}" --passes 1) || h_acc=n/a h_secs=n/a
  failed "$h_acc"
  o_mean=n/a o_min=n/a o_max=n/a
  if ((ORDERS > 0)); then
    say "$name: hare, 1 pass, on $ORDERS shuffled orders of the train file"
    read -r o_mean o_min o_max < <(run_orders "$dir" "${default[@]}") || o_mean=n/a
    failed "$o_mean"
  fi
  t_acc=n/a t_secs=n/a tune_secs=n/a
  if [[ $have_tune == 1 ]]; then
    say "$name: hare tune, then hare train with what it picked"
    read -r t_acc t_secs tune_secs < <(run_tuned "$dir" "${tune_fixed[@]}") ||
      t_acc=n/a t_secs=n/a tune_secs=n/a
    failed "$t_acc"
  fi
  say "$name: LIBLINEAR"
  read -r l_acc l_secs < <(run_liblinear "$dir" "${liblinear_opts[@]}") || l_acc=n/a l_secs=n/a
  failed "$l_acc"
  say "$name: fastText"
  read -r f_acc f_secs < <(run_fasttext "$dir" "${fasttext_opts[@]}") || f_acc=n/a f_secs=n/a
  failed "$f_acc"

  # The better of the two (LIBLINEAR on a tie), and McNemar's test of hare
  # against it on the same test lines.
  best_name=n/a best_acc=n/a best_pred=
  if [[ $l_acc != n/a ]] && { [[ $f_acc == n/a ]] || awk -v l="$l_acc" -v f="$f_acc" 'BEGIN { exit !(l >= f) }'; }; then
    best_name=LIBLINEAR best_acc=$l_acc best_pred=$dir/ll.pred
    awk -F'\t' 'FNR == NR { label[$1] = $2; next } { print label[$1] }' \
      "$dir/labels" "$dir/ll.predictions" >"$best_pred"
  elif [[ $f_acc != n/a ]]; then
    best_name=fastText best_acc=$f_acc best_pred=$dir/ft.pred
    sed 's/^__label__//' "$dir/ft.predictions" >"$best_pred"
  fi
  read -r h_win h_lose h_p < <(vs_best "$dir" "$best_pred" onepass "$h_acc")
  read -r t_win t_lose t_p < <(vs_best "$dir" "$best_pred" tuned "$t_acc")
  pairs+=("| $name | $best_name | $h_win / $h_lose | $h_p | $t_win / $t_lose | $t_p |")

  rows+=("$(awk -v name="$name" -v classes="$classes" -v ntrain="$ntrain" -v ntest="$ntest" \
    -v h="$h_acc" -v hs="$h_secs" -v om="$o_mean" -v olo="$o_min" -v ohi="$o_max" -v t="$t_acc" -v ts="$t_secs" -v tune="$tune_secs" \
    -v l="$l_acc" -v ls="$l_secs" -v f="$f_acc" -v fs="$f_secs" -v best="$best_acc" '
    function na(x) { return x == "n/a" || x == "" }
    function pct(x) { return na(x) ? "n/a" : sprintf("%.2f", x) }
    function sec(x) { return na(x) ? "n/a" : sprintf("%.3f", x) }
    function diff(a, b) { return (na(a) || na(b)) ? "n/a" : sprintf("%+.2f", a - b) }
    BEGIN {
      ratio = (na(fs) || na(hs) || hs + 0 <= 0) ? "n/a" : sprintf("%.1f", fs / hs)
      orders = na(om) ? "n/a" : sprintf("%.2f (%.2f-%.2f)", om, olo, ohi)
      printf "| %s | %s | %s/%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
        name, classes, ntrain, ntest, pct(h), sec(hs), orders, pct(t), sec(ts), sec(tune),
        pct(l), sec(ls), pct(f), sec(fs), pct(best), diff(h, best), diff(t, best), ratio
    }')")
done
finished=$(now)

# ------------------------------------------------------------------- table
cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
{
  echo "# hare vs LIBLINEAR vs fastText on sentences"
  echo
  echo "hare 1 pass: \`hare train $DEFAULT_OPTS --passes 1\` (confusion sets: \`hare train $CONFUSION_DEFAULT_OPTS --passes 1\`);"
  ((ORDERS > 0)) && echo "hare 1 pass, $ORDERS orders: the same command on the train file shuffled $ORDERS ways (mean, min-max);"
  echo "hare tuned: \`hare tune $TUNE_OPTS\` (confusion sets \`hare tune $CONFUSION_TUNE_OPTS\`), then \`hare train\` with the one line it prints;"
  if [[ $LIBLINEAR_FEATURES == hare ]]; then
    echo "LIBLINEAR \`${liblinear_opts[*]}\` on the features of hare's default command (hare features); fastText \`${fasttext_opts[*]}\`."
  else
    echo "LIBLINEAR \`${liblinear_opts[*]}\` on lower-cased unigrams+bigrams; fastText \`${fasttext_opts[*]}\`."
  fi
  echo "Accuracy in % of the test part; times are wall seconds of training alone; differences in points."
  echo
  echo "| corpus | classes | train/test | hare 1 pass % | time s | 1 pass, $ORDERS orders % | hare tuned % | time s | tune s | LIBLINEAR % | time s | fastText % | time s | best other % | hare-1pass minus best | tuned minus best | fastText time / hare time |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Paired on the same test lines against the best other (McNemar's exact test): the lines hare gets right and it gets wrong / the other way round, and the two-sided p-value of so uneven a split if both were equally good."
  echo
  echo "| corpus | best other | hare 1 pass right / other right | p | hare tuned right / other right | p |"
  echo "|---|---|---:|---:|---:|---:|"
  printf '%s\n' "${pairs[@]}"
  echo
  echo "Machine: $(nproc 2>/dev/null || echo '?') cores, ${cpu:-unknown CPU}; $(date -u '+%Y-%m-%d %H:%M UTC'); total run $(elapsed "$started" "$finished") s."
}

if ((failures > 0)); then
  say "$failures run(s) failed; see the messages above"
  exit 1
fi
