#!/usr/bin/env bash
# The Descriptor view shows every refusal of the values typed, each naming its field, not only the
# last one (newcomer issue 22: the start's refusal replaced the SBO's). A value taken clears its own
# field's refusal only; "canonical" clears them all.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
mkdir -p "$WORK/cfg"
echo '{"format": "fragviz-settings", "version": 1, "windows": {"descriptor": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
D="s['hopper']['descriptor']"
E="$D['input_errors']"
wait_for "$D['drawn'] and 'desc_lbo' in s['widgets'] and $D['lbo'] == 16 and $D['sbo'] == 1024"
big="refused: a descriptor holds 0 to 262128 bytes (14 bits of bytes / 16)"
enter_number desc_sbo 99999999 "$E['sbo'] == 'SBO 99999999 $big; kept at 1024'"
enter_number desc_start -7 "$E['start'] == 'start -7 $big; kept at 0'"
wait_for "$E['sbo'] == 'SBO 99999999 $big; kept at 1024' and $E['lbo'] == ''" 5 ||
  fail "the start's refusal replaced the SBO's: $(q "$E")"
enter_number desc_lbo x1 "$E['lbo'] == 'the LBO typed is not a number: kept at 16 bytes'"
wait_for "$E['sbo'] != '' and $E['start'] != ''" 5 || fail "the LBO's refusal replaced another: $(q "$E")"
# Each on its own line under the row of fields, in the fields' order, none over another.
wait_for "all(w in s['widgets'] for w in ('desc_lbo_error', 'desc_sbo_error', 'desc_start_error'))"
python3 - "$STATE" <<'PY' || fail "the refusal lines are not one under another below the fields"
import json, sys
w = json.load(open(sys.argv[1]))['widgets']
row = max(w[k][1] + w[k][3] for k in ('desc_lbo', 'desc_sbo', 'desc_start'))
ys = [w[k] for k in ('desc_lbo_error', 'desc_sbo_error', 'desc_start_error')]
assert ys[0][1] >= row, (ys, row)
assert all(a[1] + a[3] <= b[1] for a, b in zip(ys, ys[1:])), ys
PY
screenshot_not_blank "$WORK/refusals.png"
# A start taken clears the start's refusal only.
enter_number desc_start 1024 "$D['start'] == 1024 and $E['start'] == ''"
wait_for "$E['lbo'] != '' and $E['sbo'] != ''" 5 || fail "a start taken cleared the others: $(q "$E")"
enter_number desc_lbo 32 "$D['lbo'] == 32 and $D['custom'] and $E['lbo'] == ''"
wait_for "$E['sbo'] != ''" 5 || fail "an LBO taken cleared the SBO's refusal: $(q "$E")"
click $(centre_of "s['widgets']['desc_canonical']")
wait_for "$E == {'lbo': '', 'sbo': '', 'start': ''} and 'desc_lbo_error' not in s['widgets']"
quit_app
echo "PASS"
