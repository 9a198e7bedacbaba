#!/usr/bin/env bash
# Issue 22 (D7, D6). At 1600x1000 the fragments view's Find answer for s8 m16n8k32's A,0,3 ended
# "register bits 31..2", cut at the view's right edge with no wrap: every line of the answer must now
# end inside the view (wrapped), word for word the CLI's. And `lane 99999999999999999999` said "is
# not OPERAND,ROW,COL" where `lane 32` says "a warp has lanes 0 to 31": a number too large for a
# lane is out of range, in the words the CLI gives for --lane (one parser).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -n "$CLI" ] || fail "usage: test_find_answer_whole.sh <fragviz> <fragviz-cli>"
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
FV="s['fragments_view']"
WIN="s['windows']['Fragments: mma.sync A, B, C/D']['rect']"

"$CLI" layout --instr "$S8" --where A,0,3 | head -2 >"$WORK/where" || fail "fragviz-cli layout --where failed"
grep -q "register bits 31..24" "$WORK/where" || fail "the CLI says: $(cat "$WORK/where")"
"$CLI" layout --instr "$S8" --lane 99999999999999999999 2>"$WORK/lane" && fail "the CLI took lane 99999999999999999999"
grep -q "a warp has lanes 0 to 31" "$WORK/lane" || fail "the CLI says: $(cat "$WORK/lane")"

start_app --no-device --instr "$S8"
wait_for "s['instruction']['mnemonic'] == '$S8' and 'fragments_find' in s['widgets']"
type_into fragments_find "$FV['find_text']" "A,0,3" "$FV['find_text'] == 'A,0,3'"
xdotool key Return
wait_for "'fragments_find_answer' in s['text_lines']"
python3 - "$STATE" "$WORK/where" <<PY || fail "the Find answer is not drawn whole inside the view"
import json, sys
s = json.load(open(sys.argv[1]))
line, cli = s['text_lines']['fragments_find_answer'], open(sys.argv[2]).read()
x, y, w, h = s['widgets']['fragments_find_answer']
wx, wy, ww, wh = $WIN
print(line, (x, y, w, h), (wx, wy, ww, wh))
assert line['text'] == cli == $FV['find_answer'], 'not the CLI answer'
assert not line['clipped'] and line['right'] <= line['view_right'], 'runs past the view'
assert x + w <= wx + ww, 'past the window'
# Two lines of text, the second longer than the view: wrapped to more lines than it has.
assert line['lines'] > 2, 'not wrapped'
PY

type_into fragments_find "$FV['find_text']" "lane 99999999999999999999" "$FV['find_text'] == 'lane 99999999999999999999'"
wait_for "$FV['find_error'] == 'a warp has lanes 0 to 31' and $FV['find_answer'] == ''"
wait_for "'fragments_find_error' in s['text_lines'] and not s['text_lines']['fragments_find_error']['clipped']"
app_alive || fail "fragviz exited"
quit_app
echo "PASS"
