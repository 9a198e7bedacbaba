# Sourced by tools/device-gui.sh (FRAGVIZ_GUI_EXPERIMENT) at its step 1c, with its Xvfb, $build,
# $root, $work and bench_device. Which earlier GPU work makes the app's probes stall its frames?
# Seen on the H200 after tools/device-run.sh (the probes took 5.4 s instead of 1.1 s, and one frame
# about 4.5 s in glFinish), never on a fresh machine. Here: one --bench on the fresh machine, then
# the steps device-run.sh takes, one kind at a time, each followed by another --bench and the GPU's
# clocks and memory, so that the first step after which the stall appears names the cause.
# shellcheck source=tools/experiments/lib.sh
source "$root/tools/experiments/lib.sh"
gpu_state
bench_device probe fresh
after cli-probe "$cli" probe --shape all --instr all --num x4 --width 64 --pad 8
bench_device probe after-cli-probe
after gate "$cli" gate --n 2048 --variant ldmatrix-k8
bench_device probe after-gate
after user-kernel-fault "$cli" gate --kernel "$ex/oob_store.cu" --entry oob_store --block 16,16 --grid n/16,n/16
bench_device probe after-fault
after ncu "$cli" probe --layout '(16,64):(64,1)' --lanes explorer --load ldmatrix --ncu
bench_device probe after-ncu
after sanitizer compute-sanitizer --tool racecheck --error-exitcode 99 "$cli" gate --n 256 --variant wgmma-cluster --runs 1 --no-cublas
bench_device probe after-sanitizer
bench_device probe after-sanitizer-2
