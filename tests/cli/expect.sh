# Sourced by CLI tests: expect CODE WORDS -- ARGS... runs fragviz-cli ($cli) with ARGS and counts a
# failure (in $fails) unless it exits CODE with WORDS in its standard output or error, within
# $EXPECT_TIMEOUT seconds (default 60).
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
