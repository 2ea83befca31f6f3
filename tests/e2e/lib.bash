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
