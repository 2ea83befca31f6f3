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
expect_eq "fasttext without --multiclass" "hare train: --format fasttext's labels (__label__X) are class names: give --multiclass ova (or crammer-singer, wta)
Run 'hare train --help' for the options." "$(cat err.txt)"
printf '__label__a __label__b x\n__label__a y\n' > two.txt
"$HARE" train --format fasttext --multiclass ova two.txt --quiet 2> err.txt
grep -qxF "two.txt:1:12: a second label, '__label__b' after '__label__a': hare learns one class for each example; line skipped" \
  err.txt || fail "two labels: $(cat err.txt)"
echo ok
