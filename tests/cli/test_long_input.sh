#!/usr/bin/env bash
# User text echoed in an error is clipped: a 10 kB value never comes back whole. Every message
# line stays short (under 400 bytes: 80 echoed plus the message's own words, such as a list of names), the clipped text ends
# in "..." and says its length, and a parse error's excerpt keeps the caret under the character it
# names, with that column given. Checked for each option that echoes what it was given, and for
# CLI11's own messages (conversion, not in a set, unexpected arguments).
# Usage: test_long_input.sh <fragviz-cli>
set -u
cli="$1"
fails=0
x=$(printf 'x%.0s' $(seq 10000))
L="(16,64):(64,1)$x"  # the layout parser stops at byte 15: 'x'

short() {  # short CODE WORDS -- ARGS: exit CODE, WORDS in the output, no line of 400 bytes or more
  local want="$1" words="$2"
  shift 3
  local out rc longest
  out=$(timeout 60 "$cli" "$@" 2>&1)
  rc=$?
  longest=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' <<<"$out")
  if [ "$rc" != "$want" ] || ! grep -qF -- "$words" <<<"$out" || [ "$longest" -ge 400 ]; then
    echo "FAIL: fragviz-cli $(cut -c1-60 <<<"$*")... -> exit $rc (want $want, '$words'), longest line $longest:"
    cut -c1-160 <<<"$out" | head -4
    fails=$((fails + 1))
  else
    echo "ok: fragviz-cli $(cut -c1-60 <<<"$*")... -> $rc, longest line $longest"
  fi
}
clip="... (10000 characters)"
short 64 "$clip" -- layout --instr "$x"
short 64 "$clip" -- probe --instr "$x"
short 3 "$clip" -- export --view fragments --instr "$x" --svg /dev/null
short 3 "$clip" -- export --view warpgroup --instr "$x" --svg /dev/null
short 64 "$clip" -- export --view "$x" --svg /dev/null
short 64 "$clip" -- descriptor --instr "$x"
short 64 "$clip" -- descriptor --decode "$x"
short 64 "$clip" -- descriptor --type "$x"
short 3 "$clip" -- banks --gate-variant "$x"
short 64 "$clip" -- gate --seed "$x"
short 64 "$clip" -- banks --stride-halves 64 --swizzle "$x"
short 64 "$clip" -- banks --layout '(16,64):(64,1)' --at "$x"
short 64 "$clip" -- banks --layout '(16,64):(64,1)' --elem "$x"
short 64 "$clip" -- export --view movmatrix --svg /dev/null --scale "$x"
short 64 "$clip" -- bench --sizes "$x"
short 64 "$clip" -- "$x"
short 64 "$clip" -- banks --layout '(16,64):(64,1)' --lanes "$x"
short 3 "... (10003 characters)" -- gate --kernel /dev/null --entry "$x::k"
# CLI11's own wording: a value it cannot convert, one not in a set, words it did not expect.
short 64 "$clip" -- gate --n "$x"
short 64 "$clip" -- gate --n="$x"
short 64 "$clip" -- banks --num "$x" --stride-halves 72
short 64 "$clip" -- layout --list "$x"

# A parse error inside long text: the excerpt, a caret under the offending 'x' (byte 15), and the
# column among the text's length.
for cmd in "banks --layout" "probe --layout"; do
  read -ra c <<<"$cmd"
  short 64 "(column 15 of 10014)" -- "${c[@]}" "$L"
  out=$(timeout 60 "$cli" "${c[@]}" "$L" 2>&1)
  python3 - "$out" <<'PY' || { echo "FAIL: $cmd: caret not under the error"; fails=$((fails + 1)); }
import sys
lines = sys.argv[1].splitlines()
i = next(i for i, l in enumerate(lines) if l.lstrip().startswith("^"))
text, caret = lines[i - 1], lines[i].index("^")
assert text.startswith("  (16,64):(64,1)x") and text.endswith("..."), text
assert text[caret] == "x" and text[caret - 1] == ")", (text, caret)
PY
done
# An error deep inside: 5000 x's of nesting padding before a bad character, the excerpt around it.
deep="($(printf '1+%.0s' $(seq 3000))#)"
short 64 "^" -- banks --layout '(16,64):(64,1)' --lanes "row=$deep, col=0"

echo "$fails failed"
[ "$fails" -eq 0 ]
