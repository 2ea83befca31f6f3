# The model, the messages and the predictions are the same bit for bit
# whatever the number of threads, for every rule, with bad lines, several
# inputs, compression and several passes (--shuffle too).
source "$(dirname "$0")/lib.bash"
cd "$WORK"
"$HARE" gen -n 30000 --seed 6 > a.vw
"$HARE" gen -n 20000 --seed 7 | sed '5000s/^.*$/2 | bad label/; 7000s/w/:/' > b.vw
gzip -c b.vw > b.gz
for rule in "perceptron --average" "winnow --average" "balanced-winnow" "pa --adagrad --average" \
            "sgd --loss logistic --l2 0.0001" "modified-balanced-winnow --average" "arow --average" \
            "nb" "svm --shuffle -C 0.5" "arow --shuffle"; do
  passes=2
  [ "$rule" = nb ] && passes=1  # Naive Bayes counts every example once
  for n in 1 2 3 8; do
    # Small blocks: many chunks, so the parser threads really interleave.
    "$HARE" train --quiet -b 20 --rule $rule --threads $n a.vw b.gz --passes $passes -f m$n.model \
      2> err$n.txt
    grep -v -e '^wall seconds' -e '^examples/s' -e '^MB/s' -e '^final model' err$n.txt > msg$n.txt
  done
  for n in 2 3 8; do
    cmp -s m1.model m$n.model || fail "--rule $rule: --threads $n gives another model"
    diff msg1.txt msg$n.txt > /dev/null || fail "--rule $rule: --threads $n prints other messages"
  done
done
grep -q "^b.gz:5000:1: label '2' is outside the expected set" msg1.txt || fail "bad line not named: $(head -3 msg1.txt)"
for n in 1 2 4; do
  "$HARE" test -i m1.model --threads $n a.vw b.gz -p p$n.txt 2>/dev/null
done
cmp -s p1.txt p2.txt && cmp -s p1.txt p4.txt || fail "predictions depend on the thread count"
# A damaged input in the middle stops training with the same message at any N.
head -c 20000 b.gz > cut.gz
for n in 1 4; do
  expect_code 2 "$HARE" train --quiet --threads $n a.vw cut.gz b.vw 2> cut$n.txt
done
expect_eq "damaged input message" "hare train: cut.gz: corrupt or truncated gzip data (the input ends inside a member)" "$(cat cut1.txt)"
cmp -s cut1.txt cut4.txt || fail "the damaged input is reported otherwise with 4 threads: $(cat cut4.txt)"
echo ok
