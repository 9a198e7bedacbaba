#!/usr/bin/env bash
# Changing the pad changes the bank view's figures: width 64, ldmatrix .x4, pad 8 (stride 72) is
# conflict-free; pad 0 (stride 64) puts all 8 rows of each matrix in the same 4 banks: 8-way,
# 32 wavefronts for 4 ideal, 28 bank conflicts. A pad that breaks 16-byte row alignment is shown
# as illegal with the PTX rule, and the app keeps running. Picking xor sets pad 0 (issue 22).
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device

wait_for "s['controls']['pad_halves'] == 8 and s['controls']['width_halves'] == 64 and s['controls']['num'] == 'x4'"
wait_for "s['banks']['padded']['bank_conflicts'] == 0 and s['banks']['padded']['wavefronts'] == 4"
wait_for "s['banks']['unpadded']['bank_conflicts'] == 28 and s['banks']['unpadded']['max_way'] == 8"

echo "step: pad 8 -> 0 with the - button"
click $(centre_of "s['widgets']['pad_minus']")
wait_for "s['controls']['pad_halves'] == 0"
wait_for "s['banks']['padded']['bank_conflicts'] == 28 and s['banks']['padded']['wavefronts'] == 32 and s['banks']['padded']['max_way'] == 8"

click $(centre_of "s['widgets']['pad_plus']")
wait_for "s['controls']['pad_halves'] == 8 and s['banks']['padded']['bank_conflicts'] == 0"

# Picking xor at pad 8 sets pad 0 (the XOR swizzle is defined on an unpadded tile) and says so in a
# dim line: legal, 8 rows of each matrix on 8 different 16-byte chunks, 4 wavefronts. None keeps pad 0.
echo "step: swizzle xor at pad 8"
click $(centre_of "s['widgets']['swizzle_xor']")
wait_for "s['controls']['swizzle'] == 'xor' and s['controls']['pad_halves'] == 0"
wait_for "s['banks']['padded']['legal'] == True and s['banks']['padded']['wavefronts'] == 4"
wait_for "'pad_cleared_for_xor' in s['widgets']"
click $(centre_of "s['widgets']['swizzle_none']")
wait_for "s['controls']['swizzle'] == 'none' and s['controls']['pad_halves'] == 0 and 'pad_cleared_for_xor' not in s['widgets']"
click $(centre_of "s['widgets']['pad_plus']")
wait_for "s['controls']['pad_halves'] == 8 and s['banks']['padded']['bank_conflicts'] == 0"

# Type a misaligned pad: 1 half gives a 65-halves stride, rows off 16-byte boundaries.
typed=0
for _ in 1 2 3; do
  click $(centre_of "s['widgets']['pad']")
  sleep 0.3
  xdotool key ctrl+a
  sleep 0.2
  xdotool type --delay 80 "1"
  sleep 0.2
  xdotool key Return
  for _ in $(seq 30); do
    if [ "$(q "s['controls']['pad_halves']")" = 1 ]; then typed=1; break; fi
    sleep 0.1
  done
  [ "$typed" = 1 ] && break
done
wait_for "s['controls']['pad_halves'] == 1" 10
wait_for "s['banks']['padded']['legal'] == False and '16-byte' in s['banks']['padded']['error']"
screenshot_not_blank "$WORK/illegal.png"
sleep 0.5
app_alive || fail "fragviz exited after an illegal pad"

# .x1 at stride 64: one matrix, 8-way: 8 wavefronts, 7 conflicts.
echo "step: pad 1 -> 0 with the - button"
click $(centre_of "s['widgets']['pad_minus']")
wait_for "s['controls']['pad_halves'] == 0"
click $(centre_of "s['widgets']['num_x1']")
wait_for "s['controls']['num'] == 'x1' and s['banks']['padded']['wavefronts'] == 8 and s['banks']['padded']['bank_conflicts'] == 7"
echo "PASS"
