#!/usr/bin/env bash
# fragviz-cli tcgen05-desc, tmem and descriptor --arch sm_100: Blackwell, model only. The expected
# words were assembled by hand from PTX ISA 9.1 Tables 40 and 42-44 (the bits named beside each)
# and the tcgen05.ld/st figures of 9.7.16.2.3.1; every output must say "model only".
# Usage: test_tcgen05.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Shared-memory descriptor: start 0x400 (0x40), LBO 16 (1 << 16), SBO 1024 (0x40 << 32), fixed bit
# 46, swizzle 128B (2 << 61).
expect 0 "sm_100 smem descriptor 0x4000404000010040" -- tcgen05-desc --encode-smem --start 1024 --lbo 16 --sbo 1024 --swizzle 128B
expect 0 "swizzle          bits 61-63  1       = 128B_BASE32B" -- tcgen05-desc --smem 0x2000404000010040
expect 0 "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU" -- tcgen05-desc --smem 0x2000404000010040
expect 0 "an sm_100 tcgen05.mma can read it" -- descriptor --arch sm_100 --decode 0x4000404000010040
# The same layout as a Hopper wgmma descriptor has nothing in bits 46-48: refused on sm_100.
expect 3 "bits 46-48 = 0" -- descriptor --arch sm_100 --decode 0x4000004000010040
expect 3 "swizzle code 3 is invalid" -- tcgen05-desc --encode-smem --swizzle 3
expect 3 "sm_103a" -- tcgen05-desc --encode-smem --lbo-mode 1
expect 64 "to encode an sm_100" -- descriptor --arch sm_100
# immHalfSplitoff: a negative one is a usage error; one reaching past column 511 is refused
# (.16x32bx2 .x1: threads 16-31 read taddr + 1000, beyond tensor memory's 512 columns).
expect 64 "--split" -- tmem --shape 16x32bx2 --split -3
# A CTA has at most 32 warps (1024 threads): warp 32 is a usage error, warp 31 reaches lanes 96-127.
expect 64 "--warp" -- tmem --shape 32x32b --warp 32
expect 0 "reaches lanes 96-127" -- tmem --shape 32x32b --warp 31
# Newcomer issue 22: export's tmem view takes the same warps as tmem --warp (it refused 16-31).
wtmp=$(mktemp -d)
expect 0 "warp 20 (warp id % 4 = 0) reaches lanes 0-31" -- tmem --shape 16x256b --warp 20
expect 0 "wrote" -- export --view tmem --tmem 'ld shape=16x256b num=1 warp=20' --svg "$wtmp/w20.svg"
# Warp 32 is outside the range fixed for a warp: a bad command line (64) in export's text as for
# tmem --warp (test_exit_codes.sh pins the two together).
expect 64 "the warp id is 0-31" -- export --view tmem --tmem 'ld shape=16x256b num=1 warp=32' --svg "$wtmp/w32.svg"
rm -rf "$wtmp"
expect 3 "tensor memory has 512 columns" -- tmem --shape 16x32bx2 --split 511 --num 2
expect 0 "1 register per thread" -- tmem --shape 32x32b
expect 64 "--decode wants a hexadecimal" -- descriptor --arch sm_100 --decode 0xZZ

# Instruction descriptors: .kind::f16 D F32 (1 << 4), A, B BF16 (1 << 7, 1 << 10), N 256
# (32 << 17), M 128 (8 << 24).
expect 0 "instruction descriptor 0x08400490" -- tcgen05-desc --encode-idesc --kind f16 --a bf16 --b bf16 --d f32 --m 128 --n 256
expect 0 "M >> 4            bits 24-28  8       = M 128" -- tcgen05-desc --idesc 0x08400490 --kind f16
# Issue 26: encode and decode name the same table for the kind (42 dense, 43 mxf8f6f4, 44 mxf4*).
expect 0 '"Instruction descriptor" (Table 42)' -- tcgen05-desc --encode-idesc --kind f16 --a bf16 --b bf16 --d f32 --m 128 --n 256
expect 0 '"Instruction descriptor" (Table 42)' -- tcgen05-desc --idesc 0x08400490 --kind f16
expect 0 '"Instruction descriptor" (Table 43)' -- tcgen05-desc --encode-idesc --kind mxf8f6f4 --a e4m3 --b e4m3 --m 128 --n 256
expect 0 '"Instruction descriptor" (Table 44)' -- tcgen05-desc --encode-idesc --kind mxf4nvf4 --a e2m1 --b e2m1 --m 256 --n 128 --scale ue4m3
# .kind::mxf4nvf4: B scale ID 2 (2 << 4), E2M1 (1 << 7, 1 << 10), N 128 (16 << 17), UE4M3, M 256
# (2 << 27), A scale ID 2 (2 << 29), K 96 (1 << 31).
expect 0 "instruction descriptor 0xd02004a0" -- tcgen05-desc --encode-idesc --kind mxf4nvf4 --a e2m1 --b e2m1 --m 256 --n 128 --scale ue4m3 --a-sf-id 2 --b-sf-id 2 --k96
expect 3 "UE4M3 scale factors" -- tcgen05-desc --idesc 0xd02004a0 --kind mxf4
expect 3 "A and B formats must match" -- tcgen05-desc --encode-idesc --kind f16 --a f16 --b bf16
expect 3 "has no A type 'e2m1'" -- tcgen05-desc --encode-idesc --kind f16 --a e2m1
expect 3 "N runs from 16 to 256 in steps of 16" -- tcgen05-desc --encode-idesc --kind f16 --m 128 --n 24
expect 64 "--kind must be one of" -- tcgen05-desc --idesc 0x0 --kind f32
expect 64 "give one of" -- tcgen05-desc
# A bad value names the flag the user gave and what it takes (issue 26: --smem zz spoke of --decode).
expect 64 "--smem wants a hexadecimal 64-bit value (1-16 hex digits, optional 0x), got 'zz'" -- tcgen05-desc --smem zz
expect 64 "--decode wants a hexadecimal 64-bit value" -- descriptor --arch sm_100 --decode zz
expect 64 "--idesc wants a hexadecimal 32-bit value (1-8 hex digits, optional 0x), got '0x123456789'" -- tcgen05-desc --idesc 0x123456789 --kind f16
expect 64 "--swizzle must be none, 128B_base32b, 128B, 64B or 32B (or the code 0-7), got '96B'" -- tcgen05-desc --encode-smem --swizzle 96B
expect 64 "--scale is ue8m0 or ue4m3, got 'e8m0'" -- tcgen05-desc --encode-idesc --kind mxf4 --a e2m1 --b e2m1 --scale e8m0
expect 64 "--start" -- tcgen05-desc --encode-smem --start zz
expect 3 "--a e2m1: .kind::f16 has no A type 'e2m1'; it takes f16 bf16" -- tcgen05-desc --encode-idesc --kind f16 --a e2m1
expect 3 "--b s8: .kind::f8f6f4 has no B type 's8'; it takes e4m3 e5m2 e2m3 e3m2 e2m1" -- tcgen05-desc --encode-idesc --kind f8f6f4 --a e4m3 --b s8
expect 3 "--d f16: .kind::tf32 has no D type 'f16'; it takes f32" -- tcgen05-desc --encode-idesc --kind tf32 --a tf32 --b tf32 --d f16
expect 3 "--base-offset 9: a 3-bit field (0-7)" -- tcgen05-desc --encode-smem --base-offset 9
expect 3 "--lbo-mode 5: a 1-bit field (0 or 1)" -- tcgen05-desc --encode-smem --lbo-mode 5
# --idesc without --kind: the word's table depends on the kind, so it is asked for, never guessed.
expect 64 "--idesc needs --kind" -- tcgen05-desc --idesc 0x08400490
[ -z "$("$cli" tcgen05-desc --idesc 0x08400490 2>/dev/null)" ] || fail "--idesc without --kind printed a decode"
# --encode-idesc keeps its default kind and names it.
# F16 x F16 (codes 0, 0), D F32 (1 << 4), N 256 (32 << 17), M 128 (8 << 24).
expect 0 "instruction descriptor 0x08400010  (.kind::f16)" -- tcgen05-desc --encode-idesc --m 128 --n 256

# tmem: .16x256b thread 5 holds lane 1 columns 2, 3 and lane 9 columns 2, 3 (the m16n8 C fragment).
expect 0 "T5 : r0(1,2) r1(1,3) r2(9,2) r3(9,3)" -- tmem --shape 16x256b --num x1
expect 0 "model only" -- tmem --shape 16x256b --num x1
# .16x64b: thread 1 reads lane 8, thread 2 lane 0 column 1.
expect 0 "T1 : r0(8,0)" -- tmem --shape 16x64b --num x1
expect 0 "T2 : r0(0,1)" -- tmem --shape 16x64b --num x1
# Warp 5 reaches lanes 32-63: .32x32b thread 3 reads lane 35.
expect 0 "T3 : r0(35,0)" -- tmem --shape 32x32b --num x1 --warp 5
expect 3 "reaches TMEM lanes 32-63 only" -- tmem --shape 32x32b --warp 1 --lane 0
expect 3 "up to .x32" -- tmem --shape 16x256b --num x64
expect 64 "--num must be" -- tmem --shape 16x256b --num x3
# .pack::16b: each register takes the low halves of two adjacent columns (9.7.16.8.2); .16x256b
# thread 1 r0 is unpacked column 2, so columns 4 and 5.
expect 0 "T1 : r0(0,4|0,5)" -- tmem --shape 16x256b --num x1 --pack16
# tmem --accumulator (PTX 9.7.16.10.5): M = 64 is Layout F, rows 16-31 in lanes 32-47 (warp 1);
# M = 128 on a CTA pair is Layout B, columns 32-63 of rows 0-15 in lanes 64-79 from column 0.
expect 0 "Layout F, 4x1, half the data path" -- tmem --accumulator --m 64 --n 16
expect 0 "rows 16-31, columns 0-15 -> CTA 0, lanes 32-47, TMEM columns 0-15 (warp 1)" -- tmem --accumulator --m 64 --n 16
expect 0 "rows 0-15, columns 32-63 -> CTA 0, lanes 64-79, TMEM columns 0-31 (warp 2)" -- tmem --accumulator --m 128 --n 64 --cta-group 2
expect 0 "rows 128-143, columns 0-15 -> CTA 1, lanes 0-15" -- tmem --accumulator --m 256 --n 16 --cta-group 2
expect 0 "CuTe 4.2 disagrees" -- tmem --accumulator --m 128 --n 32 --cta-group 2 --sparse
expect 0 "exactly the mma.sync m16n8 C fragment" -- tmem --accumulator --m 128 --n 16
expect 3 "steps of 16" -- tmem --accumulator --m 128 --n 24
expect 3 "cta_group::2 takes M = 128 or 256" -- tmem --accumulator --m 64 --cta-group 2
# .ws: M = 32 is Layout G, column quarters in the four sub-partitions (N = 64: columns 16-31 of
# rows 0-15 in lanes 32-47 from column 0); .cta_group::2 and N = 96 refused (PTX 9.1 Table 39).
expect 0 "tcgen05.mma.ws.cta_group::1 M=32 N=64" -- tmem --accumulator --ws --m 32 --n 64
expect 0 "rows 0-15, columns 16-31 -> CTA 0, lanes 32-47, TMEM columns 0-15 (warp 1)" -- tmem --accumulator --ws --m 32 --n 64
expect 0 "tmem_frg_ws" -- tmem --accumulator --ws --m 64 --n 128
expect 3 ".ws forms are .cta_group::1 only" -- tmem --accumulator --ws --m 128 --cta-group 2
expect 3 ".ws takes N = 64, 128 or 256, not 96" -- tmem --accumulator --ws --m 64 --n 96
expect 64 "--ws requires --accumulator" -- tmem --ws
csv=$("$cli" tmem --accumulator --m 64 --n 8 --csv 2>/dev/null)
if [ "$(head -1 <<<"$csv")" != "row,column,cta,lane,tmem_column,warp" ] || ! grep -qx "17,3,0,33,3,1" <<<"$csv" ||
  [ "$(wc -l <<<"$csv")" != 513 ]; then
  fail "tmem --accumulator --m 64 --n 8 --csv: $(head -3 <<<"$csv")"
fi
# layout --instr of the 8-bit matrix moves (PTX ISA 9.0 ldmatrix Figures 105, 106; stmatrix m16n8):
# m16n16 lane 5 byte 2 of r0 is D(1, 6), stored row 6 byte 1; stmatrix lane 6 byte 3 is M(9, 5).
L16=ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8
expect 0 "r0.2=m0(1,6)[6,1]" -- layout --instr $L16
expect 0 "SM100_U8x8_LDSM_T permutes bytes after the instruction, deliberately" -- layout --instr $L16
expect 0 "model only: PTX ISA 9.0 and CuTe 4.2 agree; not yet run on a GPU" -- layout --instr $L16
expect 0 "r0.3=m0(9,5)[5,9]" -- layout --instr stmatrix.sync.aligned.m16n8.x1.trans.shared.b8
expect 0 "model only: the map is CuTe 4.2's" -- layout --instr stmatrix.sync.aligned.m16n8.x1.trans.shared.b8
expect 0 "r2.0=m2(3,4)[3,4]" -- layout --instr ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64
expect 0 "SM100_SU6_DU8x16_x2_LDSM_N, the raw registers" -- layout --instr ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32
expect 64 "no catalogue instruction" -- layout --instr ldmatrix.sync.aligned.m16n16.x4.trans.shared.b8
# Issue 22: --lane N asks one lane of an 8-bit move, as it does an mma.sync entry. PTX ISA 9.0
# (Figure 105, "each thread loads 4 consecutive columns across 2 rows"): lane 3, register r, byte j
# holds D(3/4 + 8r, 4(3%4) + j) = D(8r, 12 + j) of D = S^T: stored row 12 + j (its address from
# lane 12 + j), byte 8r. Lane 3 addresses stored row 3 of matrix 0.
expect 0 "r0.0 = m0(0,12)  stored row 12, byte 0 (row address from lane 12)" -- layout --instr $L16 --lane 3
expect 0 "r0.3 = m0(0,15)  stored row 15, byte 0 (row address from lane 15)" -- layout --instr $L16 --lane 3
expect 0 "r1.2 = m0(8,14)  stored row 14, byte 8 (row address from lane 14)" -- layout --instr $L16 --lane 3
expect 0 "lane 3 gives the address of matrix 0's stored row 3" -- layout --instr $L16 --lane 3
expect 0 "model only: PTX ISA 9.0 and CuTe 4.2 agree; not yet run on a GPU" -- layout --instr $L16 --lane 3
if [ "$("$cli" layout --instr $L16 --lane 3 | grep -c '^  r[0-9]')" != 8 ]; then
  fail "layout --instr $L16 --lane 3: not 8 bytes (2 registers of 4)"
fi
csv=$("$cli" layout --instr $L16 --lane 3 --csv 2>/dev/null)
if [ "$(head -1 <<<"$csv")" != "lane,register,byte,matrix,row,col,stored_row,stored_col,address_lane" ] ||
  ! grep -qx "3,1,3,0,8,15,15,8,15" <<<"$csv" || [ "$(wc -l <<<"$csv")" != 9 ]; then
  fail "layout --instr $L16 --lane 3 --csv: $csv"
fi
expect 3 "--lane 32: $L16 is a warp's: lanes 0-31" -- layout --instr $L16 --lane 32
expect 64 "fragviz-cli layout --instr $L16 --lane N" -- layout --instr $L16 --where A,0,0
csv=$("$cli" layout --instr ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8 --csv 2>/dev/null)
if [ "$(head -1 <<<"$csv")" != "lane,register,byte,matrix,row,col,stored_row,stored_col,address_lane" ] ||
  ! grep -qx "31,3,3,1,15,15,15,15,31" <<<"$csv" || [ "$(wc -l <<<"$csv")" != 513 ]; then
  fail "layout --instr ldmatrix m16n16 x2 --csv: $(head -3 <<<"$csv")"
fi
# probe takes the Blackwell names: without a GPU it says so (exit 2); on any GPU but sm_100a each
# probe is reported not run, "needs sm_100a"; on sm_100a a default build says it has no sm_100a
# code, and a -DFRAGVIZ_SM100_PROBES=ON build runs them (no MISMATCH).
for name in ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 tcgen05.st.sync.aligned.16x256b.x1.b32 \
  tcgen05.ld.sync.aligned.16x64b.x16.b32 tcgen05.ld.sync.aligned.16x256b.x1.pack::16b.b32 \
  tcgen05.st.sync.aligned.16x32bx2.x1.unpack::16b.b32 tcgen05.mma.cta_group::1.kind::f16.m64n64k16 \
  tcgen05.mma.sp.cta_group::2.kind::f16.m128n64k32 blackwell; do
  out=$("$cli" probe --instr "$name" --no-cycles 2>&1)
  rc=$?
  if ! { [ "$rc" = 2 ] && grep -q "no usable GPU" <<<"$out"; } && ! grep -q "needs sm_100a" <<<"$out" &&
    ! grep -q "has no sm_100a code" <<<"$out" && ! { [ "$rc" = 0 ] && ! grep -q "MISMATCH" <<<"$out"; }; then
    fail "probe --instr $name: exit $rc: $(tail -3 <<<"$out")"
  else
    echo "ok: fragviz-cli probe --instr $name -> $rc"
  fi
done
# A tensor-memory form the probes do not run (.16x64b.x4) is no probe name: a usage error (64).
expect 64 "no catalogue instruction is named 'tcgen05.ld.sync.aligned.16x64b.x4.b32'" -- \
  probe --instr tcgen05.ld.sync.aligned.16x64b.x4.b32 --no-cycles
csv=$("$cli" tmem --shape 16x32bx2 --num x2 --split 8 --csv 2>/dev/null)
if [ "$(head -1 <<<"$csv")" != "thread,register,lane,column" ] || ! grep -qx "17,1,1,9" <<<"$csv" ||
  [ "$(wc -l <<<"$csv")" != 65 ]; then
  fail "tmem --shape 16x32bx2 --num x2 --split 8 --csv: $(head -3 <<<"$csv")"
fi

# tmem --cp (issue 26, PTX ISA 9.1 9.7.16.9.2 "tcgen05.cp"): .warpx2::02_13 gives warps 0 and 2 (and
# 1 and 3) the same rows: row 33 to lanes 33 and 97; .warpx2::01_23 row 40 to lanes 72 and 104;
# .warpx4 row 7 to every sub-partition; a 256-bit row's second chunk fills columns 4-7.
expect 0 "row 33, bits 0-127 -> lanes 33, 97 (warps 1, 3 by id % 4), columns 0-3" -- tmem --cp 64x128b.warpx2::02_13
expect 0 "row 40, bits 0-127 -> lanes 72, 104 (warps 2, 3 by id % 4), columns 0-3" -- tmem --cp .64x128b.warpx2::01_23
expect 0 "row 7, bits 0-127 -> lanes 7, 39, 71, 103 (warps 0, 1, 2, 3 by id % 4)" -- tmem --cp 32x128b.warpx4
expect 0 "row 127, bits 128-255 -> lane 127 (warp 3 by id % 4), columns 4-7" -- tmem --cp 128x256b
expect 0 "model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU" -- tmem --cp 128x128b
expect 0 "PTX ISA 9.1 says 4 lanes, not which" -- tmem --cp 4x256b
expect 0 "4 lanes, not which; the lanes 32 apart are CuTe 4.2's (SM100_UTCCP_4dp256bit); CuTe 4.2 has no decompressing" -- tmem --cp 4x256b --decompress b6x16_p32
expect 0 "tcgen05.cp.cta_group::2.128x128b.b8x16.b4x16_p64 [taddr], s-desc" -- tmem --cp 128x128b --cta-group 2 --decompress b4x16_p64
expect 0 "16 packed 4-bit values and 64 bits of padding" -- tmem --cp 128x128b --decompress b4x16_p64
# A misspelt shape is a usage error naming the nearest ones; .64x128b needs its multicast.
expect 64 "did you mean:" -- tmem --cp 64x128b.warpx2::0213
expect 64 "64x128b.warpx2::02_13" -- tmem --cp 64x128b
expect 64 "--decompress is none, b6x16_p32 or b4x16_p64" -- tmem --cp 128x128b --decompress b5
expect 3 ".cta_group is ::1 or ::2" -- tmem --cp 128x128b --cta-group 3
expect 64 "--cta-group goes with --accumulator or --cp" -- tmem --shape 32x32b --cta-group 2
expect 64 "excludes" -- tmem --cp 128x128b --pack16
csv=$("$cli" tmem --cp 64x128b.warpx2::02_13 --csv 2>/dev/null)
if [ "$(head -1 <<<"$csv")" != "row,chunk,copy,lane,first_column,last_column" ] || ! grep -qx "33,0,1,97,0,3" <<<"$csv" ||
  [ "$(wc -l <<<"$csv")" != 129 ]; then
  fail "tmem --cp 64x128b.warpx2::02_13 --csv: $(head -3 <<<"$csv")"
fi

# tmem --cp --lane --column: taddr where the copy starts. PTX ISA 9.0's tcgen05.cp (9.7.16.9.2) sets
# taddr no alignment (tcgen05.shift's lane must be aligned to 32; tcgen05.cp says nothing); 9.7.16.1
# gives a CTA 128 lanes x 512 columns. So .4x256b (lanes L, L+32, L+64, L+96) takes lanes 0-31, the
# 128-lane shapes lane 0 only, and 8-column rows start at column 504 at most, 4-column rows at 508.
expect 0 "row 2, bits 128-255 -> lane 69 (warp 2 by id % 4), columns 12-15" -- tmem --cp 4x256b --lane 5 --column 8
expect 0 "taddr = lane 5, column 8" -- tmem --cp 4x256b --lane 5 --column 8
expect 0 "row 0, bits 0-127 -> lane 0 (warp 0 by id % 4), columns 508-511" -- tmem --cp 128x128b --column 508
expect 3 "takes taddr lane 0 only" -- tmem --cp 128x256b --lane 1
expect 3 "takes taddr lane 0-31" -- tmem --cp 4x256b --lane 32
expect 3 "takes taddr column 0-508" -- tmem --cp 32x128b.warpx4 --column 509
# A negative lane or column is no TMEM address: a bad command line (64), before the model judges it
# (--lane -5 of a tcgen05.ld was read as "not given", the warp's first lane).
expect 64 "--lane: must be a non-negative whole number, got '-1'" -- tmem --cp 4x256b --lane -1
expect 64 "--column: must be a non-negative whole number, got '-4'" -- tmem --cp 4x256b --column -4
expect 64 "--lane: must be a non-negative whole number, got '-5'" -- tmem --shape 16x256b --num x1 --lane -5
expect 64 "--lane: must be a non-negative whole number, got '-1'" -- tmem --shape 16x256b --num x1 --lane -1
expect 64 "--column requires --cp" -- tmem --shape 32x32b --column 4
csv=$("$cli" tmem --cp 4x256b --lane 31 --column 3 --csv 2>/dev/null)
if ! grep -qx "3,1,0,127,7,10" <<<"$csv" || ! grep -qx "0,0,0,31,3,6" <<<"$csv" || [ "$(wc -l <<<"$csv")" != 9 ]; then
  fail "tmem --cp 4x256b --lane 31 --column 3 --csv: $csv"
fi

# Issue 26: start 0x1080 (bits 0-13 = 0x108), LBO 16, SBO 1024, fixed 0b001, 128B (2 << 61), base
# offset 0. PTX ISA 9.1, 9.7.16.4.1: base offset 0 means the pattern starts on a 1024-byte boundary;
# one starting at 0x1080 needs (0x1080 >> 7) & 7 = 1. The bits alone do not say where the pattern
# starts, so a warning (exit 0), never "can read it".
expect 0 "verdict          warning: start address 0x01080 is 128 bytes into the 128B swizzle's 1024-byte pattern, with base offset 0" -- tcgen05-desc --smem 0x4000404000010108
expect 0 "the base offset must be (0x01080 >> 7) & 7 = 1. fragviz does not model non-zero base offsets" -- tcgen05-desc --smem 0x4000404000010108
if "$cli" tcgen05-desc --smem 0x4000404000010108 2>&1 | grep -q "can read it"; then
  fail "tcgen05-desc --smem 0x4000404000010108 says an sm_100 tcgen05.mma can read it"
fi
expect 0 "warning: start address 0x01080 is 128 bytes into" -- tcgen05-desc --encode-smem --start 4224 --lbo 16 --sbo 1024 --swizzle 128B
expect 0 "sm_100 smem descriptor 0x4000404000010108" -- tcgen05-desc --encode-smem --start 4224 --lbo 16 --sbo 1024 --swizzle 128B
# Base offset 1 (1 << 49) as the text asks, or a K offset inside the first 128 bytes (0x1020): no warning.
expect 0 "an sm_100 tcgen05.mma can read it" -- tcgen05-desc --smem 0x4002404000010108
expect 0 "an sm_100 tcgen05.mma can read it" -- tcgen05-desc --smem 0x4000404000010102
# Hopper's wgmma text has the same rule: 0x4000004000010108 is start 0x1080, 128B (1 << 62).
expect 0 "warning: start address 0x01080 is 128 bytes into the 128B swizzle's 1024-byte pattern" -- descriptor --decode 0x4000004000010108
expect 0 "(0x01080 >> 7) & 7 = 1" -- descriptor --decode 0x4000004000010108
# Issue 22: a 2-bit field out of range names that flag and its value, and no other flag.
expect 3 "refused: --max-shift 5: a 2-bit field, 0-3" -- tcgen05-desc --encode-idesc --m 128 --n 256 --max-shift 5
if "$cli" tcgen05-desc --encode-idesc --m 128 --n 256 --max-shift 5 2>&1 | grep -qE -- "--sparse-selector|--a-sf-id|--b-sf-id"; then
  fail "tcgen05-desc --max-shift 5 names flags that were not given"
fi
expect 3 "refused: --b-sf-id -1: a 2-bit field, 0-3" -- tcgen05-desc --encode-idesc --kind mxf4 --a e2m1 --b e2m1 --b-sf-id -1

[ "$fails" = 0 ] && echo "all tcgen05 CLI checks passed"
exit $((fails > 0))
