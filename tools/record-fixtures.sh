#!/usr/bin/env bash
# Records the reports the tests pin (tests/fixtures/README.md) again on a CUDA device, with the
# settings the committed ones were recorded with (tools/device-run.sh's), and trims them into new
# fixtures with tests/fixtures/trim.py. Everything goes under $OUT (default ./out):
#   probe-report.json        probe --shape all --instr all --num x4 --width 64 --pad 8 (the seed's
#                            fragments, the explorer, the cycles table, every catalogue, Hopper and
#                            WMMA probe)
#   gate-report.json         gate --n 2048 --variant ldmatrix-k8
#   gate-broken-report.json  gate --n 2048 --variant broken-swap-b (exits 1: it mismatches on purpose)
#   layout-report.json       probe --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer --load ldmatrix
#   fixtures/reports/NAME-*  trim.py --from $OUT --name NAME: the probe report trimmed to the entries
#                            the tests read, the others whole (the broken gate packed)
#   record.log               every command and its output
# Nothing is committed by this script. To use a new recording: copy the fixtures into
# tests/fixtures/reports/, point the tests at them by name, derive their expected values again by
# hand from the new files, and list them in tests/fixtures/README.md.
#   tools/record-fixtures.sh [NAME]    (NAME default: h200-<UTC date>; FRAGVIZ_CLI=PATH skips the build)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-$root/out}"
mkdir -p "$out"
name="${1:-h200-$(date -u +%Y-%m-%d)}"
log="$out/record.log"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
run() { say "\$ $*"; "$@" 2>&1 | tee -a "$log"; local rc=${PIPESTATUS[0]}; say "[exit $rc]"; return "$rc"; }

say "record-fixtures: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit ${FRAGVIZ_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
command -v nvidia-smi >/dev/null && run nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

cli="${FRAGVIZ_CLI:-}"
if [ -z "$cli" ]; then
  build="${FRAGVIZ_DEVICE_BUILD:-/tmp/fragviz-build}"
  run cmake -S "$root" -B "$build" -G Ninja -DFRAGVIZ_GUI=OFF -DFRAGVIZ_CARRY_DIR="$root/.carry" \
    -DCMAKE_BUILD_TYPE=Release >/dev/null || { say "record-fixtures: cmake failed"; exit 1; }
  cmake --build "$build" --target fragviz-cli -j "$(nproc)" >"$out/build.log" 2>&1 ||
    { say "record-fixtures: the build failed (build.log)"; exit 1; }
  cli="$build/cli/fragviz-cli"
fi
[ -x "$cli" ] || { say "record-fixtures: no fragviz-cli at $cli"; exit 1; }
run "$cli" device || { say "record-fixtures: no CUDA device: nothing recorded"; exit 1; }

rm -f "$out"/{probe,gate,gate-broken,layout}-report.json
run "$cli" probe --shape all --instr all --num x4 --width 64 --pad 8 --json "$out/probe-report.json"
run "$cli" gate --n 2048 --variant ldmatrix-k8 --json "$out/gate-report.json"
run "$cli" gate --n 2048 --variant broken-swap-b --json "$out/gate-broken-report.json"
run "$cli" probe --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer --load ldmatrix \
  --json "$out/layout-report.json"
missing=0
for f in probe gate gate-broken layout; do
  [ -s "$out/$f-report.json" ] || { say "record-fixtures: $f-report.json was not written"; missing=1; }
done
[ "$missing" = 0 ] || exit 1
# The tests' expected labels name the H200 ("measured on NVIDIA H200, sm_90"): say which device this was.
python3 - "$out/probe-report.json" <<'PY' | tee -a "$log"
import json, sys
d = json.load(open(sys.argv[1]))["probe"]["device"]
print(f"recorded on {d['name']}, sm_{d['cc_major']}{d['cc_minor']}, driver {d['driver_release']}"
      + ("" if d["name"] == "NVIDIA H200" else ": not the H200 the tests' expected values name"))
PY
run python3 "$root/tests/fixtures/trim.py" --from "$out" --name "$name" --out "$out/fixtures" ||
  { say "record-fixtures: trim.py failed (above)"; exit 1; }
say "record-fixtures: done; new fixtures under $out/fixtures/reports/ (not yet read by any test)"
