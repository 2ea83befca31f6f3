# Readable models: --keep-names, hare model dump, hare audit; and VW's
# --ngram/--skips through train, test and audit.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
data=$HARE_TEST_DATA

# Two mistakes of the Perceptron (rate 1), by hand: "good movie" (+1) scores 0
# and adds 1 to w^good, w^movie and Constant; "bad movie" (-1) then scores 2
# and takes 1 from w^bad, w^movie and Constant. Left: good 1, bad -1.
printf '1 |w good movie\n-1 |w bad movie\n' > two.vw
"$HARE" train --quiet --keep-names two.vw -f two.model 2> train.txt
grep -q "^feature names kept = 4$" train.txt || fail "names kept: $(cat train.txt)"
"$HARE" model dump two.model > dump.txt
expect_eq "dump" "$(printf 'w^good\t1\nw^bad\t-1')" "$(cut -f1,3 dump.txt)"
"$HARE" model info two.model | grep -q "^feature names     4$" || fail "model info: names"

# audit: every feature with its slot, value and weight, the same slot as the dump.
"$HARE" audit -i two.model two.vw > audit.txt
expect_eq "audit of line 1" "two.vw:1	label +1	predicted +1	score 1" "$(sed -n 1p audit.txt)"
good_slot=$(awk -F'\t' '$1 == "w^good" { print $2 }' dump.txt)
grep -q "^	w^good:$good_slot:1:1$" audit.txt || fail "audit of w^good: $(cat audit.txt)"
grep -q "^	w^movie:[0-9]*:1:0$" audit.txt || fail "audit of w^movie: $(cat audit.txt)"
expect_eq "audit lines" 8 "$(wc -l < audit.txt)"

# A model trained without --keep-names has nothing to dump.
"$HARE" train --quiet two.vw -f plain.model 2>/dev/null
expect_code 2 "$HARE" model dump plain.model 2> err.txt
grep -q "plain.model holds no feature names: train it with --keep-names" err.txt ||
  fail "dump without names: $(cat err.txt)"

# Names are kept in the model: without -f there is nowhere to keep them (tune too).
expect_code 1 "$HARE" train --keep-names two.vw 2> err.txt
grep -qxF "hare train: --keep-names keeps the feature names in the model: it needs -f MODEL" err.txt ||
  fail "--keep-names without -f: $(cat err.txt)"
expect_code 1 "$HARE" tune --keep-names two.vw 2> err.txt
grep -qxF "hare tune: --keep-names keeps the feature names in the model: it needs -f MODEL" err.txt ||
  fail "tune --keep-names without -f: $(cat err.txt)"

# On real sentences: the score audit prints is the sum of value x weight it
# lists (Perceptron, no threshold), for every example.
zcat "$data/rt-polarity.train.vw.gz" | awk 'NR <= 3000' > rt.vw
zcat "$data/rt-polarity.test.vw.gz" | awk 'NR <= 200' > rt-test.vw
"$HARE" train --quiet --average --keep-names rt.vw -f rt.model 2>/dev/null
"$HARE" audit -i rt.model rt-test.vw > rt-audit.txt
awk -F'\t' '
  /^[^\t]/ { if (n) check(); split($4, s, " "); score = s[2]; sum = 0; n++; next }
  { k = split($2, f, ":"); sum += f[k - 1] * f[k] }
  function check() { if ((sum - score) ^ 2 > 1e-6 * (1 + score ^ 2)) bad++ }
  END { check(); if (bad || n != 200) { print n, bad; exit 1 } }' rt-audit.txt ||
  fail "audit scores are not the sums of their features"
# The words that weigh most for each side, from the dump.
"$HARE" model dump rt.model > rt-dump.txt
[ "$(wc -l < rt-dump.txt)" -gt 1000 ] || fail "rt dump is short"
expect_eq "dump is sorted by weight" "" "$(cut -f3 rt-dump.txt | sort -g -r -c 2>&1 || true)"

# With probabilities, audit gives P(+1) too.
"$HARE" train --quiet --probabilities rt.vw -f rt-p.model 2>/dev/null
"$HARE" audit -i rt-p.model rt-test.vw > rt-p-audit.txt
grep -q "^rt-test.vw:1	label -1	predicted -1	score [-0-9.e]*	probability 0\.[0-9]*$" rt-p-audit.txt ||
  fail "audit probability: $(awk 'NR == 1' rt-p-audit.txt)"

# Same model file, names included, for any number of parser threads.
"$HARE" train --quiet --keep-names rt.vw --threads 1 -f t1.model 2>/dev/null
"$HARE" train --quiet --keep-names rt.vw --threads 3 -f t3.model 2>/dev/null
cmp -s t1.model t3.model || fail "--keep-names: the model differs with the thread count"

# Held-out examples are not trained on, and their names are not kept.
printf '1 |w a\n-1 |w b\n' > held.vw
"$HARE" train --quiet --keep-names --passes 2 --holdout-period 2 held.vw -f held.model 2>/dev/null
expect_eq "names of held-out" "$(printf 'Constant\t1\nw^a\t1')" "$(cut -f1,3 <("$HARE" model dump held.model))"
"$HARE" model info held.model | grep -q "^feature names     2$" || fail "held-out names counted"

# A cache made without names is not read by --keep-names, which needs the text.
"$HARE" train --quiet --passes 2 -c rt.cache rt.vw -f c1.model 2>/dev/null
"$HARE" train --quiet --passes 2 -c rt.cache --keep-names rt.vw -f c2.model 2>/dev/null
"$HARE" model info c2.model | grep -q "^feature names " || fail "names with a cache"

# Classes: one weight per class; "who" leads the HUM class of TREC.
zcat "$data/trec.train.tsv.gz" > trec.tsv
"$HARE" train --quiet --format text --multiclass ova --rule pa --average --ngram 2 \
  --keep-names trec.tsv -f trec.model 2>/dev/null
"$HARE" model dump trec.model > trec-dump.txt
expect_eq "top HUM feature" "who" "$(awk -F'\t' '$3 == "HUM" { print $1; exit }' trec-dump.txt)"
printf 'HUM\tWho wrote Hamlet ?\n' | "$HARE" audit -i trec.model > trec-audit.txt
grep -q "^<stdin>:1	label HUM	predicted HUM	scores DESC:" trec-audit.txt ||
  fail "audit of classes: $(head -1 trec-audit.txt)"
grep -q "^	who_wrote:[0-9]*:1:[-0-9.e]*\(,[-0-9.e]*\)\{5\}$" trec-audit.txt ||
  fail "six weights per feature: $(cat trec-audit.txt)"

# VW --ngram and --skips: kept in the model, so test and audit read the same.
printf '1 |w not good at all |m x\n-1 |w good\n' > ng.vw
"$HARE" train --quiet --ngram w2 --skips w1 --keep-names ng.vw -f ng.model 2>/dev/null
"$HARE" model info ng.model | grep -q "^ngram             w2$" || fail "model info ngram"
"$HARE" model info ng.model | grep -q "^skips             w1$" || fail "model info skips"
"$HARE" audit -i ng.model ng.vw | grep "^	w^not_at:" > /dev/null || fail "skip-gram in audit"
"$HARE" audit -i ng.model ng.vw | grep "^	m^x:" > /dev/null || fail "m has no grams"
"$HARE" test --quiet -i ng.model ng.vw 2> test.txt
grep -q "^accuracy = 1.000000" test.txt || fail "test with n-grams: $(cat test.txt)"
"$HARE" train --quiet --ngram 2 ng.vw -f all.model 2>/dev/null
"$HARE" model info all.model | grep -q "^ngram             2$" || fail "plain --ngram for vw"
expect_code 1 "$HARE" train --ngram w9 ng.vw 2> err.txt
grep -q "takes a whole number from 1 to 5" err.txt || fail "bad ngram: $(cat err.txt)"
# hare features reads sentences: a namespace letter is refused as such.
expect_code 1 "$HARE" features --ngram w2 < /dev/null 2> err.txt
grep -qF -- "--ngram 'w2': a namespace letter is for VW's namespaces (hare train --format vw); here it takes a whole number from 1 to 5" err.txt ||
  fail "features --ngram w2: $(cat err.txt)"
# A control character VW takes in a name (a NUL, \x01) is printed as \xHH by
# model dump and audit, not as the byte.
printf '1 |a x\000y z\n-1 |a\001b w\n1 |a \\x01b\n' > nul.vw
"$HARE" train nul.vw --keep-names -f nul.model --quiet 2>/dev/null
"$HARE" model dump -i nul.model > dump.txt
for name in 'a^x\x00y' 'a\x01b^w' 'a^\x5cx01b'; do
  cut -f1 dump.txt | grep -qxF "$name" || fail "dump of control characters: no $name in $(cut -f1 dump.txt)"
done
"$HARE" audit -i nul.model nul.vw > audit.txt
expect_eq "audit of control characters" '	a^x\x00y
	a\x01b^w
	a^\x5cx01b' "$(grep -e x00 -e x01 audit.txt | cut -d: -f1)"
"$HARE" train nul.vw --rule modified-balanced-winnow -f mbw.model --quiet 2>/dev/null
expect_eq "model info of modified balanced winnow" "unit norm         no (the rule scales each example to length 1 itself)" \
  "$("$HARE" model info -i mbw.model | grep '^unit norm')"
echo ok
