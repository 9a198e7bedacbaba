#!/usr/bin/env bash
# fragviz-cli algebra: results in CuTe's notation and their tables (expected values from CuTe's
# documentation, media/docs/cpp/cute/02_layout_algebra.md, and CuTe's print_layout convention:
# row r, column c is layout(r, c)), refusals at their column with what CuTe does there, --csv and
# --svg. tests/cute/test_cute_algebra.cpp holds the algebra itself against CuTe.
# Usage: test_algebra.sh <fragviz-cli>
set -u
cli="$1"
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The issue's three examples.
expect 0 "((8,2),(8,8)):((64,512),(1,8))" -- algebra 'logical_divide((16,64):(64,1), (8,8))'
expect 0 "Swizzle<3,3,3> o (8,8):(1,64)" -- algebra 'composition(Swizzle<3,3,3> o (8,64):(64,1), (8,8):(8,1))'
expect 0 "((4,8),(2,2)):((32,1),(16,8))" -- algebra '((4,8),(2,2)):((32,1),(16,8))'
# CuTe's documentation.
expect 0 "((2,2),3):((24,2),8)" -- algebra 'composition((6,2):(8,2), (4,3):(3,1))'
expect 0 "(3,2):(2,12)" -- algebra 'complement((2,2):(1,6), 24)'
expect 0 "((2,2),(2,3)):((4,1),(2,8))" -- algebra 'logical_product((2,2):(4,1), 6:1)'
expect 0 "12:1" -- algebra 'coalesce((2,(1,6)):(1,(6,2)))'
expect 0 "size 12, cosize 12, rank 1, depth 0" -- algebra 'coalesce((2,(1,6)):(1,(6,2)))'
expect 0 "128" -- algebra 'size(((4,8),(2,2)):((32,1),(16,8)))'

# The table: (2,3):(3,1) is row-major, so row r holds 3r, 3r+1, 3r+2 (print_layout's grid).
out=$("$cli" algebra '(2,3):(3,1)')
if ! grep -qE '^0 \| 0 1 2$' <<<"$out" || ! grep -qE '^1 \| 3 4 5$' <<<"$out"; then
  echo "FAIL: the table of (2,3):(3,1):"
  echo "$out"
  fails=$((fails + 1))
fi
csv=$("$cli" algebra '(2,3):(3,1)' --csv)
if [ "$(head -1 <<<"$csv")" != "row,col,offset" ] || ! grep -qx "1,2,5" <<<"$csv" || [ "$(wc -l <<<"$csv")" != 7 ]; then
  echo "FAIL: --csv of (2,3):(3,1):"
  echo "$csv"
  fails=$((fails + 1))
fi
# A swizzled layout's table holds swizzled offsets: Swizzle<1,0,1> o (2,2):(2,1) sends (1,1) = 3 to 3^1 = 2.
expect 0 "1,1,2" -- algebra 'Swizzle<1,0,1> o (2,2):(2,1)' --csv

# --svg: one labelled cell per coordinate.
expect 0 "wrote" -- algebra 'logical_divide(8:1, 4)' --svg "$tmp/t.svg"
if [ "$(grep -o 'id="L-r' "$tmp/t.svg" | wc -l)" != 8 ]; then
  echo "FAIL: the SVG of logical_divide(8:1, 4) should hold 8 cells"
  fails=$((fails + 1))
fi
expect 0 "<svg" -- algebra '(2,2):(1,2)' --svg -
expect 64 "nothing to draw" -- algebra 'size(8:1)' --svg "$tmp/n.svg"
expect 5 "--svg" -- algebra '8:1' --svg "$tmp/no/such/folder/t.svg"

# Text that does not read, or names no operation: a bad command line (64), at its column.
expect 64 "col 37: expected ',' or ')'" -- algebra 'logical_divide((16,64):(64,1), (8,8)'
# Refusals: at their column, saying what CuTe does.
expect 3 "Stride Divisibility Condition" -- algebra 'composition((4,3):(1,10), 6:5)'
expect 3 "CuTe refuses it too" -- algebra 'complement((2,2):(2,3))'
expect 3 "is not A o B" -- algebra 'composition((4,3):(1,10), 4:3)'
expect 64 "no operation is named 'logical_divid'" -- algebra 'logical_divid((16,64):(64,1), 8)'
expect 64 "congruent" -- algebra '((4,8),(2,2)):((32,1),16)'
out=$("$cli" algebra 'logical_divide(8:1, Swizzle<1,1,1>)' 2>&1)
if ! grep -qF -- "col 21:" <<<"$out" || ! grep -qxF -- "                      ^" <<<"$out"; then
  echo "FAIL: the caret under column 21:"
  echo "$out"
  fails=$((fails + 1))
fi
# A divide whose tiles overhang: 16 % 7 = 2 and 64 % 9 = 1 round the rest modes up to 3 and 8
# tiles; the largest offset is 6*64 + 2*448 + 8*1 + 7*9 = 1351 of the 1024 of (16,64):(64,1).
out=$("$cli" algebra 'logical_divide((16,64):(64,1), (7,9))' 2>/dev/null)
if ! sed -n 1p <<<"$out" | grep -q "^note: 7 does not divide 16 (mode 0): CuTe rounds the rest mode up .*offsets reach 1351 beyond the 1024 of (16,64):(64,1)$" ||
  ! sed -n 2p <<<"$out" | grep -q "^note: 9 does not divide 64 (mode 1): .*offsets reach 1351 beyond the 1024 of (16,64):(64,1)$" ||
  [ "$(sed -n 3p <<<"$out")" != "((7,3),(9,8)):((64,448),(1,9))" ]; then
  echo "FAIL: the notes of an overhanging divide, then its result:"
  echo "$out" | head -4
  fails=$((fails + 1))
fi
# With --csv the notes go to standard error and standard output stays CSV; a clean divide has none.
csv=$("$cli" algebra 'logical_divide((16,64):(64,1), (7,9))' --csv 2>"$tmp/err")
if [ "$(head -1 <<<"$csv")" != "row,col,offset" ] || [ "$(grep -c '^note: ' "$tmp/err")" != 2 ]; then
  echo "FAIL: --csv of an overhanging divide:"
  head -2 <<<"$csv"
  cat "$tmp/err"
  fails=$((fails + 1))
fi
if "$cli" algebra 'logical_divide((16,64):(64,1), (8,8))' 2>&1 | grep -q "note"; then
  echo "FAIL: a clean divide (8 divides 16 and 64) printed a note"
  fails=$((fails + 1))
fi
expect 64 "expression" -- algebra
expect 64 "" -- algebra ''

echo "$fails failures"
[ "$fails" = 0 ]
