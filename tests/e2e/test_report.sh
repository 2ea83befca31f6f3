# hare test's evaluation: the --json object agrees with the stderr report and
# with the test set's class counts; --json with -p - is refused.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
data=$HARE_TEST_DATA
"$HARE" train "$data/rt-polarity.train.vw.gz" -f m.model --quiet 2> train.txt
"$HARE" test -i m.model "$data/rt-polarity.test.vw.gz" --quiet --json > report.json 2> test.txt

# One line, one object.
expect_eq "JSON lines" 1 "$(wc -l < report.json)"
grep -q '^{.*}$' report.json || fail "not one JSON object: $(cat report.json)"
expect_eq "braces" "$(tr -cd '{' < report.json | wc -c)" "$(tr -cd '}' < report.json | wc -c)"
expect_eq "brackets" "$(tr -cd '[' < report.json | wc -c)" "$(tr -cd ']' < report.json | wc -c)"

# json_value KEY: the first number after "KEY": in the report.
json_value() { grep -o "\"$1\":[-0-9.e+]*" report.json | head -1 | cut -d: -f2; }

# The JSON's accuracy, to the 6 digits of the stderr line, is that line's.
accuracy=$(grep '^accuracy = ' test.txt | cut -d' ' -f3)
expect_eq "JSON accuracy" "$accuracy" "$(awk -v a="$(json_value accuracy)" 'BEGIN { printf "%.6f", a }')"
expect_eq "JSON examples" 2132 "$(json_value examples)"
grep -q '"auc":0\.[0-9]' report.json || fail "no AUC in $(cat report.json)"
if grep -q '"log_loss"' report.json; then fail "log loss reported without probabilities"; fi

# The confusion matrix counts every test example once; its diagonal is the
# examples right, as the accuracy line counts them.
confusion=$(grep -o '"confusion":\[\[[0-9]*,[0-9]*\],\[[0-9]*,[0-9]*\]\]' report.json |
  tr -c '0-9' ' ')
read -r nn np pn pp <<< "$confusion"
expect_eq "confusion total" 2132 "$((nn + np + pn + pp))"
right=$(grep '^accuracy = ' test.txt | sed 's/.*(\([0-9]*\) of.*/\1/')
expect_eq "confusion diagonal" "$right" "$((nn + pp))"

# Each class's support is its number of examples in the test file.
negatives=$(zcat "$data/rt-polarity.test.vw.gz" | grep -c '^-1 ')
positives=$(zcat "$data/rt-polarity.test.vw.gz" | grep -c '^1 ')
expect_eq "class count" 2132 "$((negatives + positives))"
support() { grep -o "{\"name\":\"$1\",[^}]*\"support\":[0-9]*}" report.json | grep -o '[0-9]*}$' | tr -d '}'; }
expect_eq "support of -1" "$negatives" "$(support -1)"
expect_eq "support of +1" "$positives" "$(support +1)"
expect_eq "row -1" "$negatives" "$((nn + np))"
expect_eq "row +1" "$positives" "$((pn + pp))"

# The text report on stderr has the same numbers.
grep -q "^-1 .* $negatives\$" test.txt || fail "text report row -1: $(cat test.txt)"
grep -q "^+1 .* $positives\$" test.txt || fail "text report row +1"
grep -q "^auc = 0\.[0-9]\{6\}\$" test.txt || fail "text report AUC"

# AUC ranks as the probabilities do: held-out examples whose labels are all
# reversed give Platt's A < 0, every label comes out wrong, and so must every
# pair (before, AUC ranked by the raw score and said 1). A model that knows
# one class has no AUC (a constant score said 0.5).
awk 'BEGIN { for (i = 1; i <= 2000; ++i) { good = int(i / 10) % 2; y = good ? 1 : -1
  if (i % 10 == 0) y = -y; printf "%d |w %s\n", y, good ? "good" : "bad" } }' > flip.vw
printf '1 |w good\n-1 |w bad\n1 |w good\n' > flip-test.vw
"$HARE" train flip.vw -f flip.model --probabilities --quiet 2> train.txt
grep -q "^calibration = sigmoid A -" train.txt || fail "reversed held-out labels: $(cat train.txt)"
"$HARE" test -i flip.model flip-test.vw --json > flip.json 2>/dev/null
grep -q '"accuracy":0,.*"auc":0,' flip.json || fail "reversed calibration: $(cat flip.json)"
printf 'a\tapple\na\tpie\n' > one.tsv
printf 'a\tapple pie\nz\tzebra\n' > one-test.tsv
"$HARE" train --format text --multiclass ova one.tsv -f one.model --quiet 2>/dev/null
"$HARE" test -i one.model one-test.tsv --json > one.json 2> one.txt
grep -q '"auc":null' one.json || fail "one class's AUC: $(cat one.json)"
grep -q "^auc = undefined (the model knows one class)\$" one.txt || fail "one class's AUC: $(cat one.txt)"

# -p writes a line per input line, as predict does: an empty one for a blank
# or bad line, so that predictions line up with the test file.
printf '1 |w good\n1 |w x:nan\n\n-1 |w bad\n' > gaps.vw
"$HARE" test -i m.model gaps.vw -p gaps.txt --quiet 2>/dev/null
"$HARE" predict -i m.model gaps.vw > gaps-predict.txt 2>/dev/null
[ "$(wc -l < gaps.txt)" = 4 ] || fail "test -p of 4 lines: $(cat -A gaps.txt)"
cmp -s gaps.txt gaps-predict.txt || fail "test -p and predict differ: $(cat -A gaps.txt)"
expect_eq "the blank lines" "2 3" "$(awk '$0 == "" { printf "%s%d", s, NR; s = " " }' gaps.txt)"

# Without --json nothing goes to stdout; with -p - it would share stdout: refused.
"$HARE" test -i m.model "$data/rt-polarity.test.vw.gz" --quiet > none.txt 2>/dev/null
expect_eq "stdout without --json" "" "$(cat none.txt)"
expect_code 1 "$HARE" test -i m.model "$data/rt-polarity.test.vw.gz" --json -p - 2> err.txt > /dev/null
grep -q -- "--json and -p - both write to stdout" err.txt || fail "usage message: $(cat err.txt)"
expect_code 1 "$HARE" test -i m.model "$data/rt-polarity.test.vw.gz" --json -p /dev/stdout 2> err.txt > /dev/null
expect_eq "--json -p /dev/stdout" "hare test: --json and -p /dev/stdout both write to stdout; give -p a file
Run 'hare test --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" test -i m.model "$data/rt-polarity.test.vw.gz" --json -p same.out 2> err.txt > same.out
expect_eq "--json -p out > out" "hare test: --json writes to stdout, which goes to same.out, the file -p names; give -p another file
Run 'hare test --help' for the options." "$(cat err.txt)"
# Or the named pipe stdout goes to (its reader would get both, mixed).
mkfifo same.pipe
cat same.pipe > from-pipe.txt &
expect_code 1 timeout 60 "$HARE" test -i m.model "$data/rt-polarity.test.vw.gz" --json -p same.pipe 2> err.txt > same.pipe
wait
expect_eq "--json -p pipe > pipe" "hare test: --json writes to stdout, which goes to same.pipe, the file -p names; give -p another file
Run 'hare test --help' for the options." "$(cat err.txt)"
# Nothing labelled to score (LIBSVM lines for a VW model): exit 2, saying why.
printf '1 1:1 2:1\n-1 3:1\n' > other.svm
expect_code 2 "$HARE" test -i m.model other.svm --quiet 2> err.txt
grep -q "^hare test: no labelled example to score (the model reads --format vw; 2 bad line(s) skipped; unlabelled examples get predictions from hare predict)$" err.txt ||
  fail "nothing labelled: $(cat err.txt)"
# With -p and nothing predicted (every line bad) it exits 2 too.
expect_code 2 "$HARE" test -i m.model other.svm -p other.txt --quiet 2> err.txt
# With -p the predictions are written and it only warns.
printf '| a b\n| c\n' > unlabelled.vw
expect_code 0 "$HARE" test -i m.model unlabelled.vw -p unlabelled.txt --quiet 2> err.txt
expect_eq "predictions of unlabelled lines" 2 "$(grep -c . unlabelled.txt)"
grep -q "^hare test: warning: no labelled example to score (the model reads --format vw; unlabelled examples get predictions from hare predict)$" err.txt ||
  fail "nothing labelled with -p: $(cat err.txt)"
grep -q "^accuracy" err.txt && fail "an accuracy of nothing: $(cat err.txt)"
cat report.json
