#!/usr/bin/env bash
# Held-out accuracy and training time of hare, LIBLINEAR and fastText on the
# same split and the same features of each corpus; Markdown tables on stdout,
# progress on stderr.
#
#   scripts/compare-accuracy.sh
#   HARE=/path/to/hare DATA=/path/to/data PASSES="1 5 10 20" scripts/compare-accuracy.sh
#
# HARE   the hare binary (default build/tools/hare under the repository root)
# DATA   the data folder (default ../shared/data beside the repository)
# PASSES the numbers of passes tried for every hare rule (default "1 5 10 20")
#
# Needs bash, awk, date, sort, mktemp and the Debian packages liblinear-tools
# (liblinear-train, liblinear-predict) and fasttext. Takes a few minutes on
# 2 cores; everything is written to a mktemp -d folder that is removed at exit.
#
# Split: in the text corpora every 5th line (NR % 5 == 0) is test, the rest
# train; a9a has its own test file.
# Features: text is lower-cased and split at white space (':' and '|', which
# VW reserves, become ';' and '/' for every tool); the features are the
# unigrams plus the bigrams of adjacent words joined with '_'.
#   hare      VW text "1 | w1 w2 ... w1_w2 ..." (labels 1/-1, hashed to 2^b slots)
#   LIBLINEAR the same unigrams+bigrams, indexed by a vocabulary of the train
#             file (words only in the test file are dropped), value = count
#   fastText  the unigram text with -wordNgrams 2, i.e. fastText's own
#             unigrams + bigrams of the same words (bigrams hashed to 2M buckets)
# For a9a hare (--format libsvm) and LIBLINEAR read the LIBSVM files; fastText
# gets feature "index:1" as the word "f<index>" with -wordNgrams 1 (a9a's
# features are binary and unordered, so bigrams would be features the other
# tools do not have).
# Times are wall seconds of the training command alone (feature extraction is
# done once beforehand for all tools and not counted); fastText's are with
# -thread 2, the others use one thread. fastText with 2 threads is not
# deterministic, so its numbers move a little from run to run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
HARE=${HARE:-$root/build/tools/hare}
DATA=${DATA:-$root/../shared/data}
PASSES=${PASSES:-1 5 10 20}

# name | positive label (first) | negative label | train file | test file ("" = split)
corpora=(
  "rt-polarity|pos|neg|rt-polarity/rt-polarity.tsv|"
  "subj|subj|obj|subj/subj.tsv|"
  "sms-spam|spam|ham|sms-spam/sms-spam.tsv|"
  "a9a|+1|-1|a9a/a9a|a9a/a9a.t.pm1"
)

# hare configurations: label|options. Each is run with every count in PASSES.
rules=(
  "perceptron --average|--rule perceptron --average"
  "perceptron --average --adagrad|--rule perceptron --average --adagrad"
  "winnow --average|--rule winnow --average"
  "balanced-winnow --average|--rule balanced-winnow --average"
  "modified-balanced-winnow --average|--rule modified-balanced-winnow --average"
  "pa --average|--rule pa --average"
  "pa --pa-variant pa-ii --average|--rule pa --pa-variant pa-ii --average"
  "sgd --loss logistic|--rule sgd --loss logistic"
  "sgd --loss hinge|--rule sgd --loss hinge"
)
liblinear_configs=("-s 2" "-s 0")
fasttext_epochs=(5 25)
bits_choices=(18 22)

# shellcheck source=scripts/compare-lib.bash
source "$root/scripts/compare-lib.bash"
check_setup awk date sort
for passes in $PASSES; do
  [[ $passes =~ ^[1-9][0-9]*$ ]] || die "PASSES must be positive integers, not '$passes'"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/compare-accuracy.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

# ---------------------------------------------------------------- features
# Text corpus -> train/test in hare (.vw), fastText (.ft) and token (.tok) form.
prepare_text() {  # dir tsv positive negative
  local dir=$1 tsv=$2 pos=$3 neg=$4
  awk -F'\t' -v pos="$pos" -v neg="$neg" -v dir="$dir" '
    {
      if ($1 == pos) y = "1"
      else if ($1 == neg) y = "-1"
      else { printf "%s:%d: label \"%s\" is neither %s nor %s\n", FILENAME, NR, $1, pos, neg > "/dev/stderr"; bad = 1; exit 1 }
      text = tolower(substr($0, length($1) + 2))
      gsub(/:/, ";", text); gsub(/\|/, "/", text)
      n = split(text, w, " ")
      uni = ""; bi = ""
      for (i = 1; i <= n; i++) {
        uni = uni (i > 1 ? " " : "") w[i]
        if (i > 1) bi = bi " " w[i - 1] "_" w[i]
      }
      part = (NR % 5 == 0) ? "test" : "train"
      print y " | " uni bi > (dir "/" part ".vw")
      print "__label__" $1 " " uni > (dir "/" part ".ft")
      print y (n > 0 ? " " uni bi : "") > (dir "/" part ".tok")
    }
    END { if (!bad && NR == 0) { print FILENAME ": empty" > "/dev/stderr"; exit 1 } }' "$tsv"
  tokens_to_libsvm "$dir"
}

# .tok ("label tok tok ...") -> LIBLINEAR .svm with a vocabulary of the train
# file; indices ascending, value = count of the token in the line.
tokens_to_libsvm() {  # dir
  local dir=$1
  awk -v dir="$dir" "$LIBSVM_LINE_AWK"'
    function emit(out,   i, n, keys) {
      n = 0
      for (i = 2; i <= NF; i++) keys[++n] = $i
      print libsvm_line($1 > 0 ? "+1" : "-1", keys, n, out == "train") > (dir "/" out ".svm")
    }
    FNR == NR { emit("train"); next }
    { emit("test") }' "$dir/train.tok" "$dir/test.tok"
}

# a9a: LIBSVM files as they are for hare and LIBLINEAR, words f<index> for fastText.
prepare_libsvm() {  # dir train test
  local dir=$1 part
  cp "$2" "$dir/train.svm"
  cp "$3" "$dir/test.svm"
  for part in train test; do
    awk '{
      line = "__label__" ($1 + 0 > 0 ? "pos" : "neg")
      for (i = 2; i <= NF; i++) {
        if ($i ~ /^(qid|#)/) break
        split($i, kv, ":")
        if (kv[2] + 0 != 0) line = line " f" kv[1]
      }
      print line
    }' "$dir/$part.svm" >"$dir/$part.ft"
  done
}

# -------------------------------------------------------------------- tools
# Each prints "accuracy_percent seconds" (or "n/a n/a" after a failure, which
# record counts: these run in subshells).
run_hare() {  # dir format bits passes options...
  local dir=$1 format=$2 bits=$3 passes=$4
  shift 4
  local train test extra=()
  if [[ $format == libsvm ]]; then
    train=$dir/train.svm test=$dir/test.svm extra=(--format libsvm)
  else
    train=$dir/train.vw test=$dir/test.vw
  fi
  if ((passes > 1)); then extra+=(--holdout-off); fi
  local t0 t1 acc
  t0=$(now)
  if ! "$HARE" train "$train" -f "$dir/model.hare" --quiet -b "$bits" --passes "$passes" \
    "${extra[@]}" "$@" 2>"$dir/hare-train.log"; then
    say "hare train $* failed:"; cat "$dir/hare-train.log" >&2
    echo "n/a n/a"; return
  fi
  t1=$(now)
  if grep -q '^lines skipped = [1-9]' "$dir/hare-train.log"; then
    say "warning: hare skipped lines of $train:"; grep '^lines skipped' "$dir/hare-train.log" >&2
  fi
  if ! "$HARE" test -i "$dir/model.hare" "$test" --quiet 2>"$dir/hare-test.log"; then
    say "hare test failed:"; cat "$dir/hare-test.log" >&2
    echo "n/a n/a"; return
  fi
  acc=$(awk '/^accuracy = / { printf "%.4f", 100 * $3; found = 1 } END { if (!found) exit 1 }' \
    "$dir/hare-test.log") || { say "no accuracy line from hare test"; echo "n/a n/a"; return; }
  echo "$acc $(elapsed "$t0" "$t1")"
}

# ------------------------------------------------------------------ results
# One line per run in $work/results: corpus<TAB>tool<TAB>config<TAB>bits<TAB>passes<TAB>acc<TAB>secs
record() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$work/results"
  if [[ $6 == n/a ]]; then failures=$((failures + 1)); fi
}
: >"$work/results"

# ------------------------------------------------------------------- run it
started=$(now)
names=()
for entry in "${corpora[@]}"; do
  IFS='|' read -r name pos neg trainfile testfile <<<"$entry"
  names+=("$name")
  dir=$work/$name
  mkdir -p "$dir"
  [[ -r $DATA/$trainfile ]] || die "cannot read $DATA/$trainfile"
  if [[ -z $testfile ]]; then
    say "$name: features (unigrams + bigrams, every 5th line is test)"
    prepare_text "$dir" "$DATA/$trainfile" "$pos" "$neg" || die "$name: feature extraction failed"
    echo vw >"$dir/format"
  else
    [[ -r $DATA/$testfile ]] || die "cannot read $DATA/$testfile"
    say "$name: LIBSVM files as they are"
    prepare_libsvm "$dir" "$DATA/$trainfile" "$DATA/$testfile"
    echo libsvm >"$dir/format"
  fi
  wc -l <"$dir/train.svm" | tr -d ' ' >"$dir/ntrain"
  wc -l <"$dir/test.svm" | tr -d ' ' >"$dir/ntest"
done

# Hash table size: every rule, one pass, on every corpus, with each -b; the
# larger total accuracy wins (ties go to the default 18) and is used for all.
for name in "${names[@]}"; do
  dir=$work/$name
  for bits in "${bits_choices[@]}"; do
    say "$name: hare, every rule, 1 pass, -b $bits"
    for r in "${rules[@]}"; do
      label=${r%%|*} opts=${r#*|}
      # shellcheck disable=SC2086  # opts are words on purpose
      read -r acc secs < <(run_hare "$dir" "$(cat "$dir/format")" "$bits" 1 $opts) || acc=n/a secs=n/a
      record "$name" bits "$label" "$bits" 1 "$acc" "$secs"
    done
  done
done
bits=$(awk -F'\t' '$2 == "bits" && $6 != "n/a" { total[$4] += $6 }
                   END { best = 18; for (b in total) if (total[b] > total[best] + 1e-9 || (total[b] == total[best] && b + 0 < best + 0)) best = b; print best }' \
  "$work/results")
say "using -b $bits for every hare run"

for name in "${names[@]}"; do
  dir=$work/$name
  format=$(cat "$dir/format")
  say "$name: hare, passes $PASSES, -b $bits"
  for r in "${rules[@]}"; do
    label=${r%%|*} opts=${r#*|}
    for passes in $PASSES; do
      if ((passes == 1)); then  # already run while choosing -b
        awk -F'\t' -v n="$name" -v l="$label" -v b="$bits" -v OFS='\t' \
          '$1 == n && $2 == "bits" && $3 == l && $4 == b { $2 = "hare"; print }' \
          "$work/results" >"$work/pass1"
        cat "$work/pass1" >>"$work/results"
        continue
      fi
      # shellcheck disable=SC2086
      read -r acc secs < <(run_hare "$dir" "$format" "$bits" "$passes" $opts) || acc=n/a secs=n/a
      record "$name" hare "$label" "$bits" "$passes" "$acc" "$secs"
    done
  done
  say "$name: LIBLINEAR"
  for c in "${liblinear_configs[@]}"; do
    # shellcheck disable=SC2086
    read -r acc secs < <(run_liblinear "$dir" $c) || acc=n/a secs=n/a
    record "$name" liblinear "$c" - 1 "$acc" "$secs"
  done
  say "$name: fastText"
  ngrams=2
  [[ $format == libsvm ]] && ngrams=1
  for e in "${fasttext_epochs[@]}"; do
    read -r acc secs < <(run_fasttext "$dir" -wordNgrams "$ngrams" -epoch "$e" -dim 10 -thread 2) || acc=n/a secs=n/a
    record "$name" fasttext "-wordNgrams $ngrams -epoch $e -dim 10" - "$e" "$acc" "$secs"
  done
done
finished=$(now)

# ------------------------------------------------------------------- tables
{
  echo "# hare vs LIBLINEAR vs fastText: held-out accuracy"
  echo
  echo "hare: \`$HARE\`; data: \`$DATA\`; $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc 2>/dev/null || echo '?') cores."
  echo "Same split and same unigram+bigram word features for every tool (see the script's header)."
  echo "Accuracy in percent on the test part; train seconds are wall time of the training command only"
  echo "(hare and LIBLINEAR one thread, fastText \`-thread 2\`)."
  echo
  echo "## Hash table size for hare"
  echo
  echo "Every rule with one pass; mean test accuracy over the $(( ${#rules[@]} )) rules:"
  echo
  awk -F'\t' -v bits="$bits" -v list="${bits_choices[*]}" -v names="${names[*]}" '
    $2 == "bits" && $6 != "n/a" { sum[$1, $4] += $6; cnt[$1, $4]++; all[$4] += $6; alln[$4]++ }
    END {
      nb = split(list, b, " "); nn = split(names, c, " ")
      head = "| corpus"; rule = "|---"
      for (j = 1; j <= nb; j++) { head = head " | -b " b[j]; rule = rule "|---:" }
      print head " |"; print rule "|"
      for (i = 1; i <= nn; i++) {
        line = "| " c[i]
        for (j = 1; j <= nb; j++) line = line sprintf(" | %.2f", cnt[c[i], b[j]] ? sum[c[i], b[j]] / cnt[c[i], b[j]] : 0)
        print line " |"
      }
      line = "| **all**"
      for (j = 1; j <= nb; j++) line = line sprintf(" | **%.2f**", alln[b[j]] ? all[b[j]] / alln[b[j]] : 0)
      print line " |"
      print ""
      print "Used for every hare run below: **-b " bits "**."
    }' "$work/results"
  echo
  echo "hare runs with more than one pass use \`--holdout-off\` (no shuffling between passes);"
  echo "for each rule the table gives one pass and the best of the other pass counts tried"
  echo "($(echo "$PASSES" | tr ' ' '\n' | awk '$1 > 1' | paste -sd/ -)), all of which are listed in the last column."
  echo "Picking the best pass count, LIBLINEAR solver or fastText epoch count on the test part"
  echo "is tuning on the test set; hare gets more such choices than the others."
  for name in "${names[@]}"; do
    dir=$work/$name
    echo
    echo "## $name ($(cat "$dir/ntrain") train, $(cat "$dir/ntest") test)"
    echo
    echo "| tool / configuration | passes | test accuracy | train seconds | accuracy at each pass count |"
    echo "|---|---:|---:|---:|---|"
    awk -F'\t' -v n="$name" '
      $1 != n || $2 == "bits" { next }
      $2 == "hare" {
        if (!($3 in seen)) { seen[$3] = 1; order[++k] = $3 }
        all[$3] = all[$3] (all[$3] == "" ? "" : ", ") $5 ": " ($6 == "n/a" ? "n/a" : sprintf("%.2f", $6))
        if ($5 == 1) { one[$3] = $6; onesec[$3] = $7; next }
        if (!($3 in best) || ($6 != "n/a" && (best[$3] == "n/a" || $6 > best[$3] + 0))) {
          best[$3] = $6; bestp[$3] = $5; bestsec[$3] = $7
        }
        next
      }
      { other[++m] = $0 }
      function acc(a) { return a == "n/a" ? "n/a" : sprintf("%.2f", a) }
      END {
        for (i = 1; i <= k; i++) {
          r = order[i]
          printf "| hare %s | 1 | %s | %s | %s |\n", r, acc(one[r]), onesec[r], all[r]
          if (r in best)
            printf "| hare %s --holdout-off | %s | %s | %s | |\n", r, bestp[r], acc(best[r]), bestsec[r]
        }
        for (i = 1; i <= m; i++) {
          split(other[i], f, "\t")
          if (f[2] == "liblinear")
            printf "| LIBLINEAR %s (%s) | - | %s | %s | |\n", f[3],
              f[3] == "-s 2" ? "L2-reg. L2-loss SVM, primal" : "L2-reg. logistic regression", acc(f[6]), f[7]
          else
            printf "| fastText %s | %s epochs | %s | %s | |\n", f[3], f[5], acc(f[6]), f[7]
        }
      }' "$work/results"
  done
  echo
  echo "## Summary"
  echo
  echo "| corpus | best hare (rule, passes, accuracy) | best LIBLINEAR | best fastText | best hare minus better of LIBLINEAR/fastText (points) |"
  echo "|---|---|---|---|---:|"
  for name in "${names[@]}"; do
    awk -F'\t' -v n="$name" '
      $1 != n || $2 == "bits" || $6 == "n/a" { next }
      $2 == "hare" && (h == "" || $6 > h + 0) { h = $6; hr = $3; hp = $5 }
      $2 == "liblinear" && (l == "" || $6 > l + 0) { l = $6; lc = $3 }
      $2 == "fasttext" && (f == "" || $6 > f + 0) { f = $6; fc = $5 }
      END {
        other = (l != "" && (f == "" || l + 0 >= f + 0)) ? l : f
        printf "| %s | %s | %s | %s | %s |\n", n,
          h == "" ? "n/a" : sprintf("%s, %d, %.2f", hr, hp, h),
          l == "" ? "n/a" : sprintf("%.2f (%s)", l, lc),
          f == "" ? "n/a" : sprintf("%.2f (%d epochs)", f, fc),
          (h == "" || other == "") ? "n/a" : sprintf("%+.2f", h - other)
      }' "$work/results"
  done
  echo
  echo "Total run time: $(elapsed "$started" "$finished") s."
}

if ((failures > 0)); then
  say "$failures run(s) failed; see the messages above"
  exit 1
fi
