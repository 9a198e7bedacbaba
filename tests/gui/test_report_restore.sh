#!/usr/bin/env bash
# A recorded report is shown without taking the user's own state. With the user's settings at
# .x2 .trans, width 128, pad 16 and lane 5, opening a probe report recorded at .x4, width 64, pad 8
# (tests/fuzz/corpus/report/v2-probe-small.json, NVIDIA H200, 2026-11-29 16:12 UTC):
# - the views show the report's geometry, and the status strip and the Controls window say which
#   controls it changed; the strip says it shows a recorded report, with the GPU and the date, not
#   "Model only";
# - quitting while it is open saves the user's settings, not the report's (and the report, which
#   the next start opens again);
# - an edit made while it is open (pad +8 +8) is the user's and stays when "close report" gives the
#   rest of the user's controls back.
# A gate report (v2-gate-three-mismatches.json), closed, takes its result, history row and output
# view with it.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
PROBE="$SRC/tests/fuzz/corpus/report/v2-probe-small.json"
GATE="$SRC/tests/fuzz/corpus/report/v2-gate-three-mismatches.json"
mine="s['controls']['num'] == 'x2' and s['controls']['trans'] == True and s['controls']['width_halves'] == 128 and s['controls']['pad_halves'] == 16"
reports="s['controls']['num'] == 'x4' and s['controls']['trans'] == False and s['controls']['width_halves'] == 64 and s['controls']['pad_halves'] == 8"

mkdir -p "$WORK/cfg"
cat >"$WORK/cfg/settings.json" <<'JSON'
{ "format": "fragviz-settings", "version": 1, "ldmatrix_num": "x2", "trans": true,
  "width_halves": 128, "pad_halves": 16, "selected_lane": 5 }
JSON

# 1. Open on the command line: the report's geometry, every change said, the user's kept aside.
start_app --no-device "$PROBE"
wait_for "s['report'] is not None and s['report_error'] == ''"
wait_for "$reports and s['selected_lane'] == 5"
wait_for "s['report']['user_controls']['num'] == 'x2' and s['report']['user_controls']['width_halves'] == 128 and s['report']['user_controls']['pad_halves'] == 16"
for part in 'ldmatrix .x4 (yours .x2)' '.trans off (yours on)' 'width 64 halves (yours 128 halves)' 'pad 8 halves (yours 16 halves)'; do
  wait_for "any(c == '$part' for c in s['report']['changes'])"
done
wait_for "'report_changes' in s['widgets'] and 'controls_report_changes' in s['widgets']"
# The strip: a recorded report, which GPU, when; not the model-only banner.
wait_for "s['status']['headline'].startswith('Recorded report v2-probe-small.json')"
wait_for "'NVIDIA H200, sm_90' in s['status']['headline'] and '2026-11-29 16:12 UTC' in s['status']['headline']"
wait_for "'Model only' not in s['status']['headline'] and s['banner_shown'] == False"
echo "strip: $(q "s['status']['headline']")"
echo "changes: $(q "s['report']['changes']")"
screenshot_not_blank "$WORK/open.png"
quit_app
python3 - "$WORK/cfg/settings.json" <<'PY' || fail "quitting with the report open saved the report's controls: $(cat "$WORK/cfg/settings.json")"
import json, sys
j = json.load(open(sys.argv[1]))
assert (j['ldmatrix_num'], j['trans'], j['width_halves'], j['pad_halves'], j['selected_lane']) == ('x2', True, 128, 16, 5), j
PY
echo "ok: quitting with a report open saved the user's settings"

# 2. The next start opens the report open at quit again (issue 22), over the user's controls, which
#    Close report gives back.
start_app --no-device
wait_for "s['report'] is not None and s['report']['probe_path'] == '$PROBE' and $reports"
wait_for "s['report']['user_controls']['num'] == 'x2' and s['report']['user_controls']['pad_halves'] == 16"
click $(centre_of "s['widgets']['close_report']")
wait_for "$mine and s['report'] is None"
quit_app

# 3. Open again, edit the pad twice (8 -> 24), close: the pad edit stays, the rest is the user's.
start_app --no-device "$PROBE"
wait_for "s['report'] is not None and $reports"
for want in 16 24; do
  click $(centre_of "s['widgets']['pad_plus']")
  wait_for "s['controls']['pad_halves'] == $want"
done
wait_for "s['report']['user_controls']['pad_halves'] == 24 and not any(c.startswith('pad ') for c in s['report']['changes'])"
click $(centre_of "s['widgets']['close_report']")
wait_for "s['report'] is None and s['report_label'] is None"
wait_for "s['controls']['num'] == 'x2' and s['controls']['trans'] == True and s['controls']['width_halves'] == 128 and s['controls']['pad_halves'] == 24"
wait_for "'report_changes' not in s['widgets'] and 'controls_report_changes' not in s['widgets']"
wait_for "s['status']['headline'].startswith('Model only') and s['banner_shown'] == True"
quit_app
grep -q '"pad_halves": 24' "$WORK/cfg/settings.json" || fail "the pad edited while the report was open was not saved"
echo "ok: close report restored the user's controls and kept the edit"

# 4. A gate report: closing it clears the verdict, its history row and the output view's data.
start_app --no-device "$GATE"
wait_for "s['report'] is not None and s['gate']['has_result'] == True and s['gate']['mismatch_count'] == 3" 30
wait_for "s['output_view']['has_data'] == True and s['gate']['history_rows'] == 1"
wait_for "'gate run on NVIDIA H200, sm_90, 2026-11-29 16:12 UTC' in s['status']['headline']"
click $(centre_of "s['widgets']['close_report']")
wait_for "s['report'] is None and s['gate']['has_result'] == False and s['gate']['verdict_shown'] == ''"
wait_for "s['gate']['history_rows'] == 0 and s['output_view']['has_data'] == False and s['output_view']['flagged'] == 0"
# A gate report sets no control: the user's (pad 24 since step 3) stay throughout.
wait_for "s['controls']['num'] == 'x2' and s['controls']['width_halves'] == 128 and s['controls']['pad_halves'] == 24"
quit_app
echo "PASS"
