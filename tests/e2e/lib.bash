# Shared by the end-to-end tests: a scratch directory and assertions.
set -euo pipefail
: "${HARE:?set HARE to the hare binary}"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
# expect_eq WHAT EXPECTED ACTUAL
expect_eq() { [ "$2" == "$3" ] || fail "$1: expected [$2], got [$3]"; }
# expect_code CODE command...: runs the command, checks its exit code
expect_code() {
  local want=$1; shift
  set +e; "$@"; local got=$?; set -e
  [ "$got" == "$want" ] || fail "exit code of '$*': expected $want, got $got"
}
summary_value() { grep "^$1 = " "$2" | sed "s/^$1 = //"; }
# same_model A B: the two model files are the same but for the options they
# were trained with (model info's learner and passes run lines), as when
# --passes 3 is compared with the text read 3 times: the same header values
# otherwise, and the same weights and names byte for byte.
model_body() {  # the bytes after the header, without the checksum
  local h; h=$(od -An -tu4 -j12 -N4 "$1" | tr -d ' ')
  tail -c +$((17 + h)) "$1" | head -c -8
}
model_header() { "$HARE" model info -i "$1" | grep -v -e '^model file ' -e '^learner ' -e '^passes run '; }
same_model() {
  cmp -s <(model_body "$1") <(model_body "$2") && cmp -s <(model_header "$1") <(model_header "$2")
}
