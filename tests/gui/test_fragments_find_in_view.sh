#!/usr/bin/env bash
# Issue 22: at 1024x700 the fragments view's Find field sat past the view's right edge, after the
# zoom bar and the shape's sizes, so the text typed into it and its message were cut off. The sizes
# are drawn only where they fit whole with Find after them (each grid's title says its own), and
# Find takes the next line where even the zoom bar leaves it no room (the warpgroup view's rule, one
# find_field_same_line): the field lies inside the view on the zoom line, takes what is typed, and
# its message wraps inside it.
source "$(dirname "$0")/lib.sh"
gui_init "$@"
F="s['fragments_view']"
WIN="s['windows']['Fragments: mma.sync A, B, C/D']['rect']"
for size in 1024x700 1600x1000; do
  APP_SIZE=$size start_app --no-device
  wait_for "'fragments_find' in s['widgets'] and 'fragments_zoom' in s['widgets'] and $F['cells_drawn'] > 0" ||
    fail "$size: the fragments view has no Find field: $(q "sorted(k for k in s['widgets'] if 'frag' in k)")"
  sleep 0.5
  [ "$(q "s['widgets']['fragments_find'][0] + s['widgets']['fragments_find'][2] <= $WIN[0] + $WIN[2] + 0.5 and s['widgets']['fragments_find'][2] >= 40")" = True ] ||
    fail "$size: the Find field $(q "s['widgets']['fragments_find']") is not inside the view $(q "$WIN")"
  # On the zoom line, the shape's sizes before it where they fit whole with it (1600 px), left out
  # where not (each grid's title says its own).
  [ "$(q "abs(s['widgets']['fragments_find'][1] - s['widgets']['fragments_zoom'][1]) < 4")" = True ] ||
    fail "$size: Find left the zoom line: $(q "s['widgets']['fragments_find']")"
  if [ $size = 1600x1000 ]; then
    [ "$(q "'fragments_shape' in s['widgets']")" = True ] || fail "$size: the shape's sizes are not drawn"
  fi
  [ "$(q "'fragments_shape' not in s['widgets'] or s['widgets']['fragments_shape'][0] + s['widgets']['fragments_shape'][2] <= s['widgets']['fragments_find'][0]")" = True ] ||
    fail "$size: the shape's sizes $(q "s['widgets'].get('fragments_shape')") run into Find"
  type_into fragments_find "$F['find_text']" "A,99,2" "$F['find_text'] == 'A,99,2'"
  wait_for "$F['find_error'] != ''" 5 || fail "$size: no message for A,99,2"
  wait_for "'fragments_find_error' in s['text_lines']" 5 || fail "$size: the message is not drawn"
  [ "$(q "s['text_lines']['fragments_find_error']['clipped']")" = False ] ||
    fail "$size: the Find message runs past the view: $(q "s['text_lines']['fragments_find_error']")"
  quit_app
done
echo PASS
