#!/usr/bin/env bash
# Resizing the window far past what GL can draw (xdotool windowsize 32767 32767; Xvfb has no window
# manager to enforce size hints) used to crash llvmpipe. The app keeps its window within the
# driver's largest texture / viewport and stays alive, drawing frames.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
start_app --no-device
xdotool windowsize "$WID" 32767 32767 2>/dev/null || true
# A frame at the largest size the app allows (the views follow the window, so under llvmpipe it
# takes seconds): wait until one is drawn, so that what follows is not swallowed by it.
wait_for "s['display']['pixel_size'][0] > 1600 and s['display']['pixel_size'][0] <= 16384" 40
app_alive || fail "fragviz died after the window was resized to 32767x32767"
echo "drawn at $(q "s['display']['pixel_size']") by $(q "s['gl']['renderer']")"
# Under a software rasteriser the app stays at 8192 (llvmpipe died drawing 16384-wide windows beside
# other GL processes); on a GPU the driver's limit holds.
if [ "$(q "'llvmpipe' in s['gl']['renderer'] or 'softpipe' in s['gl']['renderer']")" = True ]; then
  [ "$(q "max(s['display']['pixel_size']) <= 8192")" = True ] ||
    fail "software GL drew $(q "s['display']['pixel_size']"); at most 8192 a side"
fi
# Still answering: a click on a lane button selects it.
xdotool windowsize "$WID" 1600 1000 2>/dev/null || true
wait_for "s['display']['pixel_size'] == [1600, 1000]" 40
app_alive || fail "fragviz died after the window was resized back"
sleep 0.5
click $(centre_of "s['lane_buttons'][3]")
wait_for "s['selected_lane'] == 3"
geom=$(xdotool getwindowgeometry "$WID" | awk '/Geometry/ {print $2}')
echo "geometry after: $geom"
quit_app
echo "PASS"
