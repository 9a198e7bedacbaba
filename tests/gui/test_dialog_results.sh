#!/usr/bin/env bash
# A dialog's result is shown where it is seen: at its top, wrapped, inside the dialog, never below
# its bottom edge. File > Open report with a typed path that leads nowhere (a long one): the reason
# is above the list, within the dialog's width, on more than one line. File > Export to a folder
# that does not exist: the refusal is at the top of the dialog and inside it. File > Load kernel:
# its status line (why Run is disabled) is above the source field, inside the window.
source "$(dirname "$0")/lib.sh"
gui_init "$@"

# inside 'rect expression' 'dialog rect expression': the first rect lies within the second.
inside() {
  python3 - "$STATE" "$1" "$2" <<'PY' || fail "$1 is not inside $2"
import json, sys
s = json.load(open(sys.argv[1]))
r, d = eval(sys.argv[2]), eval(sys.argv[3])
ok = r[0] >= d[0] - 0.5 and r[1] >= d[1] - 0.5 and r[0] + r[2] <= d[0] + d[2] + 0.5 and r[1] + r[3] <= d[1] + d[3] + 0.5
print(("ok: " if ok else "NOT: ") + f"{[round(v) for v in r]} in {[round(v) for v in d]}")
sys.exit(0 if ok else 1)
PY
}

start_app --no-device
long="$WORK/a-folder-that-does-not-exist-anywhere/and-another-one-below-it/and-a-third-one/report.json"
for _ in 1 2 3; do
  xdotool windowfocus --sync "$WID" 2>/dev/null
  xdotool key ctrl+o
  sleep 1
  [ "$(q "s['file_browser']['visible']")" = True ] && break
done
[ "$(q "s['file_browser']['visible']")" = True ] || fail "Ctrl+O did not open the file browser"
xdotool type --delay 10 "$long"
wait_for "s['file_browser']['typed'] == '$long'"
xdotool key Return
wait_for "s['file_browser']['message'] != '' and 'browser_message' in s['widgets']"
echo "browser: $(q "s['file_browser']['message']")"
inside "s['widgets']['browser_message']" "s['widgets']['browser_window']"
python3 - "$STATE" <<'PY' || fail "the browser's message is not above its list, or not wrapped"
import json, sys
s = json.load(open(sys.argv[1]))
m, lst, path = s['widgets']['browser_message'], s['widgets']['browser_list'], s['widgets']['open_path']
assert m[1] + m[3] <= lst[1] + 0.5, ("message below the top of the list", m, lst)
assert m[1] < path[1], ("message below the path field", m, path)
assert m[3] > 1.5 * (path[3] - 6), ("one line: not wrapped", m)  # the path field is one line plus padding
print("browser message above the list, wrapped to", m[3], "pixels")
PY
xdotool key Escape
wait_for "s['file_browser']['visible'] == False"

# Export to a folder that does not exist.
for _ in 1 2 3; do
  xdotool windowfocus --sync "$WID" 2>/dev/null
  xdotool key ctrl+e
  sleep 1
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'export_path' in s['widgets'] else 1)" && break
done
python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'export_path' in s['widgets'] else 1)" ||
  { echo "note: the Export dialog did not receive Ctrl+E under this X server; skipped"; exit 77; }
xdotool type --delay 10 "$WORK/no-such-folder-for-an-export-at-all/and-below-it-too/fragments.svg"
xdotool key Return
wait_for "'export_message' in s['widgets']"
inside "s['widgets']['export_message']" "s['widgets']['export_dialog']"
python3 - "$STATE" <<'PY' || fail "the export's outcome is not at the top of its dialog"
import json, sys
s = json.load(open(sys.argv[1]))
m, view, d = s['widgets']['export_message'], s['widgets']['export_view'], s['widgets']['export_dialog']
assert m[1] < view[1], ("outcome below the View field", m, view)
assert d[1] + d[3] <= s['display']['pixel_size'][1] + 0.5, ("dialog runs off the window", d)
print("export outcome at the top of the dialog")
PY
[ -e "$WORK/no-such-folder-for-an-export-at-all" ] && fail "an export created a folder"
xdotool key Escape
sleep 0.5

# Load kernel: the status line first.
click $(centre_of "s['widgets']['menu_file']")
wait_for "'menu_load_kernel' in s['widgets']"
click $(centre_of "s['widgets']['menu_load_kernel']")
wait_for "s['kernel']['open'] == True and 'kernel_status' in s['widgets'] and 'kernel_window' in s['widgets']"
wait_for "'no kernel source' in s['kernel']['reason']"
inside "s['widgets']['kernel_status']" "s['widgets']['kernel_window']"
python3 - "$STATE" <<'PY' || fail "Load kernel's status is not above its fields"
import json, sys
s = json.load(open(sys.argv[1]))
st, src, run = s['widgets']['kernel_status'], s['widgets']['kernel_source'], s['widgets']['kernel_run']
assert st[1] + st[3] <= src[1] + 0.5 and st[1] < run[1], (st, src, run)
print("kernel status above the source field")
PY
quit_app
echo "PASS"
