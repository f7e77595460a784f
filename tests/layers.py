#!/usr/bin/env python3
"""layers.py DOC SRCDIR - check that the includes of SRCDIR obey the layers.

The layers are read from the one fenced block of DOC whose info string is
"layers" (doc/architecture.md): a line per layer, bottom first, each naming
the folders of SRCDIR on that layer.  A file of a folder may include the
headers of its own folder and of the folders on lower lines, never those of
a higher line nor of another folder on its own line; a header named
*-stages.h is its folder's own; the one C file directly in SRCDIR is main,
which may include any, and the generated headers directly in SRCDIR
(paths.h) are anyone's.  Every include of a header in SRCDIR names its
folder.  Modules (x.c with x.h) must not include each other in a circle;
a header without a .c of its own (a *-stages.h) stands for what it
includes.

Prints one line per problem, naming the file, the line and the include, and
exits 1 when there is one; 2 when DOC or SRCDIR cannot be read.
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def read_layers(doc):
    """The folders of each layer, bottom first, from DOC's layers block."""
    text = open(doc, encoding="utf-8").read()
    m = re.search(r"^```layers\n(.*?)^```", text, re.M | re.S)
    if m is None:
        raise ValueError("%s: no ```layers block" % doc)
    rank = {}
    for n, line in enumerate(m.group(1).splitlines()):
        for folder in line.split("#")[0].split():
            rank[folder] = n
    return rank


def sources(srcdir):
    """Every .c and .h file under SRCDIR, as paths relative to it, sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(srcdir):
        dirnames.sort()
        for f in sorted(filenames):
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(dirpath, f), srcdir))
    return out


def defines_main(path):
    """Whether the C file at PATH defines main at the start of a line."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        return re.search(r"^int\s+main\s*\(", fh.read(), re.M) is not None


def folder_of(rel):
    """The folder of a path relative to SRCDIR; "" for a file directly in it."""
    return rel.split(os.sep)[0] if os.sep in rel else ""


def check(doc, srcdir):
    """The problems of SRCDIR's includes, one message each."""
    rank = read_layers(doc)
    top = os.path.basename(os.path.normpath(srcdir))
    problems = []
    edges = {}  # module -> {module: (file, line, include)}
    for rel in sources(srcdir):
        folder = folder_of(rel)
        if not folder and rel.endswith(".c") and not defines_main(os.path.join(srcdir, rel)):
            problems.append("%s/%s: only main lies outside the stage folders" % (top, rel))
        if folder and folder not in rank:
            problems.append("%s/%s: folder %s is on no layer" % (top, rel, folder))
            continue
        here = os.path.dirname(rel)
        module = "%s/%s" % (top, os.path.splitext(rel)[0])
        with open(os.path.join(srcdir, rel), encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
        for n, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if m is None:
                continue
            inc = m.group(1)
            where = '%s/%s:%d: #include "%s"' % (top, rel, n, inc)
            target = os.path.normpath(inc)
            if not os.path.isfile(os.path.join(srcdir, target)):
                beside = os.path.normpath(os.path.join(here, inc))
                if here and os.path.isfile(os.path.join(srcdir, beside)):
                    problems.append('%s: name its folder: "%s"' % (where, beside))
                continue  # config.h, a generated header, the wrappers' headers
            to = folder_of(target)
            if not to:
                continue  # generated into the build folder's src/
            if to not in rank:
                continue  # reported once for the folder's own files
            if folder and to != folder:
                if target.endswith("-stages.h"):
                    problems.append("%s: %s's own header, not for %s" % (where, to, folder))
                elif rank[to] > rank[folder]:
                    problems.append("%s: %s may not include %s, a higher layer" % (where, folder, to))
                elif rank[to] == rank[folder]:
                    problems.append("%s: %s may not include %s, a layer beside it" % (where, folder, to))
            dep = "%s/%s" % (top, os.path.splitext(target)[0])
            if dep != module:
                edges.setdefault(module, {}).setdefault(dep, ("%s/%s" % (top, rel), n, inc))
    impl = {"%s/%s" % (top, os.path.splitext(rel)[0]) for rel in sources(srcdir) if rel.endswith(".c")}
    problems.extend(circles(through_headers(edges, impl)))
    return problems


def through_headers(edges, impl):
    """EDGES with every header-only module (not in IMPL) replaced by what it
    includes: each edge keeps the include line that starts it."""
    memo = {}

    def reach(m, seen):
        if m in memo:
            return memo[m]
        out = set()
        for d in edges.get(m, {}):
            if d in impl:
                out.add(d)
            elif d not in seen:
                out |= reach(d, seen | {d})
        memo[m] = out
        return out

    result = {}
    for m, deps in edges.items():
        if m not in impl:
            continue
        for d, where in deps.items():
            for t in [d] if d in impl else sorted(reach(d, {m, d})):
                if t != m:
                    result.setdefault(m, {}).setdefault(t, where)
    return result


def circles(edges):
    """One message per include circle among modules (Tarjan's strongly
    connected components), each edge of one cycle through it named."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(cycle_message(sorted(comp), edges))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def cycle_message(comp, edges):
    """A cycle through the first module of COMP, staying inside COMP."""
    members = set(comp)
    path, seen = [comp[0]], {comp[0]}
    while True:
        nexts = sorted(w for w in edges.get(path[-1], {}) if w in members)
        if comp[0] in nexts and len(path) > 1:
            path.append(comp[0])
            break
        fresh = [w for w in nexts if w not in seen]
        path.append(fresh[0] if fresh else nexts[0])
        if path[-1] in seen:
            path = path[path.index(path[-1]):]
            break
        seen.add(path[-1])
    steps = []
    for a, b in zip(path, path[1:]):
        f, n, inc = edges[a][b]
        steps.append('%s:%d: #include "%s"' % (f, n, inc))
    return "include circle %s: %s" % (" -> ".join(path), "; ".join(steps))


def main(argv):
    if len(argv) != 3:
        print("usage: layers.py DOC SRCDIR", file=sys.stderr)
        return 2
    try:
        problems = check(argv[1], argv[2])
    except (OSError, ValueError) as e:
        print("layers.py: %s" % e, file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
