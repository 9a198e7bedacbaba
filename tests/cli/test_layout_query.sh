#!/usr/bin/env bash
# The questions asked first, one command each (issue 22): who holds element (row, col) of an
# operand (`layout --where`), what one lane's registers hold (`layout --lane`), the CSV's register
# columns, and "did you mean" for a mistyped name. Every expected owner is worked out by hand from
# the PTX ISA's fragment formulas (groupID = lane >> 2, threadID_in_group = lane % 4):
#   m16n8k16 .f16 A: row = groupID (+8 for a2,a3,a6,a7), col = 2*threadID_in_group + (i&1) (+8 for a4..a7)
#   m16n8k16 .f16 B: row = 2*threadID_in_group + (i&1) (+8 for b2,b3), col = groupID
#   m16n8k16 C/D:    row = groupID (+8 for c2,c3), col = 2*threadID_in_group + (i&1)
#   m16n8k32 .s8 A:  row = groupID (+8 for a4..a7, a12..a15), col = 4*threadID_in_group + (i&3) (+16 for a8..a15)
#   wgmma D:         thread 32w+l, row = 16w + l/4 + 8((i>>1)&1), col = 8(i>>2) + 2(l%4) + (i&1)
# Usage: test_layout_query.sh <fragviz-cli>
set -u
cli="$1"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
K16=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
S8=mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32

# --where: lane, element, register by its elements and by index, its part and bits.
# An unmeasured sm_120a entry says what it rests on after a --lane or --where answer, and on
# standard error with --csv (standard output keeps the CSV alone).
f8='mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e5m2.f32'
expect 0 "model only: PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU" -- layout --instr "$f8" --lane 5
expect 0 "model only: PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU" -- layout --instr "$f8" --where A,0,1
[ "$("$cli" layout --instr "$f8" --csv 2>/dev/null | grep -c "model only")" = 0 ] ||
  fail "layout --csv of an sm_120a entry: the model-only line belongs on standard error"
expect 0 "model only: PTX ISA 9.2" -- layout --instr "$f8" --csv
expect 0 "A[9][3]: lane 5 (groupID 1, threadID_in_group 1), element a3, register {a2,a3} (reg 1), high half, register bits 31..16" \
  -- layout --instr "$K16" --where A,9,3
expect 0 "B[10][1]: lane 5 (groupID 1, threadID_in_group 1), element b2, register {b2,b3} (reg 1), low half, register bits 15..0" \
  -- layout --instr "$K16" --where B,10,1
# C and D name the one accumulator, as "C/D" with elements c0..c3.
expect 0 "C/D[9][3]: lane 5 (groupID 1, threadID_in_group 1), element c3, register {c3} (reg 3), whole register, register bits 31..0" \
  -- layout --instr "$K16" --where D,9,3
[ "$("$cli" layout --instr "$K16" --where C,9,3)" = "$("$cli" layout --instr "$K16" --where d,9,3)" ] ||
  { echo "FAIL: --where C and d name different elements"; fails=$((fails + 1)); }
expect 0 "A[9][6]: lane 5 (groupID 1, threadID_in_group 1), element a6, register {a4,a5,a6,a7} (reg 1), byte 2, register bits 23..16" \
  -- layout --instr "$S8" --where A,9,6
# Issue 26: an sm_120a block-scaled e2m1 value sits in bits 2-5 of its 8-bit container (PTX ISA 9.2,
# .kind::mxf8f6f4); B[3][2] is b3, byte 3 of register 0: bits 5..2 of the byte are register bits
# 24+5..24+2 = 29..26. Both ranges say what they count.
expect 0 "element b3, register {b0,b1,b2,b3} (reg 0), bits 5..2 of byte 3, register bits 29..26" \
  -- layout --instr mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e2m1.f32.ue8m0 \
  --where B,3,2
# wgmma: D over the warpgroup's 128 threads (f32: one element a register; f16: two).
expect 0 "D[17][2]: thread 37 (warp 1, lane 5), element d0, register {d0} (reg 0), whole register, register bits 31..0" \
  -- layout --instr m64n64k16.f32.bf16.bf16 --where D,17,2
expect 0 "D[25][11]: thread 37 (warp 1, lane 5), element d7, register {d6,d7} (reg 3), high half, register bits 31..16" \
  -- layout --instr wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 --where D,25,11
# m8n8k4 .f16: A[2][1] in each of the four quad-pair products (lanes 4q..4q+3: row = lane % 4, col = i).
expect 0 "A[2][1] of quad pair 3: lane 14 (groupID 3, threadID_in_group 2), element a1" \
  -- layout --instr mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 --where A,2,1
[ "$("$cli" layout --instr mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 --where A,2,1 | grep -c 'of quad pair')" = 4 ] ||
  { echo "FAIL: --where of an m8n8k4 .f16 element does not name its four products"; fails=$((fails + 1)); }

# --lane: each register, the elements it holds, their cells and parts.
expect 0 "{a2,a3}    reg 1: a2 (9,2) low half, a3 (9,3) high half" -- layout --instr "$K16" --lane 5
expect 0 "{b2,b3}    reg 1: b2 (10,1) low half, b3 (11,1) high half" -- layout --instr "$K16" --lane 5
expect 0 "{c2}       reg 2: c2 (9,2) whole register" -- layout --instr "$K16" --lane 5
expect 0 "{a12,a13,a14,a15} reg 3: a12 (9,20) byte 0, a13 (9,21) byte 1, a14 (9,22) byte 2, a15 (9,23) byte 3" \
  -- layout --instr "$S8" --lane 5
expect 0 "thread 37 (warp 1, lane 5)" -- layout --instr m64n64k16.f16.f16.f16 --thread 37
expect 0 "{d6,d7}    reg 3: d6 (25,10) low half, d7 (25,11) high half" -- layout --instr m64n64k16.f16.f16.f16 --lane 37

# The CSV: register, bit and bits beside every element, for mma.sync as for wgmma.
expect 0 "operand,lane,element,register,bit,bits,row,col" -- layout --instr "$K16" --csv
expect 0 "A,5,3,1,16,16,9,3" -- layout --instr "$K16" --csv
expect 0 "A,5,6,1,16,8,9,6" -- layout --instr "$S8" --csv
expect 0 "operand,thread,warp,lane,element,register,bit,bits,row,col" -- layout --instr m64n64k16.f16.f16.f16 --csv
expect 0 "D,37,1,5,7,3,16,16,25,11" -- layout --instr m64n64k16.f16.f16.f16 --csv
# --lane and --where as CSV: the same rows, only theirs.
[ "$("$cli" layout --instr "$K16" --lane 5 --csv)" = "$("$cli" layout --instr "$K16" --csv | awk -F, 'NR == 1 || $2 == 5')" ] ||
  { echo "FAIL: layout --lane 5 --csv is not the table's lane-5 rows"; fails=$((fails + 1)); }
[ "$("$cli" layout --instr "$K16" --where A,9,3 --csv | tail -1)" = "A,5,3,1,16,16,9,3" ] ||
  { echo "FAIL: layout --where A,9,3 --csv is not lane 5's a3 row"; fails=$((fails + 1)); }

# Refusals name what is wrong and print nothing on standard output: a value not of the flag's form
# exits 64 (a bad command line), a well-formed one this instruction refuses exits 3 (docs/cli.md).
expect 3 "row 16 is outside A (16 x 16: rows 0 to 15)" -- layout --instr "$K16" --where A,16,0
expect 3 "col 8 is outside B (16 x 8: cols 0 to 7)" -- layout --instr "$K16" --where B,0,8
expect 64 "is not OPERAND,ROW,COL" -- layout --instr "$K16" --where A,9
expect 64 "is not OPERAND,ROW,COL" -- layout --instr "$K16" --where E,1,1
# A negative row is said as outside (newcomer round 13: it said "is not OPERAND,ROW,COL"), and exits
# 64 as --lane -1 does: outside every operand's range (README's rule; newcomer round 28).
expect 64 "row -1 is outside A (16 x 16: rows 0 to 15)" -- layout --instr "$K16" --where A,-1,0
expect 64 "row 99 is outside A (16 x 16: rows 0 to 15); col -3 is outside A (16 x 16: cols 0 to 15)" -- layout --instr "$K16" --where A,99,-3
expect 64 "col 'x' in 'A,9,x' is not a whole number" -- layout --instr "$K16" --where A,9,x
expect 3 "one product" -- layout --instr "$K16" --where A,1,1,1
expect 3 "B of a wgmma comes from shared memory" -- layout --instr m64n64k16.f32.bf16.bf16 --where B,0,0
expect 3 "--lane 32: a warp has lanes 0 to 31" -- layout --instr "$K16" --lane 32
# A negative index is no lane or thread of any instruction: a bad command line (64), the flag named.
expect 64 "--lane: must be 0 or more (a warp's lanes 0-31, a wgmma warpgroup's threads 0-127), got '-1'" \
  -- layout --instr "$K16" --lane -1
expect 64 "--thread: must be 0 or more" -- layout --instr m64n64k16.f32.bf16.bf16 --thread -1
expect 64 "--lane: must be 0 or more" -- layout --instr movmatrix.sync.aligned.m8n8.trans.b16 --lane -3
# The message names the flag typed (--thread 37 of a warp said "--lane 37"), whatever the instruction.
expect 3 "refused: --thread 37: a warp has lanes 0 to 31" -- layout --instr "$K16" --thread 37
expect 3 "refused: --lane 128: a wgmma warpgroup has threads 0 to 127" -- layout --instr m64n64k16.f32.bf16.bf16 --lane 128
expect 0 "{a2,a3}    reg 1: a2 (9,2) low half, a3 (9,3) high half" -- layout --instr "$K16" --thread 5
# Both names of the one index: said so, not CLI11's "At Most 1 required but received 2".
expect 64 "--lane and --thread name the same index (a warp's lane, a warpgroup's thread): give one" \
  -- layout --instr "$K16" --thread 37 --lane 5
out=$("$cli" layout --instr "$K16" --thread 37 --lane 5 2>&1)
grep -q "At Most" <<<"$out" && fail "layout --thread 37 --lane 5 speaks CLI11's words: $out"
expect 64 "excludes" -- layout --where A,0,0 --thread 0
expect 3 "--thread 128: a wgmma warpgroup has threads 0 to 127" -- layout --instr m64n64k16.f32.bf16.bf16 --thread 128
# A number too large for an int is a lane or thread outside the range, as 32 is (issue 22: the app's
# Find said "is not OPERAND,ROW,COL" for `lane 99999999999999999999`, the CLI "too large"; both now
# parse it with parse_thread_number). The message names the flag of the instruction's kind.
expect 3 "--thread 4294967333: a wgmma warpgroup has threads 0 to 127" -- layout --instr m64n64k16.f32.f16.f16 --thread 4294967333
expect 3 "--thread 4294967333: a wgmma warpgroup" -- layout --instr m64n64k16.f32.f16.f16 --thread=4294967333
expect 3 "--lane 4294967333: a warp has lanes 0 to 31" -- layout --shape m16n8k16 --lane 4294967333
expect 3 "--lane 99999999999999999999: a warp has lanes 0 to 31" -- layout --shape m16n8k16 --lane 99999999999999999999
expect 64 "--lane: must be 0 or more" -- layout --shape m16n8k16 --lane -99999999999999999999
expect 64 "must be a whole number, got 'x5'" -- layout --shape m16n8k16 --lane x5
# Spaces around the commas of --where are the user's layout (A , 9 , 3 is A,9,3).
expect 0 "A[9][3]: lane 5" -- layout --shape m16n8k16 --where "A , 9 , 3"
expect 64 "take an mma.sync or wgmma entry" -- layout --instr movmatrix.sync.aligned.m8n8.trans.b16 --lane 0
expect 64 "excludes" -- layout --where A,0,0 --lane 0
# A block-scaled entry's scale-factor selector: a whole number .scale_vec refuses exits 3 naming what
# it takes (PTX ISA 9.2, the block-scale selector table: 4X reads all four bytes, byte-id 0 only;
# thread-id-a picks one of the quad's two thread pairs); a value that is no number or no operand, 64.
MX='mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3'
expect 3 "byte-id 9 is not valid for .scale_vec::4X (0 only)" -- layout --instr "$MX" --operand sfa --byte-id 9
expect 3 "byte-id 2 is not valid for .scale_vec::4X (0 only)" -- layout --instr "$MX" --operand sfb --byte-id 2
expect 3 "thread-id-a 2 is not valid (0 or 1)" -- layout --instr "$MX" --operand sfa --thread-id 2
expect 3 "thread-id-b -1 is not valid (0-3)" -- layout --instr "$MX" --operand sfb --thread-id -1
expect 3 "has no block scaling" -- layout --instr "$K16" --operand sfa
expect 3 "is a wgmma" -- layout --instr m64n64k16.f32.bf16.bf16 --operand sfa
expect 64 "--operand takes sfa or sfb" -- layout --instr "$MX" --operand sfc
expect 64 "--byte-id" -- layout --instr "$MX" --operand sfa --byte-id two
expect 0 "lane  5:  byte0=(row 9, k 0-15)" -- layout --instr "$MX" --operand sfa
[ -z "$("$cli" layout --instr "$K16" --where A,16,0 2>/dev/null)" ] ||
  { echo "FAIL: a refused --where printed on standard output"; fails=$((fails + 1)); }

# A mistyped name: the nearest catalogue names, one a line; nothing for a name near none.
out=$("$cli" layout --instr m16n8k16.f32.f16.f16.f32 2>&1)
rc=$?
if [ "$rc" != 64 ] || ! grep -qx "  $K16" <<<"$out" || ! grep -q "did you mean:" <<<"$out"; then
  echo "FAIL: layout --instr m16n8k16.f32.f16.f16.f32 -> $rc, not 64 suggesting $K16:"
  echo "$out"
  fails=$((fails + 1))
fi
for cmd in "layout --instr" "probe --instr" "descriptor --instr" "export --view warpgroup --svg /dev/null --instr"; do
  # shellcheck disable=SC2086
  out=$("$cli" $cmd m64n128k16.f32.bf16 2>&1)
  grep -qx "  wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16" <<<"$out" ||
    { echo "FAIL: $cmd m64n128k16.f32.bf16 suggests no m64n128k16.f32.bf16.bf16:"; echo "$out"; fails=$((fails + 1)); }
done
# A bare shape, as the README's --shape spells it, and a shape with one type: the mma.sync entries
# of that shape, never the wgmma one a digit away (m64n8k16); upper case is the same name; a
# partial prefix ("mma.", issue 22) is part of the prefix.
for typed in m16n8k16 m16n8k16.f16 M16N8K16 mma.m16n8k16 mma.sync.m16n8k16; do
  out=$("$cli" layout --instr "$typed" 2>&1)
  sugg=$(grep '^  ' <<<"$out")
  if [ -z "$sugg" ] || grep -qv '^  mma\.sync\.aligned\.m16n8k16\.' <<<"$sugg"; then
    echo "FAIL: layout --instr $typed suggests other than mma.sync m16n8k16 entries:"; echo "$out"
    fails=$((fails + 1))
  fi
done
grep -q '^  mma\.sync\.aligned\.m16n8k16\..*\.f16\.' <<<"$("$cli" layout --instr m16n8k16.f16 2>&1)" ||
  { echo "FAIL: layout --instr m16n8k16.f16 suggests no .f16 entry"; fails=$((fails + 1)); }
[ "$("$cli" layout --instr MMA.SYNC.ALIGNED.M16N8K16.ROW.COL.F32.F16.F16.F32 --csv 2>&1)" = \
  "$("$cli" layout --instr "$K16" --csv)" ] ||
  { echo "FAIL: the upper-case $K16 is not that entry"; fails=$((fails + 1)); }
expect 0 "D[17][2]: thread 37" -- layout --instr M64N64K16.F32.BF16.BF16 --where D,17,2
out=$("$cli" layout --instr bogus 2>&1)
grep -q "did you mean" <<<"$out" && { echo "FAIL: 'bogus' got a suggestion: $out"; fails=$((fails + 1)); }

echo "$fails failed"
[ "$fails" -eq 0 ]
