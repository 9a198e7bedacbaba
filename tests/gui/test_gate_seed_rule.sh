#!/usr/bin/env bash
# The gate's seed field follows every number field's rule (newcomer issue 22): it took each digit
# as typed and kept it, so seed 7 then "123abc" + Enter said "keeping 123", showed 123abc and saved
# 123; 23 nines saved 999999999999999999. Now text that is no number gives back the seed from before
# the edit and says so, and a number past the seed's range (0 to 2^64 - 1, all 64 bits mixed into
# the inputs) is set to that end and said.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
wait_for "'gate_seed' in s['widgets']"
seed_is() {  # seed_is N: the request, the saved settings and the Load kernel line all hold N
  wait_for "s['gate']['request_seed'] == $1"
  wait_for "json.load(open('$WORK/cfg/settings.json'))['gate']['seed'] == $1" 10
}
enter_number gate_seed 7 "s['gate']['request_seed'] == 7"
seed_is 7
wait_for "s['gate']['seed_note'] == ''" 5
enter_number gate_seed 123abc "s['gate']['seed_note'] == 'the seed typed is not a number: kept at 7'"
seed_is 7
screenshot_not_blank "$WORK/seed-kept.png"
# 23 nines: more than the most, set to 18446744073709551615 and said.
enter_number gate_seed 99999999999999999999999 "s['gate']['request_seed'] == 18446744073709551615"
wait_for "s['gate']['seed_note'] == 'the seed typed is more than the most, 18446744073709551615: set to 18446744073709551615'" 5
seed_is 18446744073709551615
# The largest seed itself is no note; a minus is less than the least, 0.
enter_number gate_seed 18446744073709551615 "s['gate']['seed_note'] == ''"
enter_number gate_seed -1 "s['gate']['request_seed'] == 0"
wait_for "s['gate']['seed_note'] == 'the seed typed is less than the least, 0: set to 0'" 5
enter_number gate_seed 1e3 "s['gate']['seed_note'] == 'the seed typed is not a number: kept at 0'"
seed_is 0
enter_number gate_seed 12345 "s['gate']['request_seed'] == 12345 and s['gate']['seed_note'] == ''"
seed_is 12345
quit_app
echo "PASS"
