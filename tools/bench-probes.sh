#!/usr/bin/env bash
# Probe timings (issue 27): runs `fragviz-cli probe --shape all --instr all --no-cycles` N times,
# takes the median of each figure of its "timings:" line and writes a small Markdown table, with
# one run's phase breakdown (FRAGVIZ_PROBE_TIMING=1) under it. Needs a GPU.
#
#   tools/bench-probes.sh [CLI] [N] [OUT.md]
#   defaults: build/cli/fragviz-cli, 5 runs, docs/benchmarks/probe-times.md
# FRAGVIZ_PROBE_THREADS=1 in the environment times the host work on one core; FRAGVIZ_COMMIT names
# the commit where the tree has no .git (a device copy).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${1:-$root/build/cli/fragviz-cli}"
runs="${2:-5}"
out="${3:-$root/docs/benchmarks/probe-times.md}"
args=(probe --shape all --instr all --no-cycles)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for i in $(seq 1 "$runs"); do
  s=$(date +%s%N)
  "$cli" "${args[@]}" >"$tmp/run$i.txt" 2>&1 || { echo "run $i failed:"; tail -5 "$tmp/run$i.txt"; exit 1; }
  e=$(date +%s%N)
  # timings: CUDA start-up 110.2 ms (measured apart), probes 1723.1 ms (of which Hopper probes 1116.0 ms)
  grep -E '^timings:' "$tmp/run$i.txt" |
    sed -E 's/.*start-up ([0-9.]+) ms.*probes ([0-9.]+) ms.*Hopper probes ([0-9.]+) ms.*/\1 \2 \3/' |
    awk -v wall="$(( (e - s) / 1000000 ))" '{print $0, wall}' >>"$tmp/times.txt"
done
FRAGVIZ_PROBE_TIMING=1 "$cli" "${args[@]}" 2>&1 >/dev/null | grep '^probe timing:' >"$tmp/phases.txt" || true

median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
col() { awk -v c="$1" '{print $c}' "$tmp/times.txt" | median; }
{
  echo "# Probe timings: \`fragviz-cli ${args[*]}\`"
  echo
  echo "Written by \`tools/bench-probes.sh\` on $(date -u +%Y-%m-%d), commit ${FRAGVIZ_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)},"
  echo "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || echo 'GPU unknown'), ${runs} runs${FRAGVIZ_PROBE_THREADS:+, FRAGVIZ_PROBE_THREADS=$FRAGVIZ_PROBE_THREADS}."
  echo "Milliseconds; \"probes\" is request to judged report after the CUDA context exists (issue 27's"
  echo "figure, target < 100 ms); \"wall\" is the whole process."
  echo
  echo "| run | CUDA start-up | probes | of which Hopper | wall |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  awk '{printf "| %d | %s | %s | %s | %s |\n", NR, $1, $2, $3, $4}' "$tmp/times.txt"
  echo "| **median** | **$(col 1)** | **$(col 2)** | **$(col 3)** | **$(col 4)** |"
  echo
  echo "One more run's phases (FRAGVIZ_PROBE_TIMING=1; each phase's time since the previous line; a"
  echo "line in parentheses was timed on a worker thread, overlapping the lines before it):"
  echo
  echo '```'
  sed 's/^probe timing: //' "$tmp/phases.txt"
  echo '```'
} >"$out"
cat "$out"
