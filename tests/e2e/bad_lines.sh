# Every kind of bad line gets a message with file, line, column and the
# offending text; it is skipped and counted; --strict stops at the first with
# exit code 2; an existing model is never damaged.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
printf '%s\n' \
  '1 | a b c' \
  'x | a' \
  '2 | a' \
  '1 | a:nan' \
  '1 | a:inf' \
  '1 | a:1e39' \
  '1 | a : b' \
  '1 | :5' \
  '1 | a:' \
  '1 |ns:zz a' \
  '1 -2 | a' \
  '1 1 0 7 | a' \
  '-1 | d e' \
  '1 | a:1x' > bad.vw
"$HARE" train bad.vw -f bad.model --quiet 2> err.txt
cat > want.txt <<'WANT'
bad.vw:2:1: bad label 'x': not a number (labels that are names are for models trained with --multiclass); line skipped
bad.vw:3:1: label '2' is outside the expected set: binary labels are -1 and +1 (0 means -1; class numbers are for models trained with --multiclass ova); line skipped
bad.vw:4:7: bad feature value 'nan' in 'a:nan': not a finite number; line skipped
bad.vw:5:7: bad feature value 'inf' in 'a:inf': not a finite number; line skipped
bad.vw:6:7: bad feature value '1e39' in 'a:1e39': too large for a float; line skipped
bad.vw:7:7: bare ':' where a feature was expected; line skipped
bad.vw:8:5: feature ':5' has no name before ':'; line skipped
bad.vw:9:5: feature 'a:' has no value after ':'; line skipped
bad.vw:10:7: bad namespace scale 'zz' in 'ns:zz': not a number; line skipped
bad.vw:11:3: importance weight '-2' is negative; line skipped
bad.vw:12:7: unexpected '7' before the first '|' (expected: label [importance [initial]] ['tag]); line skipped
bad.vw:14:7: bad feature value '1x' in 'a:1x': not a number; line skipped
WANT
grep -v -e '^$' -e ' = ' -e '^finished run' -e '^final model' -e 'skipped 12' -e 'warning: more lines' err.txt > got.txt
diff want.txt got.txt || fail "messages differ"
# More bad lines than good ones: the options may not fit the file.
# Every pass reads the same lines, the bad ones counted once: so with 3
# passes too.
"$HARE" train bad.vw --passes 3 --quiet 2> passes.txt
expect_eq "most lines bad, 3 passes" 1 "$(grep -c 'more lines were bad (12) than read as examples (2)' passes.txt)"
expect_eq "most lines bad" "hare train: warning: more lines were bad (12) than read as examples (2): are --format and --multiclass right for the file? (if the labels are class names, such as 'spam', or class numbers, such as VW's --oaa 1 to K, they need --multiclass ova; fastText's __label__ lines, --format fasttext)" "$(tail -1 err.txt)"
expect_eq "lines skipped" 12 "$(summary_value 'lines skipped' err.txt)"
expect_eq "examples" 2 "$(summary_value 'number of examples' err.txt)"
grep -q "hare train: skipped 12 malformed line(s); use --strict to stop at the first" err.txt ||
  fail "no closing count of skipped lines"

# predict and audit, which print no summary, close with the count too.
"$HARE" predict -i bad.model bad.vw > /dev/null 2> err.txt
expect_eq "predict's count" "hare predict: skipped 12 malformed line(s); use --strict to stop at the first" "$(tail -1 err.txt)"
"$HARE" audit -i bad.model bad.vw > /dev/null 2> err.txt
expect_eq "audit's count" "hare audit: skipped 12 malformed line(s); use --strict to stop at the first" \
  "$(tail -1 err.txt)"

# LIBSVM and text lines.
printf '1 3:1 7:0.5\n+1 3:x\n-1 3\n0 :\n1 a:1\n1 qid:3 4:1 # comment\n' > bad.svm
"$HARE" train --format libsvm bad.svm --quiet 2> err.txt
grep -v -e '^$' -e ' = ' -e '^finished run' -e 'skipped 4' -e 'warning: more lines' -e 'warning: every labelled' err.txt > got.txt
cat > want.txt <<'WANT'
bad.svm:2:6: bad feature value 'x' in '3:x': not a number; line skipped
bad.svm:3:4: feature '3' has no ':value' (LIBSVM features are index:value); line skipped
bad.svm:4:3: bare ':' where index:value was expected; line skipped
bad.svm:5:3: bad index 'a' in 'a:1': not a non-negative integer; line skipped
WANT
diff want.txt got.txt || fail "LIBSVM messages differ"
# Its two good lines are both +1: a model of one label.
grep -qx "hare train: warning: every labelled example is of the class +1: the model has seen no example of the other class" err.txt ||
  fail "one label: $(cat err.txt)"
printf 'pos\tgood film\n1\tgood film\n' > bad.txt
"$HARE" train --format text bad.txt --quiet 2> err.txt
grep -q "^bad.txt:1:1: bad label 'pos': not a number (labels that are names are for models trained with --multiclass); line skipped$" err.txt || fail "text label"

# --strict: exit 2 at the first bad line, naming it, and the old model stays.
"$HARE" gen -n 100 > good.vw
"$HARE" train good.vw -f keep.model --quiet 2> quiet.txt
# --quiet: no table, so the summary opens the output, with no blank line.
[ "$(head -1 quiet.txt)" == "finished run" ] || fail "quiet output starts: $(head -2 quiet.txt)"
"$HARE" test -i keep.model good.vw --quiet 2> quiet.txt
[ "$(head -1 quiet.txt)" == "finished run" ] || fail "quiet test output starts: $(head -2 quiet.txt)"
cp keep.model keep.before
expect_code 2 "$HARE" train bad.vw -f keep.model --strict --quiet 2> err.txt
grep -q "^hare train: bad.vw:2:1: bad label 'x': not a number (labels that are names are for models trained with --multiclass) (stopped by --strict)$" err.txt ||
  fail "strict message: $(cat err.txt)"
cmp -s keep.model keep.before || fail "--strict failure changed the existing model"
ls keep.model.tmp.* 2>/dev/null && fail "a temporary model file was left behind"

# --strict answers every line before the first bad one (an empty line for a
# blank one), however the lines fall into batches: 50 examples, or one long
# line, in the bad line's batch.
head -50 good.vw > strict.vw
printf '\n\n' >> strict.vw
echo 'bad | a' >> strict.vw
head -3 good.vw >> strict.vw
expect_code 2 "$HARE" predict -i keep.model --strict strict.vw > p.txt 2> err.txt
expect_eq "predict --strict's lines" 52 "$(wc -l < p.txt)"
expect_eq "predict --strict's blank lines" 2 "$(grep -c '^$' p.txt)"
expect_code 2 "$HARE" test -i keep.model --strict -p t.txt strict.vw 2> err.txt
cmp -s p.txt t.txt || fail "test -p --strict wrote other lines than predict"
expect_code 2 "$HARE" train --strict -p tp.txt strict.vw --quiet 2> err.txt
expect_eq "train -p --strict's lines (one an example)" 50 "$(wc -l < tp.txt)"
expect_code 2 "$HARE" audit -i keep.model --strict strict.vw > a.txt 2> err.txt
expect_eq "audit --strict's examples" 50 "$(grep -c $'\tlabel ' a.txt)"
{ printf '1 |a'; for i in $(seq 2000); do printf ' w%d' "$i"; done; printf '\nbad | a\n'; } > long.vw
expect_code 2 "$HARE" predict -i keep.model --strict long.vw > p.txt 2> err.txt
expect_eq "predict --strict's long line" 1 "$(grep -c . p.txt)"

# Nothing labelled to learn from: exit 2, and the existing model stays.
expect_code 2 "$HARE" train -f keep.model --quiet < /dev/null 2> err.txt
grep -q "^hare train: no labelled example to learn from: keep.model is not written$" err.txt ||
  fail "empty input message: $(cat err.txt)"
printf 'ham\tsee you\nspam\twin now\n' > names.tsv
expect_code 2 "$HARE" train --format text names.tsv -f keep.model --quiet 2> err.txt
grep -q "keep.model is not written (if the labels are class names, such as 'spam', or class numbers, such as VW's --oaa 1 to K, they need --multiclass ova; fastText's __label__ lines, --format fasttext)$" err.txt ||
  fail "class-name hint: $(cat err.txt)"
# The hint is for bad labels only: lines bad for their features do not get it.
printf '1 | a:nan\n-1 | b:nan\n' > nan.vw
expect_code 2 "$HARE" train nan.vw -f keep.model --quiet 2> err.txt
grep -q "keep.model is not written$" err.txt || fail "bad values: $(cat err.txt)"
cmp -s keep.model keep.before || fail "training on nothing changed the existing model"
# Without -f too: exit 2 (it was 0), so that a script sees nothing was learnt.
expect_code 2 "$HARE" train --quiet < /dev/null 2> err.txt
expect_eq "empty input without -f" "hare train: no labelled example to learn from" "$(tail -1 err.txt)"
expect_code 2 "$HARE" train --format text names.tsv --quiet 2> err.txt
expect_eq "class names without -f" \
  "hare train: no labelled example to learn from (if the labels are class names, such as 'spam', or class numbers, such as VW's --oaa 1 to K, they need --multiclass ova; fastText's __label__ lines, --format fasttext)" \
  "$(tail -1 err.txt)"
# Sentences without a TAB are sentences to predict; VW's lines given as
# text are such sentences.
printf '1 |f a b\n-1 |f c\n' > vw-as-text.txt
expect_code 2 "$HARE" train --format text --multiclass ova vw-as-text.txt --quiet 2> err.txt
expect_eq "text lines without a TAB" \
  "hare train: no labelled example to learn from (--format text reads a label, a TAB, then the sentence: a line without a TAB, or with only white space before it, is a sentence to predict)" \
  "$(tail -1 err.txt)"
printf '  \tgood\n\tbad\n' > empty-labels.tsv
expect_code 2 "$HARE" train --format text --multiclass ova empty-labels.tsv --quiet 2> err.txt
expect_eq "text lines with an empty label" \
  "hare train: no labelled example to learn from (--format text reads a label, a TAB, then the sentence: a line without a TAB, or with only white space before it, is a sentence to predict)" \
  "$(tail -1 err.txt)"
expect_code 2 "$HARE" train --format text vw-as-text.txt --quiet 2> err.txt
expect_eq "binary text lines without a TAB" "--format text reads a label, a TAB" \
  "$(tail -1 err.txt | grep -o -- '--format text reads a label, a TAB')"
# But predictions of unlabelled lines (-p, no -f) may be the point: a
# warning, exit 0, as test -p gives.
printf '| a b\n| c\n' > unlabelled.vw
"$HARE" train good.vw --save-resume -f resume.model --quiet 2>/dev/null
expect_code 0 "$HARE" train -i resume.model unlabelled.vw -p unlabelled.txt --quiet 2> err.txt
expect_eq "predictions only" "hare train: warning: no labelled example to learn from" "$(grep warning err.txt)"
expect_eq "predictions only: no model" "final model = none (no -f: the model is not saved)" "$(tail -1 err.txt)"
expect_eq "predictions only: lines" 2 "$(wc -l < unlabelled.txt)"
expect_code 2 "$HARE" train -i resume.model unlabelled.vw -p unlabelled.txt -f new.model --quiet 2> err.txt
expect_eq "predictions and -f" "hare train: no labelled example to learn from: new.model is not written" "$(tail -1 err.txt)"

# Line ends of CR alone (a classic Mac file) are refused at the first line,
# plain or compressed; CR LF is a line end, and a CR alone after line 1 is a
# bad line (it would join lines), reported with its line and column.
printf '1 | a\r-1 | b\r1 | c\r' > mac.vw
gzip -c mac.vw > mac.vw.gz
for f in mac.vw mac.vw.gz; do
  expect_code 2 "$HARE" train "$f" --quiet 2> err.txt
  expect_eq "CR line ends in $f" \
    "hare train: $f:1: a carriage return (CR) inside the first line: hare's lines end in LF or CR LF, not CR alone (lines that end in CR: tr '\\r' '\\n'; a CR within a line: tr '\\r' ' ')" \
    "$(cat err.txt)"
done
printf '1 | a\r\n-1 | b\rc\n' > crlf.vw
"$HARE" train crlf.vw --quiet 2> err.txt
expect_eq "CR LF lines" 1 "$(summary_value 'labelled examples' err.txt)"
grep -qxF "crlf.vw:2:7: a carriage return (CR) inside the line: hare's lines end in LF or CR LF, not CR alone (lines that end in CR: tr '\\r' '\\n'; a CR within a line: tr '\\r' ' '); line skipped" err.txt ||
  fail "CR inside line 2: $(cat err.txt)"
printf '1 | a\n-1 | b\r1 | c\r' > mac2.vw
expect_code 2 "$HARE" train --strict mac2.vw --quiet 2> err.txt
grep -q "^hare train: mac2.vw:2:7: a carriage return (CR) inside the line" err.txt ||
  fail "--strict, CR inside line 2: $(cat err.txt)"

# Values near the float limit: no rule's weight becomes infinite or NaN, and
# the model loads; nor does an average of such weights (kept in doubles).
printf '1 | a:3e38 b:3e38\n-1 | a:-3e38 b:3e38\n1 | a:3e38 b:-3e38\n' > huge.vw
for rule in perceptron winnow balanced-winnow modified-balanced-winnow pa sgd arow nb \
  "sgd --loss logistic" "sgd --loss squared" "perceptron --normalized-margin --margin 1"; do
  # shellcheck disable=SC2086
  "$HARE" train huge.vw --rule $rule -f huge.model --quiet 2>/dev/null || fail "$rule: train failed"
  "$HARE" model info -i huge.model > /dev/null || fail "$rule: its model does not load"
done
for rule in perceptron "perceptron -l 1e38" pa "sgd --loss squared"; do
  # shellcheck disable=SC2086
  expect_code 0 "$HARE" train huge.vw --rule $rule --average -f avg.model --quiet 2>/dev/null
  "$HARE" model info -i avg.model > /dev/null || fail "$rule --average: its model does not load"
done
ls avg.model.tmp.* 2>/dev/null && fail "a temporary model file was left behind"
# Squared loss at rate 1 on values of 30 diverges; its weights stop short of infinity.
for i in $(seq 200); do printf '1 | a:30 b:10\n-1 | a:10 c:30\n'; done > diverge.vw
"$HARE" train diverge.vw --rule sgd --loss squared -f diverge.model --quiet 2>/dev/null || fail "the diverging run failed"
"$HARE" model info -i diverge.model > /dev/null || fail "the diverged model does not load"

# Values whose products overflow a float are not learned from, and train says so.
printf '1 |a x:1e20 p\n-1 |a x:1e20 n\n1 |a x:1e20 p\n' > overflow.vw
"$HARE" train overflow.vw -f overflow.model --quiet 2> err.txt
grep -q "^hare train: warning: 2 examples (counted in every pass) were not learned from: a score or squared length was beyond a float's range" err.txt ||
  fail "overflow warning: $(cat err.txt)"
"$HARE" train diverge.vw --quiet 2> err.txt
if grep -q "not learned from" err.txt; then fail "an overflow warning without overflow"; fi
# An importance weight of 1e37 makes weights whose sum over 50 features
# overflows: the warning names importance weights among the causes.
f=$(seq -s' ' -f 'f%g' 1 50)
printf '1 1e37 | %s\n-1 | %s\n1 | %s\n' "$f" "$f" "$f" > importance.vw
"$HARE" train importance.vw --quiet 2> err.txt
grep -qxF "hare train: warning: 2 examples (counted in every pass) were not learned from: a score or squared length was beyond a float's range (feature values, importance weights or the learning rate too large, or the values all too small: scale them, or --unit-norm)" err.txt ||
  fail "importance overflow warning: $(cat err.txt)"

# Their scores are never NaN: a sum past the float range is done again in
# doubles (4 * 3e38 - 4 * 3e38 = 0), or is infinite. Weights +4 and -4:
for i in 1 2 3; do printf '1 |w good\n-1 |w bad\n'; done > gb.vw
"$HARE" train gb.vw -l 4 -f gb.model --quiet 2>/dev/null
printf '1 |w good:3e38 bad:3e38\n1 |w good:3e38 bad:1e38\n' > huge-scores.vw
printf -- '-1 0\n1 inf\n' > want.txt
"$HARE" test -i gb.model huge-scores.vw -p got.txt --quiet 2>/dev/null
cmp -s got.txt want.txt || fail "test -p of overflowing sums: $(cat got.txt)"
"$HARE" predict -i gb.model huge-scores.vw > got.txt
cmp -s got.txt want.txt || fail "predict of overflowing sums: $(cat got.txt)"
"$HARE" audit -i gb.model huge-scores.vw > got.txt
[ "$(grep -c $'\tscore 0$\|\tscore inf$' got.txt)" = 2 ] || fail "audit of overflowing sums: $(cat got.txt)"
# A probability is never NaN either, even where the fit saw only such sums.
cat gb.vw huge-scores.vw > gb-huge.vw
"$HARE" train gb-huge.vw -l 4 --probabilities --holdout-period 4 -f gbp.model --quiet 2> err.txt
"$HARE" predict -i gbp.model huge-scores.vw > got.txt
if grep -qi nan got.txt; then fail "a NaN probability: $(cat got.txt)"; fi
[ "$(wc -l < got.txt)" = 2 ] || fail "probabilities of overflowing sums: $(cat got.txt)"

# A byte-order mark opening a file is no part of the first label.
printf '\xef\xbb\xbfpos\tgood film\nneg\tbad film\npos\tgreat\n' > bom.tsv
"$HARE" train --format text --multiclass ova bom.tsv --quiet -f bom.model 2> err.txt
grep -q "^classes = 2 (pos neg)$" err.txt || fail "byte-order mark: $(cat err.txt)"
printf '\xef\xbb\xbf1 |a x\n-1 |a y\n' > bom.vw
"$HARE" train bom.vw --quiet 2> err.txt
grep -q "^labelled examples = 2$" err.txt || fail "byte-order mark in VW: $(cat err.txt)"
# A class name is one word: predictions print it before the score.
printf 'very pos\tgood\nneg\tbad\n' > spaced.tsv
"$HARE" train --format text --multiclass ova spaced.tsv --quiet 2> err.txt || true
grep -q "^spaced.tsv:1:5: class name 'very pos' has white space in it; line skipped$" err.txt ||
  fail "class name with a space: $(cat err.txt)"
# Nor a control character, which predictions would print as it is.
printf 'pos\tgood\nn\000eg\tbad\n' > nul.tsv
"$HARE" train --format text --multiclass ova nul.tsv --quiet 2> err.txt || true
grep -q "^nul.tsv:2:2: class name 'n\\\\x00eg' has a control character in it; line skipped$" err.txt ||
  fail "class name with a NUL: $(cat err.txt)"
# And valid UTF-8 (reports and JSON print it as it is), in every format.
printf 'pos\tgood\ncaf\xe9\tbad\n' > latin1.tsv
"$HARE" train --format text --multiclass ova latin1.tsv --quiet 2> err.txt || true
grep -q "^latin1.tsv:2:4: class name is not valid UTF-8; line skipped$" err.txt ||
  fail "class name in Latin-1: $(cat err.txt)"
printf 'pos |w good\nab\xff |w bad\n' > latin1.vw
"$HARE" train --multiclass ova latin1.vw --quiet 2> err.txt || true
grep -q "^latin1.vw:2:3: class name is not valid UTF-8; line skipped$" err.txt ||
  fail "class name in Latin-1, VW: $(cat err.txt)"

# A bad line never poisons the weights: the model of bad.vw equals that of its good lines.
grep -n '' bad.vw | grep -E '^(1|13):' | cut -d: -f2- > good-lines.vw
"$HARE" train good-lines.vw -f good-lines.model --quiet 2>/dev/null
cmp -s bad.model good-lines.model || fail "bad lines changed the model"

# A file of many bad lines over many chunks and threads: the first 100 are
# shown in the file's order, then one line says the rest are only counted;
# all are counted, and the model is that of the good lines, on any thread
# count. (A batch keeps the messages of its first 100 bad lines only, so
# such a file costs no memory per line.)
awk 'BEGIN { for (i = 1; i <= 400000; i++) print (i % 1000 == 0 ? "1 | a b" : "x | a" i) }' > many.vw
for t in 1 2 3; do
  "$HARE" train many.vw --threads $t -f many$t.model 2> many$t.txt
  expect_eq "bad lines shown, $t threads" 100 "$(grep -c '; line skipped$' many$t.txt)"
  expect_eq "the first and last shown, $t threads" "many.vw:1:1: bad label 'x': not a number (labels that are names are for models trained with --multiclass); line skipped
many.vw:100:1: bad label 'x': not a number (labels that are names are for models trained with --multiclass); line skipped" \
    "$(grep '; line skipped$' many$t.txt | sed -n '1p;100p')"
  expect_eq "after them, $t threads" "(further bad lines are counted but not shown)" \
    "$(grep -A1 '^many.vw:100:1:' many$t.txt | tail -1)"
  expect_eq "lines skipped, $t threads" 399600 "$(summary_value 'lines skipped' many$t.txt)"
  cmp -s many1.model many$t.model || fail "many bad lines: $t threads made another model"
done
echo ok
