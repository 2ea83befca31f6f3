# hare confusion makes one example per occurrence; on Brown's whether/weather
# (tests/data/weather-whether.tsv), Golding & Roth's window and collocation
# features with averaged Winnow beat the bag of words.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
printf 'Whether the Weather is fine, I wonder whether.\nNo match here\n' > raw.txt
"$HARE" confusion --set whether,weather raw.txt > out.txt
expect_eq "confusion" "$(printf 'whether\t_TARGET_ the Weather is fine , I wonder whether .\nweather\tWhether the _TARGET_ is fine , I wonder whether .\nwhether\tWhether the Weather is fine , I wonder _TARGET_ .')" "$(cat out.txt)"
"$HARE" confusion --set whether,weather --binary raw.txt | cut -f1 | tr '\n' ' ' > labels.txt
expect_eq "binary labels" "1 -1 1 " "$(cat labels.txt)"
expect_code 1 "$HARE" confusion --set whether raw.txt
expect_code 1 "$HARE" confusion raw.txt 2> err.txt
expect_eq "no --set" "hare confusion: --set WORDS is required, e.g. --set whether,weather
Run 'hare confusion --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" confusion --set a,b,c --binary raw.txt
# Each word of the set is one token, once; the marker too.
expect_code 1 "$HARE" confusion --set "may be,maybe" raw.txt 2> err.txt
grep -q "^hare confusion: --set word 'may be' is not one token" err.txt || fail "two tokens: $(cat err.txt)"
expect_code 1 "$HARE" confusion --set whether,Whether raw.txt 2> err.txt
grep -q "^hare confusion: --set has 'whether' twice$" err.txt || fail "twice: $(cat err.txt)"
expect_code 1 "$HARE" confusion --set whether,weather --target "a b" raw.txt
# An empty set word, a marker that is a set word or not UTF-8: refused.
expect_code 1 "$HARE" confusion --set whether,,weather raw.txt 2> err.txt
expect_eq "empty" "hare confusion: --set 'whether,,weather' has an empty word
Run 'hare confusion --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" confusion --set whether,weather --target Weather raw.txt 2> err.txt
grep -q "^hare confusion: --target 'Weather' is a word of --set: choose another marker$" err.txt ||
  fail "marker in the set: $(cat err.txt)"
expect_code 1 "$HARE" confusion --set "$(printf 'a,b\xff')" raw.txt 2> err.txt
expect_eq "set utf-8" "hare confusion: --set word 'b\xff' is not valid UTF-8
Run 'hare confusion --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" confusion --set a,b --target "$(printf '\xff')" raw.txt 2> err.txt
grep -qxF "hare confusion: --target '\xff' is not valid UTF-8" err.txt || fail "target utf-8: $(cat err.txt)"
# A marker hare train would refuse is refused here too, with its message.
long=$(printf 'T%.0s' $(seq 257))
for target in "" "$long"; do
  expect_code 1 "$HARE" confusion --set a,b --target "$target" raw.txt 2> err.txt
  expect_eq "--target of ${#target} bytes" "hare confusion: --target must be 1 to 256 bytes
Run 'hare confusion --help' for the options." "$(cat err.txt)"
done
# An empty one is that problem alone to hare train (not also "give --window").
expect_code 1 "$HARE" train --format text --target '' raw.txt 2> err.txt
expect_eq "train --target ''" "hare train: --target must be 1 to 256 bytes
Run 'hare train --help' for the options." "$(cat err.txt)"
# A line already holding the marker would give two: reported and skipped.
printf 'the _target_ whether\nno whether\n' | { expect_code 2 "$HARE" confusion --set whether,weather > out.txt 2> err.txt; }
grep -q "^<stdin>:1: the line already holds the marker '_TARGET_', which would be read as another occurrence; line skipped$" err.txt ||
  fail "marker in a line: $(cat err.txt)"
expect_eq "the line after" "$(printf 'whether\tno _TARGET_')" "$(cat out.txt)"
# Any script's case, and the typographic apostrophe, match the set's words.
printf '\xc3\x89T\xc3\x89 They\xe2\x80\x99re\n' > unicode.txt
"$HARE" confusion --set "$(printf '\xc3\xa9t\xc3\xa9,they'"'"'re')" unicode.txt > out.txt
expect_eq "unicode" "$(printf '\xc3\xa9t\xc3\xa9\t_TARGET_ They\xe2\x80\x99re\nthey'"'"'re\t\xc3\x89T\xc3\x89 _TARGET_')" "$(cat out.txt)"
# A CR inside a later line (the first's stops the run) would join two lines'
# words in one window: the line is skipped, as train and features skip it.
printf 'ok weather\nthe weather\rwhether now\nok weather\r\n' |
  { expect_code 2 "$HARE" confusion --set whether,weather > out.txt 2> err.txt; }
grep -qxF "<stdin>:2:12: a carriage return (CR) inside the line: hare's lines end in LF or CR LF, not CR alone (lines that end in CR: tr '\\r' '\\n'; a CR within a line: tr '\\r' ' '); line skipped" err.txt ||
  fail "CR: $(cat err.txt)"
expect_eq "CR: the other lines" "$(printf 'weather\tok _TARGET_\nweather\tok _TARGET_')" "$(cat out.txt)"
# Windows on raw sentences, not hare confusion's lines, find no marker: a
# warning says the templates made nothing. With --keep-case the marker is
# matched in its own case.
printf 'a\tHello World\nb\tbad _target_ day\n' > raw.tsv
"$HARE" train --format text --multiclass ova --window 2 raw.tsv -f raw.hare --quiet 2> err.txt
if grep -q "no line held" err.txt; then fail "marker in another case, lower-cased: $(cat err.txt)"; fi
"$HARE" train --format text --multiclass ova --window 2 --keep-case raw.tsv -f raw.hare --quiet 2> err.txt
grep -qxF "hare train: warning: no line held the target marker '_TARGET_' (matched in its case: --keep-case): --window made no features (hare confusion writes lines with the marker in place of a word of its set)" err.txt ||
  fail "no marker: $(cat err.txt)"
# A model of windows given raw sentences in test, predict or audit (not hare
# confusion's lines) says so too, after its answers; lines with the marker
# do not warn.
"$HARE" train --format text --multiclass ova --window 2 raw.tsv -f raw.hare --quiet 2> /dev/null
for command in test predict audit; do
  "$HARE" $command -i raw.hare <(printf 'a\tHello there World\n') > /dev/null 2> err.txt
  expect_eq "$command: no marker" "hare $command: warning: no line held the target marker '_TARGET_': --window made no features (hare confusion writes lines with the marker in place of a word of its set)" \
    "$(grep 'no line held' err.txt)"
  "$HARE" $command -i raw.hare <(printf 'b\tbad _target_ day\n') > /dev/null 2> err.txt
  if grep -q "no line held" err.txt; then fail "$command: a marker, and a warning: $(cat err.txt)"; fi
done
# So does hare tune's starting point, once, before its table.
for i in 1 2 3 4 5 6; do printf 'a\tHello World\nb\tbad day\n'; done > raw12.tsv
"$HARE" tune --format text --multiclass ova --window 2 raw12.tsv --max-passes 1 > /dev/null 2> err.txt
expect_eq "tune: no marker" "hare tune: warning: no line held the target marker '_TARGET_': --window made no features (hare confusion writes lines with the marker in place of a word of its set)" \
  "$(grep 'no line held' err.txt)"
printf 'bad \xff\n' | { expect_code 2 "$HARE" confusion --set a,b 2> err.txt; }
grep -qxF '<stdin>:1:5: invalid UTF-8 (\xff); line skipped' err.txt || fail "utf-8: $(cat err.txt)"

# Brown whether/weather: every 5th line is the test set.
awk -F'\t' '{ print ($1 == "whether" ? "1" : "-1") "\t" $2 }' "$HARE_TEST_DATA/weather-whether.tsv" > ww.txt
awk 'NR % 5 != 0' ww.txt > train.txt
awk 'NR % 5 == 0' ww.txt > test.txt
accuracy() { grep '^accuracy = ' "$1" | cut -d' ' -f3; }
run=(--format text --rule winnow --average --passes 5 --quiet)
"$HARE" train "${run[@]}" train.txt -f words.model 2>/dev/null
"$HARE" train "${run[@]}" --window 3 --collocations --no-unigrams train.txt -f context.model 2>/dev/null
"$HARE" test -i words.model test.txt --quiet 2> words.txt
"$HARE" test -i context.model test.txt --quiet 2> context.txt
# 0.817 and 0.944 when this was written, 0.789 and 0.944 on 2026-11-29 (71 test
# sentences; "whether" alone: 0.806).
awk -v w="$(accuracy words.txt)" -v c="$(accuracy context.txt)" 'BEGIN { exit !(c >= 0.92 && c > w + 0.05) }' ||
  fail "context $(accuracy context.txt) vs words $(accuracy words.txt)"
echo ok
