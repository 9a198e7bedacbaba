#!/usr/bin/env bash
# The descriptor view's architecture choice: sm_100 decodes a tcgen05 shared-memory descriptor and
# an instruction descriptor field by field, model only. Worked out by hand from PTX ISA 9.1 Tables
# 40 and 42: 0x4000404000010000 is LBO 1 (16 bytes) at bits 16-29, SBO 0x40 (1024 bytes) at bits
# 32-45, bit 46 set (the fixed 0b001), swizzle code 2 (128B) at bits 61-63: readable. Hopper's
# 128B word 0x4000004000010040 has 0 in bits 46-48: refused as such. 0x08400010 read as .kind::f16
# is D f32 (bits 4-5 = 1), N 256 (bits 17-22 = 32), M 128 (bits 24-28 = 8); with bit 6 set a
# reserved bit is refused; read as .kind::i8, D format 1 is not one i8 takes. The .kind list filters
# as you type. sm_90 brings the wgmma view back.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/hopper_lib.sh"
gui_init "$@"
start_app --no-device
D="s['descriptor_sm100']"

retype() {  # retype WIDGET KEY TEXT: the field emptied, TEXT typed, until the dump's KEY holds it
  local attempt i
  for attempt in 1 2 3; do
    click $(centre_of "s['widgets']['$1']")
    xdotool keydown ctrl sleep 0.2 key a sleep 0.1 keyup ctrl sleep 0.2 key BackSpace
    for i in $(seq 30); do
      [ "$(q "$D['$2']")" = "" ] && break
      sleep 0.1
    done
    xdotool type --delay 60 -- "$3"
    for i in $(seq 30); do
      [ "$(q "$D['$2']")" = "$3" ] && return 0
      sleep 0.1
    done
    echo "'$3': not there yet (attempt $attempt), retyping"
  done
  fail "could not type $3 into $1"
}

open_view descriptor
wait_for "'desc_arch_sm100' in s['widgets']"
click $(centre_of "s['widgets']['desc_arch_sm100']")
wait_for "$D['arch'] == 'sm_100' and 'desc100_smem_lines' in s['widgets'] and 'desc_bits' not in s['widgets']"
python3 - "$STATE" <<'PY' || fail "the default sm_100 words do not decode as worked out"
import json, sys
d = json.load(open(sys.argv[1]))['descriptor_sm100']
assert d['status'].startswith('model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU'), d['status']
sm = '\n'.join(d['smem_word']['lines'])
assert d['smem'] == '0x4000404000010000' and d['smem_word']['refusal'] is None, d['smem_word']
assert '= 16 bytes' in sm and '= 1024 bytes' in sm and 'bits 61-63  2       = 128B' in sm, sm
idl = '\n'.join(d['idesc_word']['lines'])
assert d['idesc_word']['refusal'] is None and '= f32' in idl and '= N 256' in idl and '= M 128' in idl, idl
PY
retype desc100_smem smem 4000004000010040
wait_for "$D['smem'] == '4000004000010040' and 'bits 46-48' in ($D['smem_word']['refusal'] or '')"
# Issue 26: start 0x1080 (bits 0-13 = 0x108) under 128B swizzle with base offset 0 is 128 bytes
# into a 1024-byte pattern; PTX ISA 9.1, 9.7.16.4.1 asks (0x1080 >> 7) & 7 = 1 if the pattern starts
# there: a warning, not "can read it".
retype desc100_smem smem 4000404000010108
wait_for "$D['smem'] == '4000404000010108' and $D['smem_word']['refusal'] is None and '(0x01080 >> 7) & 7 = 1' in ($D['smem_word']['warning'] or '')"
retype desc100_smem smem 4002404000010108
wait_for "$D['smem'] == '4002404000010108' and $D['smem_word']['refusal'] is None and $D['smem_word']['warning'] is None"
retype desc100_idesc idesc 08400050
wait_for "$D['idesc'] == '08400050' and 'reserved bits 0x00000040' in ($D['idesc_word']['refusal'] or '')"
# The 0x the CLI prints is taken as typed (a hexadecimal character filter once dropped its x).
retype desc100_idesc idesc 0x08400010
wait_for "$D['idesc'] == '0x08400010' and $D['idesc_word']['read'] and $D['idesc_word']['refusal'] is None"
click $(centre_of "s['widgets']['desc100_kind']")
wait_for "'desc100_kind_i8' in s['widgets']"
click $(centre_of "s['widgets']['desc100_kind_i8']")
wait_for "$D['kind'] == 'i8' and 'D format 1' in ($D['idesc_word']['refusal'] or '')"
# The .kind list filters as you type, as the instruction pickers do: "nvf4" leaves .kind::mxf4nvf4
# alone (not mxf4 or f8f6f4), and Enter takes it.
click $(centre_of "s['widgets']['desc100_kind']")
wait_for "'desc100_kind_filter' in s['widgets'] and 'desc100_kind_f16' in s['widgets']"
xdotool type --delay 40 "nvf4"
wait_for "'desc100_kind_mxf4' not in s['widgets'] and 'desc100_kind_f8f6f4' not in s['widgets'] and 'desc100_kind_mxf4nvf4' in s['widgets']"
xdotool key Return
wait_for "$D['kind'] == 'mxf4nvf4' and 'desc100_kind_filter' not in s['widgets']"
click $(centre_of "s['widgets']['desc_arch_sm90']")
wait_for "$D['arch'] == 'sm_90' and 'desc_bits' in s['widgets']"
quit_app
echo "PASS"
