# hare tune: a search that ends in options hare train takes, the same for
# any thread count, never worse on its holdout than where it started.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
data=$HARE_TEST_DATA
zcat "$data/trec.train.tsv.gz" | awk 'NR <= 2000' > trec.tsv

"$HARE" tune --format text --multiclass ova -b 18 --max-passes 5 --threads 1 trec.tsv > best1.txt 2> log1.txt
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 5 --threads 2 trec.tsv > best2.txt 2> log2.txt
expect_eq "lines on stdout" 1 "$(wc -l < best1.txt)"
cmp -s best1.txt best2.txt || fail "the thread count changed the result: $(cat best1.txt best2.txt)"
cmp -s log1.txt log2.txt || fail "the thread count changed the trials"
# So under a limit of the address space that holds one candidate's table of
# 2 floats a slot at -b 26 (512 MiB) with room to spare but not two, and
# not one of 4 (1 GiB) at all: candidates that do not fit together run one
# at a time (not under AddressSanitizer, which needs far more address space
# than this limit leaves). Near a table's own limit, the threads' stacks and
# allocator arenas can still tell 2 threads from 1: not tested there.
"$HARE" gen -n 600 --seed 1 > g600.vw 2>/dev/null
# With one pass (--max-passes 1, or Naive Bayes) --shuffle changes nothing
# and is not tried (the SVM's rule brings its own).
"$HARE" tune --max-passes 1 g600.vw > /dev/null 2> one.log
expect_eq "--shuffle tried with one pass" 0 "$(grep -v -e '--rule svm' one.log | grep -c -e '--shuffle' || true)"
"$HARE" tune --rule nb --max-passes 3 g600.vw > /dev/null 2> nb.log
expect_eq "--shuffle tried with nb" 0 "$(grep -e '--rule nb' nb.log | grep -c -e '--shuffle' || true)"
if [[ $(ldd "$HARE") != *libasan* ]]; then
  for threads in 1 2; do
    (ulimit -v 1000000 && "$HARE" tune -b 26 --max-passes 1 --threads $threads g600.vw) \
      > mem$threads.txt 2> memlog$threads.txt || fail "tune under ulimit -v: $(tail -2 memlog$threads.txt)"
  done
  grep -q "out of memory" memlog1.txt || fail "no candidate ran out of memory under the limit"
  cmp -s memlog1.txt memlog2.txt || fail "under ulimit -v the thread count changed the trials: $(diff memlog1.txt memlog2.txt)"
fi
# Flags tune sets itself are dropped, not refused as one pass of train would,
# and each is said to be unused.
head -200 trec.tsv > small.tsv
"$HARE" tune --format text --multiclass ova --max-passes 1 --early-stop 2 --holdout-period 5 \
  --passes 5 -c small.cache small.tsv > /dev/null 2> err.txt ||
  fail "tune refused flags it sets itself: $(tail -2 err.txt)"
expect_eq "unused flags" "hare tune: --early-stop 2 is not used: tune stops each candidate after 3 passes without progress
hare tune: --holdout-period 5 is not used: tune holds out every 5th example (or --folds K)
hare tune: --passes 5 is not used: tune picks the passes (up to --max-passes)
hare tune: -c small.cache is not used: tune's candidates each cache their passes in a file of their own" \
  "$(grep ' is not used: ' err.txt)"
[[ ! -e small.cache ]] || fail "-c small.cache was written"
# The best line's command runs as it is printed, the file's name and a
# --label a shell would read otherwise quoted.
sed 's/^/#/' small.tsv > "my data.txt"
"$HARE" tune --format fasttext --label '#' --multiclass ova --max-passes 1 "my data.txt" \
  > /dev/null 2> err.txt || fail "tune on 'my data.txt': $(tail -2 err.txt)"
command=$(sed -n 's/^best: .* with: //p' err.txt)
[[ $command == *" --label '#' "*" 'my data.txt'" ]] || fail "best line: $command"
eval "\"\$HARE\"${command#hare} -f quoted.model --quiet" 2> err.txt || fail "the best line did not run: $(cat err.txt)"
[[ -s quoted.model ]] || fail "the best line wrote no model"
grep -q -E -- '--passes (1|[2-5] --holdout-off)$' best1.txt || fail "no pass count: $(cat best1.txt)"
# No options are trained twice (round 2 meets round 1's rules again).
repeated=$(awk '$1 != "best:"' log1.txt | sed -E 's/^ *[-0-9.]+ +[-0-9]+ +//' | sort | uniq -d)
[[ -z $repeated ]] || fail "trained twice: $repeated"
# The first trial is the starting point; the best is at least as good.
start=$(sed -n 2p log1.txt | awk '{ print $1 }')
best=$(grep '^best: held-out accuracy ' log1.txt | cut -d' ' -f4)
awk -v s="$start" -v b="$best" 'BEGIN { exit !(b >= s) }' || fail "best $best < start $start"
# With it, the binomial standard error on the 400 held out (every 5th of
# 2000), and how many other candidates scored within it of the best.
read -r se held < <(sed -nE 's/^best: .* \(standard error ([0-9.]+), ([0-9]+) examples held out\) with: .*/\1 \2/p' log1.txt)
expect_eq "held out" 400 "$held"
awk -v b="$best" -v se="$se" 'BEGIN { p = (b * 400 + 2) / 404; d = sqrt(p * (1 - p) / 404) - se; exit !(d < 6e-5 && d > -6e-5) }' ||
  fail "standard error $se of $best on 400"
floor=$(awk -v b="$best" -v se="$se" 'BEGIN { printf "%.4f", b - se }')
close=$(awk -v t="$floor" 'NR > 1 && $1 != "best:" && $1 != "hare" && $1 != "-" && $1 >= t' log1.txt | wc -l)
if ((close > 1)); then
  if ((close == 2)); then what="1 other candidate scored"; else what="$((close - 1)) other candidates scored"; fi
  grep -qxF "hare tune: $what within one standard error of the best ($floor or more); --folds K scores every example, K times the work" log1.txt ||
    fail "no count of the close candidates ($((close - 1))): $(tail -2 log1.txt)"
else
  ! grep -q "within one standard error" log1.txt || fail "close candidates counted: $(tail -2 log1.txt)"
fi
# On 5 examples (one held out) the standard error is wider than the best
# accuracy; the floor it prints is an accuracy, not below 0.
head -5 trec.tsv > five.tsv
"$HARE" tune --format text --multiclass ova --max-passes 1 five.tsv > /dev/null 2> five.log ||
  fail "tune on 5 examples: $(tail -2 five.log)"
grep -q 'within one standard error of the best (0\.0000 or more)' five.log ||
  fail "floor on 5 examples: $(grep 'within one standard error' five.log)"
# A switch not given is tried on; one given is tried off.
grep -q -E -- '^ +[0-9.]+ +[0-9]+ .*--unit-norm' log1.txt || fail "--unit-norm not tried: $(cat log1.txt)"
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 2 --unit-norm --average trec.tsv \
  > given.txt 2> given.log
sed -n 2p given.log | grep -q -- '--unit-norm --average$' || fail "start: $(sed -n 2p given.log)"
for off in --unit-norm --average; do
  awk -v f="$off" 'NR > 2 && $1 != "best:" && $1 != "hare" && index($0, f) == 0' given.log | grep . > /dev/null ||
    fail "$off not tried off: $(cat given.log)"
done
# --uneven-margin is tried on for the rules with a margin, and off when
# given; sgd and nb, which have none, are tried without it. Which rule is
# current when its dimension comes depends on the trials, so the checks go by
# the rule tune ended with (tests/tune_space_test.cc checks the values).
# A pipe ends in grep without -q: under pipefail, grep -q leaving at its
# first match would fail a writer that had more to write (SIGPIPE).
has_margin() { ! grep -q -E -- '--rule (sgd|nb)' "$1"; }
trials() { awk 'NR > 1 && $1 != "best:" && $1 != "hare"' "$1"; }
if has_margin best1.txt; then
  trials log1.txt | grep -- '--uneven-margin 2' > /dev/null || fail "--uneven-margin not tried: $(cat log1.txt)"
fi
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 2 --rule arow --uneven-margin 3 trec.tsv \
  > uneven.txt 2> uneven.log
grep -q -E -- '^ +[0-9.]+ +[0-9]+ .*--rule sgd' uneven.log || fail "sgd not tried: $(cat uneven.log)"
grep -q -E -- '^ +[0-9.]+ +[0-9]+ .*--rule nb' uneven.log || fail "nb not tried: $(cat uneven.log)"
if trials uneven.log | grep -E -- '--rule (sgd|nb)' | grep -- '--uneven-margin' > /dev/null; then
  fail "sgd or nb with --uneven-margin: $(cat uneven.log)"
fi
if has_margin uneven.txt; then
  trials uneven.log | grep -v -E -- '--rule (sgd|nb)' | grep -v -- '--uneven-margin' > /dev/null ||
    fail "--uneven-margin not tried off: $(cat uneven.log)"
fi
# What it prints, hare train takes as it is.
# shellcheck disable=SC2046
"$HARE" train --quiet $(cat best1.txt) trec.tsv -f tuned.model 2>/dev/null || fail "train refused $(cat best1.txt)"

# A candidate's score is its model's: every row's options (but --shuffle's,
# which learn the other examples in another order when the held-out lines
# are not in the file), trained for its passes on the lines not held out
# (every 5th is), get its accuracy on the held-out lines. Binary labels, so
# that no class is numbered otherwise without the held-out lines.
zcat "$data/rt-polarity.train.vw.gz" | awk 'NR <= 1500' > rt.vw
awk 'NR % 5 != 0' rt.vw > rt.train.vw
awk 'NR % 5 == 0' rt.vw > rt.held.vw
"$HARE" tune --max-passes 4 --threads 2 rt.vw > /dev/null 2> rt.log
checked=0
while read -r score passes options; do
  [[ $options == *--shuffle* ]] && continue
  more=""
  ((passes > 1)) && more="--passes $passes --holdout-off"
  # shellcheck disable=SC2086
  "$HARE" train --quiet $options $more rt.train.vw -f row.model 2>/dev/null ||
    fail "train refused the row $options"
  right=$("$HARE" test -i row.model rt.held.vw --quiet 2>&1 | sed -n 's/^accuracy = \([0-9.]*\) .*/\1/p')
  expect_eq "$options, $passes passes: the held-out accuracy" "$score" \
    "$(awk -v a="$right" 'BEGIN { printf "%.4f", a }')"
  checked=$((checked + 1))
done < <(awk 'NR > 1 && $1 != "best:" && $1 != "hare" && $1 != "-"' rt.log)
((checked >= 10)) || fail "only $checked rows checked: $(cat rt.log)"
# The same with --folds 3, every example held out once (n % 3 == k for
# fold k's offset): each fold stops early on its own, and a row's passes are
# ones every fold ran, so its score is that many passes on each fold.
# (On these 600 generated examples the folds stop at different passes.)
"$HARE" gen -n 600 --seed 1 > g.vw
"$HARE" tune --max-passes 10 --folds 3 --threads 2 --rule sgd --loss logistic g.vw > /dev/null 2> folds.log
checked=0
while read -r score passes options; do
  [[ $options == *--shuffle* ]] && continue
  more=""
  ((passes > 1)) && more="--passes $passes --holdout-off"
  right=0
  for k in 0 1 2; do
    awk -v k=$k 'NR % 3 != k' g.vw > fold.train.vw
    awk -v k=$k 'NR % 3 == k' g.vw > fold.held.vw
    # shellcheck disable=SC2086
    "$HARE" train --quiet $options $more fold.train.vw -f fold.model 2>/dev/null ||
      fail "train refused the row $options"
    got=$("$HARE" test -i fold.model fold.held.vw --quiet 2>&1 | sed -n 's/^accuracy = [0-9.]* (\([0-9]*\) of .*/\1/p')
    right=$((right + got))
  done
  expect_eq "--folds 3: $options, $passes passes" "$score" "$(awk -v r=$right 'BEGIN { printf "%.4f", r / 600 }')"
  checked=$((checked + 1))
done < <(awk 'NR > 1 && $1 != "best:" && $1 != "hare" && $1 != "-"' folds.log)
((checked >= 10)) || fail "only $checked --folds rows checked: $(cat folds.log)"
expect_code 1 "$HARE" tune --folds 1 rt.vw 2> err.txt
expect_eq "--folds 1" "hare tune: --folds must be 2 to 100 (without it, every 5th example is held out, once)" "$(head -1 err.txt)"
# A file whose name starts with '-' is ./-name in the line, and -f trains it.
cp small.tsv ./-dash.tsv
"$HARE" tune --format text --multiclass ova --max-passes 1 -f dash.model -- -dash.tsv > /dev/null 2> err.txt ||
  fail "tune -f on -dash.tsv: $(tail -2 err.txt)"
grep -q -- " ./-dash.tsv$" err.txt || fail "the line names -dash.tsv so: $(grep '^best' err.txt)"
[[ -s dash.model ]] || fail "no model from tune -f on -dash.tsv"

# A given flag the search changes is named once, with its new value: Naive
# Bayes is far behind on 6 classes of questions, so the rule changes.
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 3 --rule nb trec.tsv \
  > changed.txt 2>/dev/null
expect_eq "--rule in '$(cat changed.txt)'" 1 "$(grep -o -- '--rule ' changed.txt | wc -l)"
grep -q -- '--rule nb' changed.txt && fail "the rule did not change: $(cat changed.txt)"

# A rule tried starts from its own defaults: the given rule's options
# (--adagrad, --learning-rate) are not passed to it, so no trial is refused.
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 3 --rule sgd --loss logistic \
  --adagrad --learning-rate 0.5 trec.tsv > sgd.txt 2> sgd.log
grep -q -- '--rule winnow' sgd.log || fail "Winnow not tried: $(cat sgd.log)"
if grep -E -q '^ +- +- ' sgd.log; then fail "refused trials: $(grep -E '^ +- +- ' sgd.log)"; fi
# shellcheck disable=SC2046
"$HARE" train --quiet $(cat sgd.txt) trec.tsv -f sgd.model 2>/dev/null || fail "train refused $(cat sgd.txt)"

# With --probabilities the line keeps train's holdout, which the fit needs.
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 3 --probabilities trec.tsv \
  > prob.txt 2>/dev/null
grep -q -- '--probabilities$' prob.txt || fail "probabilities: $(cat prob.txt)"
# shellcheck disable=SC2046
"$HARE" train --quiet $(cat prob.txt) trec.tsv -f prob.model 2>/dev/null || fail "train refused $(cat prob.txt)"
# A given --holdout-period then says what the fit takes: it is kept, not
# said to be unused.
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 2 --probabilities \
  --holdout-period 4 small.tsv > prob4.txt 2> prob4.log
grep -q -- '--probabilities --holdout-period 4$' prob4.txt || fail "probabilities' period: $(cat prob4.txt)"
if grep -q "is not used" prob4.log; then fail "--holdout-period said unused: $(cat prob4.log)"; fi

# The confusion-set templates join the search when a window is given.
"$HARE" tune --format text --multiclass ova --window 3 --max-passes 3 --folds 3 "$data/weather-whether.tsv" \
  > conf.txt 2> conf.log
grep -q -- '--no-unigrams' conf.log || fail "no template search: $(cat conf.log)"

# With -f it also trains the line it prints and writes the model: the same
# model, bit for bit, as hare train with that line.
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 3 trec.tsv -f tuned.model --quiet \
  > line.txt 2>/dev/null || fail "tune -f failed"
# shellcheck disable=SC2046
"$HARE" train --quiet $(cat line.txt) trec.tsv -f line.model 2>/dev/null
cmp -s tuned.model line.model || fail "tune -f model differs from train $(cat line.txt)"

# A model path it cannot write fails before the search, not after it.
mkdir -p adir
expect_code 2 "$HARE" tune --format text --multiclass ova trec.tsv -f adir 2> adir.txt
grep -q "^hare tune: cannot write model adir: it is a directory$" adir.txt || fail "$(cat adir.txt)"
if grep -q "accuracy passes" adir.txt; then fail "searched before checking -f"; fi
# Nor is stdout, where tune prints its line, the model's (-f /dev/stdout), or
# an input, which the -f model's training reads again after the search.
expect_code 1 "$HARE" tune --format text --multiclass ova trec.tsv -f /dev/stdout > so.bin 2> so.txt
grep -qxF "hare tune: -f /dev/stdout writes to stdout, where tune prints its line: the model would be mixed with it (name a file)" \
  so.txt || fail "-f /dev/stdout: $(cat so.txt)"
# By any name of its descriptor's file (3>&1).
expect_code 1 "$HARE" tune --format text --multiclass ova trec.tsv -f /dev/fd/3 > so.bin 3>&1 2> so.txt
grep -qxF "hare tune: -f /dev/fd/3 writes to stdout, where tune prints its line: the model would be mixed with it (name a file)" \
  so.txt || fail "-f /dev/fd/3: $(cat so.txt)"
cp trec.tsv appended.tsv
expect_code 2 "$HARE" tune --format text --multiclass ova appended.tsv -f appended.model >> appended.tsv 2> app.txt
grep -qxF "hare tune: stdout goes to the input appended.tsv: what hare writes there would be read back as examples or write over them" \
  app.txt || fail "stdout into an input: $(cat app.txt)"
cmp -s trec.tsv appended.tsv || fail "tune wrote into its input"

# Too few examples for a holdout: an error, not a perfect score.
printf '1 | a\n-1 | a\n1 | a\n-1 | a\n' > four.vw
expect_code 2 "$HARE" tune four.vw 2> four.txt
grep -qxF "hare tune: no labelled example held out (1 in 5): too few examples to score options on (4 examples, fewer than the 5 it takes to hold one out)" four.txt ||
  fail "four examples: $(cat four.txt)"
# More folds than examples: the first fold that holds none out says so (the
# first fold holds out every 5th example from the 5th).
expect_code 2 "$HARE" tune four.vw --folds 5 2> four-folds.txt
grep -qxF "hare tune: no labelled example held out in fold 1 of 5: too few examples to score options on (4 examples, fewer than the 5 folds)" four-folds.txt ||
  fail "four examples, 5 folds: $(cat four-folds.txt)"
# Lines that are all bad: the starting point reports them, as train would,
# then the error says why nothing was held out; --strict stops at the first.
printf 'pos\thello world\nneg\tbad day\n' > names.tsv
expect_code 2 "$HARE" tune --format text names.tsv 2> names.txt
expect_eq "all bad lines" "names.tsv:1:1: bad label 'pos': not a number (labels that are names are for models trained with --multiclass); line skipped
names.tsv:2:1: bad label 'neg': not a number (labels that are names are for models trained with --multiclass); line skipped
hare tune: no labelled example held out (1 in 5): too few examples to score options on (2 bad lines skipped, no labelled example left: see the messages above)" \
  "$(cat names.txt)"
# One labelled line among bad ones, over tune's 20 passes: still too few.
printf '1 | a\nx | a\ny | b\n' > one.vw
expect_code 2 "$HARE" tune one.vw 2> one.txt
grep -qxF "hare tune: no labelled example held out (1 in 5): too few examples to score options on (2 bad lines skipped, too few labelled left: see the messages above)" one.txt ||
  fail "one labelled: $(cat one.txt)"
expect_code 2 "$HARE" tune --format text --strict names.tsv 2> strict.txt
expect_eq "--strict" "hare tune: names.tsv:1:1: bad label 'pos': not a number (labels that are names are for models trained with --multiclass) (stopped by --strict)" "$(cat strict.txt)"
printf '| a\n| b\n| c\n| d\n| e\n| f\n' > unlabelled.vw
expect_code 2 "$HARE" tune unlabelled.vw 2> unlabelled.txt
grep -qxF "hare tune: no labelled example held out (1 in 5): too few examples to score options on (none of the examples has a label)" unlabelled.txt ||
  fail "unlabelled: $(cat unlabelled.txt)"

# --max-passes 1 searches for one pass: a candidate's score is then that of
# the model one pass makes of 4 examples in 5, on the 5th (every 5th line;
# train holds them out of one pass for --probabilities, numbering the
# classes, and so breaking ties, in the same order).
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 1 trec.tsv > one.txt 2> one.log ||
  fail "--max-passes 1: $(cat one.log)"
grep -q -- ' --passes 1$' one.txt || fail "--max-passes 1 line: $(cat one.txt)"
# A line of one pass leaves a given --shuffle out: it orders later passes.
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 1 --shuffle small.tsv > shuffle.txt 2> shuffle.log ||
  fail "--max-passes 1 --shuffle: $(cat shuffle.log)"
grep -q -- '--shuffle' shuffle.txt && fail "a one-pass line with --shuffle: $(cat shuffle.txt)"
grep -q -- ' --passes 1$' shuffle.txt || fail "--max-passes 1 --shuffle line: $(cat shuffle.txt)"
awk 'NR % 5 == 0' trec.tsv > fifth.tsv
"$HARE" train --quiet --format text --multiclass ova -b 18 --probabilities --holdout-period 5 \
  trec.tsv -f four5.model 2>/dev/null
right=$("$HARE" test -i four5.model fifth.tsv 2>&1 | sed -n -E 's/^accuracy = [0-9.]+ \(([0-9]+) of .*/\1/p')
expect_eq "first --max-passes 1 trial" "$(awk -v r="$right" 'BEGIN { printf "%.4f 1", r / 400 }')" \
  "$(sed -n 2p one.log | awk '{ print $1, $2 }')"

# Folds are scored on all their held-out examples together. With 2 folds of
# 3 examples (the Perceptron, one pass): fold 1 holds out example 2 and,
# trained on 1 and 3 (w_x = 1, then w_y = -1 and the bias 1 - 1 = 0), gets it
# right (score 1); fold 2 holds out 1 and 3 and, trained on 2 (w_x = 1, bias
# 1), gets 1 right (score 2) and 3 wrong (score 1): 2 of 3, not the mean of
# the folds' accuracies, (1 + 1/2) / 2 = 0.75.
printf '1 |a x\n1 |a x\n-1 |a y\n' > three.vw
"$HARE" tune three.vw --rule perceptron --max-passes 1 --folds 2 > /dev/null 2> three.log
expect_eq "the first trial on 2 unequal folds" "0.6667 1" "$(sed -n 2p three.log | awk '{ print $1, $2 }')"

# It reads its files many times: not stdin.
expect_code 1 "$HARE" tune --format text < trec.tsv 2> stdin.txt
grep -q "give files, not stdin" stdin.txt || fail "$(cat stdin.txt)"
# Nor a named pipe, which would wait for a second writer after the first
# candidate (refused before it is opened: no writer is needed here).
mkfifo pipe.vw
expect_code 1 "$HARE" tune pipe.vw 2> pipe.txt
expect_eq "a pipe" "hare tune: tune reads its FILEs many times: pipe.vw is not a regular file (a pipe or a device may not give the same lines twice)" "$(head -1 pipe.txt)"
# A value that starts with '-' given as --flag=VALUE stays one word in the
# candidates' command lines and the line printed.
for i in $(seq 10); do printf '1 |-x a |y c\n-1 |-x b |y d\n'; done > dash.vw
"$HARE" tune dash.vw --quadratic=-y --max-passes 2 > dash.txt 2> dash.err || fail "--quadratic=-y: $(cat dash.err)"
grep -q -- "^--quadratic=-y " dash.txt || fail "--quadratic=-y line: $(cat dash.txt)"
# The same for a short flag, attached ("-q-y"), and namespace letters the
# shell would glob print as \xHH, so the unquoted $(...) takes them as they are
# (a file "yz" here would match a bare y?).
"$HARE" tune dash.vw -q-y --max-passes 2 > attached.txt 2> attached.err ||
  fail "-q-y: $(cat attached.err)"
grep -q -- "^-q-y " attached.txt || fail "-q-y line: $(cat attached.txt)"
: > yz
"$HARE" tune dash.vw -q 'y?' --max-passes 2 > glob.txt 2> glob.err || fail "-q 'y?': $(cat glob.err)"
grep -qF -- '-q y\x3f ' glob.txt || fail "-q 'y?' line: $(cat glob.txt)"
# shellcheck disable=SC2046
"$HARE" train --quiet $(cat glob.txt) dash.vw -f glob.model 2>/dev/null || fail "train refused $(cat glob.txt)"
# --ngram's and --skips' letter too: the default namespace's ' ' as \x20, a
# '*' as \x2a; the line trains the same features as the flags given.
for i in $(seq 10); do printf '1 | a b c |y d e f\n-1 | g h i |y j k l\n'; done > gram.vw
"$HARE" tune gram.vw --ngram ' 2' --ngram '*2' --skips '*1' --max-passes 2 > gram.txt 2> gram.err ||
  fail "--ngram ' 2': $(cat gram.err)"
grep -qF -- '--ngram \x202 --ngram \x2a2 --skips \x2a1 ' gram.txt || fail "--ngram ' 2' line: $(cat gram.txt)"
"$HARE" train gram.vw --ngram ' 2' --ngram '*2' --skips '*1' 2> given.err
# shellcheck disable=SC2046
"$HARE" train gram.vw $(cat gram.txt) 2> printed.err
expect_eq "--ngram ' 2' features" "$(grep 'total features' given.err)" \
  "$(grep 'total features' printed.err)"
# A '-' letter prints escaped too (--ngram=-2 would be a negative N).
for i in $(seq 10); do printf '1 |-a x y z\n-1 |-a y x w\n'; done > dash-gram.vw
"$HARE" tune dash-gram.vw --ngram '\x2d2' --max-passes 1 > dash-gram.txt 2> dash-gram.err ||
  fail "--ngram '\x2d2': $(cat dash-gram.err)"
grep -qF -- '--ngram \x2d2 ' dash-gram.txt || fail "--ngram '\x2d2' line: $(cat dash-gram.txt)"
# A --label has no escape: tune says so.
for i in $(seq 10); do printf '*a x y\n*b z w\n'; done > star.txt
"$HARE" tune star.txt --format fasttext --multiclass ova --label '*' --max-passes 1 > star.out 2> star.err
expect_eq "--label '*' warning" "hare tune: warning: '*' holds characters a shell expands in an unquoted \$(hare tune ...) when a file name matches: give tune -f MODEL to train the line, or quote it in a copy" \
  "$(grep warning star.err)"

# A rule that cannot take the given options is tried with what it can: after
# crammer-singer the one-vs-all rules with --multiclass ova; nb without a
# given --average. No trial is refused.
head -300 trec.tsv > cs.tsv
"$HARE" tune --format text --multiclass crammer-singer -b 18 --max-passes 2 cs.tsv > cs.txt 2> cs.log
grep -q -E -- '^ +[0-9.]+ +[0-9]+ .*--rule arow --multiclass ova$' cs.log || fail "no one-vs-all AROW: $(cat cs.log)"
if grep -E -q '^ +- +- ' cs.log; then fail "refused trials: $(grep -E '^ +- +- ' cs.log)"; fi
"$HARE" tune --format text --multiclass ova -b 18 --max-passes 2 --average cs.tsv > avg.txt 2> avg.log
grep -q -E -- '^ +[0-9.]+ +1 .*--rule nb$' avg.log || fail "nb not scored: $(cat avg.log)"
if grep -E -q '^ +- +- ' avg.log; then fail "refused trials: $(grep -E '^ +- +- ' avg.log)"; fi

# A combination train would refuse is not tried: on questions every rule
# gets right, the given rule stays (ties keep it), and --average is not
# tried with nb or with a given --l2.
for i in $(seq 50); do printf 'A\taa w%d\nB\tbb w%d\n' "$i" "$i"; done > easy.tsv
for given in "--rule nb" "--rule sgd --l2 0.001"; do
  # shellcheck disable=SC2086
  "$HARE" tune --format text --multiclass ova --max-passes 2 $given easy.tsv > easy.txt 2> easy.log
  if grep -E -q '^ +- +- ' easy.log; then fail "refused trials: $(grep -E '^ +- +- ' easy.log)"; fi
  grep -q -- "$given" easy.txt || fail "the rule changed on ties: $(cat easy.txt)"
done

# Labels only where nothing is held out: the error says so.
for i in $(seq 4); do printf '1 | a
-1 | b
1 | a
-1 | b
| c
'; done > unheld.vw
expect_code 2 "$HARE" tune unheld.vw 2> unheld.txt
expect_eq "labels not held out" "hare tune: no labelled example held out (1 in 5): too few examples to score options on (16 examples have a label, but none of those held out)" "$(cat unheld.txt)"
# Every held-out example of one class: the search says it can only favour
# predicting that class (on a holdout, or on folds of data of one class).
# Examples of both classes held out: no warning.
for i in $(seq 20); do
  if [ $((i % 5)) = 0 ]; then printf 'neg\tbad\n'; else printf 'pos\tgood w%d\n' "$i"; fi
done > oneheld.tsv
for i in $(seq 20); do printf 'pos\tgood w%d\n' "$i"; done > onlypos.tsv
for run in "oneheld.tsv neg" "--folds 3 onlypos.tsv pos"; do
  # shellcheck disable=SC2086
  "$HARE" tune --format text --multiclass ova --max-passes 2 ${run% *} > /dev/null 2> oneheld.log
  expect_eq "one held-out class: ${run% *}" "hare tune: warning: every held-out example has the label '${run##* }': the search favours the options that always predict it" "$(head -1 oneheld.log)"
done
printf 'neg\tbad\n' >> onlypos.tsv
"$HARE" tune --format text --multiclass ova --max-passes 2 --folds 3 onlypos.tsv > /dev/null 2> onlypos.log
expect_eq "folds holding out both classes" "accuracy passes  hare train options" "$(head -1 onlypos.log)"
if grep -q warning easy.log; then fail "a warning on two held-out classes: $(cat easy.log)"; fi
echo "tuned: $(cat best1.txt) ($best, from $start)"
