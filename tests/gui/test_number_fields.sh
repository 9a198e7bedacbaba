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
echo "PASS"
