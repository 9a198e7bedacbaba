#!/usr/bin/env bash
# Two facts about app/'s sources that no window shows directly:
#  1. No text a user can see names an issue number: no string literal in app/ holds "issue" followed
#     by a number ("Ladder (every variant, issue 10)" was a view's header). Comments may.
#  2. The grids' index labels have one definition (panels/panel_common.cpp), used by the fragments and
#     the warpgroup views, not a copy in each.
# Usage: test_app_sources.sh <source-dir>
set -u
src=${1:?usage: test_app_sources.sh <source-dir>}
bad=0
# String literals only (comment lines skipped), looked into "..." by "...".
hits=$(python3 - "$src/app" <<'PY'
import pathlib, re, sys
lit = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
issue = re.compile(r'\bissues?\s*#?\d+', re.I)
for p in sorted(pathlib.Path(sys.argv[1]).rglob('*')):
    if p.suffix not in ('.cpp', '.hpp', '.h'):
        continue
    for n, line in enumerate(p.read_text(errors='replace').splitlines(), 1):
        if line.lstrip().startswith(('//', '*', '/*')):
            continue  # a comment line: not shown to anyone
        for m in lit.finditer(line):
            if issue.search(m.group(1)):
                print(f"{p}:{n}: {m.group(0)}")
PY
)
if [ -n "$hits" ]; then
  echo "FAIL: user-visible text names an issue number:"
  echo "$hits"
  bad=1
fi
defs=$(grep -rnE --include='*.cpp' '^void index_labels\(' "$src/app" | wc -l)
if [ "$defs" != 1 ]; then
  echo "FAIL: index_labels is defined $defs times (want one, in app/panels/panel_common.cpp):"
  grep -rnE --include='*.cpp' '^void index_labels\(' "$src/app"
  bad=1
fi
grep -qE '^void index_labels\(' "$src/app/panels/panel_common.cpp" || { echo "FAIL: index_labels is not in panel_common.cpp"; bad=1; }
for f in panel_fragments.cpp panel_warpgroup.cpp; do
  grep -q 'index_labels(' "$src/app/panels/$f" || { echo "FAIL: $f draws no index labels"; bad=1; }
done
[ "$bad" = 0 ] && echo "PASS: no issue numbers in app/'s strings; one index_labels"
exit "$bad"
