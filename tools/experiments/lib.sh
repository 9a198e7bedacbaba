# Helpers for the experiments here, sourced by them inside tools/device-gui.sh (its $build, $root,
# $work and bench_device).
cli="$build/cli/fragviz-cli"
ex="$root/examples/kernels"
# gpu_state: the GPU's performance state, clocks, throttle reasons, memory and load (nvidia-smi).
gpu_state() {
  nvidia-smi --query-gpu=pstate,clocks.sm,clocks.mem,clocks_event_reasons.active,memory.used,utilization.gpu,temperature.gpu \
    --format=csv,noheader 2>&1 | sed 's/^/  gpu: /'
}
# after LABEL CMD...: runs one step, says its exit, time and verdict line, then gpu_state.
after() {
  local label=$1 t0
  shift
  t0=$(date +%s%N)
  echo "--- step $label: $*"
  "$@" >"$work/starts/step-$label.log" 2>&1
  echo "  [exit $?, $((($(date +%s%N) - t0) / 1000000)) ms] $(grep -E 'verdict|exit|error|Error|ERROR SUMMARY|timings|cudaDeviceReset' "$work/starts/step-$label.log" | tail -2 | tr '\n' ' ')"
  gpu_state
}
