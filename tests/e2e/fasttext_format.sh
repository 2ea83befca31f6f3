# --format fasttext: fastText's lines ("__label__whether When the crowd ...")
# give the same model as the same sentences in --format text, but for the
# class names, which keep fastText's prefix (as fastText predicts them).
source "$(dirname "$0")/lib.bash"
cd "$WORK"

awk -F '\t' '{ print "__label__" $1 " " $2 }' "$HARE_TEST_DATA/weather-whether.tsv" > ww.txt
head -1 ww.txt | grep -q "^__label__whether When the crowd" || fail "conversion: $(head -1 ww.txt)"
opts=(--multiclass ova --rule arow --arow-r 0.03 --unit-norm --window 3 --collocations
  --no-unigrams -b 22 --quiet)
"$HARE" train --format text "${opts[@]}" "$HARE_TEST_DATA/weather-whether.tsv" -f text.model \
  2>/dev/null
"$HARE" train --format fasttext "${opts[@]}" ww.txt -f ft.model 2>/dev/null
"$HARE" predict -i text.model < "$HARE_TEST_DATA/weather-whether.tsv" > text.pred
"$HARE" predict -i ft.model < ww.txt | sed 's/^__label__//' > ft.pred
[ "$(wc -l < ft.pred)" -gt 300 ] || fail "too few predictions: $(wc -l < ft.pred)"
cmp -s text.pred ft.pred || fail "fasttext and text predictions differ"
"$HARE" model info -i ft.model > info.txt
grep -q "^input format *fasttext$" info.txt || fail "model info format: $(cat info.txt)"
"$HARE" test -i ft.model ww.txt --quiet 2> test.txt
grep -q "^__label__whether " test.txt || fail "report's class names: $(cat test.txt)"

# Its labels are class names: --multiclass is asked for at once. A second
# label is a bad line.
expect_code 1 "$HARE" train --format fasttext ww.txt --quiet 2> err.txt
expect_eq "fasttext without --multiclass" "hare train: --format fasttext's labels (the words starting with '__label__') are class names: give --multiclass ova (or crammer-singer, wta)
Run 'hare train --help' for the options." "$(cat err.txt)"
printf '__label__a __label__b x\n__label__a y\n' > two.txt
"$HARE" train --format fasttext --multiclass ova two.txt --quiet 2> err.txt
grep -qxF "two.txt:1:12: a second label, '__label__b' after '__label__a': hare learns one class for each example; line skipped" \
  err.txt || fail "two labels: $(cat err.txt)"

# --label: another prefix (fastText's -label), kept in the model, so that
# test and predict read the lines as training did; cached examples are
# those of one prefix.
sed 's/^__label__/#/' ww.txt > hash.txt
"$HARE" train --format fasttext --label '#' "${opts[@]}" hash.txt -f hash.model -c hash.cache \
  2>/dev/null
"$HARE" predict -i hash.model < hash.txt | sed 's/^#//' > hash.pred
cmp -s text.pred hash.pred || fail "--label '#' predictions differ from text's"
"$HARE" model info -i hash.model | grep -qx "label prefix      #" ||
  fail "model info label prefix: $("$HARE" model info -i hash.model)"
"$HARE" test -i hash.model hash.txt --quiet 2> test.txt
grep -q "^#whether " test.txt || fail "report's class names with --label: $(cat test.txt)"
"$HARE" train --format fasttext --label '#' "${opts[@]}" hash.txt -f again.model -c hash.cache \
  2>/dev/null
cmp -s hash.model again.model || fail "the cache gave another model"
# Another prefix does not take that cache's examples: they are made again.
"$HARE" train --format fasttext "${opts[@]}" ww.txt -f other.model -c hash.cache 2> other.txt
grep -q "cache" other.txt || fail "another prefix's cache: $(cat other.txt)"
cmp -s ft.model other.model || fail "another prefix's model"
expect_code 1 "$HARE" train --format text --label '#' ww.txt --quiet 2> err.txt
grep -qF -- "--label is the label prefix of --format fasttext" err.txt || fail "$(cat err.txt)"
expect_code 1 "$HARE" train --format fasttext --multiclass ova --label 'a b' ww.txt 2> err.txt
grep -qF -- "--label 'a b' has white space or NUL in it, which end words" err.txt ||
  fail "$(cat err.txt)"
# Nor another control character: every label it marked would be a bad line.
expect_code 1 "$HARE" features --format fasttext --label "$(printf 'a\033')" ww.txt 2> err.txt
grep -qF -- "--label 'a\x1b' has a control character in it, which a class name cannot have" \
  err.txt || fail "$(cat err.txt)"
# Nor a control character or white space beyond ASCII, nor a byte-order mark
# at the start, which class names lose there.
expect_code 1 "$HARE" train --format fasttext --multiclass ova --label "$(printf 'a\302\205')" ww.txt 2> err.txt
grep -qF -- "--label 'a\xc2\x85' has a control character (U+0085) in it, which a class name cannot have" \
  err.txt || fail "$(cat err.txt)"
expect_code 1 "$HARE" train --format fasttext --multiclass ova --label "$(printf '\302\240')" ww.txt 2> err.txt
grep -qF -- "has white space (U+00A0) in it, which a class name cannot have" err.txt ||
  fail "$(cat err.txt)"
expect_code 1 "$HARE" train --format fasttext --multiclass ova --label "$(printf '\357\273\277x')" ww.txt 2> err.txt
grep -qF -- "starts with a byte-order mark or another character that class names lose" err.txt ||
  fail "$(cat err.txt)"

# hare features reads them too: the label first, as VW's, the rest the text's.
printf 'How far __label__NUM:dist is it ?\n__label__a x __label__b\n' > f.txt
expect_code 2 "$HARE" features --format fasttext f.txt > f.vw 2> f.err
expect_eq "features --format fasttext" "__label__NUM:dist | how far is it ?" "$(head -1 f.vw)"
expect_eq "features' empty line for the bad one" "2 " "$(wc -l < f.vw) $(sed -n 2p f.vw)"
grep -qxF "f.txt:2:14: a second label, '__label__b' after '__label__a': hare learns one class for each example; line skipped" \
  f.err || fail "features' bad line: $(cat f.err)"
expect_eq "features --label" "#x | y __label__z" \
  "$(printf 'y #x __label__z\n' | "$HARE" features --format fasttext --label '#')"
printf 'x \xc3 __label__a\n' | expect_code 2 "$HARE" features --format fasttext 2> err.txt
grep -qF "<stdin>:1:3: " err.txt || fail "features' invalid UTF-8 column: $(cat err.txt)"
expect_code 1 "$HARE" features --format vw f.txt 2> err.txt
expect_code 1 "$HARE" features --format fasttext --label "'" f.txt 2> err.txt
grep -qF "its labels cannot be written in VW format" err.txt || fail "features --label \"'\": $(cat err.txt)"
expect_code 2 "$HARE" test -i hash.model ww.txt --quiet 2> err.txt
grep -qF "the model reads --format fasttext, labels starting with #;" err.txt || fail "$(cat err.txt)"
# So does train, where no word starts with the prefix.
expect_code 2 "$HARE" train --format fasttext --label '#' --multiclass ova ww.txt --quiet 2> err.txt
expect_eq "train on lines of another prefix" "hare train: no labelled example to learn from (labels are the words starting with '#'; --label gives another prefix)" "$(tail -1 err.txt)"
# With -i the model fixes --label: named as such, not checked against the defaults.
"$HARE" train --format fasttext --label '#' --multiclass ova --save-resume -f r.model hash.txt \
  --quiet 2>/dev/null
expect_code 1 "$HARE" train -i r.model --label '#' hash.txt 2> err.txt
grep -qF "leave out --label" err.txt || fail "-i with --label: $(cat err.txt)"
expect_code 1 "$HARE" train --format fasttext --label '#' hash.txt 2> err.txt
grep -qF "fasttext's labels (the words starting with '#') are class names" err.txt || fail "$(cat err.txt)"
expect_code 1 "$HARE" features --label '#' f.txt 2> err.txt
echo ok
