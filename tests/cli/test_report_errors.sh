#!/usr/bin/env bash
# A report the loader refuses names the JSON path of the bad field (diff and export --report
# alike, exit 3): each case below edits one field of a pinned H200 gate or probe report
# (tests/fixtures/reports/) with Python's json module and expects the path written by hand.
# Usage: test_report_errors.sh <fragviz-cli> <source-dir>
set -u
cli="$1"
src="$2"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
g="$src/tests/fixtures/reports/h200-2026-12-01-gate.json"
p="$src/tests/fixtures/reports/h200-2026-12-01-probe.json"
for f in "$g" "$p"; do [ -f "$f" ] || { echo "FAIL: no fixture $f"; exit 1; }; done

# edited SOURCE PYTHON: a copy of SOURCE with PYTHON applied to it as d, in $tmp/bad.json.
edited() {
  python3 - "$1" "$tmp/bad.json" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
}
# plain ARGS...: the refusal is in the report's words: no library tag or API name ("[json.exception",
# "at()", "operator[]", "value()", "get_ref") and the file's path said once, not twice.
plain() {
  local out
  out=$("$cli" "$@" 2>&1)
  if grep -qE 'json\.exception|at\(\)|operator\[\]|value\(\)|get_ref|key\(\)' <<<"$out" ||
    grep -qF -- "$tmp/bad.json: $tmp/bad.json" <<<"$out"; then
    echo "FAIL: fragviz-cli $* speaks the library's words or repeats the path: $out"
    fails=$((fails + 1))
  fi
}
bad() {  # bad SOURCE PYTHON WORDS: diff and export --report both name WORDS, exit 3
  edited "$1" "$2"
  expect 3 "$3" -- diff "$tmp/bad.json" "$1"
  plain diff "$tmp/bad.json" "$1"
  if [ "$1" = "$g" ]; then
    expect 3 "$3" -- export --view output --report "$tmp/bad.json" --svg "$tmp/o.svg"
    plain export --view output --report "$tmp/bad.json" --svg "$tmp/o.svg"
  fi
}
bad "$g" "d['gate']['device']['name'] = None" "gate.device.name: expected a string, got null"
bad "$g" "del d['gate']['device']['name']" "gate.device.name: missing"
bad "$g" "d['gate']['device']['cc_major'] = 'nine'" "gate.device.cc_major: expected an integer, got a string"
bad "$g" "d['gate']['request']['n'] = 1.5" "gate.request.n: expected an integer, got 1.5"
bad "$g" "d['gate']['exact'] = 3" "gate.exact: expected true or false, got 3"
bad "$g" "d['gate']['kernel_ms'] = [1]" "gate.kernel_ms: expected a number, got an array"
bad "$g" "d['gate']['error_kind'] = 'oops'" 'gate.error_kind: unknown error_kind "oops"'
bad "$g" "d['gate']['request']['seed'] = -1" "gate.request.seed: out of range (0 to 18446744073709551615), got -1"
# A whole number beyond the field's type is out of range, however it is written (newcomer round 6:
# 1e30 was "expected an integer").
bad "$g" "d['gate']['request']['n'] = 1e30" "gate.request.n: out of range (-2147483648 to 2147483647), got 1e+30"
# A control character is named at its field's path, as every other refusal.
bad "$g" "d['gate']['device']['name'] = 'H200\x1b[31m'" "control character at gate.device.name: U+001B"
# The one tile range (banks.hpp) for every tile a report names: diff used to read what the app
# refused (newcomer round 6).
bad "$p" "d['probe']['request']['tile']['width_halves'] = 9999" "probe.request.tile: tile width 9999 halves is out of range"
bad "$p" "d['probe']['request']['tile']['pad_halves'] = -8" "probe.request.tile: pad -8 halves is out of range"
bad "$p" "d['probe']['request']['tile']['width_halves'] = 7" "probe.request.tile: tile width 7 halves is out of range"
# (instructions[2] is m8n8k4 f64, 128 elements; [3], the skipped f8f6f4 entry, has none.)
bad "$p" "d['probe']['instructions'][2]['elements'][5] = [1, 2]" \
  "probe.instructions[2].elements[5]: an element is [operand, lane, element, expected, measured, raw]"
bad "$p" "d['probe']['instructions'][0]['elements'][2][3] = 'x'" \
  "probe.instructions[0].elements[2][3]: a coordinate must be [row, col] or [row, col, product], got a string"
bad "$p" "del d['probe']['ldmatrix']['tile']" "probe.ldmatrix.tile: missing"
# A value of the wrong kind where the loader expects fields or entries (newcomer round 5: the
# library's "cannot use at() with array" reached the user).
bad "$g" "d['gate']['device'] = [1, 2]" "gate.device: expected an object, got an array"
bad "$g" "d['gate']['request'] = 'n=64'" "gate.request: expected an object, got a string"
bad "$g" "d['gate'] = 7" "gate: expected an object, got a number"
bad "$p" "d['probe'] = [d['probe']]" "probe: expected an object, got an array"
bad "$p" "d['probe']['device'] = None" "probe.device: expected an object, got null"
bad "$p" "d['probe']['instructions'] = {'a': 1}" "probe.instructions: expected an array, got an object"
bad "$p" "d['probe']['ldmatrix']['tile'] = True" "probe.ldmatrix.tile: expected an object, got a boolean"
# A version 1 report's unknown shape: named at its path and clipped (it was printed whole, 5000
# characters, without a path).
p1="$src/tests/fixtures/reports/h200-2026-11-29-probe.json"
bad "$p1" "d['probe']['fragments'][0]['shape'] = 'm' * 5000" 'probe.fragments[0].shape: unknown shape "mmmm'
out=$("$cli" diff "$tmp/bad.json" "$p1" 2>&1)
[ "${#out}" -lt 600 ] || { echo "FAIL: the unknown shape was echoed whole (${#out} characters)"; fails=$((fails + 1)); }

# Text that is no JSON: said in the file's words, line and column first; never the parser's
# ("syntax error while parsing value", "last read", "literal").
syntax() {  # syntax CONTENT WORDS
  printf '%s' "$1" >"$tmp/bad.json"
  expect 3 "$2" -- diff "$tmp/bad.json" "$g"
  if "$cli" diff "$tmp/bad.json" "$g" 2>&1 | grep -qE 'syntax error|last read|literal|characters\)'; then
    echo "FAIL: the syntax error of '$1' is in the parser's words"
    fails=$((fails + 1))
  fi
}
syntax '' "not a JSON document: the file is empty"
syntax '{"format": "fragviz-report",' "line 1, column 29: the text ends before the JSON value is complete"
syntax '{"format": NaN}' 'line 1, column 12: "NaN": JSON has no NaN or infinity'
syntax '{"format": 1e400}' "line 1, column 12: the number 1e400 is too large to read"
syntax $'{"format": "\xff"}' "line 1, column 13: a byte that is not UTF-8 text"
syntax '{"format": "\ud800"}' "a \\u escape that is one half of a UTF-16 surrogate pair"
syntax '[1,]' 'line 1, column 4: found "]" where a value should be'

[ ! -e "$tmp/o.svg" ] || { echo "FAIL: a refused export wrote $tmp/o.svg"; fails=$((fails + 1)); }

echo "$fails failed"
[ "$fails" -eq 0 ]
