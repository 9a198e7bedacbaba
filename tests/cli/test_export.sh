#!/usr/bin/env bash
# fragviz-cli export: refusals before anything is written (exit 64 for a bad command line, 3 for a
# request the model refuses, nothing on standard output and no file left), /dev/full refused (exit 5),
# standard output on /dev/full (exit 5), and the files read back by tools independent of fragviz: the SVG parsed by Python's XML
# parser (every cell a <rect id>, the labels <text> as the PTX ISA figure has them), the PNG's size
# from its IHDR, the PDF's header. Builds without cairo: PNG/PDF refused with the reason.
# Usage: test_export.sh <fragviz-cli> <source-dir>
set -u
cli="$1"
src="${2:-.}"
fails=0
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
M=mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

# Refused: exit code, a message on standard error naming the problem, nothing written anywhere.
refuse() {
  local code="$1" words="$2"
  shift 2
  out=$("$cli" export "$@" 2>"$tmp/err")
  rc=$?
  [ "$rc" = "$code" ] || fail "export $*: exit $rc, want $code"
  [ -z "$out" ] || fail "export $*: printed '$out' on standard output"
  grep -q -- "$words" "$tmp/err" || fail "export $*: stderr lacks '$words': $(cat "$tmp/err")"
  [ -z "$(ls "$tmp" | grep -v '^err$')" ] || fail "export $*: left files: $(ls "$tmp")"
}
refuse 64 "nothing to write" --view fragments --instr "$M"
refuse 64 "is none of fragments" --view tiles --svg "$tmp/a.svg"
refuse 64 "did you mean:" --view fragmnets --svg "$tmp/a.svg"
grep -qx "  fragments" "$tmp/err" || fail "export --view fragmnets: no fragments suggested: $(cat "$tmp/err")"
refuse 64 "not an option of --view warpgroup" --view warpgroup --num x2 --svg "$tmp/a.svg"
refuse 64 "not an option of --view ldmatrix" --view ldmatrix --pad 8 --svg "$tmp/a.svg"
refuse 3 "no mma.sync of the catalogue" --view ldmatrix --instr mma.sync.m16n8k16 --svg "$tmp/a.svg"
refuse 64 "not both" --view banks --picture tile --instr "$M" --num x2 --svg "$tmp/a.svg"
refuse 64 "same file" --view movmatrix --svg "$tmp/a.svg" --tikz "$tmp/a.svg"
refuse 3 "no mma.sync of the catalogue" --view fragments --instr mma.sync.m16n8k16 --svg "$tmp/a.svg"
refuse 3 "no wgmma of the catalogue" --view warpgroup --instr m64n7k16.f32.f16.f16 --svg "$tmp/a.svg"
refuse 64 "col " --view banks --picture tile --layout '(16,64):(64,1' --svg "$tmp/a.svg"
# --thread is --lane's other name for the fragment views, as layout takes both (a warpgroup's index
# is a thread): the same picture, messages naming the flag typed; both at once, a bad command line.
W=m64n64k16.f32.f16.f16
refuse 3 "--thread 128: --view warpgroup has threads 0-127" --view warpgroup --instr "$W" --thread 128 --svg "$tmp/a.svg"
refuse 3 "--thread 32: --view fragments has lanes 0-31" --view fragments --instr "$M" --thread 32 --svg "$tmp/a.svg"
refuse 64 "--lane and --thread name the same index (a warp's lane, a warpgroup's thread): give one" \
  --view warpgroup --instr "$W" --thread 37 --lane 5 --svg "$tmp/a.svg"
refuse 64 "--thread: must be a whole number from 0" --view warpgroup --instr "$W" --thread -1 --svg "$tmp/a.svg"
refuse 64 "--lane: must be a whole number from 0 to 127" --view warpgroup --instr "$W" --lane -1 --svg "$tmp/a.svg"
refuse 64 "--thread is not an option of --view ldmatrix" --view ldmatrix --thread 3 --svg "$tmp/a.svg"
mkdir "$tmp/wgt"
"$cli" export --view warpgroup --instr "$W" --thread 37 --svg "$tmp/wgt/thread.svg" >/dev/null ||
  fail "export --view warpgroup --thread 37 failed"
"$cli" export --view warpgroup --instr "$W" --lane 37 --svg "$tmp/wgt/lane.svg" >/dev/null ||
  fail "export --view warpgroup --lane 37 failed"
"$cli" export --view warpgroup --instr "$W" --svg "$tmp/wgt/none.svg" >/dev/null || fail "export --view warpgroup failed"
cmp -s "$tmp/wgt/thread.svg" "$tmp/wgt/lane.svg" || fail "export --view warpgroup --thread 37 differs from --lane 37"
cmp -s "$tmp/wgt/thread.svg" "$tmp/wgt/none.svg" && fail "export --view warpgroup --thread 37 outlines no thread"
rm -rf "$tmp/wgt"
refuse 3 "16-byte" --view banks --picture tile --pad 1 --svg "$tmp/a.svg"
refuse 64 "needs --report" --view output --svg "$tmp/a.svg"
# --operand and --crop: a view that has no operands, a crop that does not read or fits no grid.
refuse 64 "not an option of --view banks" --view banks --operand A --svg "$tmp/a.svg"
refuse 64 "rows=FIRST-LAST" --view fragments --instr "$M" --operand A --crop rows=4 --svg "$tmp/a.svg"
# One convention with File > Export (both ends included): the older half-open form is refused with
# the same rows written in it, never read as one row more or less.
refuse 64 "rows=0-15" --view fragments --instr "$M" --operand A --crop rows=0:16 --svg "$tmp/a.svg"
refuse 64 "give A, B or C" --view fragments --instr "$M" --operand E --svg "$tmp/a.svg"
refuse 3 "needs --operand" --view fragments --instr "$M" --crop rows=0-3 --svg "$tmp/a.svg"
refuse 3 "outside A's 16 x 16" --view fragments --instr "$M" --operand A --crop cols=8-16 --svg "$tmp/a.svg"
refuse 5 "cannot read" --view output --report "$tmp/none.json" --svg "$tmp/a.svg"
# Newcomer round 26: --png x.jpg wrote PNG bytes under a JPEG name; another format's name is refused too.
refuse 64 "--png $tmp/a.jpg ends in .jpg but the format is PNG; name the file .png" --view movmatrix --png "$tmp/a.jpg"
refuse 64 "ends in .PDF but the format is SVG; choose PDF or name the file .svg" --view movmatrix --svg "$tmp/a.PDF"

cairo=yes
if ! "$cli" export --view movmatrix --png "$tmp/m.png" >/dev/null 2>"$tmp/err"; then
  cairo=no
  grep -q "built without cairo" "$tmp/err" || fail "PNG refused without saying the build lacks cairo: $(cat "$tmp/err")"
  rm -f "$tmp/m.png"
fi
rm -f "$tmp/m.png"
if [ $cairo = yes ]; then
  # A PNG over cairo's 32767 pixels a side is refused before the SVG asked with it is written.
  refuse 3 "32767" --view warpgroup --instr m64n256k16.f32.f16.f16 --svg "$tmp/a.svg" --png "$tmp/a.png" --scale 4
fi

# /dev/full: a device, refused before any work (exit 5; writing it failed half-way before).
"$cli" export --view fragments --instr "$M" --svg /dev/full >/dev/null 2>"$tmp/err"
[ $? = 5 ] || fail "--svg /dev/full did not exit 5"
grep -q "cannot write --svg /dev/full: is a character device" "$tmp/err" || fail "/dev/full: no message"
# Standard output to /dev/full with a good file: also a failure.
"$cli" export --view movmatrix --svg "$tmp/m.svg" >/dev/full 2>/dev/null
[ $? = 5 ] || fail "export with standard output on /dev/full did not exit 5"
rm -f "$tmp/m.svg"

# The SVG through an XML parser. PTX ISA m16n8k16 A: (0,0) T0 V0, (8,0) T0 V2, (1,2) T5 V0.
"$cli" export --view fragments --instr "$M" --svg "$tmp/f.svg" --tikz "$tmp/f.tex" >"$tmp/out" ||
  fail "fragments export exited $?"
grep -q "wrote $tmp/f.svg (SVG" "$tmp/out" || fail "no 'wrote' line: $(cat "$tmp/out")"
python3 - "$tmp/f.svg" <<'PY' || fail "SVG read back"
import sys, xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[1]).getroot()
rects = root.findall(".//s:rect", ns)
ids = {r.get("id"): i for i, r in enumerate(rects) if r.get("id")}
texts = [t.text for t in root.findall(".//s:text", ns)]
ok = True
def check(cond, what):
    global ok
    if not cond:
        print("SVG:", what); ok = False
check(sum(1 for i in ids if i.startswith("A-r")) == 256, "A has not 256 cells")
check(sum(1 for i in ids if i.startswith("C-r")) == 128, "C/D has not 128 cells")
check(sum(1 for t in texts if t and t.startswith("T") and " V" in t) == 512, "not 512 T<lane> V<element> labels")
check(root.find("s:title", ns).text == "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "title")
# The label drawn after each cell's rect is its text: the writer keeps drawing order.
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
def label(cell):
    for i, e in enumerate(order):
        if e.get("id") == cell:
            return order[i + 1].text
check(label("A-r0-c0") == "T0 V0", "A(0,0)")
check(label("A-r8-c0") == "T0 V2", "A(8,0)")
check(label("A-r1-c2") == "T5 V0", "A(1,2)")
sys.exit(0 if ok else 1)
PY
grep -q '{T0 V2};' "$tmp/f.tex" || fail "TikZ lacks the T0 V2 node"
grep -q '^\\begin{tikzpicture}' "$tmp/f.tex" || fail "TikZ has no tikzpicture"

if [ $cairo = yes ]; then
  # PNG size from its IHDR (bytes 16-23, big-endian): twice the points at the default scale 2.
  "$cli" export --view banks --swizzle xor --pad 0 --png "$tmp/b.png" --pdf "$tmp/b.pdf" >"$tmp/out" ||
    fail "banks PNG/PDF exited $?"
  pt=$(grep "(PDF" "$tmp/out" | sed -E 's/.*PDF, ([0-9]+) x ([0-9]+) pt.*/\1 \2/')
  px=$(python3 -c 'import sys,struct; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n"; print(*struct.unpack(">II", d[16:24]))' "$tmp/b.png") ||
    fail "not a PNG"
  read -r pw ph <<<"$pt"
  read -r xw xh <<<"$px"
  [ $((xw - 2 * pw)) -ge -2 ] && [ $((xw - 2 * pw)) -le 2 ] && [ $((xh - 2 * ph)) -ge -2 ] && [ $((xh - 2 * ph)) -le 2 ] ||
    fail "PNG $xw x $xh is not twice the $pw x $ph pt"
  head -c 5 "$tmp/b.pdf" | grep -q '%PDF-' || fail "not a PDF"
  # The large tile: wgmma m64n256 as PNG at scale 1 and as SVG.
  "$cli" export --view warpgroup --instr wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 --png "$tmp/w.png" \
    --svg "$tmp/w.svg" --scale 1 >/dev/null || fail "m64n256 export exited $?"
  [ "$(grep -c '<rect id="D-r' "$tmp/w.svg")" = 16384 ] || fail "m64n256 SVG has not 64 x 256 D cells"
fi

# The output view of the pinned H200 gate reports (tests/fixtures/reports/): the exact one all
# green; the deliberately broken one (n = 2048, 2,096,642 mismatches counted, the first 65,536
# recorded: rows 0 to 64) red where it records mismatches and grey (not recorded) after its 65536th.
fx="$src/tests/fixtures/reports"
python3 -c 'import sys, tarfile; open(sys.argv[3], "wb").write(tarfile.open(sys.argv[1]).extractfile(sys.argv[2]).read())' \
  "$fx/h200-gate-broken.tar.xz" h200-2026-12-01-gate-broken.json "$tmp/broken.json" || fail "cannot unpack the broken-gate fixture"
"$cli" export --view output --report "$fx/h200-2026-12-01-gate.json" --svg "$tmp/ok.svg" >/dev/null || fail "output export exited $?"
"$cli" export --view output --report "$tmp/broken.json" --svg "$tmp/bad.svg" >/dev/null ||
  fail "broken output export exited $?"
python3 - "$tmp/ok.svg" "$tmp/bad.svg" <<'PY' || fail "output view colours"
import sys, xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
def fills(path):
    return {r.get("id"): r.get("fill") for r in ET.parse(path).getroot().findall(".//s:rect", ns) if r.get("id")}
ok, bad = fills(sys.argv[1]), fills(sys.argv[2])
blocks = [k for k in ok if k.startswith("blocks-")]
assert len(blocks) == 32 * 32, len(blocks)
assert all(ok[k] == "#216b38" for k in blocks), "the exact run is not all green"
assert bad["blocks-r0-c0"] == "#ff2e1f" and bad["blocks-r31-c31"] == "#85878f", (bad["blocks-r0-c0"], bad["blocks-r31-c31"])
PY

# --view fragments --report: a probe report's marks and its "measured on" line, as the app's
# fragments view shows them with the report open (newcomer round 25). The pinned H200 probe report
# measured m16n8k16 through ldmatrix, all 512 elements (A 16 x 16, B 16 x 8, C 16 x 8) matching:
# every cell carries the green corner (the screen's kGreen, 80,200,120), none a red cross.
"$cli" export --view fragments --instr "$M" --report "$fx/h200-2026-12-01-probe.json" --svg "$tmp/pr.svg" \
  >/dev/null 2>"$tmp/err" || fail "fragments export with a probe report exited $?: $(cat "$tmp/err")"
python3 - "$tmp/pr.svg" <<'PY' || fail "the fragments export lacks the report's marks or line"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cells = {r.get("id") for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("id")}
assert len(cells) == 512, len(cells)
marks = {p.get("id"): p.get("fill") for p in root.iter("{http://www.w3.org/2000/svg}polygon")}
assert set(marks) == {c + "-measured" for c in cells}, sorted(set(marks) ^ {c + "-measured" for c in cells})[:5]
assert set(marks.values()) == {"#50c878"}, set(marks.values())
texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
assert "measured on NVIDIA H200, sm_90: through ldmatrix all 512 elements match" in texts, texts[:6]
assert not any(t and t.startswith("PTX ISA") for t in texts), [t for t in texts if t and t.startswith("PTX ISA")]
PY
# An entry the report skipped: its reason, no marks; one it does not name: said so, no marks.
"$cli" export --view fragments --instr mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32 \
  --report "$fx/h200-2026-12-01-probe.json" --svg "$tmp/skip.svg" >/dev/null 2>&1 || fail "skipped entry export exited $?"
grep -qF ">measured on NVIDIA H200, sm_90: skipped: needs sm_120a or newer (device is sm_90)<" "$tmp/skip.svg" ||
  fail "the export of a skipped entry does not give the report's reason"
"$cli" export --view fragments --instr mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 \
  --report "$fx/h200-2026-12-01-probe.json" --svg "$tmp/none.svg" >/dev/null 2>&1 || fail "unnamed entry export exited $?"
grep -qF ">measured on NVIDIA H200, sm_90: this instruction is not in the report. PTX ISA prediction.<" "$tmp/none.svg" ||
  fail "the export of an entry the report does not name does not say so"
! grep -q "<polygon" "$tmp/skip.svg" "$tmp/none.svg" || fail "an entry the report did not measure carries marks"
rm -f "$tmp/pr.svg" "$tmp/skip.svg" "$tmp/none.svg"
# --view warpgroup --report (newcomer round 26): the pinned Hopper probe report measured
# m64n64k16 bf16, every D (64 x 64) and A (64 x 16) element matching: 5120 green corners, the view's
# line (with the Descriptor view's default B K-major 128B, which the report probed), no "PTX ISA".
"$cli" export --view warpgroup --instr wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 \
  --report "$fx/h200-2026-12-01-hopper-probe.json" --svg "$tmp/wg.svg" >/dev/null 2>"$tmp/err" ||
  fail "warpgroup export with a probe report exited $?: $(cat "$tmp/err")"
python3 - "$tmp/wg.svg" <<'PY' || fail "the warpgroup export lacks the report's marks or line"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cells = {r.get("id") for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("id")}
assert len(cells) == 64 * 64 + 64 * 16, len(cells)
marks = {p.get("id"): p.get("fill") for p in root.iter("{http://www.w3.org/2000/svg}polygon")}
assert set(marks) == {c + "-measured" for c in cells}, sorted(set(marks) ^ {c + "-measured" for c in cells})[:5]
texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
assert ("measured on NVIDIA H200, sm_90: 4096 of 4096 D elements, 1024 of 1024 A, descriptor B K-major "
        "128B: 1024 of 1024 elements match the model") in texts, texts[:6]
assert not any(t and "PTX ISA" in t for t in texts)
PY
rm -f "$tmp/wg.svg"

# A crop: one operand's block, exactly the cells asked for (PTX ISA m16n8k16 A: (4,8) T16 V4, (8,8) T0 V6).
"$cli" export --view fragments --instr "$M" --operand A --crop rows=4-11,cols=8-15 --svg "$tmp/crop.svg" \
  >"$tmp/said" || fail "cropped export exited $?"
# Said as the dialog shows it: both ends and the count.
grep -qF "rows 4-11 (8 rows), columns 8-15 (8 columns)" "$tmp/said" || fail "crop not said: $(cat "$tmp/said")"
rm -f "$tmp/said"
python3 - "$tmp/crop.svg" <<'PY' || fail "cropped SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
ids = [e.get("id") for e in order if e.get("id")]
want = ["A-r%d-c%d" % (r, c) for r in range(4, 12) for c in range(8, 16)]
assert sorted(ids) == sorted(want), ids[:5]
label = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
assert label["A-r4-c8"] == "T16 V4" and label["A-r8-c8"] == "T0 V6", (label["A-r4-c8"], label["A-r8-c8"])
PY
rm -f "$tmp/crop.svg"

# The Algebra window's tables: composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1)) draws operand
# 1 (T0, 8 x 64), operand 2 (T1, 8 x 8) and the result (T2): B(0,1) = 8 is (0,1) of the 8 x 64
# row-major tile, offset 64 before the swizzle; Swizzle<3,3,3> moves bit 6 to bit 3: 72.
"$cli" export --view algebra --expression 'composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1))' \
  --svg "$tmp/alg.svg" >/dev/null || fail "algebra export exited $?"
python3 - "$tmp/alg.svg" <<'PY' || fail "algebra SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
label = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
for t, n in (("T0", 8 * 64), ("T1", 64), ("T2", 64)):
    assert sum(1 for i in label if i.startswith(t + "-")) == n, t
assert label["T0-r1-c8"] == "64" and label["T1-r0-c1"] == "1" and label["T2-r0-c1"] == "72", label["T2-r0-c1"]
PY
"$cli" export --view algebra --expression 'complement((2,2):(2,3))' --svg "$tmp/alg2.svg" 2>"$tmp/err"
[ $? = 3 ] || fail "a refused expression did not exit 3"
grep -q "Non-injective" "$tmp/err" || fail "the refusal does not quote CuTe: $(cat "$tmp/err")"
[ -e "$tmp/alg2.svg" ] && fail "a refused expression wrote a picture"
"$cli" export --view algebra --svg "$tmp/alg2.svg" 2>/dev/null
[ $? = 64 ] || fail "--view algebra without --expression did not exit 64"
rm -f "$tmp/alg.svg"

rm -rf "${tmp:?}"/*  # refuse() checks that nothing is left
# fragments --report: a gate report is no probe report: refused, naming the file, nothing written.
refuse 3 "h200-2026-12-01-gate.json holds no probe report" --view fragments --instr "$M" \
  --report "$fx/h200-2026-12-01-gate.json" --svg "$tmp/a.svg"
refuse 5 "cannot read" --view fragments --instr "$M" --report "$tmp/none.json" --svg "$tmp/a.svg"
# --crop on the bank view's tile picture: a block of the tile's rows and columns (no --operand: one
# tile); the explorer's .x4 over the padded 64-wide tile: lane 11 reads row 11 from column 0.
rm -rf "${tmp:?}"/*  # refuse() checks that nothing is left
# The lines picture writes the tile's widths in the unit the app's Controls give them: --instr's A
# element, bytes for s8 (the explorer's 64 halves are 128 bytes, its 8-half pad 16 bytes).
"$cli" export --view banks --instr mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 --svg "$tmp/s8.svg" \
  >/dev/null 2>"$tmp/err" || fail "export --view banks --instr s8: $(cat "$tmp/err")"
grep -q "width 128 + pad 16 = stride 144 bytes (144 B)" "$tmp/s8.svg" ||
  fail "export --view banks --instr s8: the tile line is not in bytes"
"$cli" export --view banks --svg "$tmp/f16.svg" >/dev/null 2>&1 || fail "export --view banks failed"
grep -q "width 64 + pad 8 = stride 72 halves (144 B)" "$tmp/f16.svg" ||
  fail "export --view banks: the tile line is not in halves"
rm -f "$tmp/s8.svg" "$tmp/f16.svg"
refuse 3 "outside the tile" --view banks --picture tile --crop rows=0-998 --svg "$tmp/a.svg"
"$cli" export --view banks --picture tile --crop rows=8-15,cols=0-7 --svg "$tmp/bcrop.svg" >/dev/null ||
  fail "cropped bank export exited $?"
python3 - "$tmp/bcrop.svg" <<'PY' || fail "cropped bank SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
ids = [e.get("id") for e in order if e.get("id")]
assert sorted(ids) == sorted("tile-r%d-c%d" % (r, c) for r in range(8, 16) for c in range(8)), ids[:5]
label = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
assert label["tile-r11-c0"].startswith("T11 "), label["tile-r11-c0"]
PY
rm -f "$tmp/bcrop.svg"

# --palette: light (default) draws on palette.json's "document" paper, dark on its "screen" paper
# (the app's window background and text); the app's names, document and screen, are the same two
# palettes (issue 22); anything else is a usage error.
refuse 64 "palette" --view movmatrix --palette blue --svg "$tmp/a.svg"
for p in light dark document screen default; do
  opt=(--palette "$p")
  [ "$p" = default ] && opt=()
  "$cli" export --view movmatrix "${opt[@]}" --svg "$tmp/pal.svg" >/dev/null || fail "--palette $p exited $?"
  python3 - "$tmp/pal.svg" "$src/assets/palette.json" "$p" <<'PY' || fail "--palette $p: not the palette's paper"
import json, sys, xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
pal = json.load(open(sys.argv[2]))
paper = pal["screen" if sys.argv[3] in ("dark", "screen") else "document"]
root = ET.parse(sys.argv[1]).getroot()
ground = root.find("s:rect", ns)  # the first rect is the ground
assert ground.get("fill").lower() == paper["background"].lower(), (ground.get("fill"), paper)
title = [t for t in root.findall(".//s:text", ns) if t.text == root.find("s:title", ns).text][0]
assert title.get("fill").lower() == paper["ink"].lower(), (title.get("fill"), paper)
PY
  rm -f "$tmp/pal.svg"
done
# The Tensor memory view (model only). tcgen05.ld.16x256b.x2 from warp 1: lanes 32-47; worked out
# from the m16n8 C fragment it equals: T5 (groupID 1, thread-in-group 1) c2 at row 9 -> lane 41,
# column 2; repetition 1 is the next 8 columns: T6 (groupID 1, tig 2) r4 = c0 at lane 33, column
# 8 + 4 = 12. M = 64 accumulator (Layout F): D(17, 3) at lane 17 % 16 + 32 = 33, column 3; lane 16 free.
"$cli" export --view tmem --tmem 'ld shape=16x256b num=2 warp=1' --svg "$tmp/tmem.svg" >/dev/null ||
  fail "tmem export exited $?"
"$cli" export --view tmem --tmem 'accumulator m=64 n=64 cta_group=1' --svg "$tmp/tmem_acc.svg" >/dev/null ||
  fail "tmem accumulator export exited $?"
python3 - "$tmp/tmem.svg" "$tmp/tmem_acc.svg" <<'PY2' || fail "tmem SVG cells"
import sys, xml.etree.ElementTree as ET
def labels(path):
    root = ET.parse(path).getroot()
    order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
    texts = [e.text for e in root.iter() if e.tag.endswith("text")]
    return {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}, texts
ld, texts = labels(sys.argv[1])
assert sum(1 for i in ld if i.startswith("TMEM-")) == 128 * 16, len(ld)
assert ld["TMEM-r41-c2"] == "T5 r2" and ld["TMEM-r33-c12"] == "T6 r4", (ld["TMEM-r41-c2"], ld["TMEM-r33-c12"])
assert any(t and t.startswith("model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU") for t in texts)
assert any(t and "lanes 32-63: warps 1, 5, 9, ..., 29" in t for t in texts)
acc, texts = labels(sys.argv[2])
assert acc["TMEM-r33-c3"] == "17,3", acc["TMEM-r33-c3"]
assert acc["TMEM-r16-c0"] in (None, ""), acc["TMEM-r16-c0"]
assert any(t and "Layout F" in t for t in texts)
assert any(t and t.startswith("model only: PTX ISA 9.1 and CuTe 4.2 agree; not yet run on a GPU") for t in texts)
PY2
"$cli" export --view tmem --tmem 'ld shape=16x256b num=x64' --svg "$tmp/tmem2.svg" 2>"$tmp/err"
[ $? = 3 ] || fail "a refused tmem shape did not exit 3"
grep -q "up to .x32" "$tmp/err" || fail "the tmem refusal does not say why: $(cat "$tmp/err")"
[ -e "$tmp/tmem2.svg" ] && fail "a refused tmem shape wrote a picture"
rm -f "$tmp/tmem.svg" "$tmp/tmem_acc.svg"

# A picture says what it rests on (issue 26): an sm_120a entry has never run on a GPU, so its
# fragments figure carries the model-only line the app's status line and `layout` give; an sm_80
# entry, measured on the H200, carries none.
F8=mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32
for args in "--instr $F8" "--instr $F8 --operand A --crop rows=0-3"; do
  # shellcheck disable=SC2086
  "$cli" export --view fragments $args --svg "$tmp/f8.svg" >/dev/null 2>&1 || fail "export $args exited $?"
  grep -qF "model only (needs sm_120a): PTX ISA 9.2 and CuTe 4.2 agree; not yet run on a GPU" "$tmp/f8.svg" ||
    fail "the fragments export of $args does not say it is model only"
done
"$cli" export --view fragments --instr "$M" --svg "$tmp/f8.svg" >/dev/null 2>&1 || fail "export $M exited $?"
grep -qF "model only" "$tmp/f8.svg" && fail "the fragments export of $M says model only"
rm -f "$tmp/f8.svg"

# --load/--store as `banks` takes them (issue 22): the same picture as --access naming that access,
# not the default ldmatrix's; refused beside --access, for another view, or with a non-plain access.
for pair in "--load lds128" "--store sts128" "--load lds32"; do
  set -- $pair
  "$cli" export --view banks --picture tile "$1" "$2" --svg "$tmp/plain.svg" >/dev/null 2>"$tmp/err" ||
    fail "export --view banks $pair: exit $?: $(cat "$tmp/err")"
  "$cli" export --view banks --picture tile --access "$2" --svg "$tmp/access.svg" >/dev/null 2>&1 || fail "export --access $2 failed"
  cmp -s "$tmp/plain.svg" "$tmp/access.svg" || fail "export --view banks $pair draws other than --access $2"
  rm -f "$tmp/plain.svg" "$tmp/access.svg"
done
"$cli" export --view banks --picture tile --svg "$tmp/ldm.svg" >/dev/null 2>&1 && "$cli" export --view banks --picture tile --load lds128 --svg "$tmp/lds.svg" >/dev/null 2>&1 &&
  cmp -s "$tmp/ldm.svg" "$tmp/lds.svg" && fail "export --view banks --load lds128 draws the default ldmatrix"
rm -f "$tmp/ldm.svg" "$tmp/lds.svg"
refuse 64 "excludes" --view banks --load lds128 --access lds64 --svg "$tmp/a.svg"
refuse 64 "excludes" --view banks --load lds128 --store sts128 --svg "$tmp/a.svg"
refuse 64 "--load" --view banks --load ldmatrix --svg "$tmp/a.svg"
refuse 64 "not an option of --view fragments" --view fragments --instr "$M" --load lds128 --svg "$tmp/a.svg"
rm -f "$tmp/err"

# Newcomer round 9: the bank view's Layout mode and the fragments view's label levels, which the app
# shows and exports, had no export option. --layout-mode draws the lines x banks grid (titled as the
# screen's "Layout mode: 16 x 64 elements of 2 B"), by default of the app's own default layout
# Swizzle<3,3,3> o (16,64):(64,1), the same picture as that layout named; --read-layout adds the read
# side. --labels lane / none leave the V<element> / every label out of the fragments cells.
"$cli" export --view banks --layout-mode --svg "$tmp/lm.svg" >/dev/null 2>"$tmp/err" ||
  fail "export --view banks --layout-mode: exit $?: $(cat "$tmp/err")"
"$cli" export --view banks --layout-mode --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --svg "$tmp/lm2.svg" >/dev/null 2>&1 ||
  fail "export --layout-mode --layout failed"
cmp -s "$tmp/lm.svg" "$tmp/lm2.svg" || fail "--layout-mode alone is not the app's default layout"
"$cli" export --view banks --picture tile --layout 'Swizzle<3,3,3> o (16,64):(64,1)' --svg "$tmp/tile.svg" >/dev/null 2>&1 ||
  fail "export --view banks --layout failed"
cmp -s "$tmp/lm.svg" "$tmp/tile.svg" && fail "--layout-mode draws the element tile, not the Layout mode"
grep -q "Layout mode: 16 x 64 elements of 2 B" "$tmp/lm.svg" || fail "--layout-mode's picture is not the Layout mode's"
"$cli" export --view banks --layout-mode --read-layout '(16,64):(64,1)' --svg "$tmp/lm3.svg" >/dev/null 2>"$tmp/err" ||
  fail "export --layout-mode --read-layout: exit $?: $(cat "$tmp/err")"
cmp -s "$tmp/lm.svg" "$tmp/lm3.svg" && fail "--read-layout changed nothing"
rm -f "$tmp/lm.svg" "$tmp/lm2.svg" "$tmp/lm3.svg" "$tmp/tile.svg"
refuse 64 "layout-mode" --view banks --read-layout '(16,64):(64,1)' --svg "$tmp/a.svg"
refuse 64 "not an option of the Layout mode" --view banks --layout-mode --width 32 --svg "$tmp/a.svg"
# Its --crop (File > Export's visible region of the Layout mode): lines 2-3 and banks 30-31 are
# exactly four words; a grid of the tile view's or a line past the 16 of (16,64):(64,1) is refused.
"$cli" export --view banks --layout-mode --crop 'layout:rows=2-3,cols=30-31' --svg "$tmp/lmc.svg" >/dev/null 2>"$tmp/err" ||
  fail "export --layout-mode --crop: exit $?: $(cat "$tmp/err")"
[ "$(grep -o 'id="words-r[0-9]*-c[0-9]*"' "$tmp/lmc.svg" | sort -u | tr '\n' ' ')" = \
  'id="words-r2-c30" id="words-r2-c31" id="words-r3-c30" id="words-r3-c31" ' ] ||
  fail "--layout-mode --crop drew other words: $(grep -o 'id="words-[^"]*"' "$tmp/lmc.svg" | head)"
rm -f "$tmp/lmc.svg"
refuse 3 "no grid of the Layout mode" --view banks --layout-mode --crop 'padded:rows=0-1' --svg "$tmp/a.svg"
refuse 3 "outside the layout grid" --view banks --layout-mode --crop 'rows=0-16' --svg "$tmp/a.svg"
refuse 64 "not an option of --view fragments" --view fragments --layout-mode --svg "$tmp/a.svg"
for level in full lane number none; do
  "$cli" export --view fragments --instr "$M" --labels "$level" --svg "$tmp/$level.svg" >/dev/null 2>"$tmp/err" ||
    fail "export --labels $level: exit $?: $(cat "$tmp/err")"
done
python3 - "$tmp" <<'PY3' || fail "--labels does not set what the fragments cells say"
import sys, xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
def texts(name):
    root = ET.parse(f"{sys.argv[1]}/{name}.svg").getroot()
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
full, lane, none = texts("full"), texts("lane"), texts("none")
# m16n8k16: 256 A + 128 B + 128 C cells; A(0,0) is lane 0's a0.
assert sum(t == "T0 V0" for t in full) >= 1, "no 'T0 V0' at full"
assert not any(t.startswith("T") and " V" in t for t in lane), "V<element> at --labels lane"
assert sum(t == "T0" for t in lane) >= 4, "no 'T0' cells at --labels lane"
# none: the same picture less one label per cell (the lane legend keeps its own).
assert len(full) == len(lane) and len(full) - len(none) == 256 + 128 + 128, (len(full), len(lane), len(none))
assert not any(t.startswith("T0 V") for t in none), "cell labels at --labels none"
# number: the lane alone, as the screen's narrowest labelled cells (lane 0 holds 8 A cells).
number = texts("number")
assert len(number) == len(lane) and sum(t == "0" for t in number) >= 8, len(number)
owner = lambda ts: sum(t.startswith("T") and t[1:].isdigit() for t in ts)
assert owner(number) == owner(none), "T<lane> cells at --labels number"  # the lane legend's alone
PY3
rm -f "$tmp/full.svg" "$tmp/lane.svg" "$tmp/number.svg" "$tmp/none.svg"
refuse 64 "must be one of full, lane, number, none" --view fragments --instr "$M" --labels some --svg "$tmp/a.svg"
refuse 64 "not an option of --view ldmatrix" --view ldmatrix --labels none --svg "$tmp/a.svg"
# --view ldmatrix --instr: the view's cells for that instruction (issue 22). For s8, bytes: lane
# 4(row%8) + (byte%16)/4 receives the four bytes 4((byte%16)/4).. of its row in register
# row/8 + 2(byte/16) (PTX ISA, ldmatrix), one label "T<lane> r<register>" over each four.
"$cli" export --view ldmatrix --instr mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 --no-title \
  --svg "$tmp/ldm8.svg" >/dev/null 2>"$tmp/err" || fail "export --view ldmatrix --instr s8: $(cat "$tmp/err")"
python3 - "$tmp/ldm8.svg" <<'PY3' || fail "export --view ldmatrix --instr s8 does not draw the view's byte cells"
import sys, xml.etree.ElementTree as ET
els = list(ET.parse(sys.argv[1]).getroot().iter())
cells = [e.get("id") for e in els if e.tag.endswith("rect") and (e.get("id") or "").startswith("tile-")]
assert len(cells) == 16 * 32, len(cells)
texts = [e.text for e in els if e.tag.endswith("text")]
want = ["T%d r%d" % (4 * (r % 8) + (b % 16) // 4, r // 8 + 2 * (b // 16)) for r in range(16) for b in range(0, 32, 4)]
got = [t for t in texts if t and " r" in t]
assert got == want, (got[:8], want[:8])
assert not any(t and " V" in t for t in texts), "a V<element> label"
PY3
rm -f "$tmp/ldm8.svg"
# The bank view's words say their reading lane as the app's words do at its zoom (issue 22): --labels
# full or lane "T<lane>", number the lane alone, none nothing; the tile picture has its own labels.
for level in lane number none; do
  "$cli" export --view banks --no-title --labels "$level" --svg "$tmp/b-$level.svg" >/dev/null 2>"$tmp/err" ||
    fail "export --view banks --labels $level: exit $?: $(cat "$tmp/err")"
done
python3 - "$tmp" <<'PY3' || fail "--labels does not set what the bank view's words say"
import sys, xml.etree.ElementTree as ET
def words(name):
    els = list(ET.parse(f"{sys.argv[1]}/b-{name}.svg").getroot().iter())
    return {a.get("id"): b.text for a, b in zip(els, els[1:])
            if a.tag.endswith("rect") and (a.get("id") or "").startswith(("unpadded-", "padded-"))
            and b.tag.endswith("text") and float(a.get("x")) <= float(b.get("x")) <= float(a.get("x")) + float(a.get("width"))}
lane, number, none = words("lane"), words("number"), words("none")
# The explorer's x4 ldmatrix reads 512 bytes: 128 words a side. Lane 0's row is the tile's first 16 bytes.
assert len(lane) == 256 and lane["unpadded-r0-c0"] == "T0" and lane["padded-r0-c0"] == "T0", len(lane)
assert {k: "T" + v for k, v in number.items()} == lane, "--labels number is not the lanes of --labels lane"
assert none == {}, list(none.items())[:3]
PY3
rm -f "$tmp"/b-*.svg
refuse 64 "--picture tile labels every cell" --view banks --picture tile --labels none --svg "$tmp/a.svg"
# The warpgroup view takes --labels too (its screen's cells read by zoom as the fragments view's).
"$cli" export --view warpgroup --instr m64n256k16.f32.f16.f16 --operand D --crop rows=16-31,cols=8-15 \
  --labels number --svg "$tmp/wg.svg" >/dev/null 2>"$tmp/err" || fail "export --view warpgroup --labels number: $(cat "$tmp/err")"
grep -q '>32<' "$tmp/wg.svg" || fail "--labels number: no warpgroup cell says its thread (D(16,8) is T32)"
grep -q '>T32 V4<' "$tmp/wg.svg" && fail "--labels number: a warpgroup cell still says T<thread> V<element>"
rm -f "$tmp/wg.svg"
rm -f "$tmp/err"

# Issue 22: the Layout mode's lds128 rule line (400 characters) made the SVG 2510 pt wide. Its grid
# is 52 pt of addresses + 32 banks x 24 pt + a 12-pt margin = 832 pt; the line is wrapped to that.
"$cli" export --view banks --layout-mode --access lds128 --svg "$tmp/wrap.svg" >"$tmp/out" ||
  fail "banks --layout-mode lds128 exited $?"
grep -q '<svg [^>]* width="832pt"' "$tmp/wrap.svg" || fail "lds128 Layout mode SVG is not 832 pt wide: $(cat "$tmp/out")"
grep -q 'Measured so on the H200' "$tmp/wrap.svg" || fail "the wrapped rule lost its last sentence"
rm -f "$tmp/wrap.svg" "$tmp/out" "$tmp/err"  # refuse() checks that nothing is left

# Issue 22: the bank view's default picture is the screen's (the unpadded and the padded tile as
# 128-byte lines x 32 banks), cropped per grid as the screen frames it; what only the tile picture
# draws is refused with the way to it. Hand-derived: padded by 8 halves (stride 144 B), lane 11's row
# 11 starts at byte 1584: line 12, bank 12; unpadded (stride 128 B) at byte 1408: line 11, bank 0.
refuse 3 "add --picture tile" --view banks --layout '(16,64):(64,1)' --svg "$tmp/a.svg"
refuse 3 "no grid of the bank view" --view banks --crop 'tile:rows=0-1' --svg "$tmp/a.svg"
refuse 64 "not an option of the Layout mode" --view banks --layout-mode --picture tile --svg "$tmp/a.svg"
"$cli" export --view banks --pad 1 --svg "$tmp/ill.svg" >/dev/null 2>"$tmp/err" || fail "lines picture of pad 1: $(cat "$tmp/err")"
grep -q "Illegal: " "$tmp/ill.svg" || fail "the lines picture of an illegal tile does not say so, as the screen does"
rm -f "$tmp/ill.svg" "$tmp/err"
"$cli" export --view banks --crop 'unpadded:rows=11-11,cols=0-3;padded:rows=10-12,cols=8-15' --svg "$tmp/bl.svg" >"$tmp/out" ||
  fail "banks lines crop exited $?"
grep -q "; unpadded lines 11-11, banks 0-3; padded lines 10-12, banks 8-15" "$tmp/out" || fail "the crop is not said: $(cat "$tmp/out")"
python3 - "$tmp/bl.svg" <<'PY' || fail "banks lines cropped SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
ids = [e.get("id") for e in order if e.get("id")]
want = ["unpadded-r11-c%d" % c for c in range(4)] + ["padded-r%d-c%d" % (r, c) for r in range(10, 13) for c in range(8, 16)]
assert sorted(ids) == sorted(want), sorted(set(ids) ^ set(want))[:6]
label = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
assert label["padded-r12-c12"] == "T11", label["padded-r12-c12"]
assert label["unpadded-r11-c0"] == "T11", label["unpadded-r11-c0"]
PY
rm -f "$tmp/bl.svg" "$tmp/out"

# Issue 22: File > Export's visible region of the fragments view is every grid in view, each cropped,
# as one --crop naming each grid; a grid not named is left out. PTX ISA m16n8k16 C: c0 of lane 5 at (1, 2).
"$cli" export --view fragments --instr "$M" --crop 'A:rows=0-7,cols=0-5;C/D:rows=0-7,cols=0-3' --svg "$tmp/fg.svg" >"$tmp/out" ||
  fail "fragments grid crop exited $?"
grep -q "; A rows 0-7, cols 0-5; C/D rows 0-7, cols 0-3" "$tmp/out" || fail "the crop is not said: $(cat "$tmp/out")"
python3 - "$tmp/fg.svg" <<'PY' || fail "fragments grid-cropped SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
order = [e for e in root.iter() if e.tag.endswith("rect") or e.tag.endswith("text")]
ids = [e.get("id") for e in order if e.get("id")]
want = ["A-r%d-c%d" % (r, c) for r in range(8) for c in range(6)] + ["C-r%d-c%d" % (r, c) for r in range(8) for c in range(4)]
assert sorted(ids) == sorted(want), sorted(set(ids) ^ set(want))[:6]
label = {e.get("id"): order[i + 1].text for i, e in enumerate(order) if e.get("id")}
assert label["C-r1-c2"] == "T5 V0", label["C-r1-c2"]
PY
rm -f "$tmp/fg.svg" "$tmp/out"
refuse 3 "no --operand" --view fragments --instr "$M" --operand A --crop 'A:rows=0-7' --svg "$tmp/a.svg"
refuse 3 "B is given twice" --view fragments --instr "$M" --crop 'B:rows=0-1;b:cols=0-1' --svg "$tmp/a.svg"

# --no-title: the picture holds what the screen's view holds, no title and no lane legend; without
# it, both. The bank view's lines picture likewise loses its title and its lane legend.
for args in "--view fragments --instr $M" "--view banks"; do
  # shellcheck disable=SC2086
  "$cli" export $args --no-title --svg "$tmp/bare.svg" >/dev/null 2>"$tmp/err" || fail "--no-title $args: $(cat "$tmp/err")"
  # shellcheck disable=SC2086
  "$cli" export $args --svg "$tmp/titled.svg" >/dev/null 2>"$tmp/err" || fail "$args: $(cat "$tmp/err")"
  python3 - "$tmp/bare.svg" "$tmp/titled.svg" <<'PY' || fail "--no-title $args: a title or legend is drawn"
import sys, xml.etree.ElementTree as ET
def texts(p):
    return [t.text for t in ET.parse(p).getroot().iter("{http://www.w3.org/2000/svg}text")]
def titles(p):  # the title is the one 12-point text
    return [t.text for t in ET.parse(p).getroot().iter("{http://www.w3.org/2000/svg}text") if t.get("font-size") == "12"]
bare, titled = texts(sys.argv[1]), texts(sys.argv[2])
assert "Lanes" in titled and len(titles(sys.argv[2])) == 1, "the default picture lost its title or legend"
assert "Lanes" not in bare, "the lane legend is drawn"
assert not titles(sys.argv[1]), ("a title is drawn", titles(sys.argv[1]))
PY
done

[ $fails = 0 ] && echo "test_export: all checks passed (cairo: $cairo)"
exit $((fails > 0))
