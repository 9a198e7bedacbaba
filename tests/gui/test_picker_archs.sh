#!/usr/bin/env bash
# The instruction picker groups the mma.sync catalogue under the architecture each entry needs,
# oldest first (sm_70 at the top: m8n8k4), with filter-as-you-type kept: "f8f6f4" leaves only the
# sm_120a heading and its f8f6f4 entries, whose mnemonics (from fragviz-cli layout --list)
# all sit below that heading; "k8 f16" shows sm_75 (m16n8k8) but no sm_120a.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
[ -x "$CLI" ] || { echo "SKIP: no fragviz-cli"; exit 77; }
WANT=$("$CLI" layout --list | awk '$1 ~ /^mma\.sync\..*f8f6f4/ { print $1 }' | sort | tr '\n' ' ' | sed 's/ $//')
[ -n "$WANT" ] || fail "layout --list has no .kind::f8f6f4 entry"
start_app --no-device
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['instruction_combo']")
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] else 1)" && break
  sleep 0.3
done
wait_for "s['picker_open'] and 'arch:sm_70' in s['widgets']"
# sm_70 is the first heading, above every entry shown.
wait_for "all(s['widgets']['arch:sm_70'][1] < r[1] for k, r in s['widgets'].items() if k.startswith('instr:'))"
xdotool type --delay 40 "f8f6f4"
wait_for "s['instruction_filter'] == 'f8f6f4'"
# Every entry on screen is one of them (a long list shows only its first ones).
wait_for "any(k.startswith('instr:') for k in s['widgets']) and set(k[6:] for k in s['widgets'] if k.startswith('instr:')) <= set('$WANT'.split())"
wait_for "sorted(k for k in s['widgets'] if k.startswith('arch:')) == ['arch:sm_120a']"
wait_for "all(s['widgets']['arch:sm_120a'][1] < r[1] for k, r in s['widgets'].items() if k.startswith('instr:'))"
xdotool key Escape
wait_for "not s['picker_open']"
click $(centre_of "s['widgets']['instruction_combo']")
wait_for "s['picker_open'] and s['instruction_filter'] == ''"
xdotool type --delay 40 "k8 f16"
wait_for "s['instruction_filter'] == 'k8 f16' and 'arch:sm_75' in s['widgets'] and 'arch:sm_120a' not in s['widgets']"
xdotool key Escape
quit_app
echo "PASS"
