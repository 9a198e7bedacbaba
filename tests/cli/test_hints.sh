#!/usr/bin/env bash
# Every hint fragviz-cli prints on its no-GPU and refusal paths is a command line it accepts: each
# `fragviz-cli ...` between backticks in their messages is run (through the shell, as a user would
# paste it) and must run: exit 0, or 1 where what it shows is a finding (a round trip that reads
# back wrong). Refusals (3), usage errors (64) and the rest fail. Without a GPU the no-device paths are among them; with one only the
# refusals are (the rest then run on the device and print no hint).
# Usage: test_hints.sh <fragviz-cli>
set -u
cli="$1"
fails=0
seen=0
gpu=no
"$cli" device >/dev/null 2>&1 && gpu=yes
hints_of() {  # hints_of ARGS...: run fragviz-cli, print each backticked command line, one a line
  timeout 60 "$cli" "$@" 2>&1 | grep -o '`fragviz-cli [^`]*`' | tr -d '`'
}
run_hints() {  # run_hints ARGS...: every hint of that run must be accepted
  local hint out rc found=0
  while IFS= read -r hint; do
    found=1
    seen=$((seen + 1))
    out=$(eval "\"\$cli\" ${hint#fragviz-cli }" 2>&1)
    rc=$?
    if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
      echo "FAIL: fragviz-cli $* hints '$hint', which exits $rc: $(head -2 <<<"$out")"
      fails=$((fails + 1))
    else
      echo "ok: fragviz-cli $* -> '$hint' accepted"
    fi
  done < <(hints_of "$@")
  [ "$found" = 1 ] || { echo "FAIL: fragviz-cli $* printed no hint"; fails=$((fails + 1)); }
}
if [ "$gpu" = no ]; then
  run_hints device
  run_hints probe --instr none --no-cycles
  run_hints probe --num x2 --trans --width 32 --pad 8 --no-cycles
  run_hints probe --num x4 --width 64 --pad 0 --swizzle xor --no-cycles
  run_hints probe --instr mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 --no-cycles
  run_hints probe --instr m64n64k16.f32.bf16.bf16 --no-cycles
  run_hints probe --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer --load ldmatrix
  run_hints probe --layout '(16,64):(64,1)' --lanes 'row=lane&15, col=8*(lane>>4)' --num x4 --trans
  run_hints probe --layout '(32,64):(64,1)' --lanes 'row=lane, col=0' --load lds128
  run_hints probe --layout '(16,64):(64,1)' --read-layout 'Swizzle<3,3,3> o (16,64):(64,1)' --lanes explorer
  run_hints probe --layout '(32,32):(32,1)' --lanes 'row=lane, col=0' --load lds32 --elem b32
  run_hints relations
fi
run_hints probe --layout '(16,64):(64,1)' --load stmatrix
run_hints tcgen05-desc --idesc 0x08400490
run_hints probe --layout '(16,64):(64,1)' --lanes 'row=lane&15, col=8*(lane>>4)' --load stmatrix
echo "$seen hints run, $fails failed"
[ "$fails" -eq 0 ]
