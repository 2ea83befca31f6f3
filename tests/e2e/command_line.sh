# Exit codes, messages, and what test, predict and model info print.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
"$HARE" gen -n 500 --seed 2 > d.vw

expect_code 1 "$HARE"
expect_code 1 "$HARE" frobnicate
# The version, with the formats it writes (a model file's version is its 9th-12th bytes).
expect_eq "version" "hare 0.1.0 (model format 15, cache format 10, tokenizer 4)" "$("$HARE" --version)"
"$HARE" train d.vw -f version.model --quiet 2>/dev/null
expect_eq "model format" "15" "$(od -An -tu4 -j8 -N4 version.model | tr -d ' ')"
expect_code 1 "$HARE" train --no-such-option d.vw 2> err.txt
grep -q "unknown option --no-such-option" err.txt || fail "unknown option message"
expect_code 1 "$HARE" train -b 40 d.vw 2> err.txt
grep -q "bits must be 1 to 32" err.txt || fail "bits message: $(cat err.txt)"
expect_code 1 "$HARE" train -l -1 d.vw
expect_code 1 "$HARE" train --format json d.vw
expect_code 1 "$HARE" train --rule winnow --threshold -1 d.vw 2> err.txt
grep -q "threshold must be a number >= 0" err.txt || fail "negative threshold: $(cat err.txt)"
expect_code 1 "$HARE" train --rule perceptron --alpha 2 d.vw 2> err.txt
grep -q "are for the Winnow rules" err.txt || fail "winnow option on perceptron: $(cat err.txt)"
expect_code 1 "$HARE" train --rule winnow --adagrad d.vw
expect_code 1 "$HARE" train --rule arow --adagrad d.vw 2> err.txt
grep -q "adagrad is for the additive rules" err.txt || fail "arow with adagrad: $(cat err.txt)"
expect_code 1 "$HARE" train --rule arow --arow-r 0 d.vw 2> err.txt
grep -q "arow-r must be > 0" err.txt || fail "arow-r 0: $(cat err.txt)"
expect_code 1 "$HARE" train --rule nb --smoothing -1 d.vw 2> err.txt
grep -q "smoothing must be > 0" err.txt || fail "smoothing -1: $(cat err.txt)"
expect_code 1 "$HARE" train --rule nb --passes 2 d.vw 2> err.txt
grep -q "nb counts every example once" err.txt || fail "nb with passes: $(cat err.txt)"
expect_code 1 "$HARE" train --rule perceptron -C 0.1 d.vw 2> err.txt
grep -q -- "-C is for --rule pa" err.txt || fail "-C with perceptron: $(cat err.txt)"
expect_code 1 "$HARE" train --rule pa --arow-r 2 d.vw 2> err.txt
grep -q -- "--arow-r is for --rule arow" err.txt || fail "--arow-r with pa: $(cat err.txt)"
expect_code 1 "$HARE" train --rule arow --smoothing 2 d.vw 2> err.txt
grep -q -- "--smoothing is for --rule nb" err.txt || fail "--smoothing with arow: $(cat err.txt)"
expect_code 1 "$HARE" train --rule nb --average d.vw 2> err.txt
grep -q "average is not for nb" err.txt || fail "nb with --average: $(cat err.txt)"
expect_code 1 "$HARE" train --rule arow --margin 0 d.vw 2> err.txt
grep -q "margin must be > 0 for arow" err.txt || fail "arow with margin 0: $(cat err.txt)"
expect_code 1 "$HARE" train --rule nb --margin 1 d.vw 2> err.txt
grep -q "nb learns from every example" err.txt || fail "nb with a margin: $(cat err.txt)"
for rule in sgd nb; do
  expect_code 1 "$HARE" train --rule $rule --uneven-margin 3 d.vw 2> err.txt
  grep -q -- "--uneven-margin is for the rules with a margin (perceptron, the winnows, pa, arow, svm), not $rule" err.txt ||
    fail "$rule with --uneven-margin: $(cat err.txt)"
done
expect_code 1 "$HARE" train --margin 1 --normalized-margin --uneven-margin 2 d.vw 2> err.txt
grep -q -- "--uneven-margin is not for --normalized-margin" err.txt || fail "with --normalized-margin: $(cat err.txt)"
expect_code 1 "$HARE" train --rule arow --uneven-margin -1 d.vw 2> err.txt
grep -q -- "--uneven-margin must be a number >= 0" err.txt || fail "--uneven-margin -1: $(cat err.txt)"
expect_code 1 "$HARE" train --rule sgd --l1 0.1 --average d.vw
expect_code 1 "$HARE" train -b 2>/dev/null
expect_code 2 "$HARE" train missing.vw 2> err.txt
expect_eq "missing input" "hare train: cannot open missing.vw: No such file or directory" "$(cat err.txt)"
expect_code 2 "$HARE" train d.vw -f /no/such/dir/m 2> err.txt
grep -q "cannot write model /no/such/dir/m" err.txt || fail "unwritable model message"
# Another user's model in a sticky directory cannot be replaced by a
# rename: refused before the training, the file left as it was (root may
# replace it, so the run is another user's, where this machine allows).
if [[ $(id -u) == 0 ]] && command -v setpriv > /dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups "$HARE" --version > /dev/null 2>&1; then
  chmod 755 "$WORK"
  chmod 644 d.vw
  mkdir -m 1777 sticky
  echo old > sticky/m.hare
  chmod 644 sticky/m.hare
  expect_code 2 setpriv --reuid=65534 --regid=65534 --clear-groups "$HARE" train --quiet d.vw -f sticky/m.hare 2> err.txt
  expect_eq "sticky directory" "hare train: cannot write model sticky/m.hare: it is another user's file in the sticky directory sticky, so no new model can replace it" "$(cat err.txt)"
  expect_eq "sticky: the old model" old "$(cat sticky/m.hare)"
fi
# Threads the system refuses (ulimit -u counts a user's threads; root is
# not held to it): the parsers started do the work, the same model; with
# none, a message, not an abort. LeakSanitizer's thread at exit would be
# refused too.
if [[ $(id -u) == 0 ]] && command -v setpriv > /dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups "$HARE" --version > /dev/null 2>&1 && [[ -z $(ps -u 65534 -o pid=) ]]; then
  chmod 755 "$WORK"
  chmod 644 d.vw
  mkdir -m 777 limited
  "$HARE" train --quiet --threads 4 d.vw -f limited/free.hare 2>/dev/null
  as_nobody_with() {  # as_nobody_with N hare-arguments...: at most N threads
    local n=$1; shift
    ASAN_OPTIONS=detect_leaks=0 setpriv --reuid=65534 --regid=65534 --clear-groups \
      bash -c 'ulimit -u "$1"; shift; exec "$@"' bash "$n" "$HARE" "$@"
  }
  as_nobody_with 3 train --quiet --threads 4 d.vw -f limited/three.hare 2> err.txt ||
    fail "--threads 4 with 3 threads allowed: $(cat err.txt)"
  cmp -s limited/free.hare limited/three.hare || fail "fewer parser threads changed the model"
  expect_code 2 as_nobody_with 2 train --quiet --threads 4 d.vw -f limited/two.hare 2> err.txt
  expect_eq "no parser thread" "hare train: cannot start a thread: Resource temporarily unavailable (--threads 1 reads on the learning thread)" "$(cat err.txt)"
  as_nobody_with 1 train --quiet --threads 1 d.vw -f limited/one.hare 2> err.txt ||
    fail "--threads 1 with no thread to spare: $(cat err.txt)"
  cmp -s limited/free.hare limited/one.hare || fail "--threads 1 changed the model"
fi
# The model never replaces an input, by any name.
cp d.vw data.vw
expect_code 2 "$HARE" train data.vw -f ./data.vw 2> err.txt
expect_eq "model onto its input" \
  "hare train: cannot write model ./data.vw: it is the input data.vw (the model would replace it)" \
  "$(cat err.txt)"
cmp -s d.vw data.vw || fail "the input was changed"
expect_code 2 "$HARE" tune data.vw -f data.vw 2> err.txt
grep -q "it is the input data.vw" err.txt || fail "tune onto its input: $(cat err.txt)"
# Nor does the cache, nor does it replace a file that is not a cache.
expect_code 2 "$HARE" train data.vw --passes 2 -c ./data.vw 2> err.txt
expect_eq "cache onto its input" \
  "hare train: cannot write cache ./data.vw: it is the input data.vw (the cache would replace it)" \
  "$(cat err.txt)"
cp d.vw other.vw
expect_code 2 "$HARE" train data.vw -c other.vw 2> err.txt
expect_eq "cache onto a file that is not a cache" \
  "hare train: cannot write cache other.vw: the file there is not a hare cache, and the cache would replace it (name another --cache file)" \
  "$(cat err.txt)"
cmp -s d.vw data.vw && cmp -s d.vw other.vw || fail "a cache replaced a data file"
# Nor when the input comes on stdin from that file (< data.vw); a pipe or
# /dev/null on stdin is no data to lose.
expect_code 2 "$HARE" train -f data.vw < data.vw 2> err.txt
expect_eq "model onto stdin's file" \
  "hare train: cannot write model data.vw: it is the input <stdin> (the model would replace it)" \
  "$(cat err.txt)"
expect_code 2 "$HARE" train - --passes 2 -c data.vw < data.vw 2> err.txt
expect_eq "cache onto stdin's file" \
  "hare train: cannot write cache data.vw: it is the input <stdin> (the cache would replace it)" \
  "$(cat err.txt)"
cmp -s d.vw data.vw || fail "the input on stdin was changed"
# Nor does stdout, where predictions go: appended to the input, they would be
# read back as examples (predict would never end), and a model would be
# damaged.
"$HARE" train --quiet d.vw -f out.model 2>/dev/null
for command in "train data.vw -p -" "test -i out.model data.vw -p -" "predict -i out.model data.vw" \
  "audit -i out.model data.vw" "features data.vw" "confusion --set a,b data.vw"; do
  expect_code 2 timeout 20 "$HARE" $command >> data.vw 2> err.txt
  expect_eq "$command >> its input" \
    "hare ${command%% *}: stdout goes to the input data.vw: what hare writes there would be read back as examples or write over them" \
    "$(cat err.txt)"
done
expect_code 2 "$HARE" predict -i out.model < data.vw >> data.vw 2> err.txt
grep -qF "stdout goes to the input <stdin>" err.txt || fail "predict < f >> f: $(cat err.txt)"
cp out.model kept.model
expect_code 2 "$HARE" predict -i out.model data.vw >> out.model 2> err.txt
grep -qF "stdout goes to the model out.model: what hare writes there would damage it" err.txt ||
  fail "predict >> its model: $(cat err.txt)"
cmp -s d.vw data.vw && cmp -s kept.model out.model || fail "stdout changed the input or the model"
"$HARE" predict -i out.model data.vw > predictions.txt 2> err.txt || fail "predict > a file: $(cat err.txt)"
"$HARE" train --quiet -f from-pipe.model < <(cat d.vw) 2>/dev/null || fail "stdin from a pipe"
: > empty.cache
"$HARE" train data.vw -c empty.cache --quiet 2>/dev/null || fail "an empty cache file is refused"
[ "$(head -c 8 empty.cache)" == HARECACH ] || fail "the empty cache file was not written"
# Seeds are 0 to 2^64 - 1: a negative one is refused, not wrapped around, and
# the largest, as model info prints it, can be given back.
expect_code 1 "$HARE" train d.vw --hash-seed -1 2> err.txt
grep -q "^hare train: --hash-seed: '-1' is not a whole number from 0 to 18446744073709551615" err.txt ||
  fail "negative hash seed: $(cat err.txt)"
"$HARE" train d.vw --hash-seed 18446744073709551615 -f seed.model --quiet 2>/dev/null
grep -q "^hash seed         18446744073709551615$" <("$HARE" model info -i seed.model) ||
  fail "largest hash seed"
expect_code 1 "$HARE" gen --seed -1 2>/dev/null
# gen -n 0 and --bytes 0 write nothing (not the default 10000 examples).
expect_eq "gen -n 0" 0 "$("$HARE" gen -n 0 | wc -c)"
expect_eq "gen --bytes 0" 0 "$("$HARE" gen --bytes 0 | wc -c)"
# A family's options with another family are refused, not ignored.
expect_code 1 "$HARE" gen --dim 5 --family text --k 3 -n 1 2> err.txt
expect_eq "another family's options" "hare gen: --dim is for --family separable, not text
hare gen: --k is for --family disjunction or conjunction, not text
Run 'hare gen --help' for the options." "$(cat err.txt)"
# The Boolean families' rule is fixed (x0 .. x(k-1)): no seed draws it.
expect_code 1 "$HARE" gen --family disjunction --concept-seed 2 -n 1 2> err.txt
expect_eq "--concept-seed with a Boolean family" "hare gen: --concept-seed is for --family zipf, text or separable, not disjunction
Run 'hare gen --help' for the options." "$(cat err.txt)"
# Their values are not checked against the defaults of the family they are not for.
expect_code 1 "$HARE" gen -n 2 --family zipf --n 5 2> err.txt
expect_eq "another family's option, no range check" "hare gen: --n is for --family disjunction or conjunction, not zipf
Run 'hare gen --help' for the options." "$(cat err.txt)"
# Options gen cannot meet are refused, not run forever or out of memory.
expect_code 1 timeout 60 "$HARE" gen -n 1 --family separable --gamma 5 --radius 10 2> err.txt
expect_eq "separable margin out of reach" "hare gen: --gamma 5 is out of reach at --radius 10 and --dim 20: a point's margin is less than the smaller of the radius and sqrt(dim)
Run 'hare gen --help' for the options." "$(cat err.txt)"
# One within reach but rare is a warning (it ran on without a word).
expect_code 124 timeout 4 "$HARE" gen -n 1 --family separable --gamma 0.5 --radius 1 --dim 1000 2> err.txt
grep -q "^hare gen: warning: points of margin --gamma 0.5 are rare at --radius 1 and --dim 1000" err.txt ||
  fail "rare separable margin: $(cat err.txt)"
expect_code 1 "$HARE" gen --bytes 16777216T 2> err.txt
grep -q "^hare gen: --bytes '16777216T' is not a size below 2^64 bytes" err.txt || fail "--bytes 2^64: $(cat err.txt)"
expect_code 1 "$HARE" gen --bytes '' 2> err.txt
grep -q "^hare gen: --bytes '' is not a size below 2^64 bytes" err.txt || fail "--bytes '': $(cat err.txt)"
expect_code 1 "$HARE" gen --family separable --dim 0 2> err.txt
expect_eq "--dim 0" "hare gen: --dim must be 1 to 1000000
Run 'hare gen --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" gen -n 1 --max-features 9223372036854775807 2> /dev/null
expect_code 1 "$HARE" gen -n 1 --vocabulary 2147483648 2> /dev/null
# -c and -f on one file: the model would replace the cache.
expect_code 1 "$HARE" train d.vw --passes 2 -c same.bin -f ./same.bin 2> err.txt
grep -q "^hare train: -c and -f name the same file: the model would replace the cache$" err.txt ||
  fail "-c and -f on one file: $(cat err.txt)"
# A model written through an open file's name ends where the model does,
# whatever the file held (/dev/fd/3 of a longer file opened without truncating).
"$HARE" gen -n 3000 --seed 3 > long.model
"$HARE" train d.vw -f /dev/fd/3 --quiet 3<>long.model 2>/dev/null || fail "-f /dev/fd/3 failed"
"$HARE" model info -i long.model > /dev/null || fail "the model written through /dev/fd/3 does not load"
"$HARE" train d.vw -f /dev/stdout --quiet > stdout.model 2>/dev/null || fail "-f /dev/stdout failed"
cmp -s long.model stdout.model || fail "the model through /dev/stdout differs"
# Through stdout's own descriptor: at its place, so >> appends and what the
# shell writes after the model follows it.
seq 5000 > log.txt
cp log.txt log.before
"$HARE" train d.vw -f /dev/stdout --quiet >> log.txt 2>/dev/null || fail "-f /dev/stdout >> failed"
cmp -s <(head -c "$(stat -c %s log.before)" log.txt) log.before || fail ">> /dev/stdout: the log was overwritten"
cmp -s <(tail -c +"$(($(stat -c %s log.before) + 1))" log.txt) stdout.model || fail ">> /dev/stdout: not the model"
{ echo header; "$HARE" train d.vw -f /dev/stdout --quiet 2>/dev/null; echo end; } > framed.txt
cmp -s framed.txt <(echo header; cat stdout.model; echo end) || fail "a model between lines"
# A file under /dev that is a file (of /dev/shm) is replaced whole, as any file.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  shm=$(mktemp -d /dev/shm/hare-test.XXXXXX)
  "$HARE" train d.vw -b 20 -f "$shm/m.hare" --quiet 2>/dev/null
  "$HARE" train d.vw -b 10 -f "$shm/m.hare" --quiet 2>/dev/null || fail "-f /dev/shm/... failed"
  "$HARE" model info -i "$shm/m.hare" > /dev/null || fail "a smaller model over a larger in /dev/shm does not load"
  "$HARE" train d.vw --passes 2 -c "$shm/c.cache" --quiet 2>/dev/null || fail "-c /dev/shm/... failed"
  rm -rf "$shm"
fi
# Later passes' temporary cache needs a temporary directory; one pass needs none.
expect_code 2 env TMPDIR=/no/such/dir "$HARE" train d.vw --passes 2 --quiet 2> err.txt
expect_eq "no TMPDIR" "hare train: no temporary directory for the cache of later passes (TMPDIR=/no/such/dir: No such file or directory): set TMPDIR to a directory (or, in hare train, give the cache a file with -c FILE)" "$(cat err.txt)"
expect_code 0 env TMPDIR=/no/such/dir "$HARE" train d.vw --quiet 2> err.txt
# An empty TMPDIR is unset, as mktemp takes it: /tmp.
expect_code 0 env TMPDIR= "$HARE" train d.vw --passes 2 --quiet 2> err.txt
# A link to a file still to be made is followed: the link stays.
ln -s made-later.model dangling.model
"$HARE" train d.vw -f dangling.model --quiet 2>/dev/null
[ -L dangling.model ] && [ -f made-later.model ] || fail "a dangling link was replaced"
# So is a chain of them, to its end: a -> b -> c, c still to be made.
mkdir chain && ln -s b.model chain/a.model && ln -s b2/../c.model chain/b.model && mkdir chain/b2
"$HARE" train d.vw -f chain/a.model --quiet 2>/dev/null
[ -L chain/a.model ] && [ -L chain/b.model ] && [ -f chain/c.model ] ||
  fail "a chain of dangling links was not followed: $(ls -l chain)"
# -f - and -c - are not files named '-'.
expect_code 1 "$HARE" train d.vw -f - -c - 2> err.txt
expect_eq "-f - and -c -" "hare train: -f - would make a file named '-': a model goes to a file (hare train's may go to -f /dev/stdout)
hare train: -c - would make a file named '-': a cache is a file
Run 'hare train --help' for the options." "$(cat err.txt)"
[ ! -e ./- ] || fail "a file named - was made"
# So are a holdout and an early stop one pass would ignore.
expect_code 1 "$HARE" train d.vw --holdout-period 5 --early-stop 2 2> err.txt
expect_eq "one pass, holdout and early stop" \
  "hare train: --holdout-period is for --passes 2 or more, or --probabilities: one pass holds nothing out
hare train: --early-stop is for --passes 2 or more
Run 'hare train --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" train d.vw --passes 2 --holdout-period 0 2> err.txt
expect_eq "holdout period 0" "hare train: --holdout-period must be at least 2
Run 'hare train --help' for the options." "$(cat err.txt)"
# Options a rule would ignore are refused, whatever their default.
expect_code 1 "$HARE" train --rule winnow -l 0.5 d.vw 2> err.txt
grep -q -- "-l is for --rule perceptron and --rule sgd; winnow has no learning rate" err.txt ||
  fail "-l with winnow: $(cat err.txt)"
expect_code 1 "$HARE" train --loss logistic d.vw 2> err.txt
grep -q -- "--loss is for --rule sgd" err.txt || fail "--loss with perceptron: $(cat err.txt)"
expect_code 1 "$HARE" train --rule arow --pa-variant pa-ii d.vw 2> err.txt
grep -q -- "--pa-variant is for --rule pa" err.txt || fail "--pa-variant with arow: $(cat err.txt)"
for flag in "--schedule power" "--power-t 0.3"; do
  # shellcheck disable=SC2086
  expect_code 1 "$HARE" train --rule pa $flag d.vw 2> err.txt
  grep -q -- "${flag% *} is for --rule sgd" err.txt || fail "$flag with pa: $(cat err.txt)"
done
expect_code 0 "$HARE" train --rule sgd --loss logistic --schedule power --power-t 0.3 -l 0.5 d.vw \
  --quiet 2>/dev/null
# And options of the rule that its other settings ignore.
expect_code 1 "$HARE" train --rule sgd --margin 1 --power-t 0.3 d.vw 2> err.txt
expect_eq "sgd --margin, --power-t without --schedule power" \
  "hare train: --margin is not for --rule sgd: its --loss decides when it updates
hare train: --power-t is for --schedule power
Run 'hare train --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" train --rule sgd --adagrad --schedule constant --power-t 0.3 d.vw 2> err.txt
expect_eq "sgd --adagrad with --schedule, --power-t" \
  "hare train: --power-t is for --schedule power
hare train: --schedule is for SGD without --adagrad: AdaGrad's rates are -l / sqrt(G_i) at every step
hare train: --power-t is for SGD without --adagrad: AdaGrad's rates are -l / sqrt(G_i) at every step
Run 'hare train --help' for the options." "$(cat err.txt)"
# An option taken as a value (VW's -c takes none) is refused, before any file is made.
expect_code 1 "$HARE" train d.vw -c -f m.hare --passes 3 2> err.txt
expect_eq "-c -f" "hare train: -c needs a value (FILE), not the option -f
Run 'hare train --help' for the options." "$(cat err.txt)"
[ ! -e ./-f ] || fail "a file named -f was made"
expect_code 1 "$HARE" train d.vw -c -k --passes 3 2> err.txt
grep -q -- "^hare train: -c needs a value (FILE), not the option -k$" err.txt || fail "-c -k: $(cat err.txt)"
expect_code 1 "$HARE" train d.vw -f --passes=2 2> err.txt
grep -q -- "^hare train: -f needs a value (MODEL), not the option --passes=2$" err.txt ||
  fail "-f --passes=2: $(cat err.txt)"
expect_code 1 "$HARE" train d.vw -f --quiet 2> err.txt
grep -q -- "^hare train: -f needs a value (MODEL), not the option --quiet" err.txt || fail "-f --quiet: $(cat err.txt)"
# A negative number is a value (and then checked as one), and so is a VW
# namespace that starts with '-'.
printf '1 |-x a |y c\n-1 |-x b |y d\n' > dash.vw
expect_code 0 "$HARE" train dash.vw -q -y --quiet -f dash.model 2>/dev/null
# "_b" is a value (namespaces _ and b), not VW's spelling of the option -b.
expect_code 0 "$HARE" train dash.vw -q _y --quiet 2>/dev/null
expect_code 1 "$HARE" train d.vw --margin -.5 2> err.txt
grep -q -- "^hare train: --margin must be a number >= 0" err.txt || fail "--margin -.5: $(cat err.txt)"
# VW's spellings get hare's.
for pair in "--holdout_period 3|hare spells it --holdout-period" "--loss_function logistic|hare's is --rule sgd --loss NAME" \
  "--invert_hash x|hare's is --keep-names, a switch: hare model dump -i MODEL prints the names" "-d d.vw|hare reads the FILE arguments, or stdin" \
  "--interactions ab|hare's are -q ab for pairs and --cubic abc for triples"; do
  # shellcheck disable=SC2086
  expect_code 1 "$HARE" train ${pair%|*} 2> err.txt
  grep -qF "(${pair#*|})" err.txt || fail "hint for ${pair%|*}: $(cat err.txt)"
done
# Only where they mean something: gen reads no data and has no cache, and
# its -k is its --k; audit has no cache.
expect_code 1 "$HARE" gen --family disjunction -k 5 2> err.txt
expect_eq "gen -k" "hare gen: unknown option -k (hare spells it --k)" "$(head -1 err.txt)"
expect_code 1 "$HARE" gen -d 5 2> err.txt
expect_eq "gen -d" "hare gen: unknown option -d" "$(head -1 err.txt)"
expect_code 1 "$HARE" audit -k 2> err.txt
expect_eq "audit -k" "hare audit: unknown option -k (a training option: hare rebuilds a cache that does not fit)" "$(head -1 err.txt)"
expect_code 1 "$HARE" train -k d.vw 2> err.txt
expect_eq "train -k" "hare train: unknown option -k (hare rebuilds a cache that does not fit)" "$(head -1 err.txt)"
expect_code 1 "$HARE" train --passes 2000000 d.vw 2> err.txt
grep -q -- "--passes must be at most 1048576" err.txt || fail "--passes 2000000: $(cat err.txt)"
expect_code 1 "$HARE" train --passes 2 --early-stop 2000000 d.vw 2> err.txt
grep -q -- "--early-stop must be at most 1048576" err.txt || fail "--early-stop 2000000: $(cat err.txt)"
expect_code 1 "$HARE" train --passes 2 --holdout-period 3000000000 d.vw 2> err.txt
grep -q -- "--holdout-period must be at most 1073741824" err.txt ||
  fail "--holdout-period 3000000000: $(cat err.txt)"
# A folder among the inputs is named before any input is read.
mkdir -p folder
expect_code 2 "$HARE" train d.vw folder 2> err.txt
expect_eq "a folder as input" "hare train: cannot read folder: Is a directory" "$(cat err.txt)"
expect_code 1 "$HARE" train --rule winnow --initial-weight 1e30 d.vw 2> err.txt
grep -q -- "--initial-weight must be from 1e-20 to 1e20" err.txt || fail "w0 1e30: $(cat err.txt)"
expect_code 1 "$HARE" train --rule modified-balanced-winnow --initial-weight 1 d.vw 2> err.txt
grep -q -- "--initial-weight is u0 for modified-balanced-winnow and must be > 1" err.txt ||
  fail "MBW --initial-weight 1: $(cat err.txt)"
expect_code 1 "$HARE" train --passes 3 --holdout-off --holdout-period 4 --early-stop 2 d.vw \
  2> err.txt
expect_eq "--holdout-off with --holdout-period, --early-stop" \
  "hare train: --holdout-period needs a holdout: --holdout-off holds nothing out
hare train: --early-stop needs a holdout: --holdout-off holds nothing out
Run 'hare train --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" train --rule pa --pa-variant pa -C 2 d.vw 2> err.txt
grep -q -- "^hare train: -C is for --pa-variant pa-i and pa-ii: plain pa takes the whole step$" \
  err.txt || fail "-C with plain pa: $(cat err.txt)"
# fastText's spellings and training's options elsewhere say what hare
# takes, not "-l: 'r' is not a number".
expect_code 1 "$HARE" train d.vw -lr 0.5 2> err.txt
expect_eq "-lr" "hare train: unknown option -lr (hare's is -l)" "$(head -1 err.txt)"
expect_code 1 "$HARE" train d.vw -wordNgrams 2 2> err.txt
expect_eq "-wordNgrams" "hare train: unknown option -wordNgrams (hare's is --ngram)" "$(head -1 err.txt)"
"$HARE" train --quiet d.vw -f opts.model 2>/dev/null
expect_code 1 "$HARE" test -i opts.model --ngram 2 d.vw 2> err.txt
expect_eq "test --ngram" "hare test: unknown option --ngram (a training option: the model keeps what it was trained with)" "$(head -1 err.txt)"
expect_code 1 "$HARE" test -i opts.model --threads 0 d.vw 2> err.txt
expect_eq "test --threads 0" "hare test: --threads must be 1 to 256
Run 'hare test --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" predict -i opts.model --threads 2 d.vw 2> err.txt
expect_eq "predict --threads" "hare predict: unknown option --threads (it runs on one thread, answering each line as it arrives; hare test takes --threads)" "$(head -1 err.txt)"
# predict takes test's --strict and --quiet.
printf '1 | a\nx | b\n' > onebad.vw
expect_code 2 "$HARE" predict -i opts.model --strict --quiet onebad.vw > /dev/null 2> err.txt
grep -q "^hare predict: onebad.vw:2:1: bad label 'x'.*(stopped by --strict)$" err.txt || fail "predict --strict: $(cat err.txt)"
# Without -f the summary says no model was saved.
"$HARE" train d.vw --quiet 2> err.txt
expect_eq "no -f" "final model = none (no -f: the model is not saved)" "$(grep '^final model' err.txt)"
# Output the system refuses is an error, not a success.
# Past the file size limit (ulimit -f, in KiB) a write fails as any other
# refused write, with its reason, rather than the signal ending hare
# unheard; the model there is left as it was.
echo old > limited.hare
expect_code 2 bash -c 'ulimit -f 1; exec "$@"' bash "$HARE" train --quiet d.vw -f limited.hare 2> err.txt
expect_eq "ulimit -f: the model" "hare train: cannot write model limited.hare: File too large (any previous file there is unchanged)" "$(tail -1 err.txt)"
expect_eq "ulimit -f: the old model" old "$(cat limited.hare)"
expect_code 2 bash -c 'ulimit -f 1; exec "$@"' bash "$HARE" train --quiet d.vw -p limited.txt 2> err.txt
expect_eq "ulimit -f: the predictions" "hare train: cannot write predictions limited.txt: File too large" "$(head -1 err.txt)"
# A reader of the messages that has gone (2>&1 | head) loses them, not the
# model: fd 4 is a pipe whose only reader (fd 3) was closed before hare
# starts, so that its first message meets no reader (SIGPIPE killed it).
rm -f gone.fifo unheard.model
mkfifo gone.fifo
exec 3<>gone.fifo 4>gone.fifo 3<&-
code=0
env --default-signal=PIPE "$HARE" train d.vw --passes 2 -f unheard.model 2>&4 || code=$?
exec 4>&-
expect_eq "a reader of the messages gone: the exit code" 0 "$code"
[[ -s unheard.model ]] || fail "a reader of the messages gone: no model"
# The answers on stdout still end a command whose reader has gone. (env
# --default-signal: SIGPIPE as a shell gets it, whatever runs the tests.)
mkfifo gone-out.fifo
exec 3<>gone-out.fifo 4>gone-out.fifo 3<&-
code=0
env --default-signal=PIPE "$HARE" predict -i unheard.model d.vw >&4 || code=$?
exec 4>&-
expect_eq "a reader of the answers gone: SIGPIPE" 141 "$code"
# The temporary cache of later passes has no name to give: its folder's.
for i in 1 2 3 4 5 6 7 8; do cat d.vw d.vw d.vw d.vw; done > d32.vw
expect_code 2 env TMPDIR="$PWD" bash -c 'ulimit -f 4; exec "$@"' bash "$HARE" train --quiet --passes 2 d32.vw 2> err.txt
expect_eq "ulimit -f: the temporary cache" "hare train: cannot write cache (a temporary file in $PWD, for the passes after the first): File too large" "$(tail -1 err.txt)"
# A message that speaks of a cache but not the temporary one is left whole,
# in one pass and in several.
"$HARE" train --quiet --passes 2 -c made.cache d.vw 2>/dev/null
for passes in 1 2; do
  expect_code 2 "$HARE" train --quiet --passes $passes made.cache 2> err.txt
  expect_eq "a cache as examples, $passes pass(es)" "hare train: cannot read made.cache: it is a hare cache, not examples (a cache is given with -c, to hare train)" "$(cat err.txt)"
done
if [[ -w /dev/full ]]; then
  # The commands that answer as they read stop at the first refused write,
  # with its reason.
  full="cannot write to stdout: No space left on device"
  expect_code 2 "$HARE" features --ngram 2 d.vw > /dev/full 2> err.txt
  expect_eq "stdout refused" "hare features: $full" "$(cat err.txt)"
  echo "whether it rains" > confusion.txt
  expect_code 2 "$HARE" confusion --set whether,weather confusion.txt > /dev/full 2> err.txt
  expect_eq "confusion: stdout refused" "hare confusion: $full" "$(cat err.txt)"
  "$HARE" train --quiet d.vw -f full.model 2>/dev/null
  expect_code 2 "$HARE" predict -i full.model d.vw > /dev/full 2> err.txt
  expect_eq "predict: stdout refused" "hare predict: $full" "$(cat err.txt)"
  expect_code 2 "$HARE" audit -i full.model d.vw > /dev/full 2> err.txt
  expect_eq "audit: stdout refused" "hare audit: $full" "$(cat err.txt)"
  expect_code 2 "$HARE" test -i full.model d.vw -p /dev/full --quiet 2> err.txt
  expect_eq "test -p refused" \
    "hare test: cannot write predictions /dev/full: No space left on device" "$(cat err.txt)"
  # On a stream that has not ended (tail -f), hare predict stops at once
  # rather than read on writing nothing.
  mkfifo endless.fifo
  "$HARE" predict -i full.model < endless.fifo > /dev/full 2> err.txt &
  pid=$!
  exec 4> endless.fifo
  echo "1 | a b" >&4
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "hare predict writes nowhere and goes on reading"
  exec 4>&-
  expect_code 2 wait "$pid"
  expect_eq "predict on a stream: stdout refused" "hare predict: $full" "$(cat err.txt)"
  expect_code 2 "$HARE" gen -n 10 > /dev/full 2> err.txt
  expect_eq "gen: stdout refused" "hare gen: $full" "$(cat err.txt)"
fi
# A closed stdout or stderr is not taken by a file hare opens: the progress
# table does not land in the predictions, nor the JSON report after them.
"$HARE" train d.vw -p closed-stderr.txt 2>&-
expect_eq "-p with stderr closed" "500 0" \
  "$(wc -l < closed-stderr.txt) $(grep -c -v '^-\?1 ' closed-stderr.txt)"
"$HARE" train --quiet d.vw -f closed.model 2>/dev/null
expect_code 2 "$HARE" test -i closed.model d.vw --json --quiet -p closed-stdout.txt >&- 2>/dev/null
expect_eq "test --json -p with stdout closed" "500 0" \
  "$(wc -l < closed-stdout.txt) $(grep -c -v '^-\?1 ' closed-stdout.txt)"
expect_code 2 "$HARE" train --quiet <&- 2> err.txt
expect_eq "stdin closed" "hare train: cannot read <stdin>: Bad file descriptor" "$(tail -1 err.txt)"
# Nor is a closed descriptor opened again by its name.
expect_code 2 "$HARE" train d.vw --quiet -p /dev/stdout >&- 2> err.txt
expect_eq "-p /dev/stdout closed" "hare train: cannot write predictions /dev/stdout: stdout is closed" "$(cat err.txt)"
expect_code 2 "$HARE" train d.vw --quiet -f /dev/stdout >&- 2> err.txt
expect_eq "-f /dev/stdout closed" "hare train: cannot write model /dev/stdout: stdout is closed" "$(cat err.txt)"
expect_code 2 "$HARE" train d.vw --quiet -p /dev/fd/1 >&- 2> err.txt
expect_eq "-p /dev/fd/1 closed" "hare train: cannot write predictions /dev/fd/1: stdout is closed" "$(cat err.txt)"
expect_code 2 "$HARE" train /dev/stdin --quiet <&- 2> err.txt
expect_eq "/dev/stdin closed" "hare train: cannot read /dev/stdin: Is a directory" "$(tail -1 err.txt)"
# Stdin is read once: a usage error (exit 1), in every command that reads.
expect_code 1 "$HARE" train - d.vw - < d.vw 2> err.txt
expect_eq "stdin twice" "hare train: stdin ('-') is given more than once: it can be read once
Run 'hare train --help' for the options." "$(cat err.txt)"
for command in test predict audit; do
  expect_code 1 "$HARE" $command -i version.model - - < d.vw 2> err.txt
  expect_eq "stdin twice: $command" "hare $command: stdin ('-') is given more than once: it can be read once" "$(head -1 err.txt)"
done
# gen and model read no FILE: their own messages.
expect_code 1 "$HARE" gen - - 2> err.txt
expect_eq "gen - -" "hare gen: unexpected argument '-'" "$(head -1 err.txt)"
expect_code 1 "$HARE" model info -i version.model - - 2> err.txt
expect_eq "model info - -" "hare model info: one model at a time: '-' is one too many" "$(head -1 err.txt)"
for command in tune features "confusion --set a,b"; do
  expect_code 1 "$HARE" $command - - < d.vw 2> err.txt
  expect_eq "stdin twice: $command" "hare ${command%% *}: stdin ('-') is given more than once: it can be read once" "$(head -1 err.txt)"
done
# An empty file name (-f "$MODEL" with MODEL unset) is refused, not ignored.
expect_code 1 "$HARE" train d.vw -f '' 2> err.txt
expect_eq "-f ''" "hare train: -f needs a file name
Run 'hare train --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" train d.vw --passes 2 -c '' 2> err.txt
grep -q "^hare train: -c needs a file name$" err.txt || fail "-c '': $(cat err.txt)"
expect_code 1 "$HARE" test -i full.model d.vw -p '' 2> err.txt
expect_eq "-p ''" "hare test: -p needs a file name ('-' for stdout)
Run 'hare test --help' for the options." "$(cat err.txt)"
for command in test predict audit "model info"; do
  # shellcheck disable=SC2086
  expect_code 1 "$HARE" $command -i '' < d.vw 2> err.txt
  expect_eq "$command -i ''" "hare $command: -i needs a file name
Run 'hare $command --help' for the options." "$(cat err.txt)"
  # shellcheck disable=SC2086
  expect_code 1 "$HARE" $command < d.vw 2> err.txt
  expect_eq "$command without -i" "hare $command: -i MODEL is required
Run 'hare $command --help' for the options." "$(cat err.txt)"
done
# A table the memory cannot hold is a message (not under AddressSanitizer,
# which needs far more address space than any limit here would leave).
# (ldd's whole output is read first: grep -q quitting early under pipefail
# would fail the pipe.)
if [[ $(ldd "$HARE") != *libasan* ]]; then
  set +e
  (ulimit -v 1000000 && "$HARE" train -b 30 d.vw --quiet) 2> err.txt
  code=$?
  set -e
  expect_eq "out of memory exit code" 2 "$code"
  expect_eq "out of memory" "hare train: out of memory: the table of 2^30 slots of 1 float (4.0 GiB) cannot be mapped: Cannot allocate memory (a smaller -b needs less)" "$(cat err.txt)"
  # A model's table: its -b is the model's, so the advice is to train again.
  "$HARE" train -b 26 d.vw --quiet -f b26.model 2>/dev/null
  set +e
  (ulimit -v 200000 && "$HARE" test -i b26.model d.vw --quiet) 2> err.txt
  code=$?
  set -e
  expect_eq "model out of memory exit code" 2 "$code"
  expect_eq "model out of memory" "hare test: cannot load model b26.model: out of memory: the table of 2^26 slots of 1 float (0.2 GiB) cannot be mapped: Cannot allocate memory (it was trained with -b 26: train it again with a smaller -b, or load it where more memory is free)" "$(cat err.txt)"
  set +e
  (ulimit -v 1000000 && "$HARE" gen --vocabulary 134217728 -n 1) > /dev/null 2> err.txt
  code=$?
  set -e
  expect_eq "gen out of memory exit code" 2 "$code"
  expect_eq "gen out of memory" "hare gen: out of memory: --vocabulary 134217728 needs about 64 bytes a word (8192 MB)" "$(cat err.txt)"
  # An input with no line end for longer than the memory holds (a file of
  # NUL bytes, /dev/zero) names the input and where the line starts, plain
  # or compressed, after the lines before it.
  printf '1 | a\n' > before.vw
  head -c 300M /dev/zero | gzip -1 > zeros.gz
  for input in /dev/zero zeros.gz; do
    set +e
    (ulimit -v 600000 && "$HARE" train --quiet before.vw "$input" -f zeros.model) 2> err.txt
    code=$?
    set -e
    expect_eq "endless line in $input: exit code" 2 "$code"
    of=""
    [[ $input == zeros.gz ]] && of=" of the decompressed text"
    expect_eq "endless line in $input" "hare train: out of memory: $input: a line of N MiB and more from byte 1$of, with no line end (LF): a file of NUL bytes, or lines that end otherwise?" \
      "$(sed 's/a line of [0-9]* MiB/a line of N MiB/' err.txt)"
    [[ ! -e zeros.model ]] || fail "endless line in $input: a model was written"
  done
  # A line too long for the memory is not the vocabulary's fault.
  set +e
  (ulimit -v 60000 && "$HARE" gen -n 3 --vocabulary 10 --min-features 1000000 --max-features 1000000) > /dev/null 2> err.txt
  code=$?
  set -e
  expect_eq "gen line out of memory exit code" 2 "$code"
  expect_eq "gen line out of memory" "hare gen: out of memory for the features of one example (fewer with a smaller --max-features)" "$(cat err.txt)"
  # A line of more features than the memory holds is a bad line, named, on a
  # parser thread too (it aborted there): 3000 features, --cubic makes 4.5
  # billion (how many fit before the vectors fail to double depends on the
  # limit). The next line is learned.
  awk 'BEGIN { printf "1 |a"; for (i = 0; i < 3000; ++i) printf " f%d", i; print ""; print "-1 |a b" }' > wide.vw
  wide_message="wide.vw:1:1: out of memory after N of this line's features (-q, --cubic, n-grams and character n-grams multiply them)"
  for threads in 1 2; do
    set +e
    (ulimit -v 1000000 && "$HARE" train wide.vw --cubic ::: --threads $threads --quiet -f wide.model) 2> err.txt
    code=$?
    set -e
    expect_eq "out of memory in a line, $threads thread(s): exit code" 0 "$code"
    expect_eq "out of memory in a line, $threads thread(s)" "$wide_message; line skipped" "$(grep '^wide' err.txt | sed 's/after [0-9]* of/after N of/')"
    expect_eq "out of memory in a line, $threads thread(s): the next line" "number of examples = 1" "$(grep '^number of examples' err.txt)"
    set +e
    (ulimit -v 1000000 && "$HARE" train wide.vw --cubic ::: --threads $threads --quiet --strict) 2> err.txt
    code=$?
    set -e
    expect_eq "out of memory in a line, --strict, $threads thread(s): exit code" 2 "$code"
    expect_eq "out of memory in a line, --strict, $threads thread(s)" "hare train: $wide_message (stopped by --strict)" "$(tail -n 1 err.txt | sed 's/after [0-9]* of/after N of/')"
  done
  # So it is to hare features: the line is named and printed empty, and the
  # lines around it are printed.
  awk 'BEGIN { print "1\tfirst line"; printf "2\t"; for (i = 0; i < 20000; ++i) printf " word%d", i; print ""; print "3\tlast line" }' > long.tsv
  set +e
  (ulimit -v 400000 && "$HARE" features --ngram 5 --skips 5 long.tsv) > out.txt 2> err.txt
  code=$?
  set -e
  expect_eq "features out of memory in a line: exit code" 2 "$code"
  expect_eq "features out of memory in a line" "long.tsv:2:3: out of memory making this line's features (n-grams, skips and character n-grams multiply them); line skipped" "$(cat err.txt)"
  expect_eq "features: the lines around it" "1 | first line first_line

3 | last line last_line" "$(cat out.txt)"
  # hare confusion writes a long line's examples as it makes them: 31
  # examples of a 9 MB line do not have to fit in memory at once.
  awk 'BEGIN { print "first whether"; for (i = 0; i < 1000000; ++i) printf "w%d %s ", i, (i % 33333 == 0 ? "whether" : ""); print ""; print "last weather" }' > long.txt
  set +e
  (ulimit -v 300000 && "$HARE" confusion --set whether,weather long.txt) 2> err.txt | cut -c1-12 > out.txt
  code=${PIPESTATUS[0]}
  set -e
  expect_eq "confusion of a long line: exit code" 0 "$code"
  expect_eq "confusion of a long line: examples" 33 "$(wc -l < out.txt)"
fi
expect_code 1 "$HARE" test d.vw
expect_code 2 "$HARE" test -i missing.model d.vw
printf 'not a model' > foreign.model
expect_code 2 "$HARE" test -i foreign.model d.vw 2> err.txt
grep -q "not a hare model file" err.txt || fail "foreign model message"
expect_code 0 "$HARE" train --help > /dev/null

# train, then test: predictions are "label score", one line per example.
"$HARE" train d.vw -f m.model --quiet 2> train.txt
"$HARE" test -i m.model d.vw -p pred.txt 2> test.txt
expect_eq "prediction lines" 500 "$(wc -l < pred.txt)"
awk '!(($1 == "1" && $2 > 0) || ($1 == "-1" && $2 <= 0)) { exit 1 }' pred.txt ||
  fail "a predicted label disagrees with its score"
grep -q "^accuracy = " test.txt || fail "no accuracy line"
mistakes=$(paste -d' ' <(cut -d' ' -f1 d.vw) pred.txt | awk '$1 != $2' | wc -l)
expect_eq "test mistakes" "$mistakes" "$(summary_value mistakes test.txt)"

# Tags follow the prediction.
printf "1 'first| a b\n-1 second| c\n" > tagged.vw
"$HARE" test -i m.model tagged.vw -p - 2>/dev/null | cut -d' ' -f3 > tags.txt
expect_eq "tags" "$(printf 'first\nsecond')" "$(cat tags.txt)"

# predict: one output line per input line, blank and bad lines included.
printf '| w1 w2\n\n1 | w3\nbad | x\n| w4' > in.vw
"$HARE" predict -i m.model < in.vw > out.txt 2> err.txt
expect_eq "predict lines" 5 "$(wc -l < out.txt)"
expect_eq "blank line answered empty" "" "$(sed -n 2p out.txt)"
expect_eq "bad line answered empty" "" "$(sed -n 4p out.txt)"
grep -q "^<stdin>:4:1: bad label 'bad'" err.txt || fail "predict bad line message: $(cat err.txt)"
[ -n "$(sed -n 5p out.txt)" ] || fail "the last line (no newline) got no prediction"

# predict answers each line of a pipe as it arrives, before the input ends.
mkfifo fifo
"$HARE" predict -i m.model < fifo > live.txt &
exec 3> fifo
echo "| w1" >&3
for _ in $(seq 50); do [ -s live.txt ] && break; sleep 0.1; done
[ -s live.txt ] || fail "predict waited for more input before answering"
exec 3>&-
wait
# So does test -p, to a file or stdout (tail -f | hare test -p -).
for target in live-test.txt -; do
  rm -f live-test.txt
  if [ "$target" == - ]; then
    "$HARE" test -i m.model -p - --quiet < fifo > live-test.txt 2>/dev/null &
  else
    "$HARE" test -i m.model -p live-test.txt --quiet < fifo 2>/dev/null &
  fi
  exec 3> fifo
  echo "1 | w1" >&3
  for _ in $(seq 50); do [ -s live-test.txt ] && break; sleep 0.1; done
  [ -s live-test.txt ] || fail "test -p $target waited for more input before answering"
  exec 3>&-
  wait
done

# A model file gets the mode any new file gets (mkstemp alone would say 600).
(umask 022 && "$HARE" train d.vw -f mode.model --quiet 2>/dev/null)
expect_eq "model file mode" 644 "$(stat -c %a mode.model)"

# model info; hare model --help is help, not a usage error.
"$HARE" model --help > help.txt || fail "hare model --help failed"
grep -q "^usage: hare model info -i MODEL$" help.txt || fail "hare model --help: $(cat help.txt)"
expect_code 1 "$HARE" model frob -i m.model 2> err.txt
grep -q "^hare model: unknown command 'frob'$" err.txt || fail "hare model frob: $(cat err.txt)"
expect_code 1 "$HARE" model 2> err.txt
grep -q "^hare model: which? info or dump$" err.txt || fail "hare model: $(cat err.txt)"
expect_code 1 "$HARE" model -i m.model 2> err.txt
grep -q "^hare model: which? info or dump$" err.txt || fail "hare model -i: $(cat err.txt)"
"$HARE" model info -i m.model > info.txt
grep -q "^rule              perceptron$" info.txt || fail "model info rule"
grep -q "^bits              18 (262144 slots)$" info.txt || fail "model info bits"
grep -q "^examples trained  500$" info.txt || fail "model info examples"
grep -q "^format version    15$" info.txt || fail "model info version"
grep -q "^learner           --rule perceptron --passes 1$" info.txt || fail "model info learner"
grep -q "^passes run        1$" info.txt || fail "model info passes run"
# With --probabilities the line says so (a tenth is held out from learning),
# and trains the same model again.
"$HARE" train --quiet --probabilities d.vw -f prob.model 2>/dev/null
expect_eq "learner line with probabilities" "learner           --rule perceptron --passes 1 --probabilities" \
  "$("$HARE" model info -i prob.model | grep '^learner')"
# shellcheck disable=SC2046
"$HARE" train --quiet $("$HARE" model info -i prob.model | sed -n 's/^learner *//p') d.vw -f prob2.model 2>/dev/null
cmp -s prob.model prob2.model || fail "the learner line with --probabilities trained another model"
expect_code 1 "$HARE" model info -i m.model other.model 2> err.txt
expect_eq "two models" "hare model info: one model at a time: 'other.model' is one too many
Run 'hare model info --help' for the options." "$(cat err.txt)"
expect_code 1 "$HARE" model info -b 18 m.model 2> err.txt
expect_eq "model info -b" "hare model info: unknown option -b (the model keeps its table size and input format)
Run 'hare model info --help' for the options." "$(cat err.txt)"
# A text model of an older tokenizer: info prints it and says so; test refuses it.
"$HARE" model info "$HARE_TEST_DATA/v4-text.hare" > info.txt || fail "model info of an old tokenizer's model"
grep -qxF "tokenizer         1 (this hare's is 4: train the model again to test or predict with it)" \
  info.txt || fail "old tokenizer: $(cat info.txt)"
printf 'NUM\thow many ?\n' > q.tsv
expect_code 2 "$HARE" test -i "$HARE_TEST_DATA/v4-text.hare" q.tsv 2> err.txt
grep -qF "tokenizer version 1, and this hare's tokenizer is version 4: train the model again" err.txt ||
  fail "test with an old tokenizer's model: $(cat err.txt)"

# VW's options of other jobs name hare's command for them.
expect_code 1 "$HARE" tune -p x d.vw 2> err.txt
grep -qxF "hare tune: unknown option -p (predictions: hare train -p FILE while it learns, hare test -i MODEL -p FILE, or hare predict)" \
  err.txt || fail "tune -p: $(cat err.txt)"
for pair in "--audit|hare audit -i MODEL FILE shows each feature's weight" \
  "--binary|a binary model predicts -1/+1; one trained with --probabilities gives P(+1), calibrated" \
  "--link logistic|a binary model predicts -1/+1; one trained with --probabilities gives P(+1), calibrated" \
  "-pretrainedVectors v.vec|fastText's word vectors: hare learns a weight for each feature, no embedding" \
  "-cutoff|fastText's quantization: a hare model is its table, -b BITS" \
  "-loss softmax|fastText's -loss: hare's classes are --multiclass ova (-loss ova) or crammer-singer, --probabilities a softmax over them; --loss is SGD's" \
  "-w1 5|LIBLINEAR's class weight: hare has none; each VW line may carry an importance weight" \
  "-s 3|LIBLINEAR's solver: --rule svm learns -s 3's hinge-loss SVM, --rule sgd --loss logistic logistic regression" \
  "--invert_hash inv.txt|hare's is --keep-names, a switch: hare model dump -i MODEL prints the names" \
  "--initial_weight 0.1|hare's --initial-weight is Winnow's starting weight; the other rules start at 0"; do
  option=${pair%%|*}
  expect_code 1 "$HARE" train $option d.vw 2> err.txt
  grep -qxF "hare train: unknown option ${option%% *} (${pair#*|})" err.txt || fail "$option: $(cat err.txt)"
done
# None of them left a file named by the rest of its word (-p retrainedVectors,
# -c utoff), nor a cache named by LIBLINEAR's cost.
[[ ! -e retrainedVectors && ! -e utoff ]] || fail "a fastText option read as a short one"
expect_code 1 "$HARE" train -c 10 d.vw 2> err.txt
grep -qxF "hare train: -c: '10' is a number, not a cache file: LIBLINEAR's cost -c is hare's -C (-C 10); a cache named so: --cache 10" \
  err.txt || fail "-c 10: $(cat err.txt)"
[[ ! -e 10 ]] || fail "-c 10 wrote a cache"
# A file's name that is another tool's option is a slip (-f -s), where a
# namespace value may be one (-q -s pairs - and s).
expect_code 1 "$HARE" train d.vw -f -s 2> err.txt
grep -qxF "hare train: -f needs a value (MODEL), not the option -s" err.txt || fail "-f -s: $(cat err.txt)"
"$HARE" train d.vw -q -s --quiet 2> err.txt || fail "-q -s: $(cat err.txt)"
"$HARE" train d.vw -f -w2v.model --quiet 2> err.txt || fail "-f -w2v.model: $(cat err.txt)"
# gen's own --seed, given with one dash, is named as such.
expect_code 1 "$HARE" gen -seed 5 2> err.txt
expect_eq "gen -seed" "hare gen: unknown option -seed (hare spells it --seed)" "$(head -1 err.txt)"
# A training option in test is not test's -p with a value (-passes: "asses").
expect_code 1 "$HARE" test -i m.model -passes d.vw 2> err.txt
grep -qxF "hare test: unknown option -passes (a training option: hare spells it --passes)" err.txt ||
  fail "test -passes: $(cat err.txt)"
[[ ! -e asses ]] || fail "test -passes wrote predictions to asses"
# The model is not written into the messages (-f /dev/stderr).
expect_code 1 "$HARE" train d.vw -f /dev/stderr 2> err.txt
grep -qxF "hare train: -f /dev/stderr writes to stderr, where the messages go: the model would be mixed with them (name a file)" \
  err.txt || fail "-f /dev/stderr: $(head -c 300 err.txt)"
# VW's options at test time, and fastText's commands and k.
expect_code 1 "$HARE" test -i m.model -t d.vw 2> err.txt
grep -qxF "hare test: unknown option -t (no -t is needed: this command only uses the model)" \
  err.txt || fail "test -t: $(cat err.txt)"
expect_code 1 "$HARE" test -i m.model --holdout_off d.vw 2> err.txt
grep -qxF "hare test: unknown option --holdout_off (a training option: hare spells it --holdout-off)" \
  err.txt || fail "test --holdout_off: $(cat err.txt)"
expect_code 1 "$HARE" supervised -input d.txt 2> err.txt
grep -qxF "hare: unknown command 'supervised' (fastText's: hare train --format fasttext --multiclass ova FILE -f MODEL)" \
  err.txt || fail "supervised: $(cat err.txt)"
expect_code 2 "$HARE" predict -i m.model d.vw 2 2> err.txt
grep -qxF "hare predict: cannot open 2: No such file or directory (fastText's k, the number of answers, is --top K here)" \
  err.txt || fail "predict FILE 2: $(cat err.txt)"
# LIBSVM's lines read as VW's say which format they are.
printf -- '-1 3:1 11:1\n+1 5:1\n' > d.svm
expect_code 2 "$HARE" train d.svm 2> err.txt
grep -qxF "d.svm:1:4: bad importance weight '3:1': not a number (LIBSVM's index:value lines are --format libsvm); line skipped" \
  err.txt || fail "LIBSVM as VW: $(cat err.txt)"
expect_code 1 "$HARE" predict -i m.model -p out.txt 2> err.txt < d.vw
grep -qxF "hare predict: unknown option -p (hare predict writes its predictions to stdout)" err.txt ||
  fail "predict -p: $(cat err.txt)"
# A value may still start with '-': -q -y pairs namespaces - and y. One that
# is an option of train's (-p) is refused; --quadratic=-p gives it.
"$HARE" train -q -y d.vw --quiet 2> err.txt || fail "-q -y: $(cat err.txt)"
expect_code 1 "$HARE" train -q -p d.vw 2> err.txt
grep -qxF "hare train: -q needs a value (AB), not the option -p" err.txt || fail "-q -p: $(cat err.txt)"
"$HARE" train --quadratic=-p d.vw --quiet 2> err.txt || fail "--quadratic=-p: $(cat err.txt)"
# VW's grouped switches are not a value attached: -ck would name a cache "k".
expect_code 1 "$HARE" train -ck --passes 2 d.vw 2> err.txt
grep -qxF "hare train: -c needs a value (FILE), not the option -k: give each option apart" err.txt ||
  fail "-ck: $(cat err.txt)"
[[ ! -e k ]] || fail "-ck wrote a cache k"
expect_code 1 "$HARE" test -i m.model --format vw d.vw 2> err.txt
grep -qxF "hare test: unknown option --format (the model keeps its table size and input format)" err.txt ||
  fail "test --format: $(cat err.txt)"
# A value given twice is refused; a value attached to a short flag is read.
expect_code 1 "$HARE" train -b 18 -b 20 d.vw 2> err.txt
grep -qxF "hare train: -b is given twice ('18', then '20'): give it once" err.txt || fail "-b twice: $(cat err.txt)"
"$HARE" train -b18 d.vw -f attached.model --quiet 2> /dev/null || fail "-b18"
"$HARE" train -b 18 d.vw -f separate.model --quiet 2> /dev/null
cmp -s attached.model separate.model || fail "-b18 and -b 18 made different models"

# -f /dev/null discards the model and leaves /dev/null a device (renamed
# over, it became a regular file for every program). A copy of the device
# here, where this can make one (as root); a FIFO otherwise.
if mknod null.dev c 1 3 2>/dev/null; then
  "$HARE" train d.vw -f null.dev --quiet 2>/dev/null || fail "-f onto a device"
  [ -c null.dev ] || fail "-f replaced the device with a regular file"
fi
mkfifo model.fifo
cat model.fifo > fifo.model &
"$HARE" train d.vw -f model.fifo --quiet 2>/dev/null || fail "-f onto a FIFO"
wait
[ -p model.fifo ] || fail "-f replaced the FIFO"
"$HARE" train d.vw -f file.model --quiet 2>/dev/null
cmp -s fifo.model file.model || fail "the model through a FIFO differs from the file's"
# A FIFO given as a model is refused at once, not waited on for a writer.
for cmd in "model info" "model dump" "test d.vw" "predict d.vw" "audit d.vw"; do
  # shellcheck disable=SC2086
  set +e; timeout 10 "$HARE" $cmd -i model.fifo > /dev/null 2> err.txt; code=$?; set -e
  expect_eq "exit code of $cmd -i FIFO" 2 "$code"
  grep -qF "cannot load model model.fifo: not a regular file" err.txt || fail "$cmd -i FIFO: $(cat err.txt)"
done
expect_code 2 "$HARE" train d.vw --passes 2 -c model.fifo 2> err.txt
expect_eq "cache onto a FIFO" \
  "hare train: cannot write cache model.fifo: it is not a regular file (the cache is read back)" \
  "$(cat err.txt)"

# Predictions never replace the test file or the model, by any name.
cp m.model keep.model
expect_code 2 "$HARE" test -i keep.model data.vw -p ./data.vw 2> err.txt
expect_eq "predictions onto the input" \
  "hare test: cannot write predictions ./data.vw: it is the input data.vw (the predictions would replace it)" \
  "$(cat err.txt)"
expect_code 2 "$HARE" test -i keep.model data.vw -p keep.model 2> err.txt
expect_eq "predictions onto the model" \
  "hare test: cannot write predictions keep.model: it is the model keep.model (the predictions would replace it)" \
  "$(cat err.txt)"
expect_code 2 "$HARE" test -i keep.model -p data.vw < data.vw 2> err.txt
expect_eq "predictions onto stdin's file" \
  "hare test: cannot write predictions data.vw: it is the input <stdin> (the predictions would replace it)" \
  "$(cat err.txt)"
cmp -s d.vw data.vw && cmp -s m.model keep.model || fail "predictions replaced a file"

# A model file of format version 4, written by hare at commit f3380cb (see
# tests/model_test.cc), loads and predicts what the same training gives now.
zcat "$HARE_TEST_DATA/rt-polarity.train.vw.gz" | awk 'NR <= 400' > rt400.vw
zcat "$HARE_TEST_DATA/rt-polarity.test.vw.gz" > rt-test.vw
"$HARE" model info -i "$HARE_TEST_DATA/v4-perceptron.hare" > info.txt
grep -q "^format version    4$" info.txt || fail "model info of a version 4 file: $(cat info.txt)"
grep -q "^learner           not kept (format version 4)$" info.txt ||
  fail "model info learner of a version 4 file: $(cat info.txt)"
"$HARE" test -i "$HARE_TEST_DATA/v4-perceptron.hare" rt-test.vw -p v4.pred --quiet > v4.txt 2>&1
grep -q "^accuracy = 0.555347 (1184 of 2132 labelled examples right)$" v4.txt ||
  fail "version 4 model accuracy: $(cat v4.txt)"
"$HARE" train rt400.vw --rule perceptron --average -b 10 -f v5.model --quiet 2>/dev/null
"$HARE" test -i v5.model rt-test.vw -p v5.pred --quiet > /dev/null 2>&1
cmp -s v4.pred v5.pred || fail "the version 4 model predicts otherwise than the same training now"
echo ok
