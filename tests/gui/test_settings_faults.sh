#!/usr/bin/env bash
# Settings faults are said in the window (status strip, state dump "settings_notices") and replaced
# by sane values; a settings file the app cannot read as its own is never written over:
# - --config-dir naming a file: said, nothing read or saved, the file untouched;
# - "gate": {"seed": -1}: refused (not wrapped to 2^64 - 1), seed 1; "width_halves": 1e300: the
#   largest width, 512 (not the smallest);
# - another program's "format", and a file that is not JSON: said, defaults used, and after the user
#   changes something and quits, the file is byte for byte what it was (no imgui.ini either).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
CONFIG_DEFAULT=1  # each case passes its own --config-dir
notice="any(%s in n for n in s['settings_notices'])"
has() { printf "$notice" "$1"; }

# 1. A file where the folder should be.
printf 'not a folder' >"$WORK/plain"
start_app --no-device --config-dir "$WORK/plain"
wait_for "$(has "'$WORK/plain is a file, not a folder'")"
wait_for "'settings_notice' in s['widgets'] and s['widgets']['settings_notice'][2] > 0"
echo "notice: $(q "s['settings_notices']")"
click $(centre_of "s['lane_buttons'][4]")
wait_for "s['selected_lane'] == 4"
quit_app
[ "$(cat "$WORK/plain")" = "not a folder" ] || fail "the file named by --config-dir was changed"

# 2. Field faults: said, and sane values instead.
mkdir -p "$WORK/c2"
cat >"$WORK/c2/settings.json" <<'JSON'
{ "format": "fragviz-settings", "version": 1, "width_halves": 1e300, "gate": {"n": 2048, "seed": -1} }
JSON
start_app --no-device --config-dir "$WORK/c2"
wait_for "s['gate']['request_seed'] == 1 and s['controls']['width_halves'] == 512"
wait_for "$(has "'gate.seed -1'") and $(has "'width_halves 1e+300'")"
wait_for "s['banks']['padded']['stride_halves'] == 520"
echo "notices: $(q "s['settings_notices']")"
quit_app

# 3. Another program's file and a file that is not JSON: kept byte for byte.
for text in '{ "format": "someone-else", "version": 3, "theme": "dark" }' '{ "format": "fragviz-settings", "trans": tru'; do
  rm -rf "$WORK/c3" && mkdir -p "$WORK/c3"
  printf '%s' "$text" >"$WORK/c3/settings.json"
  before=$(cksum <"$WORK/c3/settings.json")
  start_app --no-device --config-dir "$WORK/c3"
  wait_for "$(has "'kept as it is'") and s['controls']['width_halves'] == 64 and s['controls']['trans'] == False"
  wait_for "'settings_notice' in s['widgets']"
  echo "notices: $(q "s['settings_notices']")"
  click $(centre_of "s['lane_buttons'][9]")
  wait_for "s['selected_lane'] == 9"
  click $(centre_of "s['widgets']['pad_plus']")
  wait_for "s['controls']['pad_halves'] == 16"
  quit_app
  [ "$(cksum <"$WORK/c3/settings.json")" = "$before" ] || fail "settings.json ('$text') was written over: $(cat "$WORK/c3/settings.json")"
  [ -e "$WORK/c3/imgui.ini" ] && fail "a run that keeps settings.json wrote imgui.ini beside it"
  leftover=$(ls "$WORK/c3" | grep -e '\.tmp' -e 'fragviz-tmp')
  [ -n "$leftover" ] && fail "a temporary file left behind: $leftover"
done
echo "PASS"
