# Sourced by the CLI tests (tests/cli/test_*.sh) once they have set $cli (fragviz-cli) and fails=0:
#   fail WHY...                  says "FAIL: WHY" and counts a failure in $fails;
#   expect CODE WORDS -- ARGS... runs fragviz-cli with ARGS and counts a failure unless it exits
#                                CODE with WORDS (a fixed string, case as written) in its standard
#                                output or error, within $EXPECT_TIMEOUT seconds (default 60).
fail() {
  echo "FAIL: $*"
  fails=$((fails + 1))
}

expect() {
  local want="$1" words="$2"
  shift 3
  local out rc
  out=$(timeout "${EXPECT_TIMEOUT:-60}" "$cli" "$@" 2>&1)
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -qF -- "$words" <<<"$out"; then
    echo "FAIL: fragviz-cli $* -> exit $rc (want $want, output containing '$words'):"
    echo "$out" | head -8
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $* -> $rc"
  fi
}
