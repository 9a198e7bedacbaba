#!/usr/bin/env bash
# The status strip stays inside the window: a long asset error (a broken palette.json deep in long
# folder names) and a settings notice share the one line, each cut with "..." and none reaching
# past the window's right edge, and hovering a cut message shows its full text (state dump
# "status.tooltip"). The first segment says what the views show.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
long="$WORK"
for i in 1 2 3; do long="$long/a-folder-name-long-enough-to-push-any-message-off-the-right-edge-of-the-strip-$i"; done
mkdir -p "$long" "$WORK/cfg"
printf 'this is not JSON' >"$long/palette.json"
printf '{ "format": "fragviz-settings", "version": 1, "gate": {"seed": -1} }' >"$WORK/cfg/settings.json"
start_app --no-device --assets "$long"
wait_for "len(s['assets']['notices']) == 1 and len(s['settings_notices']) == 1"
wait_for "'asset_notice' in s['widgets'] and 'settings_notice' in s['widgets']"
python3 - "$STATE" <<'PY' || fail "a status strip segment runs past the window"
import json, sys
s = json.load(open(sys.argv[1]))
width = s['display']['pixel_size'][0]
for k in ('status_headline', 'settings_notice', 'asset_notice'):
    x, y, w, h = s['widgets'][k]
    print(f"{k}: x {x:.0f} to {x + w:.0f} of {width}")
    assert w > 0, k
    assert x + w <= width, (k, x + w, width)
PY
full=$(q "s['assets']['notices'][0]")
[ ${#full} -gt 300 ] || fail "the asset notice is only ${#full} characters: the test needs a longer one"
read -r x y <<<"$(centre_of "s['widgets']['asset_notice']")"
for _ in 1 2 3; do
  xdotool mousemove --window "$WID" "$x" "$y"
  sleep 0.5
  python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['assets']['notices'][0] in s['status']['tooltip'] else 1)" && break
  xdotool mousemove --window "$WID" 5 995
done
wait_for "s['assets']['notices'][0] in s['status']['tooltip']"
screenshot_not_blank "$WORK/strip.png"
echo "tooltip: $(q "s['status']['tooltip'][:100]")..."
quit_app
echo "PASS"
