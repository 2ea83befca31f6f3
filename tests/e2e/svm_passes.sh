# The SVM's passes through hare train: each example's alpha is kept from pass
# to pass by its place in the pass, across cache batches (4,600 labelled
# examples, unlabelled lines and a bad line between them), so the passes
# reach the SVM's weights. 2,300 copies of a = +1 and a b = -1 with C = 0.001
# each: x1's alphas stop at 2,300 C = 2.3 together, and x2's margin alone is
# met, w = 2.3 x1 - A x2 with 2A - 2.3 = 1: w = (0.65, -1.65). PA-I's
# passes, whose bound is on each step, go to (1, -2).
source "$(dirname "$0")/lib.bash"
cd "$WORK"
awk 'BEGIN { for (i = 0; i < 2300; ++i) { print "1 | a"; print "-1 | a b"
  if (i % 3 == 0) print "| a b c"; if (i == 1000) print "2 | a" } }' > d.vw
weights() {  # a's and b's weights in model $1, to 4 decimals
  "$HARE" model dump -i "$1" | awk '$1 == "a" || $1 == "b" { printf "%s=%.4f ", $1, $3 }'
}
for shuffle in "" "--shuffle"; do
  "$HARE" train --quiet --rule svm -C 0.001 --noconstant --passes 20 --holdout-off $shuffle \
    --keep-names d.vw -f svm.hare 2> err.txt
  expect_eq "svm $shuffle bad line" "d.vw:2337:1: label '2' is outside the expected set: binary labels are -1 and +1 (0 means -1; class numbers are for models trained with --multiclass ova); line skipped" "$(grep '^d.vw' err.txt)"
  expect_eq "svm $shuffle weights" "a=0.6500 b=-1.6500 " "$(weights svm.hare)"
done
"$HARE" train --quiet --rule pa -C 0.001 --noconstant --passes 20 --holdout-off --keep-names d.vw \
  -f pa.hare 2> /dev/null
expect_eq "pa-i weights" "a=1.0000 b=-2.0000 " "$(weights pa.hare)"
# A word listed twice is one of value 2 to the step too: on "1 | a a" the
# passes stay at a = 0.5 (score 1), where stepping by the listings' 1 + 1
# went 1, 0, 1, 0, ... for ever.
printf '1 | a a\n' > twice.vw
for passes in 20 21; do
  "$HARE" train --quiet --rule svm -C 10 --noconstant --passes $passes --holdout-off --keep-names \
    twice.vw -f twice.hare 2> /dev/null
  expect_eq "svm on 1 | a a, $passes passes" "a=0.5000 " "$(weights twice.hare)"
done
# One pass is PA-I's, bit for bit (the model's learner line aside), where no
# example lists a slot twice.
"$HARE" train --quiet --rule svm -C 0.001 d.vw -p svm1.txt 2> /dev/null
"$HARE" train --quiet --rule pa -C 0.001 d.vw -p pa1.txt 2> /dev/null
cmp -s svm1.txt pa1.txt || fail "one pass of svm and of pa differ"
# The alphas of 300,000 examples of 1,000 classes (1.2 GB) do not fit in
# 1 GB: the run stops with a message saying what the memory was for, and
# the model file there is left as it was. (Not under AddressSanitizer, whose
# shadow memory a limit would fail.)
if [[ $(ldd "$HARE") != *libasan* ]]; then
  awk 'BEGIN { for (i = 0; i < 300000; ++i) printf "c%d\tw%d x%d\n", i % 1000, i % 1000, i % 7 }' > many.tsv
  cp pa.hare kept.hare
  set +e
  (ulimit -v 1000000 && "$HARE" train --quiet --threads 1 --format text --multiclass ova --rule svm \
    --passes 2 -b 18 many.tsv -f kept.hare) 2> err.txt
  code=$?
  set -e
  expect_eq "duals out of memory: exit code" 2 "$code"
  # (the examples' squared lengths, kept beside the duals, may be what fails)
  duals="hare train: out of memory: the SVM's dual variables at example N of the pass, in class N (4 bytes for each example and class, kept for the passes after the first: fewer examples or classes, one pass, or another --rule needs less)"
  lengths="hare train: out of memory: the SVM's squared lengths at example N of the pass (4 bytes for each example, kept for the passes after the first: fewer examples, one pass, or another --rule needs less)"
  got=$(sed 's/example [0-9]*/example N/; s/class [0-9]*/class N/' err.txt)
  [[ "$got" == "$duals" || "$got" == "$lengths" ]] || fail "duals out of memory: $got"
  cmp -s pa.hare kept.hare || fail "the model file was changed by the run that ran out of memory"
fi
echo ok
