#!/usr/bin/env bash
# The Tensor memory window's tcgen05.cp mode takes taddr's lane and column (issue 26). PTX ISA 9.0's
# tcgen05.cp text (9.7.16.9.2) sets taddr no alignment; 9.7.16.1 gives a CTA 128 lanes x 512
# columns. So .4x256b (rows at lanes L, L+32, L+64, L+96 from taddr) takes lanes 0-31: from lane 5,
# column 8 its row 2 fills lane 69, columns 8-15. Lane 32 would put row 3 at lane 128: the window
# refuses it in the CLI's words and draws nothing. The taddr comes back after a restart, as
# settings.json's "tmem_cp"; a bad "tmem_cp" there is said and refused, not a crash.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}, "tmem": "cp shape=4x256b"}
JSON
start_app --no-device
T="s['tmem']"
wait_for "$T['open'] and $T['ok'] and $T['controls'] == 'cp shape=4x256b' and 'tmem_cp_lane' in s['widgets']"
wait_for "$T['cells'].get('64,0') == 'R2 w0' and $T['columns'] == 8"

enter_number tmem_cp_lane 5 "$T['controls'] == 'cp shape=4x256b lane=5'"
enter_number tmem_cp_column 8 "$T['controls'] == 'cp shape=4x256b lane=5 column=8'"
wait_for "$T['ok'] and $T['columns'] == 16"
python3 - "$STATE" <<'PY' || fail "the .4x256b cells from taddr lane 5, column 8 are not the PTX text's"
import json, sys
t = json.load(open(sys.argv[1]))['tmem']
c = t['cells']
assert c['5,8'] == 'R0 w0' and c['69,8'] == 'R2 w0' and c['69,15'] == 'R2 w7', (c.get('69,8'), c.get('69,15'))
assert c['101,12'] == 'R3 w4', c.get('101,12')
assert '64,0' not in c and '5,7' not in c, sorted(c)[:8]
assert len(c) == 4 * 8, len(c)
assert 'taddr = lane 5, column 8' in t['facts'], t['facts']
PY

enter_number tmem_cp_lane 32 "$T['controls'] == 'cp shape=4x256b lane=32 column=8'"
wait_for "not $T['ok']"
cli_err=$("$CLI" tmem --cp 4x256b --lane 32 --column 8 2>&1 >/dev/null)
[ "$cli_err" = "fragviz-cli tmem: refused: $(q "$T['error']")" ] ||
  fail "the window's refusal is not the CLI's: '$(q "$T['error']")' vs '$cli_err'"
case "$(q "$T['error']")" in
*"last lane at 128"*"takes taddr lane 0-31"*) ;;
*) fail "refusal: $(q "$T['error']")" ;;
esac
enter_number tmem_cp_lane 31 "$T['controls'] == 'cp shape=4x256b lane=31 column=8' and $T['ok']"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "settings.json lacks the tcgen05.cp taddr"
import json, sys
s = json.load(open(sys.argv[1]))
assert s['tmem_cp'] == 'cp shape=4x256b lane=31 column=8', s['tmem_cp']
PY
start_app --no-device
wait_for "$T['open'] and $T['controls'] == 'cp shape=4x256b lane=31 column=8' and $T['ok'] and $T['cells'].get('127,8') == 'R3 w0'"
quit_app

# A saved taddr the model refuses opens refused, in the model's words, and the app keeps running.
python3 - "$WORK/cfg/settings.json" <<'PY'
import json, sys
p = sys.argv[1]
s = json.load(open(p))
s['tmem'] = s['tmem_cp'] = 'cp shape=128x128b lane=7'
json.dump(s, open(p, 'w'))
PY
start_app --no-device
wait_for "$T['open'] and $T['controls'] == 'cp shape=128x128b lane=7' and not $T['ok'] and 'takes taddr lane 0 only' in $T['error']"
app_alive || fail "the app died on a refused taddr"
quit_app
echo "PASS"
