#!/usr/bin/env bash
# The real app in a real X window on the GPU machine, drawn by the GPU: builds fragviz from this tree
# with the GUI inputs carried in .gl/gui-runtime.tar.xz (tools/gui-pack.sh; the machine has none of
# Debian's -dev packages and no network), starts the carried Xvfb (its GLX served by the carried
# Mesa) on :99 at 1600x1000x24, runs the app with __GLX_VENDOR_LIBRARY_NAME=nvidia so that its own
# GL goes to the NVIDIA driver, and then:
#   1. --bench (tools/bench-gui.sh's run: launch to first frame, 300 steady and 300 changing frames)
#      -> $OUT/gui-bench.json, whose gl_renderer must name the NVIDIA GPU (after a short cold run,
#      the machine's first GL start, -> $OUT/gui-bench-cold.json);
#   1b. (with CUDA) the same --bench with the device: first frame while CUDA starts, and the frames
#      that take in the device query and the probe results -> $OUT/gui-bench-device.json;
#   1c. (FRAGVIZ_GUI_CUDA_STARTS="probe query main before-gl") that --bench again for each place
#      the app may create its CUDA context (FRAGVIZ_CUDA_START), FRAGVIZ_GUI_BENCH_RUNS times each
#      -> $OUT/gui-bench-starts.tar.xz;
#   2. the app as a user sees it: waits for its window and the CUDA device, clicks "Run gate" with
#      xdotool, waits for the exact-match verdict, captures the screen (xwd) -> $OUT/gui-gate.png;
#   3. --screenshot (the app's own read-back of its GL frame) -> $OUT/gui-readback.png;
#   4. with --tests, the GUI tests (ctest -L gui) against the same Xvfb, xdotool and GL.
# Everything is logged to $OUT/gui.log (default OUT: ./out). Stops at the first step that fails, with
# the reason, and exits non-zero. A run commits its README and the small --bench JSON files to
# docs/device-runs/; the log, the screenshots and the archives stay under $OUT.
#
#   tools/device-gui.sh [--tests]
#
# Settings (environment): FRAGVIZ_GUI_TARBALL (default .gl/gui-runtime.tar.xz), FRAGVIZ_GUI_DEST
# (unpacked into DEST/fragviz-gui; default /tmp), FRAGVIZ_GUI_BUILD (default /tmp/fragviz-gui-build),
# FRAGVIZ_GUI_DISPLAY (default :99), FRAGVIZ_GUI_CUDA (ON; OFF on a machine without CUDA: no gate),
# FRAGVIZ_GUI_VENDOR (nvidia; empty: the app's GL goes to Mesa's llvmpipe too, as on a machine
# without an NVIDIA GPU), FRAGVIZ_GUI_TEST_JOBS (GUI tests at once, default 8; each has its own Xvfb),
# FRAGVIZ_GUI_TEST_REGEX (only the GUI tests whose names match, ctest -R: a rerun of the failed ones).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out" || { echo "device-gui: cannot create $out" >&2; exit 1; }
log="$out/gui.log"
: >"$log"
exec > >(tee -a "$log") 2>&1
tee_pid=$!

tests=0
for a in "$@"; do
  case "$a" in
    --tests) tests=1 ;;
    *) echo "usage: tools/device-gui.sh [--tests]"; exit 64 ;;
  esac
done
tarball="${FRAGVIZ_GUI_TARBALL:-$root/.gl/gui-runtime.tar.xz}"
dest="${FRAGVIZ_GUI_DEST:-/tmp}"
home="$dest/fragviz-gui"
build="${FRAGVIZ_GUI_BUILD:-/tmp/fragviz-gui-build}"
display="${FRAGVIZ_GUI_DISPLAY:-:99}"
cuda="${FRAGVIZ_GUI_CUDA:-ON}"
vendor="${FRAGVIZ_GUI_VENDOR-nvidia}"
work=$(mktemp -d /tmp/fragviz-device-gui.XXXXXX)
XVFB_PID=""
APP_PID=""

section() { printf '\n=== %s ===\n' "$*"; }
die() {
  printf '\ndevice-gui: FAILED: %s\n' "$*"
  [ -s "$work/app.log" ] && { echo "--- app log"; tail -40 "$work/app.log"; }
  exit 1
}
cleanup() {
  # Only these two: a bare `wait` would also wait for the log's tee, which waits for this shell.
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null
  rm -rf "$work"
  # Let the tee write the last lines to gui.log before the command returns (5 s at most).
  exec >&- 2>&-
  for _ in $(seq 50); do kill -0 "$tee_pid" 2>/dev/null || break; sleep 0.1; done
}
trap cleanup EXIT
started=$(date +%s)

section "machine"
date -u +%Y-%m-%dT%H:%M:%SZ
uname -srm
[ -r /etc/os-release ] && (. /etc/os-release && echo "$PRETTY_NAME")
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "source: commit ${FRAGVIZ_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)} (+ working tree as sent)"
echo "app GL vendor: ${vendor:-Mesa (no __GLX_VENDOR_LIBRARY_NAME)}; CUDA: $cuda"

if [ -f /tmp/fragviz-kernel-faulted ]; then
  section "warning: a kernel faulted on this GPU at $(cat /tmp/fragviz-kernel-faulted) (tools/device-run.sh's tests and oob_store)"
  echo "Since then, on the H200 (driver 580.159.04), every app started here stalls the GPU about 4.4 s when its"
  echo "first probes run, its frames with it, and 8 GUI tests at once time out. Run this script before"
  echo "device-run.sh, or on a fresh machine (docs/device-runs/2026-12-02-h200-session5/README.md)."
fi

section "unpack $tarball"
[ -f "$tarball" ] || die "no $tarball: run tools/gui-pack.sh on Debian 12 and carry .gl/gui-runtime.tar.xz"
rm -rf "$home"
mkdir -p "$dest" || die "cannot create $dest"
if command -v xz >/dev/null; then
  tar -C "$dest" -xJf "$tarball" || die "cannot unpack $tarball"
else  # no xz on the machine: Python's lzma
  python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1], "r:xz").extractall(sys.argv[2])' "$tarball" "$dest" ||
    die "cannot unpack $tarball (no xz, and Python's tarfile failed)"
fi
[ -x "$home/bin/Xvfb" ] && [ -d "$home/root/usr/lib/x86_64-linux-gnu" ] || die "$tarball holds no fragviz-gui/ tree"
grep '^# ' "$home/MANIFEST"
echo "$(grep -vc '^#' "$home/MANIFEST") Debian packages, $(du -sh "$home" | cut -f1) unpacked in $home"
export PATH="$home/bin:$PATH"  # Xvfb, xdotool, xwd, xdpyinfo, glxinfo: wrappers with the carried libraries

section "what the carried programs need from the machine"
# xkbcomp is run by Xvfb from the path Debian built it with; the fonts are looked up where Debian
# puts them (assets/fonts.json). Both are linked there when missing (the machine's / is ours).
if [ ! -x /usr/bin/xkbcomp ]; then
  ln -s "$home/bin/xkbcomp" /usr/bin/xkbcomp 2>/dev/null ||
    die "/usr/bin/xkbcomp is missing and cannot be linked (not root?); Xvfb cannot load a keymap without it"
  echo "linked /usr/bin/xkbcomp -> $home/bin/xkbcomp"
fi
fonts=/usr/share/fonts/truetype/dejavu
if [ ! -e "$fonts/DejaVuSans.ttf" ]; then
  if mkdir -p "$(dirname "$fonts")" 2>/dev/null && ln -sfn "$home/root$fonts" "$fonts" 2>/dev/null; then
    echo "linked $fonts -> $home/root$fonts"
  else
    echo "note: cannot link $fonts; the app will use ImGui's built-in font"
  fi
fi
nvidia_dir=""
if [ "$vendor" = nvidia ]; then
  glx=$(ldconfig -p 2>/dev/null | awk '/libGLX_nvidia\.so\.0 /{print $NF; exit}')
  if [ -z "$glx" ]; then
    for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu /usr/lib64; do
      [ -e "$d/libGLX_nvidia.so.0" ] && { glx="$d/libGLX_nvidia.so.0" nvidia_dir=$d; break; }
    done
  fi
  [ -n "$glx" ] || die "no libGLX_nvidia.so.0 (the NVIDIA driver's GLX library) in ldconfig or /usr/local/nvidia"
  echo "NVIDIA GLX: $glx${nvidia_dir:+ (not in ldconfig: $nvidia_dir goes on LD_LIBRARY_PATH)}"
  for f in "$(dirname "$(readlink -f "$glx")")"/lib{GLX_nvidia,nvidia-glcore,nvidia-tls,nvidia-glsi}.so*; do
    [ -e "$f" ] && printf '%s ' "$(basename "$f")"
  done
  echo
fi

section "build (CMake, this machine's compiler and CUDA; GUI inputs from $home)"
t0=$(date +%s)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRAGVIZ_CUDA="$cuda" -DFRAGVIZ_GUI=ON \
  -DFRAGVIZ_GUI_CARRY_DIR="$home" -DFRAGVIZ_CARRY_DIR="$home/carry" -DFRAGVIZ_GUI_TEST_LOCK=OFF \
  >"$work/configure.log" 2>&1 ||
  { tail -40 "$work/configure.log"; die "cmake could not configure the build"; }
grep 'fragviz:' "$work/configure.log"
cmake --build "$build" -j "$(nproc)" --target fragviz fragviz-cli >"$work/build.log" 2>&1 ||
  { grep -E "error|Error" "$work/build.log" | head -30; tail -20 "$work/build.log"; die "the build failed"; }
echo "[built fragviz and fragviz-cli in $(($(date +%s) - t0)) s; $(grep -c 'warning:' "$work/build.log") compiler warnings]"
app="$build/app/fragviz"
[ -x "$app" ] || die "no $app after the build"

# From here on, for the app and every GUI test: where Mesa's drivers and Xlib's locale files are
# (data paths only; the app finds the carried libraries through its RPATH, the carried programs
# through their wrappers), and which GLX vendor libglvnd gives the app.
export LIBGL_DRIVERS_PATH="$home/root/usr/lib/x86_64-linux-gnu/dri"
export XLOCALEDIR="$home/root/usr/share/X11/locale"
if [ -n "$vendor" ]; then
  export __GLX_VENDOR_LIBRARY_NAME="$vendor"
  [ -n "$nvidia_dir" ] && export LD_LIBRARY_PATH="$nvidia_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi

section "libraries of the app and of Xvfb (every one from the carried tree or the machine)"
for bin in "$app" "$home/root/usr/bin/Xvfb" "$home/root/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so"; do
  run=()
  [ "$bin" = "$app" ] || run=("$home/bin/with-gui-libs")  # the app: its RPATH alone
  "${run[@]}" ldd "$bin" >"$work/ldd.txt" 2>&1
  if grep -q "not found" "$work/ldd.txt"; then
    cat "$work/ldd.txt"
    die "$bin: libraries not found (above)"
  fi
  carried=$(grep -c "=> $home/" "$work/ldd.txt")
  echo "$(basename "$bin"): $carried carried, from the machine: $(grep '=> /' "$work/ldd.txt" | grep -v "=> $home/" |
    awk '{print $3}' | sort -u | tr '\n' ' ')"
done

section "Xvfb $display 1600x1000x24 (GLX by the carried Mesa)"
n=${display#:}
if [ -e "/tmp/.X$n-lock" ]; then
  pid=$(tr -d ' ' <"/tmp/.X$n-lock")
  kill -0 "$pid" 2>/dev/null && die "display $display is taken (Xvfb or another X server, pid $pid)"
  rm -f "/tmp/.X$n-lock" "/tmp/.X11-unix/X$n"
fi
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
XVFB_PID=$!
export DISPLAY="$display"
for _ in $(seq 100); do
  xdpyinfo >/dev/null 2>&1 && break
  kill -0 "$XVFB_PID" 2>/dev/null || break
  sleep 0.1
done
xdpyinfo >"$work/xdpyinfo.txt" 2>&1 || { cat "$work/xvfb.log"; die "Xvfb did not start (its log above)"; }
grep -E "dimensions|depths" "$work/xdpyinfo.txt" | head -2
grep -q GLX "$work/xdpyinfo.txt" || { cat "$work/xvfb.log"; die "Xvfb has no GLX extension (Mesa's swrast_dri.so did not load)"; }
echo "GLX: yes"
[ -s "$work/xvfb.log" ] && { echo "Xvfb says:"; head -20 "$work/xvfb.log"; }

section "glxinfo -B (the app's GL path: ${vendor:-mesa})"
glxinfo -B >"$work/glxinfo.txt" 2>&1
cat "$work/glxinfo.txt"
if [ "$vendor" = nvidia ] && ! grep -q "renderer string: NVIDIA" "$work/glxinfo.txt"; then
  die "GLX with __GLX_VENDOR_LIBRARY_NAME=nvidia does not reach the NVIDIA GPU (glxinfo above)"
fi

section "1. --bench: launch to first frame, 300 steady + 300 changing frames, every view open"
# The first GL program of a fresh machine compiles its shaders with the driver's shader disk cache
# empty; a short run first, kept apart ($OUT/gui-bench-cold.json), so that the timed run below is
# what every later start sees, and the cold start is on record too.
rm -f "$out/gui-bench.json" "$out/gui-bench-cold.json"
timeout 120 "$app" --no-device --config-dir "$work/cfg-bench-cold" --size 1600x1000 \
  --bench "$out/gui-bench-cold.json" --bench-frames 30 >"$work/app.log" 2>&1 ||
  die "fragviz --bench (cold) exited $?"
python3 -c "import json,sys; b=json.load(open(sys.argv[1])); print(f\"cold start (first GL program here): first frame {b['first_frame_ms_since_process_start']:.0f} ms; startup (ms since main):\", ', '.join(f'{k} {v:.0f}' for k,v in b['startup_ms_since_main'].items()))" "$out/gui-bench-cold.json"
timeout 300 "$app" --no-device --config-dir "$work/cfg-bench" --size 1600x1000 \
  --bench "$out/gui-bench.json" --bench-frames 300 >"$work/app.log" 2>&1
rc=$?
[ "$rc" = 0 ] && [ -s "$out/gui-bench.json" ] || die "fragviz --bench exited $rc without its JSON"
python3 - "$out/gui-bench.json" "$vendor" <<'PY' || die "the benchmark did not run on the GPU (above)"
import json, sys
b = json.load(open(sys.argv[1]))
r = b["gl_renderer"]
print(f"gl_renderer: {r}")
print(f"size {b['size'][0]}x{b['size'][1]}, launch to first frame {b['first_frame_ms_since_process_start']:.0f} ms")
for phase in ("steady", "changing"):
    f = b[phase]["frame_ms"]
    print(f"{phase}: {b[phase]['frames']} frames, median {f['median']:.2f} ms, p95 {f['p95']:.2f} ms, max {f['max']:.2f} ms")
if sys.argv[2] == "nvidia" and not r.startswith("NVIDIA"):
    sys.exit(f"gl_renderer is '{r}', not the NVIDIA GPU")
PY
# Where the time to the first frame went (--bench's startup_ms_since_main).
python3 -c "import json,sys; b=json.load(open(sys.argv[1])); print('startup (ms since main):', ', '.join(f'{k} {v:.0f}' for k,v in b.get('startup_ms_since_main',{}).items()))" "$out/gui-bench.json"

if [ "$cuda" = ON ]; then
  section "1b. --bench with the CUDA device: first frame with CUDA starting, the frames that take in results"
  rm -f "$out/gui-bench-device.json"
  timeout 300 "$app" --config-dir "$work/cfg-bench-device" --size 1600x1000 \
    --bench "$out/gui-bench-device.json" --bench-frames 300 >"$work/app.log" 2>&1
  rc=$?
  [ "$rc" = 0 ] && [ -s "$out/gui-bench-device.json" ] || die "fragviz --bench (with the device) exited $rc without its JSON"
  python3 - "$out/gui-bench-device.json" <<'PY' || die "the device benchmark is incomplete (above)"
import json, sys
b = json.load(open(sys.argv[1]))
print(f"gl_renderer: {b['gl_renderer']}, device: {b['device']}")
print(f"launch to first frame {b['first_frame_ms_since_process_start']:.0f} ms "
      f"({b['process_age_at_main_ms']:.0f} ms before main)")
print('startup (ms since main):', ', '.join(f'{k} {v:.0f}' for k, v in b['startup_ms_since_main'].items()))
for r in b["result_frames"]:
    split = f"; the probe job: CUDA start-up {r['cuda_init_ms']:.1f} ms, probes {r['probe_ms']:.1f} ms" if r.get('probe_ms', -1) >= 0 else ""
    print(f"frame {r['frame']} took in {r['what']} at {r['since_main_ms']:.0f} ms: frame {r['ms']:.2f} ms (UI {r['ui_ms']:.2f} ms){split}")
slow = [(i + 1, v) for i, v in enumerate(b["steady"]["per_frame_ms"]) if v > 50]
print("steady frames over 50 ms:", ", ".join(f"frame {i} {v:.1f} ms" for i, v in slow) or "none")
for phase in ("steady", "changing"):
    f = b[phase]["frame_ms"]
    print(f"{phase}: {b[phase]['frames']} frames, median {f['median']:.2f} ms, p95 {f['p95']:.2f} ms, max {f['max']:.2f} ms")
whats = "+".join(r["what"] for r in b["result_frames"])
if "device" not in whats or "probe" not in whats:
    sys.exit("the device query or the probes never came in during the benchmark")
PY
fi

# bench_device WHERE LABEL: one --bench with the device, its CUDA context created at WHERE
# (FRAGVIZ_CUDA_START), summarised here; its JSON and log go to $work/starts/ (-> gui-bench-starts.tar.xz).
bench_device() {
  local where=$1 label=$2 j="$work/starts/bench-$2.json"
  mkdir -p "$work/starts"
  # BENCH_ARGS: more of the app's options for this one run (an experiment's, e.g. --no-device).
  # shellcheck disable=SC2086  # words on purpose
  FRAGVIZ_CUDA_START="$where" timeout 120 "$app" --config-dir "$work/cfg-$label" --size 1600x1000 \
    --bench "$j" --bench-frames "${FRAGVIZ_GUI_BENCH_FRAMES:-300}" ${BENCH_ARGS:-} >"$work/starts/app-$label.log" 2>&1
  echo "[$label ($where): exit $?] $(grep 'CUDA context' "$work/starts/app-$label.log" | tr '\n' ' ')"
  [ -s "$j" ] || return 0
  python3 - "$j" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
st = b["startup_ms_since_main"]
print(f"  first frame {b['first_frame_ms_since_process_start']:.0f} ms; startup: " + ", ".join(f"{k} {v:.0f}" for k, v in st.items()))
print(f"  context thread (ms since main): {b['cuda_thread_ms_since_main']}; probe job starts: {b['probe_starts']}")
for r in b["result_frames"]:
    print(f"  took in {r['what']} at {r['since_main_ms']:.0f} ms (frame {r['frame']}, {r['ms']:.1f} ms; cuda_init {r.get('cuda_init_ms', -1):.1f}, probes {r.get('probe_ms', -1):.1f})")
for f in b["slow_frames"]:
    print(f"  slow frame {f['frame']} at {f['since_main_ms']:.0f} ms: {f['ms']:.1f} ms (ui {f['ui_ms']:.1f}, raster {f['raster_ms']:.1f}, swap {f['swap_ms']:.1f})")
print(f"  steady median {b['steady']['frame_ms']['median']:.2f} max {b['steady']['frame_ms']['max']:.1f}; changing max {b['changing']['frame_ms']['max']:.1f}")
PY
}
if [ "$cuda" = ON ] && [ -n "${FRAGVIZ_GUI_CUDA_STARTS:-}${FRAGVIZ_GUI_EXPERIMENT:-}" ]; then
  # Diagnostic: where the app creates its CUDA context (FRAGVIZ_CUDA_START, LaunchOptions::cuda_start),
  # each FRAGVIZ_GUI_BENCH_RUNS times (default 3); or FRAGVIZ_GUI_EXPERIMENT, a bash file sourced
  # here that calls bench_device between steps of its own (tools/experiments/).
  section "1c. --bench with the device: ${FRAGVIZ_GUI_CUDA_STARTS:+context at $FRAGVIZ_GUI_CUDA_STARTS}${FRAGVIZ_GUI_EXPERIMENT:+experiment $FRAGVIZ_GUI_EXPERIMENT}"
  for where in ${FRAGVIZ_GUI_CUDA_STARTS:-}; do
    for i in $(seq "${FRAGVIZ_GUI_BENCH_RUNS:-3}"); do bench_device "$where" "$where-$i"; done
  done
  if [ -n "${FRAGVIZ_GUI_EXPERIMENT:-}" ]; then
    # shellcheck disable=SC1090
    source "$FRAGVIZ_GUI_EXPERIMENT"
  fi
  tar -C "$work/starts" -cJf "$out/gui-bench-starts.tar.xz" . && echo "-> $out/gui-bench-starts.tar.xz"
fi
if [ "${FRAGVIZ_GUI_BENCH_ONLY:-}" = 1 ]; then  # the benchmarks alone (an experiment's second run)
  section "done"
  echo "device-gui: benchmarks done in $(($(date +%s) - started)) s (FRAGVIZ_GUI_BENCH_ONLY: no window, no tests)"
  exit 0
fi

section "2. the window: Run gate clicked with xdotool, verdict awaited, screen captured"
# tests/gui/lib.sh's helpers (start_app, wait_for, click, centre_of, q, quit_app, screenshot_not_blank),
# here with this script's Xvfb and its own failure report.
# shellcheck disable=SC2034  # APP, SRC, WORK and STATE are lib.sh's
APP="$app"
SRC="$root"
WORK="$work"
STATE="$work/state.json"
# shellcheck source=tests/gui/lib.sh
source "$root/tests/gui/lib.sh"
fail() { die "$*"; }
export APP_TIMEOUT=400
start_app
echo "window $WID; app pid $APP_PID"
wait_for "s['gl']['renderer'] != ''"
echo "the window's GL renderer: $(q "s['gl']['renderer']")"
[ "$vendor" = nvidia ] && wait_for "s['gl']['renderer'].startswith('NVIDIA')" 1
wait_for "s['device']['known']" 120
if [ "$(q "s['device']['present']")" = True ]; then
  echo "CUDA device: $(q "s['device']['name']")"
  wait_for "s['gate']['button_enabled']" 180
  echo "gate request: n = $(q "s['gate']['request_n']"), seed $(q "s['gate']['request_seed']")"
  # shellcheck disable=SC2046  # centre_of prints "X Y"
  click $(centre_of "s['widgets']['run_gate']")
  wait_for "s['gate']['has_result'] and s['gate']['origin'] == 'live'" 240
  echo "verdict: $(q "s['gate']['verdict_shown']")"
  wait_for "s['gate']['exact'] == True and 'exact match' in s['gate']['verdict_shown']" 5
  wait_for "s['output_view']['drawn'] and s['output_view']['has_data']" 30
  sleep 1  # the verdict's frame is on screen
else
  [ "$cuda" = ON ] && die "no CUDA device in the app: $(q "s['gate']['reason']")"
  echo "no CUDA in this build (FRAGVIZ_GUI_CUDA=OFF): Run gate is disabled: $(q "s['gate']['reason']")"
  wait_for "s['gate']['button_enabled'] == False"
fi
xdotool mousemove --window "$WID" 5 995  # no tooltip in the picture
sleep 0.5
rm -f "$out/gui-gate.png"
screenshot_not_blank "$out/gui-gate.png"
[ -s "$out/gui-gate.png" ] || die "no screen capture"
echo "screen: $out/gui-gate.png ($(stat -c %s "$out/gui-gate.png") bytes)"
quit_app
echo "the app quit on Ctrl+Q with status 0"

section "3. --screenshot: the app's own read-back of its GL frame"
rm -f "$out/gui-readback.png"
timeout 120 "$app" --no-device --config-dir "$work/cfg-shot" --size 1600x1000 \
  --screenshot "$out/gui-readback.png" --frames 30 >"$work/app.log" 2>&1
rc=$?
[ "$rc" = 0 ] && [ -s "$out/gui-readback.png" ] || die "fragviz --screenshot exited $rc without the PNG"
echo "read-back: $out/gui-readback.png ($(stat -c %s "$out/gui-readback.png") bytes)"

if [ "$tests" = 1 ]; then
  section "4. GUI tests (ctest -L gui) with the carried Xvfb, xdotool and GL (${vendor:-mesa})"
  kill "$XVFB_PID" 2>/dev/null
  wait "$XVFB_PID" 2>/dev/null
  XVFB_PID=""
  unset DISPLAY  # each test starts its own Xvfb
  export APP_TIMEOUT=100
  ctest --test-dir "$build" -L gui ${FRAGVIZ_GUI_TEST_REGEX:+-R "$FRAGVIZ_GUI_TEST_REGEX"} --output-on-failure --timeout 180 \
    -j "${FRAGVIZ_GUI_TEST_JOBS:-8}" >"$work/ctest.log" 2>&1
  rc=$?
  grep -E "^ *[0-9]+/[0-9]+ Test|tests passed|Total Test" "$work/ctest.log"
  if [ "$rc" != 0 ]; then
    sed -n '/The following tests FAILED/,$p' "$work/ctest.log"
    grep -B2 -A30 "^FAIL" "$work/ctest.log" | head -150
    die "GUI tests failed (ctest exit $rc)"
  fi
fi

section "done"
echo "device-gui: PASS in $(($(date +%s) - started)) s: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["gl_renderer"])' "$out/gui-bench.json"); files: gui.log gui-bench-cold.json gui-bench.json gui-bench-device.json gui-gate.png gui-readback.png"
