#!/usr/bin/env bash
# Soak: a seeded run of random clicks, keys, window resizes and report opens, bounded in time, then
# a check of what is left. SOAK_SEED (default 20261201) and SOAK_SECONDS (default 40, at most 60)
# pick the run; the seed and every action are printed, so a failure can be replayed.
#
# Set at the start (settings.json written before the app starts): m16n8k16, ldmatrix .x2 .trans,
# tile 96 + pad 16 halves, XOR swizzle off, gate n 1024 / seed 4242 / ldmatrix-k16, output coloured by
# warp, every view open. The random actions never touch what sets those (the Controls, Gate and
# Output views, the title bars with their close buttons, probe reports that carry a tile) but do
# everything else: clicks anywhere in the other views and the status strip, keys (letters, digits,
# arrows, Tab, Return, Escape, Backspace, Ctrl+O), resizes from 640x480 to 1900x1150, and report
# opens through the file browser (gate reports, broken files, a path that does not exist).
#
# At the end the app is still alive and answering, every view is inside the window and overlaps
# none (at 1600x1000), Ctrl+Q quits it cleanly, settings.json parses and still holds every value set
# at the start (and the selected lane the app showed last), and imgui.ini fits the window.
XVFB_SCREEN=1920x1200x24
source "$(dirname "$0")/lib.sh"
gui_init "$@"
# 40 s of actions, then the checks: on a loaded 2-core machine the whole run has taken 90 s, near
# start_app's default 100 s limit for the app, whose end looked like a crash. At least 300 s here
# (a real crash shows its exit status: app_end).
[ "${APP_TIMEOUT:-100}" -lt 300 ] && export APP_TIMEOUT=300
SEED=${SOAK_SEED:-20261201}
SECONDS_LEFT=${SOAK_SECONDS:-40}
[ "$SECONDS_LEFT" -le 60 ] || SECONDS_LEFT=60
echo "soak: seed $SEED, $SECONDS_LEFT s"

K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
mkdir -p "$WORK/cfg" "$WORK/reports"
cat >"$WORK/cfg/settings.json" <<EOF
{ "format": "fragviz-settings", "version": 1, "instruction": "$K16", "ldmatrix_num": "x2", "trans": true,
  "width_halves": 96, "pad_halves": 16, "swizzle": "none", "selected_lane": 4,
  "windows": { "controls": true, "device": true, "inspector": true, "fragments": true, "ldmatrix": true,
               "banks": true, "gate": true, "output": true },
  "gate": { "n": 1024, "variant": "ldmatrix-k16", "seed": 4242 }, "output_colour": "warp" }
EOF
cp "$WORK/cfg/settings.json" "$WORK/settings-at-start.json"
C="$SRC/tests/fuzz/corpus/report"
for f in v2-gate-three-mismatches.json gate-report.json v2-gate-exact.json v2-gate-refused.json invalid-array.json \
  invalid-not-json.txt invalid-version-99.json invalid-v2-gate-out-of-order.json invalid-v2-probe-edited-prediction.json; do
  cp "$C/$f" "$WORK/reports/$f" || fail "no sample report $C/$f"
done

cd "$WORK/reports" || fail "no folder $WORK/reports"
start_app --no-device
wait_for "s['controls']['pad_halves'] == 16 and s['gate']['request_seed'] == 4242 and s['selected_lane'] == 4"

python3 - "$STATE" "$WID" "$SEED" "$SECONDS_LEFT" "$WORK/reports" "$WORK/actions.log" "$APP_PID" <<'PY' || fail "the soak run stopped: see the actions above"
import json, os, random, subprocess, sys, time
state, wid, seed, seconds, reports, log_path, pid = sys.argv[1:8]
rng = random.Random(int(seed))
deadline = time.monotonic() + float(seconds)
log = open(log_path, "w")
# Views whose clicks can change what the test set at the start.
SETTING_VIEWS = {"Controls", "Gate: exact matmul", "Output view"}
KEYS = list("abcdefghijklmnopqrstuvwxyz0123456789") + ["Left", "Right", "Up", "Down", "Tab", "Return",
                                                      "Escape", "BackSpace", "space", "ctrl+o"]
PATHS = sorted(os.listdir(reports)) + ["missing.json", "../reports/gate-report.json"]

def say(text):
    print(text, flush=True)
    log.write(text + "\n")

def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], stderr=subprocess.DEVNULL, check=False)

def dump():
    for _ in range(50):
        try:
            return json.load(open(state))
        except (OSError, ValueError):
            time.sleep(0.05)
    raise SystemExit("no readable state dump")

def alive():
    try:
        os.kill(int(pid), 0)
        return True
    except OSError:
        return False

def wait_size(w, h):
    for _ in range(200):
        s = dump()
        if s["display"]["pixel_size"] == [w, h]:
            return True
        if not alive():
            raise SystemExit("fragviz died")
        time.sleep(0.1)
    return False

def click_point(s):
    """A point in a view that sets nothing the test checks, or in the status strip, inside what the
    window shows (not under the canvas's scroll bars)."""
    lay = s["layout"]["view"]
    vx0, vy0, vx1, vy1 = lay[0], lay[1], lay[0] + lay[2], lay[1] + lay[3]
    title = s["display"]["menu_bar_height"] + 4  # a view's title bar, with its close button
    if s["file_browser"]["visible"] or rng.random() < 0.1:
        # The status strip; or, with the file browser open, anywhere (the modal blocks the views).
        W, H = s["display"]["pixel_size"]
        if s["file_browser"]["visible"]:
            # Not Up: the folders above hold files this test did not put there.
            up = s["widgets"].get("browser_up", [0, 0, 0, 0])
            x, y = rng.randrange(5, W - 5), rng.randrange(5, H - 5)
            if up[0] - 4 <= x <= up[0] + up[2] + 4 and up[1] - 4 <= y <= up[1] + up[3] + 4:
                return None
            return x, y
        return rng.randrange(5, W - 5), int(s["display"]["menu_bar_height"] + s["display"]["status_height"] / 2)
    for _ in range(20):
        name = rng.choice(sorted(s["windows"]))
        if name in SETTING_VIEWS:
            continue
        x, y, w, h = s["windows"][name]["rect"]
        x0, y0, x1, y1 = max(x, vx0) + 4, max(y + title, vy0) + 4, min(x + w, vx1) - 4, min(y + h, vy1) - 4
        if x1 > x0 + 2 and y1 > y0 + 2:
            return rng.randrange(int(x0), int(x1)), rng.randrange(int(y0), int(y1))
    return None

def bad_point(s, x, y):
    """Whether (x, y) is on a view that sets what the test checks (the dump may be a frame old)."""
    for name in SETTING_VIEWS:
        r = s["windows"].get(name, {}).get("rect")
        if r and r[0] - 2 <= x <= r[0] + r[2] + 2 and r[1] - 2 <= y <= r[1] + r[3] + 2:
            return True
    return False

n = 0
while time.monotonic() < deadline:
    if not alive():
        raise SystemExit(f"fragviz died after {n} actions")
    s = dump()
    kind = rng.choices(["click", "key", "resize", "open"], weights=[50, 25, 12, 13])[0]
    n += 1
    if kind == "click":
        p = click_point(s)
        if p is None or (not s["file_browser"]["visible"] and bad_point(s, *p)):
            continue
        say(f"{n} click {p[0]} {p[1]}")
        xdo("mousemove", "--window", wid, p[0], p[1], "sleep", "0.05", "click", "1")
        time.sleep(0.15)
    elif kind == "key":
        k = rng.choice(KEYS)
        say(f"{n} key {k}")
        xdo("key", k)
        time.sleep(0.1)
    elif kind == "resize":
        w, h = rng.randrange(640, 1901), rng.randrange(480, 1151)
        say(f"{n} resize {w}x{h}")
        xdo("windowsize", wid, w, h)
        if not wait_size(w, h):
            raise SystemExit(f"the window never showed {w}x{h}")
    else:
        path = rng.choice(PATHS)
        say(f"{n} open {path}")
        xdo("windowfocus", "--sync", wid)
        if not s["file_browser"]["visible"]:
            xdo("key", "ctrl+o")
            time.sleep(0.6)
        xdo("type", "--delay", "15", path)
        time.sleep(0.2)
        xdo("key", "Return")
        time.sleep(0.4)
        xdo("key", "Escape")  # closes the browser when the path was refused
        time.sleep(0.2)
say(f"{n} actions in {seconds} s")
PY

# The end: a known size, no dialog, then the checks.
xdotool key Escape
xdotool windowsize "$WID" 1600 1000
wait_for "s['display']['pixel_size'] == [1600, 1000] and not s['file_browser']['visible']" 30
sleep 0.5
app_alive || fail "fragviz died in the soak run (seed $SEED; $(app_end))"
# Still answering: a click on a lane button selects that lane (or clears it when it was selected).
before=$(q "s['selected_lane']")
click $(centre_of "s['lane_buttons'][9]")
if [ "$before" = 9 ]; then wait_for "s['selected_lane'] == -1"; else wait_for "s['selected_lane'] == 9"; fi
python3 - "$STATE" <<'PY' || fail "after the soak run (seed $SEED) the views do not fit the window"
import json, sys
s = json.load(open(sys.argv[1]))
W, H = s['display']['pixel_size']
top = s['display']['menu_bar_height'] + s['display']['status_height']
rects = {k: v['rect'] for k, v in s['windows'].items()}
assert len(rects) == 8, sorted(rects)
for k, (x, y, w, h) in rects.items():
    assert x >= -0.5 and y >= top - 0.5 and x + w <= W + 0.5 and y + h <= H + 0.5, (k, x, y, w, h)
ns = sorted(rects)
for i, a in enumerate(ns):
    for b in ns[i + 1:]:
        ra, rb = rects[a], rects[b]
        ox = min(ra[0] + ra[2], rb[0] + rb[2]) - max(ra[0], rb[0])
        oy = min(ra[1] + ra[3], rb[1] + rb[3]) - max(ra[1], rb[1])
        assert not (ox > 0.5 and oy > 0.5), (a, b, ra, rb)
print(f"every view inside {W}x{H}, none overlapping; report shown: {s['report_path'] or 'none'}")
PY
cp "$STATE" "$WORK/last-state.json"
quit_app

python3 - "$WORK/settings-at-start.json" "$WORK/cfg/settings.json" "$WORK/last-state.json" "$WORK/cfg/imgui.ini" <<'PY' || fail "a setting was lost in the soak run (seed $SEED)"
import json, re, sys
start, now, last = (json.load(open(p)) for p in sys.argv[1:4])
for key in ("instruction", "ldmatrix_num", "trans", "width_halves", "pad_halves", "swizzle", "gate",
            "output_colour"):
    assert now.get(key) == start[key], f"{key}: {now.get(key)!r}, set at the start as {start[key]!r}"
# The file may gain the windows it did not name (the Hopper views'), at their defaults.
kept = {k: now["windows"].get(k) for k in start["windows"]}
assert kept == start["windows"], f"windows: {now['windows']!r}, set at the start as {start['windows']!r}"
assert now["selected_lane"] == last["selected_lane"], (now["selected_lane"], last["selected_lane"])
ini = open(sys.argv[4]).read()
for m in re.finditer(r"^\[Window\]\[([^\]]+)\]\nPos=(-?\d+),(-?\d+)\nSize=(\d+),(\d+)", ini, re.M):
    name, x, y, w, h = m.group(1), *map(int, m.groups()[1:])
    if name.startswith("##") or name.startswith("Debug"):
        continue
    assert x >= 0 and y >= 0 and x + w <= 1600 and y + h <= 1000, ("imgui.ini", name, x, y, w, h)
print("settings.json holds every value set at the start; selected lane", now["selected_lane"], "as shown last")
PY
echo "PASS (seed $SEED)"
