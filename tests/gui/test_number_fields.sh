#!/usr/bin/env bash
# The app's number fields read what is typed as a number, never modulo 2^32 (newcomer round 7:
# ImGui's InputInt read 4294967328 as 32, so a tile width typed far too large became a narrow
# one, and the gate's n 4294967552 became 256). A number too large for a field is its largest, as
# settings.json's are: tile width 512, the gate's n its largest.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

start_app --no-device
wait_for "'width' in s['widgets'] and 'gate_n' in s['widgets'] and s['controls']['width_halves'] == 64"
enter_number width 4294967328 "s['controls']['width_halves'] == 512"
echo "tile width 4294967328 -> $(q "s['controls']['width_halves']")"
# The field says it set the typed number into range (it changed silently: newcomer round 25).
wait_for "s['controls']['tile_clamp_note'] == 'the width typed is more than the most, 512 halves: set to 512'" 5
enter_number width 99999999999999999999 "s['controls']['width_halves'] == 512"
enter_number width 96 "s['controls']['width_halves'] == 96"
wait_for "s['controls']['tile_clamp_note'] == ''" 5
# Text that is no number says so and the field keeps its value (a newcomer's test: "abc" said "the
# width typed is less than the least, 8 halves: set to 8" and set the tile to 8 halves).
enter_number width abc "s['controls']['tile_clamp_note'] == 'the width typed is not a number: kept at 96 halves'"
[ "$(q "s['controls']['width_halves']")" = 96 ] || fail "width 'abc' changed the tile to $(q "s['controls']['width_halves']")"
# The digits among the letters are not read either ("1e3" was 13).
enter_number width 1e3 "s['controls']['tile_clamp_note'] == 'the width typed is not a number: kept at 96 halves'"
[ "$(q "s['controls']['width_halves']")" = 96 ] || fail "width '1e3' changed the tile to $(q "s['controls']['width_halves']")"
enter_number pad 8x "s['controls']['tile_clamp_note'] == 'the pad typed is not a number: kept at 8 halves'"
[ "$(q "s['controls']['pad_halves']")" = 8 ] || fail "pad '8x' changed the pad to $(q "s['controls']['pad_halves']")"
enter_number width 104 "s['controls']['width_halves'] == 104"
wait_for "s['controls']['tile_clamp_note'] == ''" 5
enter_number pad -7 "s['controls']['pad_halves'] == 0"
wait_for "s['controls']['tile_clamp_note'] == 'the pad typed is less than the least, 0 halves: set to 0'" 5
enter_number gate_n 4294967552 "s['gate']['request_n'] == 65536"
echo "gate n 4294967552 -> $(q "s['gate']['request_n']")"
# The gate's n says so too (newcomer round 26: 0 became 256 silently), until n changes.
wait_for "s['gate']['n_clamp_note'] == 'the n typed is more than the most, 65536: set to 65536'" 5
enter_number gate_n 0 "s['gate']['request_n'] == 256"
wait_for "s['gate']['n_clamp_note'] == 'the n typed is less than the least, 256: set to 256'" 5
enter_number gate_n 4096 "s['gate']['request_n'] == 4096"
wait_for "s['gate']['n_clamp_note'] == ''" 5
enter_number gate_n abc "s['gate']['n_clamp_note'] == 'the n typed is not a number: kept at 4096'"
[ "$(q "s['gate']['request_n']")" = 4096 ] || fail "gate n 'abc' changed n to $(q "s['gate']['request_n']")"
enter_number width -4294967200 "s['controls']['width_halves'] == 8"
echo "tile width -4294967200 -> $(q "s['controls']['width_halves']")"
wait_for "s['controls']['tile_clamp_note'] == 'the width typed is less than the least, 8 halves: set to 8'" 5
# A tile illegal for ldmatrix says why in the Controls view itself (it pointed to the bank view,
# whose Layout mode does not draw that tile: newcomer round 25).
line=$(q "s['controls']['illegal_line']")
echo "width 8: $line"
case "$line" in
  "illegal for ldmatrix: "?*) ;;
  *) fail "a width of 8 halves should be illegal for ldmatrix.x4 with its reason; the line is '$line'" ;;
esac
quit_app

# The Descriptor and Tensor memory views' fields do the same (newcomer issue 22): a refused value
# keeps the value from before the edit, not the last digits typed that were taken (99999999 kept
# 99999, a value no one typed); text that is no number is said, not read as its digits; a warp
# past the CTA's is set to the last and said (it was set silently).
echo '{"format": "fragviz-settings", "version": 1, "windows": {"descriptor": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
D="s['hopper']['descriptor']"
wait_for "$D['drawn'] and 'desc_lbo' in s['widgets'] and $D['lbo'] == 16 and $D['sbo'] == 1024 and not $D['custom']"
enter_number desc_lbo 99999999 "$D['input_errors']['lbo'] != ''"
wait_for "$D['input_errors']['lbo'] == 'LBO 99999999 refused: a descriptor holds 0 to 262128 bytes (14 bits of bytes / 16); kept at 16'" 5 ||
  fail "LBO 99999999: $(q "$D['input_errors']['lbo']")"
[ "$(q "$D['lbo'] == 16 and not $D['custom']")" = True ] || fail "LBO 99999999 left LBO $(q "$D['lbo']"), custom $(q "$D['custom']")"
enter_number desc_sbo abc "$D['input_errors']['sbo'] == 'the SBO typed is not a number: kept at 1024 bytes'"
[ "$(q "$D['sbo']")" = 1024 ] || fail "SBO 'abc' changed SBO to $(q "$D['sbo']")"
enter_number desc_start 12abc "$D['input_errors']['start'] == 'the start typed is not a number: kept at 0 bytes'"
[ "$(q "$D['start']")" = 0 ] || fail "start '12abc' changed start to $(q "$D['start']")"
enter_number desc_start 1024 "$D['start'] == 1024 and $D['input_errors']['start'] == ''"
quit_app

echo '{"format": "fragviz-settings", "version": 1, "windows": {"tmem": true}}' >"$WORK/cfg/settings.json"
start_app --no-device
T="s['tmem']"

wait_for "$T['open'] and 'tmem_warp' in s['widgets'] and $T['controls'].endswith('warp=0')"
enter_number tmem_warp 99 "$T['controls'].endswith('warp=31')"
wait_for "s['number_notes'].get('tmem_warp') == 'the warp typed is more than the most, 31: set to 31' and 'tmem_warp_note' in s['widgets']" 5 ||
  fail "warp 99: the note is $(q "s['number_notes']")"
enter_number tmem_warp 3x "s['number_notes'].get('tmem_warp') == 'the warp typed is not a number: kept at 31'"
[ "$(q "$T['controls'].endswith('warp=31')")" = True ] || fail "warp '3x' changed the warp: $(q "$T['controls']")"
enter_number tmem_warp 2 "$T['controls'].endswith('warp=2') and 'tmem_warp' not in s['number_notes']"
quit_app
echo "PASS"
