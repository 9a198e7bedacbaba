#!/usr/bin/env bash
# Measures the fragviz window under Xvfb with software GL (llvmpipe) at 1600x1000, every view open:
# time from launch to the first frame on screen, then (vsync off) 300 steady frames and 300 frames in
# which the selected lane changes every frame, so every grid is drawn again (see --bench in
# app/bench_recorder.hpp), drawn by Dear ImGui's OpenGL 3 backend. Writes the raw JSON and the measured part of
# docs/benchmarks/gui-frame-times.md (between its "bench-gui.sh" markers; the hand-written analysis
# around them is kept).
#
#   tools/bench-gui.sh [path/to/fragviz] [runs]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP=${1:-"$ROOT/build/app/fragviz"}
RUNS=${2:-3}
RENDERERS=opengl3  # the one renderer (results keyed by it, as before)
OUT_MD="$ROOT/docs/benchmarks/gui-frame-times.md"
OUT_JSON="$ROOT/docs/benchmarks/gui-frame-times.json"
for tool in Xvfb python3 timeout; do
  command -v "$tool" >/dev/null || { echo "bench-gui: $tool is not installed" >&2; exit 1; }
done
[ -x "$APP" ] || { echo "bench-gui: no app at $APP (build it first)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/fragviz-bench.XXXXXX)
XVFB_PID=""
cleanup() { [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
for n in $(seq 200 260); do
  [ -e "/tmp/.X$n-lock" ] && continue
  Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  export DISPLAY=":$n"
  sleep 1
  kill -0 "$XVFB_PID" 2>/dev/null && break
  XVFB_PID=""
done
[ -n "$XVFB_PID" ] || { echo "bench-gui: cannot start Xvfb" >&2; exit 1; }

for r in $RENDERERS; do
  for i in $(seq "$RUNS"); do
    rm -rf "$WORK/cfg"
    LIBGL_ALWAYS_SOFTWARE=1 timeout 120 "$APP" --no-device --config-dir "$WORK/cfg" --size 1600x1000 \
      --bench "$WORK/$r-run$i.json" --bench-frames 300 >/dev/null 2>&1
  done
  # Same at a quarter of the pixels: separates per-pixel cost (software rasterising and presenting)
  # from per-frame UI work.
  rm -rf "$WORK/cfg"
  LIBGL_ALWAYS_SOFTWARE=1 timeout 120 "$APP" --no-device --config-dir "$WORK/cfg" --size 800x500 \
    --bench "$WORK/$r-small.json" --bench-frames 300 >/dev/null 2>&1
done

python3 - "$WORK" "$RUNS" "$OUT_MD" "$OUT_JSON" $RENDERERS <<'PY'
import json, sys, datetime, os, re
work, runs, out_md, out_json = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
renderers = sys.argv[5:]
all_data = {r: [json.load(open(f"{work}/{r}-run{i}.json")) for i in range(1, runs + 1)] for r in renderers}
all_small = {r: json.load(open(f"{work}/{r}-small.json")) for r in renderers}
cpu = "unknown"
try:
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip(); break
except OSError:
    pass
date = datetime.datetime.utcnow().strftime("%Y-%m-%d")
def rows(data, phase):
    return "\n".join(
        f"| {i+1} | {d[phase]['frame_ms']['median']:.2f} | {d[phase]['frame_ms']['mean']:.2f} | "
        f"{d[phase]['frame_ms']['p95']:.2f} | {d[phase]['frame_ms']['max']:.2f} | {d[phase]['ui_ms_median']:.2f} | "
        f"{d[phase]['raster_ms_median']:.2f} | {d[phase]['swap_ms_median']:.2f} | "
        f"{d[phase]['vertices']} |" for i, d in enumerate(data))
head = ("| run | median (ms) | mean (ms) | p95 (ms) | max (ms) | UI build (ms) | render + glFinish (ms) | "
        "swap (ms) | vertices |\n|---|---|---|---|---|---|---|---|---|")
def verdict(data, phase):
    worst_med = max(d[phase]['frame_ms']['median'] for d in data)
    worst_p95 = max(d[phase]['frame_ms']['p95'] for d in data)
    ok = "met" if worst_p95 < 16 else ("met by the median, not by p95" if worst_med < 16 else "NOT met")
    return f"worst median {worst_med:.2f} ms, worst p95 {worst_p95:.2f} ms: 16 ms target {ok}"
about = {"opengl3": "Dear ImGui's OpenGL 3 backend"}
def section(r):
    data, small = all_data[r], all_small[r]
    first = [d["first_frame_ms_since_process_start"] for d in data]
    return f"""### {about.get(r, r)}

**Launch to first frame** (process start to the first frame on screen): {', '.join(f'{v:.0f}' for v in first)} ms;
worst {max(first):.0f} ms: 1 s target {'met' if max(first) < 1000 else 'NOT met'}.

**Steady frames** ({data[0]['steady']['frames']} per run: every view built and drawn each frame, nothing
changing): {verdict(data, 'steady')}.

{head}
{rows(data, 'steady')}

**Changing frames** ({data[0]['changing']['frames']} per run: the selected lane changes every frame, so
every grid is drawn again, as while clicking through lanes): {verdict(data, 'changing')}.

{head}
{rows(data, 'changing')}

At 800x500 (a quarter of the pixels): steady median {small['steady']['frame_ms']['median']:.2f} ms,
changing median {small['changing']['frame_ms']['median']:.2f} ms.
"""
d0 = all_data[renderers[0]][0]
measured = f"""<!-- bench-gui.sh: begin (generated; edit the text outside these markers) -->
Measured {date} by `tools/bench-gui.sh`: the real app (`fragviz --bench`) at {d0['size'][0]}x{d0['size'][1]}
under Xvfb with software OpenGL (`LIBGL_ALWAYS_SOFTWARE=1`, renderer `{d0['gl_renderer']}`,
default `LP_NUM_THREADS`), every view open, model-only (`--no-device`), vsync off, {runs} runs. CPU: {cpu}, {os.cpu_count()} logical CPUs (shared with Xvfb and other work while measuring;
load average {open('/proc/loadavg').read().split()[0]}).

""" + "\n".join(section(r) for r in renderers) + """
Raw numbers: `gui-frame-times.json`.
<!-- bench-gui.sh: end -->"""
old = open(out_md).read() if os.path.exists(out_md) else ""
m = re.search(r"<!-- bench-gui.sh: begin.*?<!-- bench-gui.sh: end -->", old, re.S)
if m:
    md = old[:m.start()] + measured + old[m.end():]
else:
    md = "# fragviz GUI frame times\n\n" + measured + "\n"
open(out_md, "w").write(md)
json.dump({r: {"runs": all_data[r], "800x500": all_small[r]} for r in renderers}, open(out_json, "w"), indent=1)
print(measured)
PY
