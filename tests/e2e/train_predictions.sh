# hare train -p: each example's prediction, made before learning from it
# (progressive validation), one line per example, every pass, as VW's -p
# writes them while it learns.
source "$(dirname "$0")/lib.bash"
cd "$WORK"

# The Perceptron (rate 1, no constant) on "a" labelled +1, -1, +1, by hand:
# w = 0 scores 0 and predicts -1 (then w = 1); 1 predicts +1 (then w = 0);
# 0 predicts -1 (then w = 1). The blank and the bad line get no line.
printf '1 | a\n-1 | a\n\n1 | a\nbad line\n' > a.vw
"$HARE" train a.vw --noconstant -p - --quiet > one.txt 2>/dev/null
expect_eq "one pass" "-1 0
1 1
-1 0" "$(cat one.txt)"
# The second pass goes on from w = 1: +1 (right), +1 (wrong: w = 0), -1.
"$HARE" train a.vw --noconstant --passes 2 --holdout-off -p two.txt --quiet 2>/dev/null
expect_eq "two passes" "-1 0
1 1
-1 0
1 1
1 1
-1 0" "$(cat two.txt)"

# Classes, one-vs-all: the class with the highest score, and that score,
# among the classes known before the example. The first example knows none:
# its line is empty and it counts as a mistake. "who is y" meets A's "is" and
# constant (2; B, its own class, is not yet known); "what is z" then meets
# B's "is" and constant (2) and A's "what" (1; A lost "is" and the constant).
printf 'A\twhat is x\nB\twho is y\nA\twhat is z\n' > t.tsv
"$HARE" train t.tsv --format text --multiclass ova -p - > classes.txt 2> classes.err
expect_eq "classes" "
A 2
B 2" "$(cat classes.txt)"
expect_eq "mistakes of a class's first example" 3 "$(summary_value mistakes classes.err)"
printf "A 'one| a\nB 'two| b\n" | "$HARE" train --multiclass ova -p - --quiet > tags.txt 2>/dev/null
expect_eq "tags, the first with no class to predict" "one
A 1 two" "$(cat tags.txt)"

# The lines' mistakes are the summary's, the same for every thread count,
# and a run going on from a model (-i) writes its own.
"$HARE" gen -n 5000 --seed 3 > g.vw
"$HARE" train g.vw -p g1.txt --threads 1 --save-resume -f g.model 2> g1.err
"$HARE" train g.vw -p g2.txt --threads 2 --quiet 2>/dev/null
cmp -s g1.txt g2.txt || fail "-p differs with the thread count"
wrong=$(paste -d ' ' <(cut -d ' ' -f 1 g.vw) g1.txt | awk '$1 != $2' | wc -l)
expect_eq "mistakes of the lines" "$(summary_value mistakes g1.err)" "$wrong"
"$HARE" train -i g.model g.vw -p resumed.txt --quiet 2>/dev/null
expect_eq "lines of a run going on with -i" 5000 "$(wc -l < resumed.txt)"
# Writing them changes nothing learned.
"$HARE" train g.vw --save-resume -f without.model --quiet 2>/dev/null
cmp -s g.model without.model || fail "-p changed the model"

# A stream that has not ended gets each line's prediction as it arrives
# (tail -f | hare train -p -), as hare predict answers.
mkfifo live.fifo
"$HARE" train -p - --quiet < live.fifo > live.txt 2>/dev/null &
pid=$!
exec 4> live.fifo
echo "1 | a b" >&4
for _ in $(seq 100); do [ -s live.txt ] && break; sleep 0.1; done
expect_eq "a live stream's first prediction" "-1 0" "$(cat live.txt)"
exec 4>&-
wait "$pid"

# Never onto the data, by any name (stdin from it too), nor onto -f or -c.
cp a.vw keep.vw
expect_code 2 "$HARE" train keep.vw -p ./keep.vw 2> err.txt
expect_eq "-p onto the input" \
  "hare train: cannot write predictions ./keep.vw: it is the input keep.vw (the predictions would replace it)" \
  "$(cat err.txt)"
expect_code 2 "$HARE" train -p keep.vw < keep.vw 2> err.txt
expect_eq "-p onto stdin's file" \
  "hare train: cannot write predictions keep.vw: it is the input <stdin> (the predictions would replace it)" \
  "$(cat err.txt)"
cmp -s a.vw keep.vw || fail "the input was changed"
# Nor into the pipe the input comes from, stdin or named: hare would read its
# own lines back, or wait for itself to read them (it hung before).
expect_code 2 timeout 60 "$HARE" train -p /dev/stdin < <(cat a.vw) 2> err.txt
expect_eq "-p onto stdin's pipe" \
  "hare train: cannot write predictions /dev/stdin: it is the input <stdin> (the predictions would be read back as input)" \
  "$(cat err.txt)"
expect_code 2 timeout 60 "$HARE" train -f /dev/fd/0 < <(cat a.vw) 2> err.txt
expect_eq "-f onto stdin's pipe" \
  "hare train: cannot write model /dev/fd/0: it is the input <stdin> (the model would be read back as input)" \
  "$(cat err.txt)"
mkfifo named.pipe
expect_code 2 timeout 60 "$HARE" train named.pipe -p named.pipe 2> err.txt
expect_eq "-p onto the named pipe read" \
  "hare train: cannot write predictions named.pipe: it is the input named.pipe (the predictions would be read back as input)" \
  "$(cat err.txt)"
expect_code 1 "$HARE" train a.vw -p m.hare -f ./m.hare 2> err.txt
expect_eq "-p and -f" "hare train: -p and -f name the same file
Run 'hare train --help' for the options." "$(cat err.txt)"
# Nor by another name of the same file, which would be emptied before a run that fails.
"$HARE" train a.vw -f linked.model --quiet 2>/dev/null
cp linked.model linked-before.model
ln linked.model linked-too.model
expect_code 1 "$HARE" train a.vw -p linked-too.model -f linked.model 2> err.txt
expect_eq "-p a hard link of -f" "hare train: -p and -f name the same file
Run 'hare train --help' for the options." "$(cat err.txt)"
"$HARE" train a.vw --passes 2 -c linked.cache --quiet 2>/dev/null
ln linked.cache linked-too.cache
expect_code 1 "$HARE" train a.vw --passes 2 -c linked.cache -p linked-too.cache 2> err.txt
grep -q "^hare train: -p and -c name the same file$" err.txt || fail "-p a hard link of -c: $(cat err.txt)"
cmp -s linked.model linked-before.model || fail "the model was changed"
expect_code 1 "$HARE" train a.vw -p - -f /dev/stdout 2> err.txt > mixed.out
expect_eq "-p - and -f /dev/stdout" "hare train: -p and -f both write to descriptor 1 (stdout): the model would be mixed with the predictions
Run 'hare train --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" train a.vw -p '' 2> err.txt
grep -q "^hare train: -p needs a file name ('-' for stdout)$" err.txt || fail "-p '': $(cat err.txt)"
# Refused output ends the run at once, with no model.
if [[ -w /dev/full ]]; then
  expect_code 2 "$HARE" train g.vw -p /dev/full -f full.model --quiet 2> err.txt
  expect_eq "-p refused" "hare train: cannot write predictions /dev/full: No space left on device" \
    "$(cat err.txt)"
  [ -e full.model ] && fail "a model was written after the predictions failed"
fi
echo ok
