#!/usr/bin/env bash
# Runs the bank sweep on a CUDA GPU with Nsight Compute and writes the measured table.
#   tools/bank-sweep/run.sh [OUTDIR]    (default ./out/bank-sweep; OPS="lds32 lds64" runs only those)
# Writes OUTDIR/bank-sweep.csv (op, pattern, offsets, wavefronts, bank_conflicts, instructions)
# plus OUTDIR/sass.txt (the instruction each kernel became) and ncu's raw CSV per op.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-./out/bank-sweep}"
mkdir -p "$out"
bin="$out/bank_sweep"
nvcc -std=c++17 -O2 -arch=sm_90a -o "$bin" "$here/bank_sweep.cu" || exit 1
cuobjdump --dump-sass "$bin" | grep -E 'Function|LDS|STS|LDSM|STSM|LDGSTS' >"$out/sass.txt"
"$bin" list >"$out/patterns.csv" || exit 1
ncu --query-metrics >"$out/ncu-metrics.txt" 2>&1
metrics=()
for m in l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st \
         smsp__inst_executed_op_shared_ld smsp__inst_executed_op_shared_st \
         smsp__inst_executed_op_ldsm smsp__inst_executed_op_stsm \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts \
         l1tex__data_pipe_lsu_wavefronts_mem_shared smsp__inst_executed_op_ldgsts \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld_ideal smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st_ideal; do
  grep -q "^$m " "$out/ncu-metrics.txt" && metrics+=("$m.sum")
done
grep -iE 'shared.*ideal|ideal.*shared' "$out/ncu-metrics.txt" | head -20 >"$out/ncu-ideal-metrics.txt"
list=$(IFS=,; echo "${metrics[*]}")
echo "metrics: $list"
for op in ${OPS:-$(tail -n +2 "$out/patterns.csv" | cut -d, -f1 | uniq)}; do
  t0=$SECONDS
  ncu --metrics "$list" --csv --clock-control none --cache-control none -k regex:sweep_kernel \
      "$bin" run "$op" >"$out/ncu-$op.csv" 2>"$out/ncu-$op.err"
  echo "$op: exit $?, $((SECONDS - t0)) s"
done
python3 "$here/merge.py" "$out" >"$out/bank-sweep.csv" && wc -l "$out/bank-sweep.csv"
