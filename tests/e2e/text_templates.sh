# --format text with templates: the model keeps its template options (test
# featurizes as training did), bigrams beat unigrams on sentence polarity,
# invalid UTF-8 is a reported bad line, and `hare features` shows the features.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
zcat "$HARE_TEST_DATA/rt-polarity.train.vw.gz" | sed 's/ | /\t/' > train.txt
zcat "$HARE_TEST_DATA/rt-polarity.test.vw.gz" | sed 's/ | /\t/' > test.txt
accuracy() { grep '^accuracy = ' "$1" | cut -d' ' -f3; }
common=(--format text --rule pa --average --passes 5 -b 22 --quiet)
"$HARE" train "${common[@]}" train.txt -f uni.model 2>/dev/null
"$HARE" train "${common[@]}" --ngram 2 train.txt -f bi.model 2>/dev/null
"$HARE" test -i uni.model test.txt --quiet 2> uni.txt
"$HARE" test -i bi.model test.txt --quiet 2> bi.txt
awk -v u="$(accuracy uni.txt)" -v b="$(accuracy bi.txt)" 'BEGIN { exit !(b > u + 0.01) }' ||
  fail "bigrams $(accuracy bi.txt) not better than unigrams $(accuracy uni.txt)"
"$HARE" model info -i bi.model > info.txt
grep -q "^text templates    unigrams, ngram 2$" info.txt || fail "model info: $(cat info.txt)"

# Invalid UTF-8 is a bad line like any other.
# The message shows the bytes: the first one and the continuation bytes
# after it (a surrogate's three, a sequence cut at the line's end).
printf '1\tgood words\n-1\tbad \xff byte\n1\tx \xed\xa0\x80 y\n1\tend \xe2\x82\n' > utf.txt
"$HARE" train --format text utf.txt --quiet 2> err.txt
expect_eq "utf-8" 'utf.txt:2:8: invalid UTF-8 (\xff); line skipped
utf.txt:3:5: invalid UTF-8 (\xed\xa0\x80); line skipped
utf.txt:4:7: invalid UTF-8 (\xe2\x82); line skipped' "$(grep '^utf.txt' err.txt)"
expect_code 2 "$HARE" features utf.txt > /dev/null 2> features-err.txt
expect_eq "utf-8, features" "$(cat features-err.txt)" "$(grep '^utf.txt' err.txt)"

# hare features writes labels that VW reads back as the same label; the
# others are bad lines (a tag, a bar, white space), and the rest is kept.
printf "'x\tgood film\na|b\tgood\n c:d \tbad\n very pos \tgood\ncaf\xe9\tbad\nne\x1bg\tbad\nne\xc2\x85g\tbad\np\xc2\xa0s\tgood\n" > labels.tsv
expect_code 2 "$HARE" features labels.tsv > labels.vw 2> err.txt
expect_eq "labels VW cannot read" "labels.tsv:1:1: label ''x' cannot be written in VW format (a VW label starting with ' is a tag); line skipped
labels.tsv:2:1: label 'a|b' cannot be written in VW format (it has a '|'); line skipped
labels.tsv:4:6: label 'very pos' cannot be written in VW format (it has white space in it); line skipped
labels.tsv:5:4: label is not valid UTF-8; line skipped
labels.tsv:6:3: label 'ne\x1bg' cannot be written in VW format (it has a control character in it); line skipped
labels.tsv:7:3: label 'ne\xc2\x85g' cannot be written in VW format (it has a control character (U+0085) in it); line skipped
$(printf "labels.tsv:8:2: label 'p\\302\\240s' cannot be written in VW format (it has white space (U+00A0) in it); line skipped")" "$(cat err.txt)"
# The same columns and characters as train gives for those class names.
"$HARE" train --format text --multiclass ova labels.tsv --quiet 2> train-err.txt || true
expect_eq "features' columns are train's" "$(grep -o '^labels.tsv:[4-8]:[0-9]*' train-err.txt)" \
  "$(grep -o '^labels.tsv:[4-8]:[0-9]*' err.txt)"
# A space before invalid UTF-8 is the fault named, in both.
printf 'a\377 b\tgood\n' > spaced.tsv
expect_code 2 "$HARE" features spaced.tsv > /dev/null 2> err.txt
"$HARE" train --format text --multiclass ova spaced.tsv --quiet 2> train-err.txt || true
expect_eq "features' first fault is train's" "$(grep -o '^spaced.tsv:1:[0-9]*: [a-z ]*.* has white space' train-err.txt | cut -d: -f1-3)" \
  "$(grep -o '^spaced.tsv:1:[0-9]*:.*white space' err.txt | cut -d: -f1-3)"
expect_eq "the label VW can read" "c:d | bad" "$(sed -n 3p labels.vw)"
# Unicode white space or a byte-order mark around a label is dropped, as
# train drops it; a label of nothing else is none, to both.
printf "neg\xc2\xa0\ty\n\xc2\xa0pos\tz\n\xef\xbb\xbf\xe2\x80\x8b\tw\n" > edges.tsv
"$HARE" features edges.tsv > edges.vw
expect_eq "labels' edges" "$(printf 'neg | y\npos | z\n | w')" "$(cat edges.vw)"
"$HARE" train --format text --multiclass ova --quiet edges.tsv -p edges.p 2> err.txt
expect_eq "labels' edges, train" "classes = 2 (neg pos)" "$(grep '^classes = ' err.txt)"
# A CR inside a line is a bad line to features as it is to train.
printf '1\tok\n1\tthe wea\rther\n' > cr.tsv
expect_code 2 "$HARE" features cr.tsv > cr.vw 2> err.txt
expect_eq "features: a CR inside" "$(printf '1 | ok\n\n')" "$(cat cr.vw)"
"$HARE" train --format text cr.tsv --quiet 2> train-err.txt
expect_eq "features and train: a CR inside" "$(grep '^cr.tsv' train-err.txt)" "$(cat err.txt)"

# What a sentence becomes.
printf "pos\tThe _TARGET_ isn't bad.\n" |
  "$HARE" features --ngram 2 --window 1 --collocations --minn 4 --maxn 4 > features.txt
expect_eq "features" "pos | the _target_ isn't bad . the__target_ _target__isn't isn't_bad bad_. -1=the +1=isn't -1=the&+1=isn't +1=isn't&+2=bad |chars <the the> <_ta _tar targ arge rget get_ et_> <isn isn' sn't n't> <bad bad>" "$(cat features.txt)"
# Affixes (VW's --affix, of words longer than the affix), in |affix.
printf "pos\tWhat is the temperature in Athènes ?\n" | "$HARE" features --affix +4,-3 > features.txt
expect_eq "affixes" "pos | what is the temperature in athènes ? |affix -3hat +4temp -3ure +4athè -3nes" "$(cat features.txt)"
# --bos: "<s>" before the first word, in the unigrams and n-grams; in the model.
printf "pos\tWhat is it ?\n" | "$HARE" features --bos --ngram 2 > features.txt
expect_eq "bos" "pos | <s> what is it ? <s>_what what_is is_it it_?" "$(cat features.txt)"
"$HARE" train "${common[@]}" --bos --ngram 2 --keep-names train.txt -f bos.model 2>/dev/null
"$HARE" model info -i bos.model > info.txt
grep -q "^text templates    unigrams, bos, ngram 2$" info.txt || fail "model info: $(cat info.txt)"
"$HARE" model dump -i bos.model > dump.txt
grep -q "^<s>_the	" dump.txt || fail "model dump: no <s>_the"
expect_code 1 "$HARE" train --format text --bos --no-unigrams --affix +4 train.txt 2> err.txt
expect_eq "--bos with no word template" "hare train: --bos needs the unigrams or --ngram 2 or more: <s> is a word for them, no other template's" "$(head -1 err.txt)"
# A cache made without --bos is not read with it: the same model as without a cache.
"$HARE" train "${common[@]}" --ngram 2 -c text.cache train.txt -f nobos.model 2>/dev/null
"$HARE" train "${common[@]}" --ngram 2 --bos -c text.cache train.txt -f bos-cached.model 2>/dev/null
"$HARE" train "${common[@]}" --ngram 2 --bos train.txt -f bos-plain.model 2>/dev/null
cmp -s bos-plain.model bos-cached.model || fail "--bos read a cache made without it"
expect_code 1 "$HARE" train --format vw --bos train.txt 2> err.txt
grep -q -- "--bos; --ngram, --skips and --affix but with --format vw) need --format text or fasttext" err.txt ||
  fail "--bos of VW: $(cat err.txt)"
"$HARE" train "${common[@]}" --affix +4 --keep-names train.txt -f affix.model 2>/dev/null
"$HARE" model info -i affix.model > info.txt
grep -q "^text templates    unigrams, affix +4$" info.txt || fail "model info: $(cat info.txt)"
"$HARE" model dump -i affix.model > dump.txt
expect_eq "the heaviest feature (refreshing, refreshingly)" "affix^+4refr" "$(sed -n '1s/\t.*//p' dump.txt)"
"$HARE" test -i affix.model test.txt --quiet 2> affix.txt
"$HARE" test -i uni.model test.txt --quiet 2> uni.txt
awk -v u="$(accuracy uni.txt)" -v a="$(accuracy affix.txt)" 'BEGIN { exit !(a > u) }' ||
  fail "affixes $(accuracy affix.txt) not better than unigrams alone $(accuracy uni.txt)"
# One line out per line in: a blank line prints empty, as hare train skips it.
printf "a\n \t\nCAF\xc3\x89 \xe2\x80\x9cok\xe2\x80\x9d\n" | "$HARE" features > features.txt
expect_eq "blank line" "$(printf ' | a\n\n | caf\xc3\xa9 \xe2\x80\x9c ok \xe2\x80\x9d')" "$(cat features.txt)"
expect_eq "blank line count" "3" "$(wc -l < features.txt)"

# VW's --affix: +4,-3 (no letter) is of the default namespace's features, so
# on the words `hare features` prints it makes the text's affixes, and (the
# Perceptron's sums of whole numbers being exact in any order) the same
# predictions.
"$HARE" features < train.txt > train.vw
"$HARE" features < test.txt > test.vw
"$HARE" train --quiet train.vw --affix +4,-3 -f vw-affix.model 2>/dev/null
"$HARE" train --quiet --format text train.txt --affix +4,-3 -f text-affix.model 2>/dev/null
"$HARE" test --quiet -i vw-affix.model test.vw -p vw-affix.pred 2>/dev/null
"$HARE" test --quiet -i text-affix.model test.txt -p text-affix.pred 2>/dev/null
cmp -s vw-affix.pred text-affix.pred || fail "VW --affix +4,-3 predicts otherwise than text's"
# With a letter, of that namespace's features; the model keeps the specs.
printf '1 |a temperature:2 |b weather
' > affix.vw
"$HARE" train --quiet affix.vw --affix +4a,-3b --keep-names -f vw-affix.model 2>/dev/null
"$HARE" model info -i vw-affix.model > info.txt
grep -q "^affix             +4a,-3b$" info.txt || fail "model info: $(cat info.txt)"
"$HARE" audit -i vw-affix.model affix.vw > audit.txt
grep -q "^	affix^a^+4temp:[0-9]*:2:" audit.txt || fail "audit: $(cat audit.txt)"
grep -q "^	affix^b^-3her:[0-9]*:1:" audit.txt || fail "audit: $(cat audit.txt)"

# The templates belong to --format text.
expect_code 1 "$HARE" train --window 2 train.txt 2> err.txt
grep -q "need --format text" err.txt || fail "templates without text: $(cat err.txt)"
expect_code 1 "$HARE" train --format libsvm --affix +4 train.txt 2> err.txt
grep -q "need --format text" err.txt || fail "affixes of libsvm features: $(cat err.txt)"
expect_code 1 "$HARE" train --format text --affix +4a train.txt 2> err.txt
grep -q "^hare train: --affix with a namespace letter (e.g. +4a) needs --format vw$" err.txt ||
  fail "lettered affix of text: $(cat err.txt)"
expect_code 1 "$HARE" features --affix +4a < /dev/null 2> err.txt
grep -q "no namespace letter" err.txt || fail "lettered affix of features: $(cat err.txt)"
expect_code 1 "$HARE" train --format libsvm --ngram 2 train.txt 2> err.txt
grep -q "need --format text" err.txt || fail "n-grams of libsvm: $(cat err.txt)"
expect_code 1 "$HARE" train --format text --ngram a2 train.txt 2> err.txt
grep -q "need --format vw" err.txt || fail "lettered n-grams of text: $(cat err.txt)"

# Options that could make no feature are refused, not ignored.
expect_code 1 "$HARE" train --format text --skips 1 train.txt 2> err.txt
grep -q "^hare train: --skips needs --ngram 2 or more" err.txt || fail "skips alone: $(cat err.txt)"
# In VW format a namespace's --ngram a2 is n-grams for a plain --skips to act on.
printf '1 |a w x y\n-1 |a y z w\n' > skips.vw
"$HARE" train --quiet skips.vw --ngram a2 --skips 1 2>/dev/null || fail "--ngram a2 --skips 1 refused"
# But skips for a namespace that makes no n-grams would be ignored: refused.
expect_code 1 "$HARE" train skips.vw --ngram a2 --skips b1 2> err.txt
grep -q "^hare train: --skips b1: namespace b makes no n-grams to skip in (give it --ngram b2 or more)$" err.txt ||
  fail "skips of a namespace without n-grams: $(cat err.txt)"
expect_code 1 "$HARE" train skips.vw --ngram a1 --skips 1 2> err.txt
grep -q "^hare train: --skips 1: no namespace makes n-grams to skip in" err.txt ||
  fail "skips where no namespace makes n-grams: $(cat err.txt)"
expect_code 1 "$HARE" features --minn 3 < train.txt 2> err.txt
grep -q "^hare features: --minn needs --maxn" err.txt || fail "minn alone: $(cat err.txt)"
expect_code 1 "$HARE" train --format text --window 2 --target "two words" train.txt 2> err.txt
grep -q "^hare train: --target 'two words' is not one token" err.txt || fail "target: $(cat err.txt)"
# A target with a character the tokenizer drops (a soft hyphen) is the token
# the text's own would be: the model holds MARK, and confusion writes it.
printf 'whether\tI know MA\xc2\xadRK it\nweather\tfine MARK today\n' > soft.tsv
"$HARE" train --format text --multiclass ova --window 1 --target $'MA\xc2\xadRK' soft.tsv -f soft.hare --quiet 2> err.txt
expect_eq "soft hyphen in --target" "text templates    unigrams, window 1, target MARK" \
  "$("$HARE" model info -i soft.hare | grep '^text templates')"
if grep -q "no line held" err.txt; then fail "soft hyphen in --target: $(cat err.txt)"; fi
expect_eq "soft hyphen in confusion's --target" "$(printf 'weather\tso MARK today')" \
  "$(echo 'so weather today' | "$HARE" confusion --set whether,weather --target $'MA\xc2\xadRK')"
# A target that is not UTF-8 says so, its byte escaped, in every command.
for command in "train --format text" features "tune --format text"; do
  # shellcheck disable=SC2086
  expect_code 1 "$HARE" $command --window 1 --target "$(printf 'a\xffb')" train.txt 2> err.txt
  expect_eq "$command: --target not UTF-8" "hare ${command%% *}: --target 'a\xffb' is not valid UTF-8" "$(head -1 err.txt)"
done
# A marker nothing looks for is refused, as --skips without --ngram is.
expect_code 1 "$HARE" train --format text --target XX train.txt 2> err.txt
expect_eq "--target alone" "hare train: --target names the marker of --window and --collocations: give --window 1 or more, or --collocations" "$(head -1 err.txt)"
# --no-unigrams with no other template would leave only the constant.
# --window 0 is no window.
expect_code 1 "$HARE" train --format text --no-unigrams --window 0 train.txt 2> err.txt
grep -q -- "--no-unigrams leaves no features: add --ngram 2 or more, --maxn, --affix, --window 1 or more, or --collocations" err.txt ||
  fail "--no-unigrams alone: $(cat err.txt)"
expect_code 1 "$HARE" features --no-unigrams < /dev/null 2> err.txt
grep -q -- "--no-unigrams leaves no features" err.txt || fail "features --no-unigrams alone: $(cat err.txt)"

echo ok

# --affix values add up, as one comma-separated list; a plain --ngram is given once.
printf 'pos\tgoodness gracious\n' > affix.tsv
expect_eq "--affix twice" "$("$HARE" features --affix +4,-3 affix.tsv)" "$("$HARE" features --affix +4 --affix -3 affix.tsv)"
expect_code 1 "$HARE" train --format text --ngram 2 --ngram 3 affix.tsv 2> err.txt
grep -qxF "hare train: --ngram: given twice ('2', then '3'): give it once" err.txt || fail "--ngram twice: $(cat err.txt)"
