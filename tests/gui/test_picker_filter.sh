#!/usr/bin/env bash
# The instruction and wgmma pickers filter as you type (issue 22): the list opens with its filter
# focused, each word typed narrows it to the entries whose mnemonic holds every word (the expected
# sets are taken from fragviz-cli layout --list, not from the app), Enter picks the first one shown.
# The wgmma entry picked and the open Hopper window are saved like every other setting: the next
# start shows them again.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
[ -x "$CLI" ] || { echo "SKIP: no fragviz-cli"; exit 77; }
"$CLI" layout --list | awk '{ print $1 }' >"$WORK/names.txt"
# The mnemonics of one family holding every word given.
matching() {
  python3 - "$WORK/names.txt" "$@" <<'PY'
import sys
family, words = sys.argv[2], [w.lower() for w in sys.argv[3:]]
names = [n for n in open(sys.argv[1]).read().split() if n.startswith(family)]
print(' '.join(sorted(n for n in names if all(w in n.lower() for w in words))))
PY
}
WANT_MMA=$(matching mma.sync. k32 s8)
WANT_WG=$(matching wgmma. n256 e4m3)
[ "$(wc -w <<<"$WANT_MMA")" -ge 2 ] && [ "$(wc -w <<<"$WANT_WG")" -ge 2 ] || fail "layout --list has too few entries to filter"

start_app --no-device
# The instruction picker: open it, type, see only the matching entries.
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['instruction_combo']")
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['picker_open'] else 1)" && break
  sleep 0.3
done
wait_for "s['picker_open'] and 'instruction_filter' in s['widgets']"
xdotool type --delay 40 "K32 s8"
wait_for "s['instruction_filter'] == 'K32 s8'"
wait_for "' '.join(sorted(k[6:] for k in s['widgets'] if k.startswith('instr:'))) == '$WANT_MMA'"
echo "instruction picker, 'K32 s8': $(wc -w <<<"$WANT_MMA") entries"
xdotool key Return
wait_for "not s['picker_open'] and s['controls']['instruction'] in '$WANT_MMA'.split()"
echo "Enter picked $(q "s['controls']['instruction']")"
# A whole name typed (the last of those, not the first shown): Enter takes that one, by the rule of
# every picker (enter_choice: the exact name, then a prefix, then the first shown).
FULL=$(awk '{ print $NF }' <<<"$WANT_MMA")
click $(centre_of "s['widgets']['instruction_combo']")
wait_for "s['picker_open'] and s['instruction_filter'] == ''"
xdotool type --delay 30 "${FULL#mma.sync.aligned.}"
wait_for "s['instruction_filter'] == '${FULL#mma.sync.aligned.}'"
xdotool key Return
wait_for "not s['picker_open'] and s['controls']['instruction'] == '$FULL'"
echo "Enter on the whole name picked $FULL"
# Reopened, the filter starts empty and the list whole again.
click $(centre_of "s['widgets']['instruction_combo']")
wait_for "s['picker_open'] and s['instruction_filter'] == ''"
xdotool type --delay 40 "zzz"
wait_for "s['instruction_filter'] == 'zzz' and not any(k.startswith('instr:') for k in s['widgets'])"
xdotool key Escape
wait_for "not s['picker_open']"

# The wgmma picker of the warpgroup view.
open_view warpgroup
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['wgmma_combo']")
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['hopper']['picker_open'] else 1)" && break
  sleep 0.3
done
wait_for "s['hopper']['picker_open'] and 'wgmma_filter' in s['widgets']"
xdotool type --delay 40 "n256 e4m3"
wait_for "s['hopper']['picker_filter'] == 'n256 e4m3'"
wait_for "' '.join(sorted(s['hopper']['picker_entries'])) == '$WANT_WG'"
wait_for "' '.join(sorted(k[6:] for k in s['widgets'] if k.startswith('wgmma:'))) == '$WANT_WG'"
xdotool key Return
wait_for "not s['hopper']['picker_open'] and s['hopper']['wgmma']['mnemonic'] in '$WANT_WG'.split()"
PICKED=$(q "s['hopper']['wgmma']['mnemonic']")
echo "wgmma picker, 'n256 e4m3': $(wc -w <<<"$WANT_WG") entries; Enter picked $PICKED"
quit_app

# Saved: the entry and the open window, shown again at the next start.
grep -q "\"wgmma\": \"$PICKED\"" "$WORK/cfg/settings.json" || fail "settings.json does not hold the wgmma entry: $(cat "$WORK/cfg/settings.json")"
start_app --no-device
wait_for "s['hopper']['windows']['warpgroup'] and s['hopper']['wgmma']['mnemonic'] == '$PICKED'"
wait_for "s['hopper']['warpgroup']['drawn']"
before=$(cksum <"$WORK/cfg/settings.json")
quit_app
[ "$(cksum <"$WORK/cfg/settings.json")" = "$before" ] || fail "a session that changed nothing rewrote settings.json"
echo "PASS"
