# Helpers for the Hopper views' GUI tests (sourced after lib.sh): open a view from the View menu,
# pick a wgmma entry in its picker, hover or click a cell of a grid the app reports in the dump's
# "hopper" object, and keep screenshots where FRAGVIZ_GUI_SHOTS says (else in the test's scratch
# folder, removed at the end).

# hopper_title NAME (warpgroup | descriptor | moves): that window's title.
hopper_title() {
  case $1 in
    warpgroup) echo "Warpgroup: wgmma D and A fragments" ;;
    descriptor) echo "Descriptor: wgmma operand in shared memory" ;;
    moves) echo "stmatrix / movmatrix: register halves and 8x8 matrices" ;;
  esac
}

# front_tab TITLE: where the stacked windows share a slot as tabs and TITLE's is not the one shown,
# clicks its tab until it is.
front_tab() {
  local T="s['layout']['tabs']" _
  wait_for "'$1' in s['windows'] or '$1' in $T['names']" 5  # drawn in its own slot, or a tab
  for _ in 1 2 3; do
    [ "$(q "'$1' in $T['names'] and $T['shown'] != '$1'")" = True ] || return 0
    click $(centre_of "$T['rects']['$1']")
    wait_for "$T['shown'] == '$1'" 3 && return 0
  done
  fail "the $1 tab did not come to the front"
}

# open_view NAME (warpgroup | descriptor | moves): View > the window's entry, as a user would; a
# window already open (settings keep the open Hopper windows across starts) is left open, its tab
# clicked where it is behind another stacked window's (settings keep the one chosen last in front).
open_view() {
  local name=$1 _ i
  if python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['hopper']['windows']['$name'] else 1)" 2>/dev/null; then
    front_tab "$(hopper_title "$name")"
    return 0
  fi
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['menu_view']")
    for i in $(seq 20); do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'view_$name' in s['widgets'] else 1)" 2>/dev/null && break
      sleep 0.1
    done
    if python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'view_$name' in s['widgets'] else 1)" 2>/dev/null; then
      click $(centre_of "s['widgets']['view_$name']")
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['hopper']['windows']['$name'] else 1)" 2>/dev/null && return 0
      sleep 0.5
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['hopper']['windows']['$name'] else 1)" 2>/dev/null && return 0
    fi
    xdotool key Escape
    sleep 0.3
  done
  fail "View > $name did not open the window"
}

# close_view NAME (warpgroup | descriptor | moves): View > the window's entry when it is open, so the
# Hopper views left open get its share of the middle column.
close_view() {
  local name=$1 _
  for _ in 1 2 3; do
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if s['hopper']['windows']['$name'] else 1)" 2>/dev/null || return 0
    click $(centre_of "s['widgets']['menu_view']")
    sleep 0.3
    python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'view_$name' in s['widgets'] else 1)" 2>/dev/null &&
      click $(centre_of "s['widgets']['view_$name']")
    sleep 0.3
  done
  wait_for "not s['hopper']['windows']['$name']"
}

# make_room: View > Fragments and View > Bank view closed, as a user gives an open Hopper view the
# whole middle column (the Hopper views share it with those two).
make_room() {
  local name title _
  for name in fragments banks; do
    title=$([ $name = fragments ] && echo 'Fragments: mma.sync A, B, C/D' || echo 'Bank view: shared-memory accesses over 32 banks')
    for _ in 1 2 3; do
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if '$title' in s['windows'] else 1)" 2>/dev/null || break
      click $(centre_of "s['widgets']['menu_view']")
      sleep 0.3
      python3 -c "import json,sys; s=json.load(open('$STATE')); sys.exit(0 if 'view_$name' in s['widgets'] else 1)" 2>/dev/null &&
        click $(centre_of "s['widgets']['view_$name']")
      sleep 0.3
    done
  done
  wait_for "'Fragments: mma.sync A, B, C/D' not in s['windows'] and 'Bank view: shared-memory accesses over 32 banks' not in s['windows']"
}

# warpgroup_fit: the warpgroup view's "fit" (zoom 1: every cell in view, as grid_cell clicks want);
# it opens at the zoom where every cell holds a label, which scrolls.
warpgroup_fit() {
  click $(centre_of "s['widgets']['wg_fit']")
  wait_for "s['hopper']['warpgroup']['zoom'] == 1"
}

# pick_wgmma MNEMONIC: opens the wgmma picker of the last-drawn Hopper window and scrolls its list
# with the wheel towards that entry (the dump lists the picker's entries in order, and which are
# visible), then clicks it, as a user would.
pick_wgmma() {
  local m=$1 _ n dir
  # Prints "click", "up", "down" or "closed".
  local where="import json,sys
s=json.load(open('$STATE')); h=s['hopper']
if not h['picker_open']: print('closed'); sys.exit()
if 'wgmma:$m' in s['widgets']: print('click'); sys.exit()
order=h['picker_entries']; shown=[i for i,x in enumerate(order) if 'wgmma:'+x in s['widgets']]
print('up' if shown and order.index('$m') < shown[0] else 'down')"
  for _ in 1 2 3; do
    click $(centre_of "s['widgets']['wgmma_combo']")
    for n in $(seq 60); do
      case $(python3 -c "$where" 2>/dev/null) in
        click) click $(centre_of "s['widgets']['wgmma:$m']"); return 0 ;;
        up) dir=4 ;;
        down) dir=5 ;;
        *) break ;;
      esac
      xdotool mousemove --window "$WID" $(centre_of "s['widgets']['wgmma_popup']") click --repeat 2 --delay 30 "$dir"
      sleep 0.15
    done
    xdotool key Escape
    sleep 0.3
  done
  fail "the wgmma picker did not open with $m in it"
}

# grid_cell VIEW GRID ROW COL: "X Y", the window pixel at the centre of that cell of a grid the dump
# records under s['hopper'][VIEW]['grids'][GRID].
grid_cell() {
  python3 -c "import json; s=json.load(open('$STATE')); g=s['hopper']['$1']['grids']['$2']; print(int(g['origin'][0]+($4+0.5)*g['cell'][0]), int(g['origin'][1]+($3+0.5)*g['cell'][1]))"
}

# hover X Y: moves the mouse there and leaves it (tooltips and hover records follow it).
hover() {
  xdotool mousemove --window "$WID" "$1" "$2"
  sleep 0.5
}

# shot NAME: a screenshot of the whole screen, checked not blank, kept as $SHOTS/NAME.png.
SHOTS=${FRAGVIZ_GUI_SHOTS:-}
shot() {
  local dir=${SHOTS:-$WORK}
  mkdir -p "$dir"
  screenshot_not_blank "$dir/$1.png"
  [ -n "$SHOTS" ] && echo "screenshot: $dir/$1.png"
  return 0
}

