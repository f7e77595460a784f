"""peers.py - part 4 of `make bench`: other profilers on the same workload.

Each profiler watches the bench driver's loop (`opbench loop`) running one
operation N times on the plain library, as a user would run it on a
scheme's test program.  For each: the time of the measured loop under the
profiler over the same loop's time without it (median of alternated runs),
the hash share it reports, and calls per operation where it counts calls.
A profiler that is missing or cannot run here is skipped with the reason.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile

HASH = ("pseudohash", "pseudoXOF", "sm3hash")
WARMUP_CALLS = 3  # the driver's warm-up calls, made before the loop
UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}  # uftrace's time units


def run_loop(opbench, op, arm, calls, prefix=()):
    """Run the driver's loop under PREFIX; its JSON result, or raise."""
    cmd = list(prefix) + [opbench, "loop", "--op", op, "--calls", str(calls), arm]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        tail = (p.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise RuntimeError(f"{os.path.basename(cmd[0])} exited {p.returncode}: {tail}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def op_function(op, typ):
    """The API function an operation calls."""
    return f"{'sig' if typ == 'sig' else 'kem'}_{op}"


def ops_run(op, calls):
    """Operations the loop makes in all: warm-up, the loop, and the one
    verification its set-up makes."""
    return calls + WARMUP_CALLS + (1 if op == "verify" else 0)


def helper_symbols(builddir):
    """Names of the functions that implement the hash helpers and the DRNG,
    from the project's own objects of them (the sources every scheme
    compiles): perf attributes samples to them."""
    hash_syms, drng_syms = set(HASH), {"get_random_number"}
    objs = os.path.join(builddir, "schemes", "iccs", ".libs")
    for name, into in (("sm3.o", hash_syms), ("auxfunc.o", hash_syms), ("drng.o", drng_syms)):
        p = subprocess.run(["nm", "--defined-only", os.path.join(objs, name)],
                           capture_output=True, text=True)
        for line in p.stdout.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "tT":
                into.add(f[2])
    drng_syms -= hash_syms
    return hash_syms, drng_syms


def median_ratios(pairs):
    """Medians of the wall-time and CPU-time ratios of (watched, plain)
    loop results."""
    wall = sorted(w["seconds"] / p["seconds"] for w, p in pairs)
    cpu = sorted(w["cpu_seconds"] / p["cpu_seconds"] for w, p in pairs)
    return {"wall": wall[len(wall) // 2], "cpu": cpu[len(cpu) // 2]}


def timed_ratio(opbench, op, arm, calls, prefix, reps, watched_arm=None):
    """Time ratios over REPS alternated runs of the loop under PREFIX (on
    WATCHED_ARM, by default ARM) and alone; the last watched result."""
    pairs = []
    for _ in range(reps):
        plain = run_loop(opbench, op, arm, calls)
        pairs.append((run_loop(opbench, op, watched_arm or arm, calls, prefix), plain))
    return median_ratios(pairs), pairs[-1][0]


def parse_callgrind(path, helpers, inside):
    """Inclusive cost and calls of the HELPERS called from functions not in
    INSIDE (the helpers' own code, whose inner calls would count twice),
    and the total cost, from a callgrind output file."""
    names, fn, cfn = {}, None, None
    cost, calls, total, pending = {}, {}, 0, False

    def name(field):
        m = re.match(r"\((\d+)\)(?: (.*))?", field)
        if not m:
            return field
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), "?")

    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if pending:
                pending = False
                if cfn in helpers and fn not in inside:
                    cost[cfn] = cost.get(cfn, 0) + int(line.split()[1])
                continue
            if line.startswith("fn="):
                fn = name(line[3:])
            elif line.startswith("cfn="):
                cfn = name(line[4:])
            elif line.startswith("calls="):
                pending = True
                if cfn in helpers and fn not in inside:
                    calls[cfn] = calls.get(cfn, 0) + int(line[6:].split()[0])
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    return cost, calls, total


def callgrind(ctx, w):
    """valgrind --tool=callgrind, collecting inside the operation's API
    function only: instruction (Ir) share of the helpers, their calls."""
    if shutil.which("valgrind") is None:
        return {"skip": "valgrind is not installed"}
    calls = w["callgrind_calls"]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        prefix = ["valgrind", "--tool=callgrind", "--quiet",
                  f"--toggle-collect={op_function(w['op'], w['type'])}",
                  f"--callgrind-out-file={out}"]
        ratio, _ = timed_ratio(ctx.opbench, w["op"], w["arm"], calls, prefix, 1)
        cost, ncalls, total = parse_callgrind(out, set(HASH) | {"get_random_number"},
                                              ctx.helper_symbols[0] | ctx.helper_symbols[1])
    ops = ops_run(w["op"], calls)
    share = sum(cost.get(h, 0) for h in HASH) / total if total else 0.0
    return {"ratio": ratio, "share": share, "what": "Ir (instructions) inclusive",
            "calls_per_op": {h: ncalls[h] / ops for h in ncalls}}


def perf(ctx, w):
    """perf record sampling (hardware cycles where the machine counts them,
    else the software cpu-clock): the helpers' share of the samples."""
    if shutil.which("perf") is None:
        return {"skip": "perf (linux-perf) is not installed"}
    probe = subprocess.run(["perf", "stat", "-x,", "-e", "cycles", "true"],
                           capture_output=True, text=True)
    if probe.returncode != 0 and "perf_event_paranoid" in probe.stderr:
        return {"skip": "perf_event_open is not allowed here (kernel.perf_event_paranoid)"}
    event = "cycles" if probe.returncode == 0 and "<not" not in probe.stderr else "cpu-clock"
    hash_syms, _ = ctx.helper_symbols
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        prefix = ["perf", "record", "-q", "-e", event, "-o", data]
        ratio, _ = timed_ratio(ctx.opbench, w["op"], w["arm"], w["calls"], prefix, 3)
        rep = subprocess.run(["perf", "report", "-i", data, "--stdio", "--no-children",
                              "--sort", "sym", "-q", "-F", "sample,sym"],
                             capture_output=True, text=True)
    if rep.returncode != 0:
        return {"skip": f"perf report failed: {rep.stderr.strip()[-200:]}"}
    total = in_hash = 0
    for line in rep.stdout.splitlines():
        m = re.match(r"\s*(\d+)\s+\[[^\]]*\]\s+(\S+)", line)
        if not m:
            continue
        n, sym = int(m.group(1)), m.group(2)
        total += n
        if sym.split("@")[0] in hash_syms:
            in_hash += n
    if total == 0:
        return {"skip": "perf recorded no samples"}
    return {"ratio": ratio, "share": in_hash / total,
            "what": f"samples ({event}) in the helpers' code", "calls_per_op": None}


def uftrace(ctx, w):
    """uftrace record on a -pg build of the same sources (every function of
    the library instrumented, those called inside the operation's API
    function recorded): total time of the helpers over the operation's."""
    if shutil.which("uftrace") is None:
        return {"skip": "uftrace is not installed"}
    if w.get("pg_lib") is None:
        return {"skip": w.get("pg_why", "no -pg build of this workload")}
    arm_pg = f"plain:{w['pg_lib']}"
    fn = op_function(w["op"], w["type"])
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "uftrace.data")
        prefix = ["uftrace", "record", "--force", "-F", fn, "-d", data]
        # the ratio is against the plain library, not the -pg one: what a
        # user pays for the -pg build counts as uftrace's cost too
        ratio, _ = timed_ratio(ctx.opbench, w["op"], w["arm"], w["calls"], prefix, 3, arm_pg)
        tot = subprocess.run(["uftrace", "report", "--no-pager", "-d", data, "-f",
                              "total,call"], capture_output=True, text=True)
    totals, counts = {}, {}
    for line in tot.stdout.splitlines():
        m = re.match(r"\s*([\d.]+)\s+(ns|us|ms|s)\s+(\d+)\s+(\S+)\s*$", line)
        if m:
            totals[m.group(4)] = float(m.group(1)) * UNIT[m.group(2)]
            counts[m.group(4)] = int(m.group(3))
    if fn not in totals:
        return {"skip": f"uftrace recorded no {fn} ({tot.stderr.strip()[-150:]})"}
    ops = counts[fn]
    share = sum(totals.get(h, 0.0) for h in HASH) / totals[fn]
    return {"ratio": ratio, "share": share,
            "what": "total time of the helpers (mcount on every function)",
            "calls_per_op": {h: counts[h] / ops for h in HASH + ("get_random_number",)
                             if h in counts}}


def iccsprof(ctx, w):
    """iccsprof's own row: the CPU-time ratio of the operation on the
    profiled build with the wrappers enabled around each operation, every
    call timed (K = 1), over the plain build, alternated in blocks in one
    process (as part 2 measures it: a loop in a process of its own moved
    by up to 12 % from one process to the next, far more than the
    instrumentation costs); the share and calls of what `iccsprof run`
    records for it."""
    r = json.loads(subprocess.run(
        [ctx.opbench, "alternate", "--op", w["op"], "--rounds", "51", "--block-ms", "5",
         w["arm"], f"prof:{w['prof_lib']}:1"], capture_output=True, text=True,
        check=True).stdout)
    ratio = {"wall": None, "cpu": r["arms"][1]["ratio"]}
    with tempfile.TemporaryDirectory() as tmp:
        rec = os.path.join(tmp, "r.json")
        subprocess.run([ctx.iccsprof, "run", "--no-plain", "--profiled", w["prof_lib"], "--op",
                        w["op"], "--out", rec], env=ctx.env, check=True, capture_output=True)
        with open(rec) as f:
            p = json.load(f)["profile"]
    return {"ratio": ratio, "share": p["hash_share"],
            "what": "compensated hash share of `iccsprof run`, every call timed",
            "calls_per_op": {h: v["calls_per_op"] for h, v in p["helpers"].items()
                             if v["calls"]}}


PEERS = (("iccsprof (K = 1)", iccsprof), ("uftrace", uftrace),
         ("valgrind --tool=callgrind", callgrind), ("perf record", perf))


def run_peers(ctx, w):
    """Every profiler's row for workload W; a failure becomes a skip."""
    rows = []
    for name, fn in PEERS:
        try:
            r = fn(ctx, w)
        except (RuntimeError, subprocess.TimeoutExpired, OSError, ValueError) as e:
            r = {"skip": f"failed: {e}"}
        rows.append((name, r))
    return rows
