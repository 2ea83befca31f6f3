# Several passes read a cache of parsed examples written on the first pass:
# the model equals one pass over the text repeated, from a file, a compressed
# file or stdin. A named cache is reused, and rebuilt when it does not fit.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
"$HARE" gen -n 2000 --seed 4 > d.vw
gzip -c d.vw > d.vw.gz
train() { "$HARE" train --quiet -b 20 --rule perceptron --average "$@"; }

cat d.vw d.vw d.vw | train -f text.model 2>/dev/null
train d.vw --passes 3 --holdout-off -f file.model 2>/dev/null
train d.vw.gz --passes 3 --holdout-off -f gzip.model 2>/dev/null
train --passes 3 --holdout-off -f stdin.model < d.vw 2>/dev/null
for m in file gzip stdin; do
  same_model text.model $m.model || fail "3 passes over $m differ from the text read 3 times"
done

# A named cache: built once, then read; rebuilt when options or inputs differ.
train d.vw --passes 3 --holdout-off --cache d.cache -f c1.model 2> err1.txt
[ -s d.cache ] || fail "no cache written"
expect_eq "mode of a cache (the training data: its owner's alone)" 600 "$(stat -c %a d.cache)"
grep -q "reading examples from cache" err1.txt && fail "read a cache that did not exist"
train d.vw --passes 3 --holdout-off --cache d.cache -f c2.model 2> err2.txt
grep -q "^hare train: reading examples from cache d.cache$" err2.txt || fail "cache not reused"
same_model c1.model text.model || fail "model with a new cache differs"
same_model c2.model text.model || fail "model from a reused cache differs"
# -p prints each example's tag in every pass, also from a reused cache (the
# cache keeps the tags; the passes after the first printed none).
printf "1 'a |x a b\n-1 'b |x c d\n1 |x a e\n" > tags.vw
train tags.vw --passes 2 --holdout-off -c tags.cache -p tags1.txt 2>/dev/null
expect_eq "tags in both passes" "$(printf '%s\n' '-1 0 a' '1 1 b' '1 1' '1 2 a' '-1 -2 b' '1 1')" "$(cat tags1.txt)"
train tags.vw --passes 2 --holdout-off -c tags.cache -p tags2.txt 2>/dev/null
expect_eq "tags from a reused cache" "$(cat tags1.txt)" "$(cat tags2.txt)"
# "bytes read" counts the text each pass stands for, from the text or the
# cache alike, so that MB/s is the text's.
size=$(stat -c %s d.vw)
expect_eq "bytes read, 3 passes, cache made" $((3 * size)) "$(summary_value 'bytes read' err1.txt)"
expect_eq "bytes read, 3 passes, cache reused" $((3 * size)) "$(summary_value 'bytes read' err2.txt)"
"$HARE" train --quiet -b 21 d.vw --passes 2 --cache d.cache 2> err3.txt
grep -q "^hare train: cache d.cache was made from other inputs or with other options; rebuilding it$" err3.txt ||
  fail "options change not noticed: $(cat err3.txt)"
train d.vw --passes 3 --holdout-off --cache d.cache 2>/dev/null  # rebuilt as before
# --keep-names caps a line's features lower (names take memory), so its cache
# may lack lines that a run without names reads: the cap is in the key.
train d.vw --passes 2 --keep-names -f n.model --cache n.cache 2>/dev/null
train d.vw --passes 2 --cache n.cache 2> err6.txt
grep -q "^hare train: cache n.cache was made from other inputs or with other options; rebuilding it$" err6.txt ||
  fail "a cache written under --keep-names's cap was read without it: $(cat err6.txt)"
# Inputs rewritten with their old size and modification time (sed -i, then
# touch -d) are noticed: the change time, which nothing sets back, is in the key.
cp d.vw e.vw
train e.vw --passes 2 --holdout-off --cache e.cache 2>/dev/null
then=$(stat -c %y e.vw)
sed -i 's/^-1 /+1 /' e.vw  # the same size
touch -d "$then" e.vw
train e.vw --passes 2 --holdout-off --cache e.cache -f e1.model 2> err5.txt
grep -q "^hare train: cache e.cache was made from other inputs or with other options; rebuilding it$" err5.txt ||
  fail "an input rewritten with its old time not noticed: $(cat err5.txt)"
train e.vw --passes 2 --holdout-off -f e2.model 2>/dev/null
same_model e1.model e2.model || fail "the model after the rebuild is not that of the new text"
# Stdin may bring other data on each run: its cache is never reused.
printf '1 |a x\n1 |a x\n1 |a x\n1 |a x\n' > pos.vw
printf -- '-1 |a x\n-1 |a x\n-1 |a x\n-1 |a x\n' > neg.vw
# not_reused CACHE SOURCE: the run that made neg.model (its messages in
# err.txt) read neg.vw's lines from SOURCE, not pos.vw's from CACHE.
not_reused() {
  expect_eq "$2: cache message" \
    "hare train: writing cache $1 from $2 (a cache is reused only for regular input files)" \
    "$(grep cache err.txt)"
  "$HARE" test -i neg.model neg.vw --quiet 2> err.txt
  grep -q "^accuracy = 1.000000 (4 of 4 labelled examples right)$" err.txt ||
    fail "$2: the cache of other data was used: $(grep accuracy err.txt)"
}
"$HARE" train --passes 2 -c s.cache -f pos.model --quiet < pos.vw 2>/dev/null
"$HARE" train --passes 2 -c s.cache -f neg.model --quiet < neg.vw 2> err.txt
not_reused s.cache stdin
# So may a named pipe, whose times need not change: its cache is not reused
# either, and the pipe is read.
mkfifo data.pipe
cat pos.vw > data.pipe &
"$HARE" train data.pipe --passes 2 -c p.cache -f pos.model --quiet 2>/dev/null
wait
cat neg.vw > data.pipe &
"$HARE" train data.pipe --passes 2 -c p.cache -f neg.model --quiet 2> err.txt
wait
not_reused p.cache data.pipe
# A cache rebuilt over one made readable by others is its owner's alone again.
chmod 644 p.cache
"$HARE" train pos.vw --passes 2 -c p.cache --quiet 2> /dev/null
expect_eq "a rebuilt cache's permissions" 600 "$(stat -c %a p.cache)"
# A pipe named twice would be read once, or wait for ever at its second open.
expect_code 2 "$HARE" train data.pipe data.pipe --quiet 2> err.txt
expect_eq "a pipe twice" "hare train: data.pipe is given twice: a pipe can be read once" "$(cat err.txt)"
printf '1 |a x\n' | { expect_code 2 "$HARE" train - /dev/stdin --quiet 2> err.txt; }
expect_eq "stdin's pipe twice" "hare train: <stdin> and /dev/stdin are the same pipe: a pipe can be read once" "$(cat err.txt)"
head -c 1000 d.cache > cut.cache && mv cut.cache d.cache
train d.vw --passes 3 --holdout-off --cache d.cache -f c4.model 2> err4.txt
grep -q "^hare train: cache d.cache was cut short; rebuilding it$" err4.txt || fail "cut cache: $(cat err4.txt)"
same_model c4.model text.model || fail "model after rebuilding a cut cache differs"
ls ./*.tmp.* 2>/dev/null && fail "temporary files left behind"
# A record whose feature count is past the file's end is damage, not a size
# to make room for (it said "out of memory").
cp d.cache big-count.cache
key_size=$(od -An -tu4 -j12 -N4 big-count.cache | tr -d ' ')
printf '\xf0\xff\xff\xff' | dd of=big-count.cache bs=1 seek=$((16 + key_size)) conv=notrunc status=none
train d.vw --passes 3 --holdout-off --cache big-count.cache 2> err.txt && fail "a damaged count was read"
expect_eq "a damaged count" "hare train: cache big-count.cache is damaged (example 1); delete it and hare train makes it again" "$(tail -n 1 err.txt)"
# So is an example count (in the tail, 40 bytes before the end) smaller than
# the records: those past it would be left out without a word.
cp d.cache small-count.cache
printf '\x01\0\0\0\0\0\0\0' | dd of=small-count.cache bs=1 seek=$(($(stat -c %s small-count.cache) - 40)) conv=notrunc status=none
train d.vw --passes 3 --holdout-off --cache small-count.cache 2> err.txt && fail "a damaged example count was read"
expect_eq "a damaged example count" "hare train: cache small-count.cache is damaged: N bytes of records after its 1 examples; delete it and hare train makes it again" "$(tail -n 1 err.txt | sed 's/: [1-9][0-9]* bytes/: N bytes/')"
# A value changed within its range (its lowest bit: the first example's first
# feature) passes every check on the records but their checksum.
cp d.cache flipped.cache
at=$((16 + key_size + 24))  # after n, label, importance, initial, tag length (0), index
byte=$(od -An -tu1 -j$at -N1 flipped.cache | tr -d ' ')
printf "\\$(printf '%03o' $((byte ^ 1)))" | dd of=flipped.cache bs=1 seek=$at conv=notrunc status=none
cmp -s d.cache flipped.cache && fail "no bit flipped"
train d.vw --passes 3 --holdout-off --cache flipped.cache -f flipped.model 2> err.txt &&
  fail "a flipped value was read"
expect_eq "a flipped value" "hare train: cache flipped.cache is damaged: it does not match its checksum; delete it and hare train makes it again" "$(tail -n 1 err.txt)"
[ -e flipped.model ] && fail "a model was written from a damaged cache"
# So is a class name changed (DESC to DESX): its predictions would bear it.
printf '%s\t%s\n' DESC 'what is a cat' ENTY 'what animal barks' DESC 'what is a dog' > classes.tsv
train classes.tsv --format text --multiclass ova --passes 2 -c classes.cache 2>/dev/null
sed -i 's/DESC/DESX/' classes.cache
train classes.tsv --format text --multiclass ova --passes 2 -c classes.cache -f named.model \
  2> err.txt && fail "a changed class name was read"
expect_eq "a changed class name" "hare train: cache classes.cache is damaged: it does not match its checksum; delete it and hare train makes it again" "$(tail -n 1 err.txt)"
# Killed in its first pass over stdin, hare leaves no file: the cache has no
# name until it is whole (on a file system without O_TMPFILE it would leave
# its temporary file, as nothing can clean up after SIGKILL).
mkfifo slow.fifo
{ cat d.vw; exec sleep 60; } > slow.fifo &  # exec: killing $feeder ends the sleep
feeder=$!
"$HARE" train --quiet --passes 2 -c killed.cache -f killed.model < slow.fifo 2>/dev/null &
pid=$!
for _ in $(seq 100); do  # until the cache file is open
  ls -l "/proc/$pid/fd" 2>/dev/null | grep -q -e '(deleted)' -e 'killed.cache' && break
  sleep 0.1
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
kill "$feeder" 2>/dev/null || true
wait "$feeder" 2>/dev/null || true
expect_eq "files left by a killed run" "" "$(ls | grep -e killed -e '\.tmp\.')"

# Holdout: every 10th example is kept out, its error reported after each pass.
train d.vw --passes 4 --early-stop 10 2> err5.txt
expect_eq "holdout lines" 4 "$(grep -c '^hare train: pass [1-4]: holdout error 0\.[0-9]* ([0-9]* of 200 held-out examples)$' err5.txt)"
expect_eq "trained examples" 7200 "$(summary_value 'labelled examples' err5.txt)"
# Early stop: on noisy data the holdout error stops improving.
"$HARE" gen -n 300 --seed 8 > small.vw
train small.vw --passes 60 --early-stop 2 -f early.model 2> err6.txt
grep -q "^hare train: stopping early: no improvement on the holdout for 2 passes$" err6.txt ||
  fail "no early stop: $(grep pass err6.txt | tail -3)"
ran=$(grep -c 'holdout error' err6.txt)
[ "$ran" -lt 60 ] || fail "ran every pass"
# The model keeps the options it was trained with and the passes it ran.
"$HARE" model info -i early.model > info6.txt
grep -q "^learner           --rule perceptron --average --passes 60 --early-stop 2$" info6.txt ||
  fail "model info learner: $(cat info6.txt)"
expect_eq "passes run" "passes run        $ran" "$(grep '^passes run' info6.txt)"
# Nothing held out (9 examples, every 10th): every pass runs.
head -9 small.vw > nine.vw
train nine.vw --passes 6 -f nine.model 2> err7.txt
grep -q "^hare train: nothing was held out (fewer examples than --holdout-period 10): no early stop$" err7.txt ||
  fail "empty holdout: $(cat err7.txt)"
expect_eq "passes run, nothing held out" "passes run        6" \
  "$("$HARE" model info -i nine.model | grep '^passes run')"
# Held out, but without labels: said so, not blamed on the count.
awk 'NR <= 30 { print (NR % 10 == 0 ? "| a b" : $0) }' small.vw > unlabelled.vw
train unlabelled.vw --passes 3 2> err.txt
grep -q "^hare train: no labelled example was held out (the 3 held out have no label): no early stop$" \
  err.txt || fail "unlabelled holdout: $(cat err.txt)"
head -10 unlabelled.vw > unlabelled1.vw
train unlabelled1.vw --passes 2 2> err.txt
grep -q "^hare train: no labelled example was held out (the one held out has no label): no early stop$" \
  err.txt || fail "one unlabelled held out: $(cat err.txt)"

# A reused cache keeps the text's bad lines: counted again, and --strict
# reads the text (and stops there) rather than a cache made without it.
printf '1 | a\n1 | a:nan\n-1 | b\n' > bad.vw
train bad.vw --passes 2 -c bad.cache 2>/dev/null
train bad.vw --passes 2 -c bad.cache 2> err8.txt
grep -q "^hare train: reading examples from cache bad.cache$" err8.txt || fail "bad cache not reused"
expect_eq "lines skipped from a reused cache" 1 "$(summary_value 'lines skipped' err8.txt)"
expect_code 2 train bad.vw --passes 2 -c bad.cache --strict 2> err9.txt
expect_eq "--strict with a cache of bad lines" \
  "hare train: cache bad.cache was made from text with 1 bad line(s); --strict reads the text again
hare train: bad.vw:2:7: bad feature value 'nan' in 'a:nan': not a finite number (stopped by --strict)" \
  "$(cat err9.txt)"

# A run stopped in its later passes leaves no temporary cache: they read it
# through the descriptor it was written to, and it never has a name.
mkdir tmp
"$HARE" gen -n 20000 --seed 5 > many.vw
env TMPDIR="$PWD/tmp" "$HARE" train many.vw --passes 100000 --holdout-off -f many.model \
  2> many.err &
pid=$!
for _ in $(seq 300); do  # until the progress table reaches the second pass
  grep -q '^ *32768 ' many.err && break
  sleep 0.1
done
grep -q '^ *32768 ' many.err || fail "no second pass: $(cat many.err)"
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true
expect_eq "files left in TMPDIR by an interrupted run" "" "$(ls tmp)"
echo ok
