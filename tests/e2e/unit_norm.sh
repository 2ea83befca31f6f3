# --unit-norm: training with it is training on the same examples with their
# values already divided by their length, bit for bit; the model keeps the
# option, so hare test scales its examples as training did.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
zcat "$HARE_TEST_DATA/rt-polarity.train.vw.gz" > train.vw
zcat "$HARE_TEST_DATA/rt-polarity.test.vw.gz" > test.vw
# Every word has value 1 (a word twice counts twice), so each of a line's n
# features gets 1/sqrt(n); the constant is not counted and stays 1.
scaled() {
  awk '{ n = NF - 2; printf "%s |", $1
         for (i = 3; i <= NF; i++) printf " %s:%.17g", $i, 1 / sqrt(n)
         printf "\n" }' "$1"
}
scaled train.vw > train.scaled.vw
scaled test.vw > test.scaled.vw
opts=(--rule arow --arow-r 0.03 -b 20 --quiet)
"$HARE" train "${opts[@]}" --unit-norm train.vw -f norm.model 2> norm.train.txt
"$HARE" train "${opts[@]}" train.scaled.vw -f scaled.model 2> scaled.train.txt
"$HARE" test -i norm.model test.vw -p norm.pred --quiet 2> norm.txt
"$HARE" test -i scaled.model test.scaled.vw -p scaled.pred --quiet 2> scaled.txt
expect_eq "predictions" "$(cat scaled.pred)" "$(cat norm.pred)"
expect_eq "training mistakes" "$(summary_value mistakes scaled.train.txt)" \
  "$(summary_value mistakes norm.train.txt)"
expect_eq "lines predicted" 2132 "$(wc -l < norm.pred)"
"$HARE" model info -i norm.model > info.txt
grep -q "^unit norm         yes$" info.txt || fail "model info: $(cat info.txt)"
"$HARE" model info -i scaled.model > info.txt
grep -q "^unit norm         no$" info.txt || fail "model info: $(cat info.txt)"
# Without the option, the unscaled examples give another model.
"$HARE" train "${opts[@]}" train.vw -f plain.model 2>/dev/null
"$HARE" test -i plain.model test.vw -p plain.pred --quiet 2>/dev/null
if cmp -s plain.pred norm.pred; then fail "--unit-norm changed nothing"; fi
# A cache of examples parsed without it is not reused with it.
"$HARE" train "${opts[@]}" --passes 2 -c ex.cache train.vw 2>/dev/null
"$HARE" train "${opts[@]}" --passes 2 -c ex.cache --unit-norm train.vw -f cached.model 2> cache.txt
grep -q "^hare train: cache ex.cache was made from other inputs or with other options; rebuilding it$" \
  cache.txt || fail "cache: $(cat cache.txt)"
"$HARE" train "${opts[@]}" --passes 2 --unit-norm train.vw -f uncached.model 2>/dev/null
cmp -s cached.model uncached.model || fail "the cache of unscaled examples was reused"
echo "unit norm: $(grep '^accuracy = ' norm.txt)"
