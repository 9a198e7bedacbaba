#!/usr/bin/env python3
"""Fails when an #include runs against the layers (CMakeLists.txt, top):

    model/  <-  gpu/ (device API gpu/include/fragviz/device/, cuda/, nocuda/, process/, kernel-runner/)
            <-  viewmodel/  <-  export/  <-  cli/, app/        (tools/ and tests/ sit beside them)

Every quoted include (and every <fragviz...> one) is resolved to a real file, first relative to the
including file and then in the include roots the CMake targets give (INCLUDE_ROOTS), so a header
that moved cannot hide behind a name; one that resolves nowhere and is no known third-party header
fails too. Third-party headers are held to the layers that may use them (THIRD_PARTY, ALLOWED_THIRD).

    check_includes.py [ROOT]     check the tree at ROOT (default: this repository), exit 1 on any problem
    check_includes.py --self-test  plant an upward include in a small temporary tree and expect it caught
"""
import os
import re
import sys
import tempfile

SOURCE_EXT = (".cpp", ".hpp", ".h", ".cu", ".cuh", ".inl")
SCANNED = ("model", "gpu", "viewmodel", "export", "cli", "app", "tools", "tests")
# tests/cli/kernels: user kernels the CLI tests hand to NVRTC, with their own -I folders (as examples/).
SKIPPED = ("tests/fixtures", "tests/fuzz/corpus", "tests/fuzz/regressions", "tests/cli/kernels")

# Where a quoted include is looked for after the including file's folder: the targets'
# target_include_directories (model, gpu, viewmodel, export CMakeLists.txt; app/ for its window-free
# libraries and their tests; gpu/cuda/hopper for test_gate_wgmma and tools/gate_wgmma_bench;
# tests/cute for the CuTe checks). A name found in two roots is an error: nothing may depend on order.
INCLUDE_ROOTS = ("model/include", "gpu/include", "viewmodel/include", "export/include", "export", "app",
                 "gpu/cuda/hopper", "tests/cute")

# Layers of a resolved file, by path (first match).
LAYER_OF = (
    ("model/", "model"),
    ("gpu/include/", "device_api"),
    ("gpu/cuda/", "gpu_cuda"),
    ("gpu/", "gpu"),
    ("viewmodel/", "viewmodel"),
    ("export/", "export"),
    ("cli/", "cli"),
    ("app/", "app"),
    ("tools/", "tools"),
    ("tests/", "tests"),
)

# What the files under each folder may include (first matching prefix wins). "gpu" is gpu/'s own
# code outside cuda/ (nocuda/, process/, kernel-runner/), which reaches the device through the API.
ALLOWED = (
    ("model/", {"model"}),
    ("gpu/include/", {"model", "device_api"}),
    ("gpu/cuda/", {"model", "device_api", "gpu_cuda"}),
    ("gpu/", {"model", "device_api", "gpu"}),
    ("viewmodel/", {"model", "viewmodel"}),
    ("export/", {"model", "viewmodel", "export"}),
    ("cli/", {"model", "device_api", "viewmodel", "export", "cli"}),
    ("app/", {"model", "device_api", "viewmodel", "export", "app"}),
    # A benchmark of the wgmma gate's kernels as they are: the one tool that reads gpu/cuda itself.
    ("tools/gate_wgmma_bench/", {"model", "device_api", "gpu_cuda", "tools"}),
    ("tools/", {"model", "device_api", "tools"}),
    # The GPU tests call gpu/cuda's launchers directly (test_gate_wgmma).
    ("tests/gpu/", {"model", "device_api", "gpu_cuda", "viewmodel", "export", "app", "tests"}),
    ("tests/", {"model", "device_api", "viewmodel", "export", "app", "tests"}),
)

# Third-party headers by kind: (kind, regular expression on the include's name).
THIRD_PARTY = (
    ("nlohmann", r"nlohmann/"),
    ("cli11", r"CLI/"),
    ("cuda", r"(cuda|cublas|nvrtc|cooperative_groups|curand|cusparse|cufft)[A-Za-z0-9_./]*$|mma\.h$"),
    ("gui", r"(GL|GLFW|glad|backends)/|imgui[A-Za-z0-9_]*\.h$"),
    ("stb", r"stb_[a-z_]+\.h$"),
    ("cairo", r"cairo[a-z-]*\.h$"),
    ("cute", r"(cute|cutlass)/"),
    ("gtest", r"g(test|mock)/"),
)

# Which files may use each kind (prefixes; a kind absent here is allowed nowhere but tests/).
ALLOWED_THIRD = {
    "nlohmann": ("model/report/json/", "model/include/fragviz/util/json_text.hpp", "viewmodel/", "app/",
                 "tests/"),
    "cli11": ("model/include/fragviz/util/cli_checks.hpp", "gpu/kernel-runner/", "cli/", "app/", "tests/"),
    # tools/gen_ptx_ops_mma.cpp: the #include line is text of the header it generates (a raw string).
    "cuda": ("gpu/cuda/", "tools/gate_wgmma_bench/", "tools/bank-sweep/", "tools/gen_ptx_ops_mma.cpp", "tests/"),
    "gui": ("app/", "tests/"),
    "stb": ("app/", "tests/"),
    "cairo": ("export/", "tests/"),
    "cute": ("tests/cute/",),
    "gtest": ("tests/",),
}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(rel, table):
    for prefix, value in table:
        if rel.startswith(prefix):
            return value
    return None


def third_party_kind(name):
    for kind, pattern in THIRD_PARTY:
        if re.match(pattern, name):
            return kind
    return None


def sources(root):
    for top in SCANNED:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
            if any(rel_dir == s or rel_dir.startswith(s + "/") for s in SKIPPED):
                dirnames[:] = []
                continue
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith(SOURCE_EXT):
                    yield rel_dir + "/" + f


def resolve(root, rel, name):
    """The repository path `name` names from file `rel`, or None; raises ValueError when ambiguous."""
    here = os.path.normpath(os.path.join(os.path.dirname(rel), name)).replace(os.sep, "/")
    if not here.startswith("../") and os.path.isfile(os.path.join(root, here)):
        return here
    found = sorted({os.path.normpath(os.path.join(r, name)).replace(os.sep, "/")
                    for r in INCLUDE_ROOTS if os.path.isfile(os.path.join(root, r, name))})
    if len(found) > 1:
        raise ValueError("is found in more than one include root: " + ", ".join(found))
    return found[0] if found else None


def check(root):
    problems = []
    for rel in sources(root):
        allowed = layer_of(rel, ALLOWED)
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
        for number, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            bracket, name = m.groups()
            where = "%s:%d: #include %s" % (rel, number, bracket + name + ('"' if bracket == '"' else ">"))
            kind = third_party_kind(name)
            ours = bracket == '"' or name.startswith("fragviz")
            if ours and kind is None:
                try:
                    target = resolve(root, rel, name)
                except ValueError as e:
                    problems.append("%s %s" % (where, e))
                    continue
                if target is None:
                    problems.append("%s resolves to no file (not beside it, not in %s)" %
                                    (where, ", ".join(INCLUDE_ROOTS)))
                    continue
                to = layer_of(target, LAYER_OF)
                if allowed is not None and to not in allowed:
                    problems.append("%s reaches %s (%s), which %s may not include" %
                                    (where, target, to, rel.split("/")[0] + "/"))
            elif kind is not None:
                if not any(rel.startswith(p) for p in ALLOWED_THIRD.get(kind, ())):
                    problems.append("%s is %s, which %s may not use" % (where, kind, rel))
    return problems


def self_test():
    """A small tree with one upward include (model -> app) and one unresolved name must fail; the
    same tree without them must pass."""
    files = {
        "model/include/fragviz/isa/a.hpp": '#pragma once\n#include <vector>\n',
        "model/isa/a.cpp": '#include "fragviz/isa/a.hpp"\n',
        "viewmodel/include/fragviz/viewmodel/v.hpp": '#include "fragviz/isa/a.hpp"\n',
        "app/panel.cpp": '#include "fragviz/viewmodel/v.hpp"\n#include "imgui.h"\n',
    }
    planted = {
        "model/isa/b.cpp": '#include "panel_state.hpp"  // app/panel_state.hpp: upward\n',
        "app/panel_state.hpp": "#pragma once\n",
        "viewmodel/w.cpp": '#include "fragviz/isa/moved_away.hpp"\n',
        "export/e.cpp": '#include <GLFW/glfw3.h>\n',
    }
    with tempfile.TemporaryDirectory() as clean, tempfile.TemporaryDirectory() as dirty:
        for root, tree in ((clean, files), (dirty, {**files, **planted})):
            for rel, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
                with open(os.path.join(root, rel), "w") as f:
                    f.write(text)
        ok = check(clean)
        if ok:
            print("self-test: a clean tree was refused:\n  " + "\n  ".join(ok))
            return 1
        caught = check(dirty)
        want = ["model/isa/b.cpp:1", "viewmodel/w.cpp:1", "export/e.cpp:1"]
        missed = [w for w in want if not any(p.startswith(w) for p in caught)]
        if missed or len(caught) != len(want):
            print("self-test: expected exactly %s, got:\n  %s" % (want, "\n  ".join(caught)))
            return 1
    print("self-test: the planted upward include, unresolved name and GUI header were caught")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    problems = check(os.path.abspath(root))
    for p in problems:
        print(p)
    if problems:
        print("%d include(s) against the layers (tests/layers/check_includes.py says which may go where)" %
              len(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
