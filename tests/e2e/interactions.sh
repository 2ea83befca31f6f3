# -q ab: XOR of two namespaces is learnable only through their interaction,
# and the model carries the interactions to hare test.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
# label = +1 iff a and b take the same value; each alone says nothing.
awk 'BEGIN { srand(7); for (i = 0; i < 4000; i++) { a = int(rand() * 2); b = int(rand() * 2);
  printf "%s |a x%d |b y%d\n", (a == b ? "1" : "-1"), a, b } }' > xor.vw
head -n 3000 xor.vw > train.vw
tail -n 1000 xor.vw > test.vw
accuracy() { grep '^accuracy = ' "$1" | cut -d' ' -f3; }
"$HARE" train train.vw --rule perceptron --average -f plain.model --quiet 2>/dev/null
"$HARE" train train.vw --rule perceptron --average -q ab -f q.model --quiet 2>/dev/null
"$HARE" test -i plain.model test.vw --quiet 2> plain.txt
"$HARE" test -i q.model test.vw --quiet 2> q.txt
expect_eq "accuracy with -q ab" "1.000000" "$(accuracy q.txt)"
awk -v a="$(accuracy plain.txt)" 'BEGIN { exit !(a < 0.6) }' || fail "XOR learnt without -q: $(accuracy plain.txt)"
"$HARE" model info -i q.model | grep -q "^interactions      ab$" || fail "model info"
# The same interaction twice is one, as in VW (another spelling of it too).
"$HARE" train train.vw --rule perceptron --average -q ab -q ab --quadratic '\x61b' -f qq.model --quiet 2>/dev/null
cmp -s q.model qq.model || fail "-q ab given twice: $("$HARE" model info -i qq.model | grep interactions)"
# VW's --ignore_linear (--ignore-linear): the interaction alone, without the
# namespaces' own features, learns XOR as well; --keep a leaves b out.
"$HARE" train train.vw --rule perceptron --average -q ab --ignore-linear ab -f qo.model --quiet 2>/dev/null
"$HARE" test -i qo.model test.vw --quiet 2> qo.txt
expect_eq "accuracy with -q ab --ignore-linear ab" "1.000000" "$(accuracy qo.txt)"
"$HARE" model info -i qo.model | grep -q "^ignore linear     ab$" || fail "model info ignore linear"
"$HARE" audit -i qo.model test.vw | sed -n 2p > audit.txt
grep -q "^	a^x[01]\*b^y[01]:" audit.txt || fail "audit of --ignore_linear: $(cat audit.txt)"
"$HARE" train train.vw --rule perceptron --average -q ab --keep a -f keep.model --quiet 2>/dev/null
"$HARE" test -i keep.model test.vw --quiet 2> keep.txt
awk -v a="$(accuracy keep.txt)" 'BEGIN { exit !(a < 0.6) }' || fail "XOR learnt with --keep a: $(accuracy keep.txt)"
"$HARE" model info -i keep.model | grep -q "^keep              a$" || fail "model info keep"
# model info prints namespace letters as the flags take them back: a space,
# a byte outside printable ASCII (the first of UTF-8's é) and a lettered
# --ngram's '-' as \xHH.
printf '1 |\xc3\xa9 x |b y |-z w\n-1 |\xc3\xa9 y |b z |-z v\n' > letters.vw
"$HARE" train letters.vw -q ' b' -q '\xc3b' --ngram '\x2d2' --ngram b3 --ignore '\xc4 ' \
  -f letters.model --quiet 2>/dev/null
"$HARE" model info -i letters.model | grep -e '^interactions' -e '^ngram' -e '^ignore' > info.txt
expect_eq "model info's letters" "interactions      \x20b \xc3b
ngram             \x2d2 b3
ignore            \xc4\x20" "$(cat info.txt)"
expect_code 1 "$HARE" train train.vw --ignore a --keep ab 2> err.txt
expect_eq "--ignore and --keep" "hare train: namespace letter 'a' is in both --ignore and --keep" "$(head -1 err.txt)"
expect_code 1 "$HARE" train --format libsvm train.vw --ignore a 2> err.txt
grep -q "need --format vw" err.txt || fail "--ignore with libsvm: $(cat err.txt)"
"$HARE" train train.vw --cubic abc -q ab --quiet 2>/dev/null || fail "--cubic"
# Patterns that make the same set of features on a line make it once, the
# first of them (VW removes such duplicate combinations): -q aa -q a: is
# -q a:, -q ab -q ba is -q ab, --cubic ::: --cubic abb is --cubic :::.
printf '1 |a x y |b z\n-1 |a y |b z w\n' > dup.vw
features() { "$HARE" train dup.vw --quiet "$@" 2>&1 | sed -n 's/^total features = //p'; }
expect_eq "-q aa -q a:" "$(features -q a:)" "$(features -q aa -q a:)"
expect_eq "-q ab -q ba" "$(features -q ab)" "$(features -q ab -q ba)"
expect_eq "--cubic ::: --cubic abb" "$(features --cubic :::)" "$(features --cubic ::: --cubic abb)"
"$HARE" train dup.vw -q aa -q a: --keep-names -f dup1.model --quiet 2>/dev/null
"$HARE" train dup.vw -q a: --keep-names -f dup2.model --quiet 2>/dev/null
expect_eq "-q aa -q a: dump" "$("$HARE" model dump -i dup2.model)" "$("$HARE" model dump -i dup1.model)"
expect_code 1 "$HARE" train train.vw -q abc 2> err.txt
grep -q -- "-q takes 2 namespace letters" err.txt || fail "-q abc: $(cat err.txt)"
# A letter is a byte: é is two, and the message says which byte to write.
expect_code 1 "$HARE" train train.vw -q 'éa' 2> err.txt
expect_eq "-q éa" "hare train: -q takes 2 namespace letters (':' for any), e.g. -q ab; a letter is a byte, a namespace's first (as VW reads it): namespaces starting with 'é' are \xc3" "$(head -1 err.txt)"
# é alone is two bytes, so two letters, but its second starts no namespace;
# the same byte written \xa9 is meant (a Latin-1 namespace).
"$HARE" train train.vw -q '\xa9a' --quiet 2>/dev/null || fail "-q '\\xa9a' refused"
expect_code 1 "$HARE" train train.vw -q 'é' 2> err.txt
expect_eq "-q é" "hare train: -q takes 2 namespace letters (':' for any), e.g. -q ab; a letter is a byte, a namespace's first (as VW reads it): namespaces starting with 'é' are \xc3" "$(head -1 err.txt)"
expect_code 1 "$HARE" train train.vw --ignore 'é' 2> err.txt
expect_eq "--ignore é" "hare train: --ignore takes namespace letters; a letter is a byte, a namespace's first (as VW reads it): namespaces starting with 'é' are \xc3" "$(head -1 err.txt)"
expect_code 1 "$HARE" train --format libsvm train.vw -q ab 2> err.txt
grep -q "need --format vw" err.txt || fail "-q with libsvm: $(cat err.txt)"
echo ok
