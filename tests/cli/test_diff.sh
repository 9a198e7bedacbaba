#!/usr/bin/env bash
# fragviz-cli diff: the pinned H200 reports (tests/fixtures/reports/) and fuzz seeds, whose
# differences were read off the JSON by hand; exit 0 when the reports agree, 1 with every difference listed, 3 for a file that is no
# report, 5 for one that cannot be read, 64 for a bad command line.
# Usage: test_diff.sh <fragviz-cli> <source dir>
set -u
cli="$1"
src="$2"
fx="$src/tests/fixtures/reports"
seeds="$src/tests/fuzz/corpus/report"
fails=0
EXPECT_TIMEOUT=120  # the reports, also under the sanitizers
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# only_in A B: the probe entries (fragment, instruction, wgmma, WMMA and matrix-move probes, by
# mnemonic, name or kind + mnemonic + detail) one file holds and the other does not, read off the
# JSON by Python, in the verdict's words: "4 entries only in A (4 instruction probes), 5 only in B
# (2 wgmma probes, 3 matrix-move probes)", a side's single entry by its key.
only_in() {
  python3 - "$1" "$2" <<'PY'
import json, sys
KINDS = [("fragments", "fragment probe"), ("instructions", "instruction probe"), ("wgmma", "wgmma probe"),
         ("wmma", "WMMA fragment"), ("moves", "matrix-move probe")]
def keys(path):
    p = json.load(open(path)).get("probe") or {}
    out = set()
    # Version 1 names a fragment probe by its shape alone: the f16 m16n8 forms it probed.
    name = lambda e: e.get("mnemonic") or "mma.sync.aligned." + e["shape"] + ".row.col.f32.f16.f16.f32"
    for k in ["fragments", "instructions", "wgmma"]:
        out |= {(k, name(e)) for e in p.get(k, [])}
    out |= {("wmma", e["name"]) for e in p.get("wmma", [])}
    out |= {("moves", e["kind"] + " " + e["mnemonic"] + (" " + e["detail"] if e.get("detail") else "")) for e in p.get("moves", [])}
    return out
def what(only):
    if len(only) == 1:
        (k, key), = only
        return " (" + dict(KINDS)[k] + " " + key + ")"
    parts = []
    for k, kind in KINDS:
        n = sum(1 for e in only if e[0] == k)
        if n:
            parts.append(f"{n} {kind}" + ("" if n == 1 else "s"))
    return " (" + ", ".join(parts) + ")"
a, b = keys(sys.argv[1]), keys(sys.argv[2])
na, nb = len(a - b), len(b - a)
one = lambda n: f"{n} entry" if n == 1 else f"{n} entries"
if na and nb: print(f"{one(na)} only in A{what(a - b)}, {nb} only in B{what(b - a)}")
elif na: print(f"{one(na)} only in A{what(a - b)}")
elif nb: print(f"{one(nb)} only in B{what(b - a)}")
PY
}

# The two gate runs (version 1 and version 2) differ only in their times.
g1="$fx/h200-2026-11-29-gate.json"
g2="$fx/h200-2026-12-01-gate.json"
expect 0 "the reports agree (7 times or timestamps also differ; --timings lists them)" -- diff "$g1" "$g2"
expect 1 "gate.kernel_ms: A 0.13359999656677246, B 0.1345440000295639  [time]" -- diff --timings "$g1" "$g2"
expect 1 "7 differences" -- diff --timings "$g1" "$g2"
expect 0 "the reports agree" -- diff "$g2" "$g2"
# A ladder bench CSV is said as one, not as JSON that does not read (newcomer round 28).
expect 3 "a ladder bench CSV (fragviz-cli bench --csv), not a report" -- diff "$src/tests/fixtures/bench/h200-2026-12-01-ladder-final.csv" "$g2"
# An exact gate against one with three mismatches: the verdict, the count, the first and each mismatch.
expect 1 "gate.first: A none, B (0,8) got 1.5 want -0.25" -- diff "$seeds/v2-gate-exact.json" "$seeds/v2-gate-three-mismatches.json"
expect 1 "gate.mismatches[(7,0)]: A absent, B got 0.5 want 0.75" -- diff "$seeds/v2-gate-exact.json" "$seeds/v2-gate-three-mismatches.json"
expect 1 "6 differences" -- diff "$seeds/v2-gate-exact.json" "$seeds/v2-gate-three-mismatches.json"
# A gate that did not run is not compared (as in the app's comparison); nothing else ran on both sides.
expect 1 'not run, not compared: gate: not run in B (n = 2000 is not a multiple of 64)' -- diff "$seeds/v2-gate-exact.json" "$seeds/v2-gate-refused.json"
expect 1 'nothing compared: no part ran on both sides' -- diff "$seeds/v2-gate-exact.json" "$seeds/v2-gate-refused.json"
# The probe runs: version 1 lacks the instruction probes and six cycles rows' addresses. The
# 2026-12-01 fixture keeps 4 of that run's 70 instruction probes (3 run, 1 skipped on sm_90:
# tests/fixtures/trim.py); the cycles table has 7 rows in both files, and version 1 stored the
# addresses of the explorer's row alone (ldmatrix.addresses): 3 + 6 = 9 fields absent in the older
# report's format, the skipped one not run (not compared), no real difference: exit 0.
out=$("$cli" diff "$fx/h200-2026-11-29-probe.json" "$fx/h200-2026-12-01-probe.json" 2>&1)
rc=$?
older=$(grep -c "^probe.instructions\[.*\]: A absent, B ran, .*  \[A (format version 1) has no such field\]$" <<<"$out")
addresses=$(grep -c "^probe.cycles\[.*\].addresses: A not recorded, B recorded  \[A (format version 1) has no such field\]$" <<<"$out")
if [ "$rc" != 0 ] || [ "$older" != 3 ] || [ "$addresses" != 6 ] ||
  ! grep -qx "counts: 0 differences, 9 missing from an older report format version, 1 part not run (not compared), 3 times or timestamps" <<<"$out" ||
  [ "$(sed -n 3p <<<"$out" | cut -c1-7)" != "counts:" ] ||
  ! grep -qx 'not run, not compared: instruction probe mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32: not run in B (skipped: needs sm_120a or newer (device is sm_90))' <<<"$out"; then
  echo "FAIL: probe runs: exit $rc, $older instruction probes and $addresses rows' addresses absent in the older format (want 0, 3, 6, the counts third, the f8f6f4 entry not run)"
  echo "$out" | head -4
  fails=$((fails + 1))
else
  echo "ok: probe runs differ only in what version 1 lacks, and a probe not run"
fi
# --limit N: the counts and the verdict, and N lines of the listing, then how many were held back.
out=$("$cli" diff --limit 2 "$fx/h200-2026-11-29-probe.json" "$fx/h200-2026-12-01-probe.json" 2>&1)
listed=$(grep -c '^probe\.' <<<"$out")
# Version 1 has no instruction probes: the 4 of the later run are in B only, so not "the reports
# agree" (newcomer round 30), and still exit 0.
if [ "$listed" != 2 ] || ! grep -qx '\.\.\. 8 more lines (--limit 2)' <<<"$out" || ! grep -q '^counts: ' <<<"$out" ||
  ! grep -qx "what both hold agrees (3 times or timestamps also differ; --timings lists them); $(only_in "$fx/h200-2026-11-29-probe.json" "$fx/h200-2026-12-01-probe.json"), not compared" <<<"$out"; then
  echo "FAIL: --limit 2 listed $listed lines"; echo "$out"; fails=$((fails + 1))
else
  echo "ok: --limit 2"
fi
expect 0 "... 10 more lines (--limit 0)" -- diff --limit 0 "$fx/h200-2026-11-29-probe.json" "$fx/h200-2026-12-01-probe.json"
expect 64 "" -- diff --limit -1 "$g1" "$g2"
# Version 2 against version 3, both written on 2026-12-01: the 2 wgmma and 3 moves entries are in
# the version 3 file only, version 2's format having no field for them (not an older report: the
# tag names the format version); the 3 instruction
# probes only the version 2 file holds were never asked of the version 3 run (which has the list):
# not run, not compared, no disagreement (issue 22): exit 0, each listed, and the verdict says which
# entries only one report holds (newcomer round 30: "the reports agree" over them).
out=$("$cli" diff "$fx/h200-2026-12-01-probe.json" "$fx/h200-2026-12-01-hopper-probe.json" 2>&1)
rc=$?
if [ "$rc" != 0 ] ||
  ! grep -qx "counts: 0 differences, 5 missing from an older report format version, 4 parts not run (not compared), 4 times or timestamps" <<<"$out" ||
  [ "$(grep -c '^probe\.wgmma\[wgmma\..*\]: A absent, B ran, 0 mismatches  \[A (format version 2) has no such field\]$' <<<"$out")" != 2 ] ||
  [ "$(grep -c '^probe\.moves\[.*\]: A absent, B ran, 0 mismatches  \[A (format version 2) has no such field\]$' <<<"$out")" != 3 ] ||
  grep -q "older report's" <<<"$out" ||
  [ "$(grep -c '^not run, not compared: instruction probe .*: not run in B (not in its report)$' <<<"$out")" != 3 ] ||
  ! grep -qx "compared: the device, the explorer's ldmatrix, 2 fragment probes and 7 cycles rows" <<<"$out" ||
  ! grep -qx "what both hold agrees (4 times or timestamps also differ; --timings lists them); $(only_in "$fx/h200-2026-12-01-probe.json" "$fx/h200-2026-12-01-hopper-probe.json"), not compared" <<<"$out" ||
  [ "$(only_in "$fx/h200-2026-12-01-probe.json" "$fx/h200-2026-12-01-hopper-probe.json")" != "4 entries only in A (4 instruction probes), 5 only in B (2 wgmma probes, 3 matrix-move probes)" ]; then
  echo "FAIL: version 2 vs version 3 probe reports: exit $rc (want 0, 3 instruction probes not run in B):"
  echo "$out"
  fails=$((fails + 1))
else
  echo "ok: instruction probes one report never ran are not disagreements"
fi
# A probe report against a gate report: each part only in one.
expect 1 "probe: A a probe report (NVIDIA H200, 0 instruction probes), B absent" -- diff "$fx/h200-2026-11-29-probe.json" "$g1"

# Data in neither report is named once ("absent in both"), never printed as rows of zeros; a part
# one side did not run is one line, not a row per register, address and element of the other.
layout="$fx/h200-2026-12-01-layout.json"
out=$("$cli" diff "$layout" "$fx/h200-2026-12-01-probe.json" 2>&1)
# The explorer of that probe run is ldmatrix .x4: 32 lanes x 4 registers x 2 halves = 256 elements.
grep -qx "probe.ldmatrix: A absent, B ran, 256 elements, 0 mismatches" <<<"$out" ||
  { echo "FAIL: layout report vs probe report: no one-line absent explorer"; fails=$((fails + 1)); }
if grep -Eq 'ldmatrix\.(registers|addresses|elements)|: A 0x00000000,|: A 0, B ' <<<"$out"; then
  echo "FAIL: layout report vs probe report prints rows of zeros for the explorer A lacks:"
  grep -E 'ldmatrix\.(registers|addresses|elements)|: A 0x00000000,|: A 0, B ' <<<"$out" | head -3
  fails=$((fails + 1))
fi
# What the file lacks, read off the JSON by Python: each part named once, in one line.
want=$(python3 - "$layout" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["probe"]
parts = []
if not p["ldmatrix"]["ran"] and not p["ldmatrix"]["skipped"]: parts.append("probe.ldmatrix")
for k in ["fragments", "instructions", "wgmma", "moves", "wmma", "cycles"]:
    if not p.get(k): parts.append("probe." + k)
print("absent in both: " + " ".join(parts + ["gate"]))
PY
)
expect 0 "$want" -- diff "$layout" "$layout"
# Both without an explorer, their unused explorer fields edited apart: nothing to compare.
tmpd=$(mktemp -d)
python3 - "$layout" "$tmpd/edited.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["probe"]["ldmatrix"]["config"]["num"] = "x2"
d["probe"]["ldmatrix"]["tile"]["pad_halves"] = 0
json.dump(d, open(sys.argv[2], "w"))
PY
expect 0 "the reports agree" -- diff "$layout" "$tmpd/edited.json"
rm -rf "$tmpd"

# "absent in both" names what neither file holds, judged on the files as read, not on what is left
# once the parts not run are set aside (issue 22: two reports that both held probe.instructions, none
# run on both sides, said "absent in both: probe.instructions"; a gate refused in B said "gate").
# Both hold the 2026-12-01 run's instruction probes, trimmed to the one skipped on sm_90.
tmpd=$(mktemp -d)
python3 - "$fx/h200-2026-12-01-probe.json" "$tmpd/skipped.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["probe"]["instructions"] = [e for e in d["probe"]["instructions"] if not e["ran"]]
assert len(d["probe"]["instructions"]) == 1, d["probe"]["instructions"]
json.dump(d, open(sys.argv[2], "w"))
PY
absent_line() { "$cli" diff "$1" "$2" 2>&1 | grep '^absent in both:'; }
got=$(absent_line "$tmpd/skipped.json" "$tmpd/skipped.json")
[ "$got" = "absent in both: probe.layout probe.wgmma probe.moves probe.wmma gate" ] ||
  fail "both hold probe.instructions (one skipped entry), yet: '$got'"
# A holds 4 instruction probes, B (format version 3) none: not absent in both.
got=$(absent_line "$fx/h200-2026-12-01-probe.json" "$fx/h200-2026-12-01-hopper-probe.json")
[ "$got" = "absent in both: probe.layout probe.wmma gate" ] || fail "A holds probe.instructions, yet: '$got'"
# Both hold a gate, refused in B: no probe in either, the gate in both.
got=$(absent_line "$seeds/v2-gate-exact.json" "$seeds/v2-gate-refused.json")
[ "$got" = "absent in both: probe" ] || fail "both hold a gate, yet: '$got'"
rm -rf "$tmpd"

# Unreadable input.
expect 5 "cannot read" -- diff "$g1" "$src/no-such-report.json"
expect 5 "cannot read" -- diff "$src/docs" "$g1"
expect 3 "B:" -- diff "$g1" "$seeds/invalid-not-json.txt"
# A readable file that is no report (issue 22: the README) is refused, 3, as docs/cli.md's table says;
# 5 is for a file that cannot be read at all.
expect 3 "A: $src/README.md: not a JSON document" -- diff "$src/README.md" "$g1"
expect 3 "version" -- diff "$seeds/invalid-version-99.json" "$g1"
# The README's exit codes say the same (issue 22: its "5 = file error" read as the code for a file
# that is not a report): the code it gives "not a report" is the one diff exits with, and the one
# docs/cli.md's table gives; its 5 is only for a file that cannot be read or written.
readme_code=$(python3 - "$src/README.md" "$src/docs/cli.md" <<'PY'
import re, sys
line = re.search(r"^Exit codes: (.*?)\n\n", open(sys.argv[1]).read(), re.S | re.M).group(1).replace("\n", " ")
codes = {int(c): what for c, what in re.findall(r"(\d+) = (.*?)(?=, \d+ = |\.?$)", line)}
mine = [c for c, what in codes.items() if "not a report" in what]
assert len(mine) == 1, codes
table = {int(c): what for c, what in re.findall(r"^\| (\d+) \| (.*) \|$", open(sys.argv[2]).read(), re.M)}
assert "not a fragviz report (`diff`" in table[mine[0]], (mine[0], table.get(mine[0]))
assert "not a report" not in codes[5] and "read" in codes[5], codes[5]
print(mine[0])
PY
) || fail "README's exit codes do not name the code for a file that is not a report, as docs/cli.md's table does"
[ -n "$readme_code" ] && expect "$readme_code" "not a JSON document" -- diff "$src/README.md" "$g1"
expect 64 "required" -- diff "$g1"

echo "$fails failed"
[ "$fails" -eq 0 ]
