# hare train -i: training goes on from a model saved with --save-resume, and
# the model it ends with is byte for byte the one a single run over the same
# examples makes, for every kind of state a rule keeps.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
data=$HARE_TEST_DATA
zcat "$data/trec.train.tsv.gz" | awk 'NR <= 1500' > all.tsv
head -900 all.tsv > a.tsv
tail -n +901 all.tsv > b.tsv
"$HARE" gen -n 3000 --seed 4 > all.vw
head -1700 all.vw > a.vw
tail -n +1701 all.vw > b.vw

resumes_exactly() {  # data-prefix options...
  local d=$1
  shift
  "$HARE" train --quiet "$@" "all.$d" -f one.hare --save-resume --keep-names 2> /dev/null
  "$HARE" train --quiet "$@" "a.$d" -f a.hare --save-resume --keep-names 2> /dev/null
  "$HARE" train --quiet -i a.hare "b.$d" -f ab.hare --save-resume --keep-names 2> err.txt ||
    fail "-i after $*: $(cat err.txt)"
  cmp -s one.hare ab.hare || fail "$* then -i differs from one run"
}
# AROW's variances, the average's sums, SGD's step count and regularization
# totals, AdaGrad's sums, Winnow's weights, Naive Bayes' counts; classes.
resumes_exactly tsv --format text --multiclass ova --rule arow --arow-r 0.03 --unit-norm --ngram 2 --affix +4 -b 20
resumes_exactly tsv --format text --multiclass crammer-singer --rule perceptron --average -b 20
resumes_exactly tsv --format text --multiclass ova --rule sgd --loss logistic --l1 1e-5 --l2 1e-4 -b 20
resumes_exactly tsv --format text --multiclass ova --rule sgd --loss hinge --adagrad -b 20
resumes_exactly tsv --format text --multiclass wta --rule winnow --average -b 20
resumes_exactly tsv --format text --multiclass ova --rule nb -b 20
resumes_exactly vw --rule perceptron --average -q ab -b 20
resumes_exactly vw --rule balanced-winnow
# --uneven-margin's counts of each class, and of each binary label.
resumes_exactly tsv --format text --multiclass ova --rule arow --arow-r 0.03 --unit-norm --ngram 2 --affix +4 --uneven-margin 3 -b 20
resumes_exactly vw --rule perceptron --uneven-margin 2
resumes_exactly vw --rule pa --average --unit-norm

# The model keeps its state only with --save-resume; info says so.
"$HARE" model info -i a.hare > info.txt
grep -q "^training state    [0-9]* slots of 3 floats (--save-resume: hare train -i goes on)$" info.txt ||
  fail "model info: $(cat info.txt)"
"$HARE" train --quiet a.vw -f plain.hare 2> /dev/null
if "$HARE" model info -i plain.hare | grep -q "^training state"; then fail "plain model with a state"; fi
expect_code 1 "$HARE" train -i plain.hare b.vw 2> err.txt
expect_eq "no state" "hare train: plain.hare holds no training state to go on from: train it with --save-resume" "$(cat err.txt)"
# What the model fixes is not given again; what a run chooses is.
expect_code 1 "$HARE" train -i a.hare --rule pa -b 20 --average b.vw 2> err.txt
expect_eq "fixed options" "hare train: -i a.hare trains on with the model's own features and learner: leave out --rule, -b, --average (hare model info -i a.hare shows them)" "$(cat err.txt)"
expect_code 1 "$HARE" train --save-resume a.vw 2> err.txt
grep -qxF "hare train: --save-resume keeps the training state in the model: it needs -f MODEL" err.txt ||
  fail "--save-resume without -f: $(cat err.txt)"
expect_code 1 "$HARE" train -i a.hare a.hare b.vw 2> err.txt
expect_eq "model as data" "hare train: -i a.hare is also given as data
Run 'hare train --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" tune -i a.hare b.vw 2> err.txt
grep -qxF "hare tune: unknown option -i (hare tune searches from scratch; hare train -i MODEL goes on training a model)" err.txt ||
  fail "tune -i: $(cat err.txt)"
# Passes, a holdout and probabilities on top, and the model replaced in place.
cp a.hare again.hare
"$HARE" train --quiet -i again.hare b.vw --passes 3 --probabilities -f again.hare --save-resume 2> err.txt ||
  fail "-i with passes: $(cat err.txt)"
"$HARE" model info -i again.hare > info.txt
grep -q "^learner           --rule pa --average --passes 3 --probabilities$" info.txt || fail "learner line: $(cat info.txt)"
grep -q "^probabilities     sigmoid" info.txt || fail "no calibration: $(cat info.txt)"
examples=$(grep '^examples trained' info.txt | awk '{ print $3 }')
(( examples > 1700 )) || fail "examples trained: $examples"
"$HARE" test -i again.hare b.vw --quiet > /dev/null 2>&1 || fail "the model that went on does not test"
# --shuffle orders a run's passes: the model's line shows it, and a run that
# goes on chooses again (with it or without it, the SVM's alphas start at 0).
"$HARE" train --quiet --rule svm -C 2 --shuffle --passes 2 --holdout-off a.vw -f svm.hare --save-resume 2> err.txt ||
  fail "svm --shuffle: $(cat err.txt)"
"$HARE" model info -i svm.hare | grep -q "^learner           --rule svm --shuffle -C 2 --passes 2 --holdout-off$" ||
  fail "svm learner line: $("$HARE" model info -i svm.hare | grep ^learner)"
"$HARE" train --quiet -i svm.hare b.vw --passes 3 -f svm2.hare 2> err.txt || fail "-i without --shuffle: $(cat err.txt)"
"$HARE" model info -i svm2.hare | grep -q "^learner           --rule svm -C 2 --passes 3$" ||
  fail "-i without --shuffle, learner line: $("$HARE" model info -i svm2.hare | grep ^learner)"
"$HARE" train --quiet -i svm.hare b.vw --passes 3 --shuffle -f svm3.hare 2> err.txt || fail "-i --shuffle: $(cat err.txt)"
"$HARE" model info -i svm3.hare | grep -q "^learner           --rule svm --shuffle -C 2 --passes 3$" ||
  fail "-i --shuffle, learner line: $("$HARE" model info -i svm3.hare | grep ^learner)"
cmp -s svm2.hare svm3.hare && fail "-i with and without --shuffle give the same model"
# A cache numbers classes as its run met them, and after -i the model's come
# first: a cache made without the model is rebuilt, the next run with it
# reads it, and a run without -i does not take it (its classes would be the
# model's, some never seen).
"$HARE" train --quiet --format text --multiclass ova b.tsv --passes 2 -c b.cache 2> /dev/null
"$HARE" train --quiet --format text --multiclass ova a.tsv -f classes.hare --save-resume 2> /dev/null
"$HARE" train --quiet -i classes.hare b.tsv --passes 2 -c b.cache -f c1.hare 2> err.txt ||
  fail "-i with another run's cache: $(cat err.txt)"
rebuilt="hare train: cache b.cache was made from other inputs or with other options; rebuilding it"
grep -qxF "$rebuilt" err.txt || fail "cache of other classes: $(cat err.txt)"
"$HARE" train --quiet -i classes.hare b.tsv --passes 2 -c b.cache -f c2.hare 2> err.txt
grep -qxF "hare train: reading examples from cache b.cache" err.txt || fail "cache not reused: $(cat err.txt)"
cmp -s c1.hare c2.hare || fail "the rebuilt cache gave another model"
"$HARE" train --quiet --format text --multiclass ova b.tsv --passes 2 -c b.cache 2> err.txt
grep -qxF "$rebuilt" err.txt || fail "a plain run took the -i run's cache: $(cat err.txt)"

# The Perceptron's ||w||^2 (--normalized-margin) goes on too.
"$HARE" train --quiet --rule perceptron --margin 1 --normalized-margin all.vw -f one.hare --save-resume 2> /dev/null
"$HARE" train --quiet --rule perceptron --margin 1 --normalized-margin a.vw -f a1.hare --save-resume 2> /dev/null
"$HARE" train --quiet -i a1.hare b.vw -f ab.hare --save-resume 2> /dev/null
cmp -s one.hare ab.hare || fail "--normalized-margin then -i differs from one run"
# A model's calibration is fitted again only when asked; else train says it is dropped.
"$HARE" train --quiet a.vw --probabilities -f p.hare --save-resume 2> /dev/null
"$HARE" train --quiet -i p.hare b.vw -f q.hare 2> err.txt
grep -qxF "hare train: warning: p.hare's probabilities are not carried over: give --probabilities to fit them again" err.txt ||
  fail "calibration warning: $(cat err.txt)"
# So are its feature names: kept with --keep-names, dropped with a warning.
"$HARE" train --quiet a.vw --keep-names -f n.hare --save-resume 2> /dev/null
names=$("$HARE" model info -i n.hare | awk '/^feature names/ { print $3 }')
"$HARE" train --quiet -i n.hare b.vw -f n2.hare 2> err.txt
grep -qxF "hare train: warning: n.hare's $names feature names are not carried over: give --keep-names to keep them" err.txt ||
  fail "names warning: $(cat err.txt)"
"$HARE" train --quiet -i n.hare b.vw -f n3.hare --keep-names 2> err.txt
if grep -q "names are not carried" err.txt; then fail "names warning with --keep-names"; fi
# So is the training state without --save-resume: the next -i would be refused.
"$HARE" train --quiet -i n.hare b.vw -f n4.hare --keep-names 2> err.txt
grep -qxF "hare train: warning: n.hare's training state is not carried over: give --save-resume to keep it in n4.hare for a later -i" err.txt ||
  fail "state warning: $(cat err.txt)"
"$HARE" train --quiet -i n.hare b.vw -f n5.hare --keep-names --save-resume 2> err.txt
if grep -q "state is not carried" err.txt; then fail "state warning with --save-resume"; fi
"$HARE" train --quiet -i n.hare b.vw -p n.pred 2> err.txt
if grep -q "state is not carried" err.txt; then fail "state warning without -f"; fi
# An overflow is reported by the run that met it, not by every run after it.
(head -100 a.vw; echo "1 | big:1e25 big2:1e25 big3:3e38") > ov.vw
"$HARE" train --quiet --rule arow ov.vw -f ov.hare --save-resume 2> err.txt
grep -q "warning: 1 examples (counted in every pass) were not learned from" err.txt || fail "no overflow: $(cat err.txt)"
"$HARE" train --quiet -i ov.hare b.vw -f ov2.hare 2> err.txt
if grep -q "not learned from" err.txt; then fail "the overflow of an earlier run reported again"; fi
echo ok
