# Sourced by tools/device-gui.sh (FRAGVIZ_GUI_EXPERIMENT) at its step 1c. stall-after-gpu-work.sh
# found that after a user kernel faulted (cudaErrorIllegalAddress in fragviz-kernel-runner), every
# later app's probes stalled the GPU about 4.4 s, its GL frames with it. Does the runner taking its
# faulted context down itself (cudaDeviceReset, end_cuda_context) before it exits change that? And
# is a process without GL (fragviz-cli probe) slowed too? The reset first, then the old way
# (FRAGVIZ_RUNNER_KEEP_CONTEXT=1), each followed by a --bench and a CLI probe.
# shellcheck source=tools/experiments/lib.sh
source "$root/tools/experiments/lib.sh"
gpu_state
bench_device probe before
after good-kernel "$cli" gate --kernel "$ex/mma_m16n8k16.cu" --entry mma_m16n8k16
after fault-reset "$cli" gate --kernel "$ex/oob_store.cu" --entry oob_store --block 16,16 --grid n/16,n/16
bench_device probe after-fault-reset
after cli-probe-after-fault-reset "$cli" probe --shape all --instr all --num x4 --width 64 --pad 8
after fault-keep env FRAGVIZ_RUNNER_KEEP_CONTEXT=1 "$cli" gate --kernel "$ex/oob_store.cu" --entry oob_store --block 16,16 --grid n/16,n/16
bench_device probe after-fault-keep
after cli-probe-after-fault-keep "$cli" probe --shape all --instr all --num x4 --width 64 --pad 8
bench_device probe after-fault-keep-2
