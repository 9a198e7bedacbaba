#!/usr/bin/env bash
# Two facts about app/'s sources that no window shows directly:
#  1. No text a user can see names an issue number: no string literal in app/ holds "issue" followed
#     by a number ("Ladder (every variant, issue 10)" was a view's header). Comments may.
#  2. The grids' index labels have one definition anywhere under app/ (in whichever file), which
#     the grid views call from their own files, not a copy in each.
#  3. Every picker takes its entry on Enter by one rule, enter_choice (picker_filter.hpp): each file
#     that draws a picker's filter field (picker_filter_field) calls enter_choice (directly or through
#     filtered_list), so none takes "the first shown" of its own (issue 22: the instruction and wgmma
#     pickers did).
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
# A definition: `index_labels(` at the start of a declarator whose parameter list is followed by
# a body ({), not by `;`. Callers: files that call it, other than the one defining it.
labels=$(python3 - "$src/app" <<'PY'
import pathlib, re, sys
head = re.compile(r'^[A-Za-z_][\w:<>*& ]*\bindex_labels\(', re.M)
defs, callers = [], set()
for p in sorted(pathlib.Path(sys.argv[1]).rglob('*')):
    if p.suffix not in ('.cpp', '.hpp', '.h'):
        continue
    text = p.read_text(errors='replace')
    for m in head.finditer(text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            depth += {'(': 1, ')': -1}.get(text[i], 0)
            i += 1
            if depth == 0:
                break
        if text[i:].lstrip()[:1] == '{':
            defs.append(f"{p}:{text.count(chr(10), 0, m.start()) + 1}")
    if re.search(r'^\s+[^/\n]*\bindex_labels\(', text, re.M):
        callers.add(str(p))
for d in defs:
    callers.discard(d.rsplit(':', 1)[0])
print(len(defs), len(callers))
print('\n'.join(defs))
PY
)
read -r defs callers <<<"$(head -1 <<<"$labels")"
if [ "$defs" != 1 ]; then
  echo "FAIL: index_labels is defined $defs times under app/ (want one):"
  tail -n +2 <<<"$labels"
  bad=1
fi
[ "$callers" -ge 2 ] || { echo "FAIL: index_labels is called from $callers files besides its own (want the grid views)"; bad=1; }
# Files calling picker_filter_field( (its definition and declaration aside) without enter_choice(.
pickers=$(python3 - "$src/app" <<'PY'
import pathlib, re, sys
call = re.compile(r'^\s+[^/\n]*\bpicker_filter_field\(', re.M)
for p in sorted(pathlib.Path(sys.argv[1]).rglob('*.cpp')):
    text = p.read_text(errors='replace')
    code = '\n'.join(l for l in text.splitlines() if not l.lstrip().startswith('//'))
    if call.search(code) and 'enter_choice(' not in code:
        print(p)
PY
)
if [ -n "$pickers" ]; then
  echo "FAIL: pickers that take Enter without enter_choice:"
  echo "$pickers"
  bad=1
fi
[ "$bad" = 0 ] && echo "PASS: no issue numbers in app/'s strings; one index_labels; every picker's Enter is enter_choice"
exit "$bad"
