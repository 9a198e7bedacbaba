#!/usr/bin/env bash
# The config folder and the home folder. With no --config-dir and no $FRAGVIZ_CONFIG_DIR the app
# uses $XDG_CONFIG_HOME/fragviz or ~/.config/fragviz:
# - a home folder that does not exist is never created, by any run (--frames, --screenshot,
#   --bench, or a normal run quit with Ctrl+Q, which then says it saves nothing);
# - runs that never save (--frames, --screenshot, --bench) create nothing at all, even in a home
#   folder that exists;
# - a normal run creates ~/.config/fragviz (or $XDG_CONFIG_HOME/fragviz) and saves there.
# Every path is under this test's own temporary folder.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
CONFIG_DEFAULT=1  # start_app passes no config folder

# run_home HOME ARGS...: a run that ends by itself, with HOME and nothing else to find the folder by.
run_home() {
  local home=$1
  shift
  env -u FRAGVIZ_CONFIG_DIR -u XDG_CONFIG_HOME HOME="$home" LIBGL_ALWAYS_SOFTWARE=1 timeout 60 "$APP" --no-device \
    --size 400x300 "$@" >"$WORK/app.log" 2>&1 || fail "HOME=$home fragviz $* failed"
}
# nothing_in DIR WHAT: DIR holds no file or folder.
nothing_in() {
  [ -z "$(find "$1" -mindepth 1 2>/dev/null | head -5)" ] || fail "$2 created: $(find "$1" -mindepth 1 | head -5)"
}

# 1. A home folder that is not there.
gone="$WORK/gone"
run_home "$gone" --frames 2
run_home "$gone" --screenshot "$WORK/shot.png"
run_home "$gone" --bench "$WORK/bench.json" --bench-frames 3
[ -e "$gone" ] && fail "a --frames/--screenshot/--bench run created the missing home folder $gone"
(export HOME="$gone"; unset XDG_CONFIG_HOME; start_app --no-device; click $(centre_of "s['lane_buttons'][6]"); \
  wait_for "s['selected_lane'] == 6"; quit_app) || exit 1
[ -e "$gone" ] && fail "a normal run created the missing home folder $gone"
grep -q "the home folder $gone does not exist (it is never created): settings are not saved" "$WORK/app.log" \
  || fail "a normal run with a missing home folder did not say that it saves nothing"
# $XDG_CONFIG_HOME inside the missing home folder: not created either.
(export HOME="$gone" XDG_CONFIG_HOME="$gone/.config"; start_app --no-device; quit_app) || exit 1
[ -e "$gone" ] && fail "a normal run created $gone through \$XDG_CONFIG_HOME=$gone/.config"
echo "ok: no run creates a missing home folder"

# 2. A home folder that exists, empty: runs that never save leave it empty.
home="$WORK/home"
mkdir "$home"
run_home "$home" --frames 2
run_home "$home" --screenshot "$WORK/shot.png"
run_home "$home" --bench "$WORK/bench.json" --bench-frames 3
nothing_in "$home" "a --frames/--screenshot/--bench run with HOME=$home"
echo "ok: --frames, --screenshot and --bench create nothing"

# 3. A normal run creates ~/.config/fragviz and saves there; the next run reads it back.
(export HOME="$home"; unset XDG_CONFIG_HOME; start_app --no-device; click $(centre_of "s['lane_buttons'][6]"); \
  wait_for "s['selected_lane'] == 6"; quit_app) || exit 1
[ -s "$home/.config/fragviz/settings.json" ] || fail "a normal run saved no $home/.config/fragviz/settings.json"
[ -s "$home/.config/fragviz/imgui.ini" ] || fail "a normal run saved no $home/.config/fragviz/imgui.ini"
(export HOME="$home"; unset XDG_CONFIG_HOME; start_app --no-device; wait_for "s['selected_lane'] == 6"; quit_app) || exit 1
# And $XDG_CONFIG_HOME, when set, instead (the folder itself may be created, not what is above it).
(export HOME="$home" XDG_CONFIG_HOME="$WORK/xdg"; start_app --no-device; quit_app) || exit 1
[ -s "$WORK/xdg/fragviz/settings.json" ] || fail "a normal run saved nothing in \$XDG_CONFIG_HOME/fragviz"
echo "ok: a normal run creates its config folder and saves there"
echo "PASS"
