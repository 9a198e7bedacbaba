#!/usr/bin/env bash
# Newcomer round 31 (b38): a click on a tab of the stacked slot at the bottom of the middle column
# scrolled the column (the Tensor memory tab: to that view's top; then the stmatrix tab: its shorter
# view shortened the column, whose scroll went back to 0): the strip slid from under the pointer, which
# then rested on the fragments view's grids and popped a cell's big tooltip. A click on a tab in sight
# scrolls nothing: the strip stays under the pointer and the column keeps its scroll.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
T="s['layout']['tabs']"
MO="stmatrix / movmatrix: register halves and 8x8 matrices"
TM="Tensor memory: tcgen05 lanes and columns (sm_100, model only)"
DE="Descriptor: wgmma operand in shared memory"
CS="s['layout']['column_scroll'][1]"

# click_tab NAME: clicks NAME's tab, which must then be shown, the strip and the middle column's
# scroll where they were before the click.
click_tab() {
  local before strip after
  before=$(q "round($CS)")
  strip=$(q "[round(v) for v in $T['strip'][:2]]")
  click $(centre_of "$T['rects']['$1']")
  wait_for "$T['shown'] == '$1' and '$1' in s['windows']" 5 || fail "the $1 tab did not show its view"
  sleep 1
  after=$(q "round($CS)")
  [ "$after" = "$before" ] || fail "a click on the ${1%%:*} tab scrolled the middle column from $before to $after"
  [ "$(q "[round(v) for v in $T['strip'][:2]]")" = "$strip" ] ||
    fail "a click on the ${1%%:*} tab moved the tab strip from $strip to $(q "[round(v) for v in $T['strip'][:2]]")"
  [ "$(q "s['tooltip_rect'] is None")" = True ] || fail "a tooltip popped after the click on the ${1%%:*} tab"
  echo "${1%%:*}: strip $strip, middle column scroll $after"
}

start_app --no-device
wait_for "'menu_view' in s['widgets']"
open_view warpgroup
open_view descriptor
open_view moves
open_from_view_menu view_algebra "s['algebra']['open']"
open_from_view_menu view_tmem "s['tmem']['open']"
open_from_view_menu view_cta_tile "s['cta_tile']['open']"
wait_for "len($T['names']) == 6 and all(n in $T['rects'] for n in $T['names'])" 5 ||
  fail "six stacked windows are not six tabs: $(q "$T")"
sleep 1
# The Tensor memory view, taller than the column has room for: its column runs taller, unscrolled.
click_tab "$TM"
[ "$(q "s['layout']['column_bars'][1] is not None")" = True ] || fail "the Tensor memory view left the middle column in the window"
# Scrolled down by its bar (the wheel over it) until the strip is in the window's upper half, then
# a shorter view's tab: the column keeps its height and scroll, the strip stays under the pointer.
read -r bx by < <(centre_of "s['layout']['column_bars'][1]")
xdotool mousemove --window "$WID" "$bx" "$by" click --repeat 3 --delay 100 5
sleep 1
[ "$(q "$CS > 100 and $T['strip'][1] < 500")" = True ] ||
  fail "the wheel over its bar did not scroll the middle column: $(q "$CS"), strip $(q "$T['strip']")"
click_tab "$MO"
click_tab "$DE"
quit_app
echo "PASS: a tab clicked scrolls nothing"
