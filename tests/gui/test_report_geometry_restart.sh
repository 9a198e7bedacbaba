#!/usr/bin/env bash
# Newcomer issue 22: with a probe report open (its tile: width 64, pad 8), the user set width
# 99999 (-> 512) and pad 0, and the controls and views used 512 and 0. After Ctrl+Q and a start the
# report's width 64 and pad 8 were back ("yours 512"), yet a width typed then was taken. One rule,
# restart or not: a field the user sets while the report is open shows theirs until the report is
# closed; the others show the report's.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
PROBE="$SRC/tests/fixtures/reports/h200-2026-12-01-probe.json"
C="s['controls']"
start_app --no-device "$PROBE"
wait_for "s['report'] is not None and $C['width_halves'] == 64 and $C['pad_halves'] == 8"
enter_number width 99999 "$C['width_halves'] == 512"
enter_number pad 0 "$C['pad_halves'] == 0"
wait_for "s['report']['user_controls']['width_halves'] == 512 and s['report']['user_controls']['pad_halves'] == 0"
before=$(q "[$C['num'], $C['trans'], $C['width_halves'], $C['pad_halves'], $C['swizzle']]")
echo "before the quit: $before, changes $(q "s['report']['changes']")"
quit_app

# The next start reopens the report (settings.json) and shows what the quit left.
start_app --no-device
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE'"
sleep 0.5
after=$(q "[$C['num'], $C['trans'], $C['width_halves'], $C['pad_halves'], $C['swizzle']]")
echo "after the start: $after, changes $(q "s['report']['changes']")"
[ "$after" = "$before" ] || fail "a restart showed $after, not $before as before the quit"
# Closing gives the user's own back: the width and pad they set.
click $(centre_of "s['widgets']['close_report']")
wait_for "s['report'] is None and $C['width_halves'] == 512 and $C['pad_halves'] == 0"
quit_app
echo PASS
