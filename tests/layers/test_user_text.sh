#!/usr/bin/env bash
# No text a user can see points into fragviz's own sources: no string literal under model/,
# viewmodel/, export/, cli/ or app/ names a test folder ("tests/") or a C++/CUDA source file
# ("test_cute_sm100.cpp", "probe.cu"). A user has the guide, not the tests: a status or refusal
# cites docs/ (docs/guide/blackwell.md and its section), as the CLI's and the app's texts do.
# Comment lines and #include lines are not shown to anyone and are skipped.
# Usage: test_user_text.sh <source-dir>
set -u
src=${1:?usage: test_user_text.sh <source-dir>}
hits=$(python3 - "$src" <<'PY'
import pathlib, re, sys
root = pathlib.Path(sys.argv[1])
lit = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
source = re.compile(r'\btests/|\w\.(?:cpp|cu|cuh)\b')
for top in ('model', 'viewmodel', 'export', 'cli', 'app'):
    for p in sorted((root / top).rglob('*')):
        if p.suffix not in ('.cpp', '.hpp', '.h', '.cu', '.cuh', '.inc'):
            continue
        for n, line in enumerate(p.read_text(errors='replace').splitlines(), 1):
            s = line.lstrip()
            if s.startswith(('//', '*', '/*', '#include')):
                continue
            code = s.split(' //', 1)[0]  # a trailing comment is not shown either
            for m in lit.finditer(code):
                if source.search(m.group(1)):
                    print(f"{p.relative_to(root)}:{n}: {m.group(0)}")
PY
)
if [ -n "$hits" ]; then
  echo "FAIL: user-visible text names a test or source file (cite docs/ instead):"
  echo "$hits"
  exit 1
fi
echo "PASS: no user-visible string names tests/ or a .cpp/.cu file"
