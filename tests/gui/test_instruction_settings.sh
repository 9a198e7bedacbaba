#!/usr/bin/env bash
# The instruction is stored by mnemonic. A settings file from before the catalogue
# ("shape": "m16n8k16") opens at mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32, stays as it is
# while nothing changes and is saved with the mnemonic once something does; a mnemonic the
# catalogue lacks falls back to the default instruction with a visible notice (never a crash); an
# unknown --instr is refused before a window opens (exit 2, "did you mean" the nearest entries).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
K8=mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

mkdir -p "$WORK/cfg"
printf '{ "format": "fragviz-settings", "version": 1, "shape": "m16n8k16", "selected_lane": 3 }\n' >"$WORK/cfg/settings.json"
start_app --no-device
wait_for "s['controls']['instruction'] == '$K16' and len(s['cells']['A']) == 256 and s['selected_lane'] == 3"
wait_for "s['instruction_notice'] == ''"
before=$(cksum <"$WORK/cfg/settings.json")
quit_app
# Nothing changed: the old file stays as the user has it (and still reads as m16n8k16).
[ "$(cksum <"$WORK/cfg/settings.json")" = "$before" ] || fail "an unchanged session rewrote settings.json"
start_app --no-device
wait_for "s['controls']['instruction'] == '$K16' and s['selected_lane'] == 3"
click $(centre_of "s['lane_buttons'][5]")
wait_for "s['selected_lane'] == 5"
quit_app
# Once something is saved, the instruction is stored by its mnemonic.
grep -q "\"instruction\": \"$K16\"" "$WORK/cfg/settings.json" || fail "settings.json was not rewritten with the mnemonic"

printf '{ "format": "fragviz-settings", "version": 1, "instruction": "mma.sync.aligned.m16n8k99.row.col.f32.f16.f16.f32" }\n' \
  >"$WORK/cfg/settings.json"
start_app --no-device
wait_for "s['controls']['instruction'] == '$K8' and len(s['cells']['A']) == 128"
wait_for "'m16n8k99' in s['instruction_notice'] and 'instruction_notice' in s['widgets']"
echo "notice: $(q "s['instruction_notice']")"
screenshot_not_blank "$WORK/notice.png"
app_alive || fail "fragviz exited on an unknown mnemonic"
quit_app

LIBGL_ALWAYS_SOFTWARE=1 timeout 20 "$APP" --config-dir "$WORK/cfg" --no-device --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f99 \
  >"$WORK/bad.log" 2>&1
rc=$?
[ "$rc" = 2 ] || { cat "$WORK/bad.log"; fail "an unknown --instr exited $rc, not 2"; }
grep -q "catalogue" "$WORK/bad.log" || { cat "$WORK/bad.log"; fail "an unknown --instr does not say why"; }
grep -q "did you mean:" "$WORK/bad.log" && grep -qx "  $K16" "$WORK/bad.log" ||
  { cat "$WORK/bad.log"; fail "an unknown --instr does not suggest the nearest entry, $K16"; }
# A bare shape, as the README's --shape spells it: that shape's entries, the f32.f16 one first.
LIBGL_ALWAYS_SOFTWARE=1 timeout 20 "$APP" --config-dir "$WORK/cfg" --no-device --instr m16n8k16 >"$WORK/bad.log" 2>&1
[ "$?" = 2 ] && grep -A1 "did you mean:" "$WORK/bad.log" | grep -qx "  $K16" ||
  { cat "$WORK/bad.log"; fail "--instr m16n8k16 does not suggest $K16 first"; }
# Near no entry but naming a shape: that shape's entries.
LIBGL_ALWAYS_SOFTWARE=1 timeout 20 "$APP" --config-dir "$WORK/cfg" --no-device --instr m16n8k16.zz >"$WORK/bad.log" 2>&1
[ "$?" = 2 ] && grep -q "entries of that shape:" "$WORK/bad.log" && grep -qx "  $K16" "$WORK/bad.log" ||
  { cat "$WORK/bad.log"; fail "--instr m16n8k16.zz does not list the entries of that shape"; }
echo "PASS"
