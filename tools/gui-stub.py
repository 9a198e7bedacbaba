#!/usr/bin/env python3
"""Makes a stand-in shared library for tools/gui-pack.sh.

    gui-stub.py ROOT REAL_LIB SONAME OUT_DIR PACKAGE_FILE_LIST

ROOT is the unpacked package tree, REAL_LIB the real library (its symbols and their kinds),
SONAME the name the stub answers to, PACKAGE_FILE_LIST the files of the package being replaced
(they take no part). The stub defines exactly the symbols that the other ELF files in ROOT that
need SONAME take from the real library, each as a function that prints its name and aborts. Refuses
(exit 1, with the reason) where a stub could not stand in: nothing needs SONAME, a data symbol is
taken, or the real library versions its symbols. Prints "COUNT USERS" (the users' file names).
"""
import os
import subprocess
import sys


def sh(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def needed(path):
    try:
        out = sh("readelf", "-d", "-W", path)
    except subprocess.CalledProcessError:
        return []
    return [l.split("[", 1)[1].rstrip("]") for l in out.splitlines() if "(NEEDED)" in l]


def main():
    root, real, soname, out_dir, own_list = sys.argv[1:6]
    own = {os.path.normpath(os.path.join(root, l.strip().lstrip("./"))) for l in open(own_list) if l.strip()}
    users = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.normpath(os.path.join(dirpath, f))
            if p in own or os.path.islink(p) or not os.path.isfile(p):
                continue
            with open(p, "rb") as fh:
                if fh.read(4) != b"\x7fELF":
                    continue
            if soname in needed(p):
                users.append(p)
    if not users:
        sys.exit(f"gui-stub: nothing in the tree needs {soname}; leave it out instead")
    taken = set()
    for u in users:
        for line in sh("nm", "-D", "--undefined-only", u).splitlines():
            if line.strip():
                taken.add(line.split()[-1].split("@")[0])
    kinds = {}
    for line in sh("nm", "-D", "--defined-only", "--format=posix", real).splitlines():
        f = line.split()
        kinds[f[0].split("@")[0]] = f[1]
    syms = sorted(taken & set(kinds))
    data = [s for s in syms if kinds[s] not in "TtWi"]
    if data:
        sys.exit(f"gui-stub: {soname}: data symbols are taken from it ({', '.join(data)}); no stub")
    if "Version definition section" in sh("readelf", "-V", "-W", real):
        sys.exit(f"gui-stub: {soname} versions its symbols; the stub would need a version script")
    names = ", ".join(os.path.basename(u) for u in users)
    src = os.path.join(out_dir, soname + ".c")
    with open(src, "w") as fh:
        fh.write(f"/* Stand-in for {soname} made by tools/gui-pack.sh: the symbols {names}\n"
                 " * take from it; each one stops the process. */\n"
                 "#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n"
                 "static void stub_called(const char* name) {\n"
                 f'  static const char pre[] = "fragviz-gui: {soname} is a stub in the carried tree; called: ";\n'
                 '  if (write(2, pre, sizeof pre - 1) < 0 || write(2, name, strlen(name)) < 0 ||\n'
                 '      write(2, "\\n", 1) < 0) {\n  }\n'
                 "  abort();\n}\n")
        for s in syms:
            fh.write(f'void {s}(void) {{ stub_called("{s}"); }}\n')
    so = os.path.join(out_dir, soname)
    sh("cc", "-shared", "-fPIC", "-O1", f"-Wl,-soname,{soname}", "-o", so, src)
    have = {l.split()[0] for l in sh("nm", "-D", "--defined-only", "--format=posix", so).splitlines()}
    if set(syms) - have:
        sys.exit(f"gui-stub: {soname}: the stub lacks {sorted(set(syms) - have)}")
    print(len(syms), ",".join(os.path.basename(u) for u in users))


if __name__ == "__main__":
    main()
