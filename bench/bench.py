"""bench.py - `make bench`: measures the profiler and prints one Markdown
report (also written to --out), every figure a ratio or a difference
measured in this run on this machine:

  1. instrumentation cost of the wrappers (bench/overhead);
  2. perturbation: profiled over plain time, alternated in one process
     (bench/opbench), for the dense synthetic scheme and every operation of
     the in-tree schemes;
  3. share accuracy: iccsprof run's compensated share against the true
     share of synthetic schemes built with and without their helper calls,
     and (3b) on the dense one, sampled and full timing on a core shared
     with a CPU hog, with the outliers set apart and folded back, and
     (3c) of an operation making more shapes than the wrappers' table
     holds, against its twin of one shape, and (3d) unpinned, the
     profile pass's trials taking the cores in turn, against the mean of
     the cores' true shares, and (3e) the played-back share of processes
     with the address space randomized and with it off;
  4. other profilers on the same workload (peers.py), and (4b) `iccsprof
     compare` of one build measured twice, minutes apart, unpinned;
  5. campaign time of `make profile` for the in-tree schemes;
  6. time to result: every operation of the in-tree schemes' first
     instances and a slow synthetic operation (about 1 s a call), measured
     with the adaptive rule (--precision) and with the harness's fixed
     trials, wall time and precision reached side by side; and time to
     page: the default `iccsprof profile` of the in-tree signature scheme,
     as the host is and with two processes spinning beside it, its wall
     time and the precision its times reached;
  7. what if: `iccsprof whatif` projection against the substituted
     measurement, per in-tree scheme, operation and candidate hash.

BENCH_QUICK=1 shortens every measurement, for a smoke run; BENCH_PARTS
(or --parts) runs only the parts listed, e.g. 1,2,3,3b.  Rows that
cannot be measured here are printed as skipped, with the reason.
"""

import argparse
import glob
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import peers

QUICK = os.environ.get("BENCH_QUICK") == "1"
ROUNDS, BLOCK_MS = (11, 4) if QUICK else (101, 5)
# Runs of iccsprof run per accuracy row (parts 3 and 3b): a user sees one
# run, so each row gives the median and the worst error of its runs.
RUNS = 2 if QUICK else 5
# Rounds of the true shares' alternation: the truth's own error must stay
# well below the errors measured against it.  They are spread over
# TRUTH_PROCESSES processes: the machine's state moves a true share by as
# much as 2 pp from one minute to the next (on a virtual machine, what
# else its cores run), which the rounds of one process cannot show.  In
# part 3 a process of the truth runs before and after each run measured,
# and the run is compared with the two beside it.
TRUTH_ROUNDS = 41 if QUICK else 401
TRUTH_PROCESSES = 2 if QUICK else 5
# Processes of the truth a core in the table of each core's true share.
CORE_ROUNDS = 1 if QUICK else 3
# Alternated measurements per perturbation row (part 2), for the spread of
# its ratio from one to the next.
PERTURB_RUNS = 1 if QUICK else 3
# A share row is met when the median error of its runs is within 0.5 pp
# and the worst within 1 pp; the stated uncertainty covers the true share
# in at least 4 runs of 5.
MEDIAN_PP, WORST_PP, COVERAGE = 0.005, 0.01, 0.8
# The measuring processes of the profile pass of part 3's runs that pin
# nothing (iccsprof run --profile-processes).
PROFILE_PROCESSES = 3
# Student's t, two-sided 95 %, for 1 to 10 degrees of freedom (the
# processes of a true share less one; beyond, the last is near enough).
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)

# The in-tree schemes, their type, and the instance peers are run on.
INTREE = (("sign-wots", "sig"), ("kem-mlwe", "kem"), ("kex-mlwe", "kex"))
DEFAULT_INTREE = ("sign-wots", "WOTS-SM3-16", "sign")
# The in-tree key exchange has two passes: its steps are these.
OPS = {"sig": ("keygen", "sign", "verify"), "kem": ("keygen", "enc", "dec"),
       "kex": ("init_a", "init_b", "pass1_a", "pass2_b", "derive_a", "derive_b")}
# Synthetic schemes for the share accuracy, by the share they aim at.
SYNTH_SHARES = (("s05", "~5 %"), ("dense", "~30 %"), ("dense60", "~60 %, 6000 calls"),
                ("s80", "~80 %"), ("s95", "~95 %"))
# The orders of the tick reads the wrappers are also built with (see
# wrappers/tick.h): the suffix of their programs and fixtures; and the
# schemes whose shares part 3 compares across orders.
TICK_ORDERS = (("lfence; rdtsc", ""), ("rdtsc", "_rdtsc"), ("rdtscp", "_rdtscp"))
ORDER_SCHEMES = ("dense60", "s80", "s95")

TARGETS = []  # (what, figure, target, met, why, timed) for the summary
PARTS = ("1", "2", "3", "3b", "3c", "3d", "3e", "4", "4b", "5", "6", "7")


def target(what, figure, goal, met, why="", timed=False):
    """Record a target's outcome for the summary; TIMED: one of the timed
    estimate's, which the summary counts apart (doc/guide/measuring.md, "Played back")."""
    TARGETS.append((what, figure, goal, met, why, timed))
    return "met" if met else "**missed**"


class Ctx:
    """Paths of the build and the tools the bench runs."""

    def __init__(self, srcdir, builddir):
        self.srcdir, self.builddir = srcdir, builddir
        self.opbench = os.path.join(builddir, "bench", "opbench")
        self.iccsprof = os.path.join(builddir, "src", "iccsprof")
        self.fix = os.path.join(builddir, "bench", "fixtures", ".libs")
        self.runfix = os.path.join(builddir, "tests", "fixtures", "run", ".libs")
        self.env = dict(os.environ,
                        ICCSPROF_MEASURE=os.path.join(builddir, "src", "iccsprof-measure"))
        self.helper_symbols = peers.helper_symbols(builddir)

    def synth(self, name, variant=""):
        """The library of a synthetic scheme."""
        return os.path.join(self.fix, f"libsynth_{name}{variant}.so")

    def intree(self, scheme, inst, prof=False):
        """Where the scheme build puts an in-tree instance's library."""
        return os.path.join(self.builddir, "build", "schemes", scheme, inst,
                            f"lib{inst}{'.prof' if prof else ''}.so")


def sh(cmd, **kw):
    """Run CMD, return its stdout; raise with its last error line."""
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        tail = ((p.stderr or p.stdout).strip().splitlines() or ["(no output)"])[-1]
        raise RuntimeError(f"{os.path.basename(cmd[0])} exited {p.returncode}: {tail}")
    return p.stdout


def first_line(cmd):
    """The first line a command prints, or '?'."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "?"


def host(ctx):
    """The machine, as the report's header describes it."""
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    osname = "?"
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    osname = line.split("=", 1)[1].strip().strip('"')
    hw = subprocess.run(["perf", "stat", "-x,", "-e", "cycles", "true"], capture_output=True,
                        text=True) if shutil.which("perf") else None
    hw_cycles = hw is not None and hw.returncode == 0 and "<not" not in hw.stderr
    return {"cpu": cpu, "cores": os.cpu_count(), "os": osname,
            "kernel": f"{platform.system()} {platform.release()}",
            "compiler": first_line(["gcc", "--version"]), "load": os.getloadavg(),
            "hw_cycles": hw_cycles}


def fmt_ratio(a):
    """A ratio with its range over runs, when there are several, and its
    interquartile range over the rounds of the median run."""
    spread = (f"runs {a['ratio_min']:.3f}-{a['ratio_max']:.3f}; " if len(a.get("ratios", ())) > 1
              else "")
    return f"{a['ratio']:.4f} ({spread}IQR {a['ratio_q1']:.3f}-{a['ratio_q3']:.3f})"


def median(xs):
    """The median of a non-empty list (the upper one of an even count)."""
    xs = sorted(xs)
    return xs[len(xs) // 2]


def worst(xs):
    """The value of XS farthest from 0."""
    return max(xs, key=abs)


def pp(x):
    """A share difference in percentage points."""
    return f"{100 * x:+.2f} pp"


def pct(x):
    """A share in percent."""
    return f"{100 * x:.2f} %"


# ---------------------------------------------------------------- part 1


def part_overhead(ctx, out):
    """The wrappers' per-call cost, from bench/overhead."""
    o = json.loads(sh([os.path.join(ctx.builddir, "bench", "overhead")]))
    rate = o["ticks_per_ns"]
    timed, pair = o["timed_added"], o["pair_cost"]
    dis_ns = o["disabled_added"] / rate
    out.append("## 1. Instrumentation cost\n")
    out.append(
        f"A one-byte pseudoXOF stub called {o['calls']} times per path per round, {o['rounds']} "
        f"rounds alternating every path; each figure is the median over rounds of the ticks per "
        f"call minus the direct call's ticks in the same round. Tick source {o['tick_source']} at "
        f"{rate:.3f} ticks/ns.\n")
    out.append(
        "*Two tick reads* is the cost of executing two reads: a loop whose body reads the counter "
        "twice and keeps the difference (as a timed call does), per iteration, minus the same loop "
        "without the reads. *Single-read latency* is the smallest difference between two "
        "consecutive reads: the time from one read to the next, not the cost of executing two, "
        "so it is not the basis of the target.\n")
    out.append("| figure | ticks | ns | vs. | target | result |\n|---|---|---|---|---|---|")
    out.append(f"| direct call of the stub | {o['direct']:.1f} | {o['direct'] / rate:.2f} | | | |")
    out.append(f"| single-read latency | {o['read_latency']:.1f} | {o['read_latency'] / rate:.2f} "
               f"| | | |")
    out.append(f"| two tick reads (executed) | {pair:.1f} | {pair / rate:.2f} | | | |")
    out.append(f"| added per timed call (K = 1) | {timed:.1f} | {timed / rate:.2f} | "
               f"{timed / pair:.2f} x two reads | <= 1.5 x | "
               + target("timed call <= 1.5 x two tick reads", f"{timed / pair:.2f} x", "<= 1.5 x",
                        timed <= 1.5 * pair,
                        "besides the two reads, a timed call pays the table lookup and the "
                        "update of calls, ticks and the sum of squares") + " |")
    out.append(f"| added per counted, untimed call (sampling) | {o['untimed_added']:.1f} | "
               f"{o['untimed_added'] / rate:.2f} | {o['untimed_added'] / timed:.2f} x timed | | |")
    out.append(f"| added per disabled call | {o['disabled_added']:.2f} | {dis_ns:.2f} | | <= 2 ns | "
               + target("disabled call <= 2 ns", f"{dis_ns:.2f} ns", "<= 2 ns", dis_ns <= 2.0)
               + " |")
    if o["callers1_added"] is None:
        out.append("| call sites, depth 1 and 4 | skipped: the wrappers were built without "
                   "libunwind | | | | |")
    else:
        c1, c4 = o["callers1_added"], o["callers4_added"]
        out.append(f"| call sites depth 1, added over a timed call | {c1:.1f} | {c1 / rate:.2f} | "
                   f"{c1 / timed:.2f} x timed (total {(timed + c1) / timed:.2f} x) | <= 2 x | "
                   + target("call-site capture at depth 1 <= 2 x the timed cost",
                            f"{c1 / timed:.2f} x", "<= 2 x", c1 <= 2 * timed) + " |")
        out.append(f"| call sites depth 4, added over a timed call | {c4:.1f} | {c4 / rate:.2f} | "
                   f"{c4 / timed:.2f} x timed (total {(timed + c4) / timed:.2f} x) | | |")
    lib = o["library"]
    out.append(
        f"\nThe library's own estimates, which iccsprof run subtracts when it compensates shares: "
        f"{lib['outer']:.1f} ticks per timed call, {lib['untimed_outer']:.1f} per untimed call"
        + (f", {lib['callers1']:.1f} and {lib['callers4']:.1f} for call sites at depth 1 and 4"
           if lib["callers1"] is not None else "") + ".\n")
    part_tick_orders(ctx, out, o)
    return o


def part_tick_orders(ctx, out, plain):
    """The cost of each order of the tick reads, from bench/overhead built
    with the wrappers of that order."""
    out.append("### Tick orders\n")
    out.append(
        "The same measurement with the wrappers built with each order of the tick reads "
        "(`ICCSPROF_TICK_ORDER`, wrappers/tick.h): `lfence; rdtsc` (the default: the read "
        "waits for earlier instructions to finish), plain `rdtsc` and `rdtscp` (the read waits "
        "for earlier instructions to execute). *Inner* is the library's estimate of what an empty timed region reports, "
        "taken off each timed call.\n")
    out.append("| order | two tick reads | single-read latency | added per timed call | vs. two reads "
               "| vs. the default's timed call | inner |\n|---|---|---|---|---|---|---|")
    for name, suffix in TICK_ORDERS:
        try:
            o = plain if not suffix else json.loads(
                sh([os.path.join(ctx.builddir, "bench", f"overhead{suffix}")]))
        except (RuntimeError, OSError, ValueError) as e:
            out.append(f"| {name} | skipped: {e} | | | | | |")
            continue
        timed, pair = o["timed_added"], o["pair_cost"]
        out.append(f"| {name} | {pair:.1f} | {o['read_latency']:.1f} | {timed:.1f} | "
                   f"{timed / pair:.2f} x | {timed / plain['timed_added']:.2f} x | "
                   f"{o['inner']:.1f} |")
    out.append("")


# ---------------------------------------------------------------- part 2


def auto_k(ctx, lib, op):
    """The K iccsprof run --sample auto picks for LIB's OP."""
    with tempfile.TemporaryDirectory() as tmp:
        rec = os.path.join(tmp, "auto.json")
        sh([ctx.iccsprof, "run", "--no-plain", "--profiled", lib, "--op", op, "--sample", "auto",
            "--profile-seconds", "0.2", "--min-calls", "3", "--out", rec], env=ctx.env)
        with open(rec) as f:
            return json.load(f)["profile"]["sampling"]["k"]


def alternate(ctx, op, arms, rounds=ROUNDS, cpu=None):
    """bench/opbench alternate over ARMS (pinned to CPU when given); its
    JSON result."""
    pin = ["taskset", "-c", str(cpu)] if cpu is not None else []
    return json.loads(sh(pin + [ctx.opbench, "alternate", "--op", op, "--rounds", str(rounds),
                                "--block-ms", str(BLOCK_MS)] + arms))


def over_runs(runs, i):
    """Arm I of several alternated RUNS: that of the run with the median
    ratio, with every run's ratio and their range."""
    arms = sorted((r["arms"][i] for r in runs), key=lambda a: a["ratio"])
    arm = dict(arms[len(arms) // 2])
    arm["ratios"] = [a["ratio"] for a in arms]
    arm["ratio_min"], arm["ratio_max"] = arms[0]["ratio"], arms[-1]["ratio"]
    return arm


def perturb(ctx, name, plain, prof, op, dense):
    """One row of part 2: plain, K = 1 and auto alternated, PERTURB_RUNS
    times."""
    k = auto_k(ctx, prof, op)
    runs = [alternate(ctx, op, [f"plain:{plain}", f"prof:{prof}:1", f"prof:{prof}:{k}"])
            for _ in range(PERTURB_RUNS)]
    r = runs[0]
    one, auto = over_runs(runs, 1), over_runs(runs, 2)
    calls = sum(one["profile"]["calls_per_op"].values())
    gap = median([x["arms"][2]["profile"]["hash_share"] - x["arms"][1]["profile"]["hash_share"]
                  for x in runs])
    base = over_runs(runs, 0)
    cpu_ticks = base["cpu_seconds_per_op"] * r["tick_hz"]
    row = {"name": name, "op": op, "ticks": cpu_ticks, "calls": calls,
           "k": k, "one": one, "auto": auto, "gap": gap}
    limit = 1.03 if dense else 1.01
    per_call = cpu_ticks / calls if calls else float("inf")
    o = one["profile"]["overhead"]

    def implied(a):
        """Ticks per helper call the arm's measured slowdown amounts to."""
        return (a["ratio"] - 1) * cpu_ticks / calls if calls else 0.0

    row["one_result"] = target(
        f"perturbation K = 1, {name} {op}", f"{one['ratio']:.4f}", f"<= {limit}",
        one["ratio"] <= limit,
        f"{calls:.0f} helper calls per operation, one per {per_call:.0f} ticks; the slowdown "
        f"amounts to {implied(one):.0f} ticks per call, against {o['outer_ticks']:.0f} that "
        "the library measures for a timed call in a tight loop, where its code and table stay "
        "in cache (inside a real operation they compete with the scheme's own)")
    # one timed call in k, and the call before it through the timed path to warm it
    warm = 2 if k > 1 else 1
    expect = o["untimed_outer_ticks"] + warm * (o["outer_ticks"] - o["untimed_outer_ticks"]) / k
    auto_limit = 1.005 if dense else 1.01
    row["auto_result"] = target(
        f"perturbation auto (K = {k}), {name} {op}", f"{auto['ratio']:.4f}", f"<= {auto_limit}",
        auto["ratio"] <= auto_limit,
        f"auto chose K from the library's tight-loop estimates, a counted call charged three "
        f"times its loop figure and a timed one raised by one calibration pair where that measured "
        f"more ({expect:.0f} ticks per call expected from the tight loop alone), but the "
        f"slowdown amounts to {implied(auto):.0f} ticks per call; the ratios' interquartile "
        f"range ({auto['ratio_q1']:.3f}-{auto['ratio_q3']:.3f}) is the noise of this machine")
    row["gap_result"] = target(f"auto share within 0.5 pp of K = 1, {name} {op}", pp(gap),
                               "|d| <= 0.5 pp", abs(gap) <= 0.005,
                               "sampling error of the estimate with K = "
                               f"{k}, noise between the two arms, and, where helper calls come "
                               "back to back, full timing's overestimate (part 3, s95)", True)
    return row


def part_perturbation(ctx, out, skips):
    """Profiled over plain time for the dense scheme and the in-tree ones."""
    rows = [perturb(ctx, "synthetic dense", ctx.synth("dense"), ctx.synth("dense", "_prof"),
                    "sign", True)]
    for scheme, typ in INTREE:
        insts = intree_instances(ctx, scheme)
        if isinstance(insts, str):
            skips.append(f"{scheme}: {insts}")
            continue
        for inst in insts:
            for op in OPS[typ]:
                try:
                    rows.append(perturb(ctx, f"{scheme} {inst}", ctx.intree(scheme, inst),
                                        ctx.intree(scheme, inst, True), op, False))
                except (RuntimeError, ValueError) as e:
                    skips.append(f"{scheme} {inst} {op}: {e}")
    out.append("## 2. Perturbation\n")
    out.append(
        "The profiled library with its wrappers enabled around each operation, every call timed "
        "(K = 1) and sampled with the K that `iccsprof run --sample auto` picks, over the plain "
        f"library: one process, {ROUNDS} rounds of one block (about {BLOCK_MS} ms) per "
        "configuration, the order rotating each round; a ratio is the median over rounds of "
        "the block's CPU time (CLOCK_THREAD_CPUTIME_ID, so time taken by other processes does "
        "not count) over the plain block's of the same round. Each row is measured "
        f"{PERTURB_RUNS} time{'s' if PERTURB_RUNS > 1 else ''} (a process each): the figure is "
        "the median run's, with the range of the runs' ratios (the spread a reader sees from "
        "one measurement to the next) and the interquartile range over the median run's "
        "rounds. ticks/op is the plain operation's CPU time in ticks. Shares are the "
        "compensated hash shares of the same blocks, the median over blocks; the difference, "
        "the median over runs.\n")
    out.append("| workload | op | ticks/op | helper calls/op | K=1 ratio | result | auto K | "
               "auto ratio | result | share K=1 | share auto | difference | result |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        out.append(f"| {r['name']} | {r['op']} | {r['ticks']:.0f} | {r['calls']:.0f} | "
                   f"{fmt_ratio(r['one'])} | {r['one_result']} | {r['k']} | {fmt_ratio(r['auto'])} "
                   f"| {r['auto_result']} | {pct(r['one']['profile']['hash_share'])} | "
                   f"{pct(r['auto']['profile']['hash_share'])} | {pp(r['gap'])} | "
                   f"{r['gap_result']} |")
    out.append("\nTargets: K = 1 at most 1.03 on the dense scheme and 1.01 on the in-tree "
               "schemes; auto at most 1.005 on the dense scheme and 1.01 on the in-tree schemes; "
               "auto's share within 0.5 pp of K = 1.\n")
    for s in skips:
        out.append(f"- skipped: {s}")
    if skips:
        out.append("")
    return rows


def intree_instances(ctx, scheme):
    """The instances of an in-tree scheme that the scheme build has built,
    or why there are none."""
    src = os.path.join(ctx.srcdir, "schemes", scheme)
    if not os.path.isdir(src):
        return f"schemes/{scheme} is not in this tree"
    built = sorted(os.path.basename(os.path.dirname(p)) for p in
                   glob.glob(os.path.join(ctx.builddir, "build", "schemes", scheme, "*",
                                          "lib*.prof.so")))
    insts = [i for i in built if os.path.exists(ctx.intree(scheme, i))
             and os.path.exists(ctx.intree(scheme, i, True))]
    if not insts:
        return (f"no build/schemes/{scheme}/<instance>/lib<instance>.so and .prof.so "
                f"(make profile SCHEME={scheme} builds them)")
    return insts


# ---------------------------------------------------------------- part 3


def bench_cpu():
    """The core parts 3 and 3b pin their processes to: the last one the
    bench may run on."""
    return max(os.sched_getaffinity(0))


def truth_process(ctx, name, rounds, cpu=None):
    """One process's true share of a synthetic scheme (pinned to CPU when
    given), from its plain builds with and without the helper calls
    alternated ROUNDS rounds: the share (its median round's), the standard
    error its rounds give (1.2533 sigma / sqrt(rounds), sigma from their
    interquartile range), the plain build's ticks per operation."""
    r = alternate(ctx, "sign", [f"plain:{ctx.synth(name)}", f"plain:{ctx.synth(name, '_noh')}"],
                  rounds, cpu)
    arm = r["arms"][1]
    return {"share": 1 - arm["ratio"],
            "within": 1.2533 * (arm["ratio_q3"] - arm["ratio_q1"]) / 1.349 / rounds ** 0.5,
            "ticks": r["arms"][0]["cpu_seconds_per_op"] * r["tick_hz"]}


def truth_of(procs):
    """The true share over several processes PROCS (truth_process): the
    mean of their shares; the lowest and highest; its standard error, the
    larger of the one their spread gives (scaled so that 1.96 of it is
    Student's 95 % half-width) and the one their rounds give; the plain
    build's ticks, their mean."""
    shares = [p["share"] for p in procs]
    n = len(shares)
    mean = sum(shares) / n
    sd = statistics.stdev(shares) if n > 1 else 0.0
    between = T95[min(n - 1, len(T95)) - 1] / 1.96 * sd / n ** 0.5 if n > 1 else 0.0
    within = sum(p["within"] for p in procs) / n / n ** 0.5
    return {"share": mean, "lo": min(shares), "hi": max(shares), "se": max(between, within),
            "ticks": sum(p["ticks"] for p in procs) / n}


def truth(ctx, name, cpu=None):
    """The true share of a synthetic scheme over TRUTH_PROCESSES processes
    of TRUTH_ROUNDS / TRUTH_PROCESSES rounds each (truth_of), pinned to
    CPU when given."""
    rounds = TRUTH_ROUNDS // TRUTH_PROCESSES
    return truth_of([truth_process(ctx, name, rounds, cpu) for _ in range(TRUTH_PROCESSES)])


def beside(before, after):
    """The true share while a run was measured, between the processes of
    the truth BEFORE and AFTER it: their mean, with a standard error of
    their rounds' and of the machine's drift between them (a rectangular
    half-width of half their difference)."""
    drift = abs(after["share"] - before["share"]) / 2
    se = ((before["within"] ** 2 + after["within"] ** 2) / 4 + drift ** 2 / 3) ** 0.5
    return {"share": (before["share"] + after["share"]) / 2, "se": se,
            "ticks": (before["ticks"] + after["ticks"]) / 2}


def besides(procs):
    """The truth beside each run measured between consecutive processes
    PROCS of the truth (beside), each with a floor under its standard
    error: one process's own noise over two, which two processes that
    happen to agree cannot show.  That noise comes from the successive
    differences of all of PROCS (half their mean square; the drift between
    them only adds to it): at 5 % the processes of a row spread over
    0.3 pp while its records stood within 0.06 pp."""
    d2 = [(b["share"] - a["share"]) ** 2 for a, b in zip(procs, procs[1:])]
    floor = (sum(d2) / len(d2) / 2 / 2) ** 0.5
    out = []
    for a, b in zip(procs, procs[1:]):
        t = beside(a, b)
        t["se"] = max(t["se"], floor)
        out.append(t)
    return out


def mean_truth(ts):
    """The mean of the truths TS (beside), with the standard error of a
    mean of independent ones."""
    return {"share": sum(t["share"] for t in ts) / len(ts),
            "se": sum(t["se"] ** 2 for t in ts) ** 0.5 / len(ts)}


def interleaved(ctx, name, modes, cpu):
    """RUNS runs of `iccsprof run` on NAME's profiled build in each of
    MODES ((name, options)), each run between two processes of the truth,
    all pinned to CPU: {mode: [(profile, the truth beside it)]}, and every
    process of the truth (truth_of)."""
    rounds = TRUTH_ROUNDS // TRUTH_PROCESSES
    lib = ctx.synth(name, "_prof")
    procs = [truth_process(ctx, name, rounds, cpu)]
    done = []
    for _ in range(RUNS):
        done.append([(mode, profiles(ctx, lib, extra, runs=1, cpu=cpu)[0])
                     for mode, extra in modes])
        procs.append(truth_process(ctx, name, rounds, cpu))
    runs = {mode: [] for mode, _ in modes}
    for each, t in zip(done, besides(procs)):
        for mode, p in each:
            runs[mode].append((p, t))
    return runs, truth_of(procs)


def profiles(ctx, lib, extra, runs=RUNS, cpu=None, prefix=()):
    """RUNS records of `iccsprof run` on LIB's signing with EXTRA options
    (pinned to CPU when given; run under the command PREFIX when given):
    their profile sections."""
    out = []
    pin = ["--cpu", str(cpu)] if cpu is not None else []
    with tempfile.TemporaryDirectory() as tmp:
        rec = os.path.join(tmp, "r.json")
        for _ in range(runs):
            sh(list(prefix) + [ctx.iccsprof, "run"] + pin
               + ["--no-plain", "--profiled", lib, "--op", "sign", "--out", rec] + extra,
               env=ctx.env)
            with open(rec) as f:
                out.append(json.load(f)["profile"])
    return out


def hash_per_op(p):
    """Hash calls and estimated hash ticks per operation of profile P."""
    hs = [v for h, v in p["helpers"].items() if h != "get_random_number"]
    return (sum(h["calls"] for h in hs) / p["calls"], sum(h["ticks"] for h in hs) / p["calls"])


def covers(err, u, t):
    """Whether a stated 95 % half-width U (None: none stated) covers the
    error ERR, with the 95 % half-width of the truth T beside it."""
    return u is not None and abs(err) <= (u * u + (1.96 * t["se"]) ** 2) ** 0.5


def terms(p, t):
    """The error of profile P's hash share against the truth T, and its
    terms.  With N the measured helper ticks per operation less the inner
    cost of each call, B the denominator (the baseline: the operation
    without the instrumentation), c the calls and h the true ticks of a
    call, (T_plain - T_without) / c: share - true = (N - c h) / B +
    true (T_plain - B) / B, the timed region's error and the baseline's."""
    calls, ticks = hash_per_op(p)
    applied = p["compensation"]["applied"]
    inner = p["overhead"]["inner_ticks"] if applied else 0.0
    base = (p["baseline_ticks"] if applied else p["ticks"] - p["preempted"]["ticks"]) / p["calls"]
    h = t["share"] * t["ticks"] / calls
    n = ticks - calls * inner
    err = p["hash_share"] - t["share"]
    u = p.get("hash_share_uncertainty")
    return {"err": err, "u": u,
            "covered": covers(err, u, t),
            "calls": calls,
            "region": (n - calls * h) / base, "baseline": t["share"] * (t["ticks"] - base) / base,
            "per_call": n / calls - h, "true_call": h, "added_call": p["compensation"]["added_ticks"]
            / calls, "outliers": p["hash_share"] - shares_without_outliers(p),
            "applied": applied, "k": p["sampling"]["k"], "stderr": p["hash_share_stderr"]}


def played_terms(p, t):
    """The error of profile P's share played back (profile.replay: the
    twin's time less the time of the same operation with the helpers'
    outputs played back to it) against the truth T, and its stated
    uncertainty's coverage."""
    x = p["replay"]
    if x["share"] is None:
        raise RuntimeError(f"nothing was played back: {x['fault']}")
    err, u = x["share"] - t["share"], x["share_uncertainty"]
    return {"err": err, "u": u, "covered": covers(err, u, t), "k": p["sampling"]["k"]}


def summarise(runs, of=terms):
    """The terms (OF: terms or played_terms) of every run of a row, RUNS
    pairs (profile, the truth it is held to); the row's figures: median
    and worst error, the median stated uncertainty, the runs it covered."""
    ts = [dict(of(p, t), truth_hw=1.96 * t["se"]) for p, t in runs]
    errs = [x["err"] for x in ts]
    us = [x["u"] for x in ts if x["u"] is not None]
    return {"terms": ts, "median": median(errs), "worst": worst(errs),
            "u": median(us) if us else None, "covered": sum(x["covered"] for x in ts),
            "runs": len(ts), "ks": sorted({x["k"] for x in ts})}


def row_targets(what, r, timed=False):
    """The targets of one row (TIMED: of the timed estimate): its errors,
    and its uncertainty's coverage."""
    met = abs(r["median"]) <= MEDIAN_PP and abs(r["worst"]) <= WORST_PP
    res = target(f"share {what}", f"median {pp(r['median'])}, worst {pp(r['worst'])}",
                 "median within 0.5 pp, worst within 1 pp", met,
                 "errors of the runs: " + ", ".join(pp(x["err"]) for x in r["terms"])
                 + "; the truth beside each, \u00b1"
                 + ", \u00b1".join(f"{100 * x['truth_hw']:.2f}" for x in r["terms"]) + " pp",
                 timed)
    need = -(-int(COVERAGE * 10 * r["runs"]) // 10)
    cov = target(f"stated uncertainty covers the true share, {what}",
                 f"{r['covered']} of {r['runs']}", f"at least {need} of {r['runs']}",
                 r["covered"] >= need,
                 "stated half-widths: " + ", ".join(
                     "none" if x["u"] is None else f"{100 * x['u']:.2f} pp" for x in r["terms"]),
                 timed)
    return res, cov


def fmt_row(r):
    """A row's cells: median error, worst error, stated uncertainty,
    coverage."""
    u = "n/a" if r["u"] is None else f"\u00b1{100 * r['u']:.2f} pp"
    return f"{pp(r['median'])} | {pp(r['worst'])} | {u} | {r['covered']} of {r['runs']}"


def part_accuracy(ctx, out):
    """iccsprof run's compensated share, with every call timed and with
    --sample auto, against the true share, RUNS runs a row; where the
    error comes from; the tick orders."""
    cpu = bench_cpu()
    out.append("## 3. Share accuracy\n")
    out.append(
        "Synthetic schemes whose signing makes sm3hash calls between fixed amounts of other "
        "work, built with and without the helper calls (a compile-time flag). True share = "
        "(T_with - T_without) / T_with, the two plain builds timed alternately as in part 2. "
        "Measured: the compensated `hash_share` of the record that `iccsprof run --no-plain "
        "--profiled ... --op sign` writes for the profiled build, with every call timed "
        f"(defaults) and with `--sample auto`, {RUNS} runs (processes) each, as {RUNS} users "
        f"would see it. Every process runs on core {cpu}: one core's true share can differ "
        "from another's by several points (the table after this one), and a run held to "
        "a truth measured on the other core would show that difference as its error. The "
        "machine's state moves a true share by as much as 2 pp from one "
        "minute to the next, so the truth is measured in a process of "
        f"{TRUTH_ROUNDS // TRUTH_PROCESSES} alternated rounds before and after each run (one "
        "run of each timing), and each run is compared with the mean of the two beside it; "
        "the true share shown is the mean of all of them. A row is met when the median "
        "error is within 0.5 pp and the worst within 1 pp; the record's stated uncertainty "
        "(`hash_share_uncertainty`, a 95 % half-width) should cover the true share in at "
        "least 4 runs of 5: a run is covered when its error is within the stated "
        "half-width and the 95 % half-width of the truth beside it (its rounds' error and "
        "the drift between its two processes, half their difference as a rectangular "
        "half-width, but never less than the noise of one process over two, from the "
        "successive differences of the row's processes) added in quadrature. *Played "
        "back*: the same records' `profile.replay.share`, the time each pair's twin with "
        "the wrappers off takes beyond the same operation with its helpers' outputs played "
        "back to it, over the twin's time (medians of the pairs), with its stated "
        "`share_uncertainty`: the timing (K) does not enter it.\n")
    out.append("| scheme | aim | true share \u00b1 95 % (lowest-highest process) | timing | K | median error | worst error | "
               "stated \u00b1 (median) | covered | result | coverage |\n"
               "|---|---|---|---|---|---|---|---|---|---|---|")
    rows, truths = [], {}
    modes = (("every call", []), ("auto", ["--sample", "auto"]))
    for name, aim in SYNTH_SHARES:
        measured, t = interleaved(ctx, name, modes, cpu)
        truths[name] = t
        for mode, _ in modes:
            for shown, of in ((mode, terms), (f"{mode}, played back", played_terms)):
                r = summarise(measured[mode], of)
                res, cov = row_targets(f"{name} ({aim}), {shown}", r, of is terms)
                out.append(f"| {name} | {aim} | {pct(t['share'])} \u00b1{100 * 1.96 * t['se']:.2f}"
                           f" pp ({pct(t['lo'])}-{pct(t['hi'])}) | {shown} | "
                           f"{', '.join(map(str, r['ks']))} | {fmt_row(r)} | {res} | {cov} |")
                if of is terms:
                    rows.append((name, mode, t, r))
    out.append("")
    part_cores(ctx, out)
    part_machine(ctx, out)
    part_error_terms(out, rows)
    part_order_accuracy(ctx, out, truths, cpu)
    part_fence(ctx, out, rows)
    return truths


def part_cores(ctx, out):
    """The true share of each synthetic scheme on each core the bench may
    run on, CORE_ROUNDS processes a core taken in turn: how far the
    machine's cores disagree, which no run on one core can see."""
    cpus = sorted(os.sched_getaffinity(0))[:4]
    rounds = TRUTH_ROUNDS // TRUTH_PROCESSES
    out.append("### The true share on each core\n")
    out.append(
        f"Each synthetic scheme's true share on each core, {CORE_ROUNDS} processes of {rounds} "
        "alternated rounds a core, the cores taken in turn: the median process and the lowest "
        "and highest. A record measures the share on the core its process ran on.\n")
    out.append("| scheme | " + " | ".join(f"core {c}" for c in cpus) + " | cores apart |\n|---|"
               + "---|" * (len(cpus) + 1))
    for name, _ in SYNTH_SHARES:
        on = {c: [] for c in cpus}
        for _ in range(CORE_ROUNDS):
            for c in cpus:
                on[c].append(truth_process(ctx, name, rounds, c)["share"])
        mids = [median(on[c]) for c in cpus]
        out.append(f"| {name} | " + " | ".join(
            f"{pct(median(on[c]))} ({pct(min(on[c]))}-{pct(max(on[c]))})" for c in cpus)
                   + f" | {100 * (max(mids) - min(mids)):.2f} pp |")
    out.append("")


def profile_cpus():
    """The cores the profile pass takes in turn when it is not held to
    one (src/measure/cores.c): every core the bench may run on, at most
    four, evenly spread."""
    cpus = sorted(os.sched_getaffinity(0))
    return cpus if len(cpus) <= 4 else [cpus[i * len(cpus) // 4] for i in range(4)]


def truth_cores(ctx, name, rounds, cpus):
    """The machine's true share of NAME: a process of ROUNDS alternated
    rounds on each core of CPUS in turn, and the mean of their shares, the
    share a record that takes the cores in turn aims at, with its rounds'
    standard error; each core's share in "cores"."""
    each = [truth_process(ctx, name, rounds, c) for c in cpus]
    n = len(each)
    return {"share": sum(p["share"] for p in each) / n,
            "within": sum(p["within"] ** 2 for p in each) ** 0.5 / n,
            "ticks": sum(p["ticks"] for p in each) / n,
            "cores": [p["share"] for p in each]}


def core_shares(p, cpus):
    """The played-back share profile P measured on each core of CPUS
    (profile.replay.cores; None where it has none)."""
    on = {c["cpu"]: c["share"] for c in p["replay"].get("cores", [])}
    return [on.get(c) for c in cpus]


def part_machine(ctx, out):
    """The played-back share as a run that pins nothing measures it: the
    cores in turn and the profile pass in PROFILE_PROCESSES processes,
    RUNS runs a row, each between two measurements of the true share on
    every core; per row the share the records measured on each core and
    their mean, held to part 3's targets against the mean of the cores'
    true shares."""
    cpus = profile_cpus()
    rounds = TRUTH_ROUNDS // TRUTH_PROCESSES
    out.append("### The machine's share: the cores in turn, several processes\n")
    out.append(
        f"The played-back share of `iccsprof run --no-plain --profiled ... --op sign "
        f"--profile-processes {PROFILE_PROCESSES}`, not pinned: each of the {PROFILE_PROCESSES} "
        f"processes takes its trials on cores {', '.join(map(str, cpus))} in turn, and the "
        f"record's share is the mean of the processes' (each the mean of its cores'). {RUNS} runs "
        f"a row, each between two measurements of the true share, a process of {rounds} "
        "alternated rounds on each core in turn, the true share the mean of the cores' (what a "
        "record of the cores in turn aims at). *On each core*: the median over the runs of the "
        "share the records measured on each core (`replay.cores`) and of the true share there; "
        "*processes apart*: the median over the runs of the record's highest process share less "
        "its lowest (`profile.processes`). The targets are part 3's: median error within "
        "0.5 pp, worst within 1 pp, the stated uncertainty covering the true share in 4 runs of "
        "5.\n")
    out.append("| scheme | aim | true share \u00b1 95 % | true on each core | measured on each core "
               "| measured mean (median) | processes apart | median error | worst error "
               "| stated \u00b1 (median) | covered | result | coverage |\n"
               "|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, aim in SYNTH_SHARES:
        lib = ctx.synth(name, "_prof")
        procs, recs = [truth_cores(ctx, name, rounds, cpus)], []
        for _ in range(RUNS):
            recs.append(profiles(ctx, lib, ["--profile-processes", str(PROFILE_PROCESSES)],
                                 runs=1)[0])
            procs.append(truth_cores(ctx, name, rounds, cpus))
        r = summarise(list(zip(recs, besides(procs))), played_terms)
        res, cov = row_targets(f"{name} ({aim}), played back, cores in turn", r)
        t = truth_of(procs)
        true_on = [median([q["cores"][i] for q in procs]) for i in range(len(cpus))]
        measured = [[x for x in (core_shares(p, cpus)[i] for p in recs) if x is not None]
                    for i in range(len(cpus))]
        apart = [max(e["share"] for e in p["processes"]) - min(e["share"] for e in p["processes"])
                 for p in recs if p.get("processes")]
        out.append(
            f"| {name} | {aim} | {pct(t['share'])} \u00b1{100 * 1.96 * t['se']:.2f} pp | "
            + ", ".join(f"{c}: {pct(v)}" for c, v in zip(cpus, true_on)) + " | "
            + ", ".join(f"{c}: {pct(median(v)) if v else 'none'}" for c, v in zip(cpus, measured))
            + f" | {pct(median([p['replay']['share'] for p in recs]))} | "
            + (f"{100 * median(apart):.2f} pp" if apart else "n/a")
            + f" | {fmt_row(r)} | {res} | {cov} |")
    out.append("")


def part_error_terms(out, rows):
    """Where each row's error comes from, the medians over its runs."""
    out.append("### Where the error comes from\n")
    out.append(
        "Each run's error split exactly into two terms (median over the runs): the *timed "
        "region*, (N - c h) / B, what the helper calls' timed regions less the inner cost "
        "measured per call (N over c calls) hold beyond the calls' true time (h a call: "
        "(T_with - T_without) / c of the true share beside the run); and the *baseline*, true share x "
        "(T_with - B) / B, what the denominator B (the operation's ticks less what the "
        "instrumentation was measured to add to it, from the paired operations) differs from "
        "the plain build's own time. *Per call*: the timed region's error in ticks a call. "
        "*Outliers*: the record's share less the same record's with its outliers folded back "
        "(what the outlier rule moved). *Applied*: runs whose compensation was applied. "
        "*Sampling*: the median standard error of the sampled estimate.\n")
    out.append("| scheme | timing | true ticks a call | added a call (measured) | per call "
               "| timed region | baseline | outliers | sampling | applied |\n"
               "|---|---|---|---|---|---|---|---|---|---|")
    for name, mode, t, r in rows:
        ts = r["terms"]
        out.append(f"| {name} | {mode} | {median([x['true_call'] for x in ts]):.0f} | "
                   f"{median([x['added_call'] for x in ts]):.1f} | "
                   f"{median([x['per_call'] for x in ts]):+.1f} | "
                   f"{pp(median([x['region'] for x in ts]))} | "
                   f"{pp(median([x['baseline'] for x in ts]))} | "
                   f"{pp(median([x['outliers'] for x in ts]))} | "
                   f"{100 * median([x['stderr'] for x in ts]):.2f} pp | "
                   f"{sum(x['applied'] for x in ts)} of {len(ts)} |")
    out.append("")


def part_order_accuracy(ctx, out, truths, cpu):
    """The shares every call timed gives with each order of the tick
    reads, on the schemes whose calls are densest, on part 3's core CPU."""
    out.append("### The tick order and the share\n")
    out.append(
        "Every call timed (K = 1), the profiled build linked with the wrappers of each tick "
        f"order (part 1), {RUNS} runs each, against part 3's true share; the terms as above.\n")
    out.append("| scheme | order | median error | worst error | stated \u00b1 (median) | covered "
               "| per call | timed region | baseline |\n|---|---|---|---|---|---|---|---|---|")
    for name in ORDER_SCHEMES:
        if name not in truths:
            continue
        for order, suffix in TICK_ORDERS:
            try:
                r = summarise([(p, truths[name]) for p in
                               profiles(ctx, ctx.synth(name, "_prof" + suffix), [],
                                        cpu=cpu)])
            except (RuntimeError, OSError, ValueError) as e:
                out.append(f"| {name} | {order} | skipped: {e} | | | | | | |")
                continue
            ts = r["terms"]
            out.append(f"| {name} | {order} | {fmt_row(r)} | "
                       f"{median([x['per_call'] for x in ts]):+.1f} | "
                       f"{pp(median([x['region'] for x in ts]))} | "
                       f"{pp(median([x['baseline'] for x in ts]))} |")
    out.append("")


def part_fence(ctx, out, rows):
    """What the fences of a timed call cost where work surrounds the call:
    each scheme's plain build against the same build with an lfence on
    either side of every helper call and nothing read, alternated; beside
    it, what part 3's timed regions held beyond a call's true time."""
    out.append("### The fences and the work around a call\n")
    out.append(
        "Each scheme's plain build alternated with the same build whose helper calls each sit "
        "between two `lfence`s, as a timed call's tick reads order it, with nothing read "
        f"({ROUNDS} rounds). *Fences a call*: what they add to a call. *Beyond calls back to "
        "back*: that less the same figure for `s95`, whose calls have no other work around "
        "them: the work before and after a call that ran alongside it in the plain build and "
        "that the fences hold apart. *Timed region, per call*: part 3's timed region beyond a "
        "call's true time, every call timed (median of its runs).\n")
    out.append("| scheme | fences a call | beyond calls back to back | timed region, per call |\n"
               "|---|---|---|---|")
    fenced = {}
    for name, mode, t, r in rows:
        if mode != "every call":
            continue
        calls = median([x["calls"] for x in r["terms"]])
        a = alternate(ctx, "sign", [f"plain:{ctx.synth(name)}", f"plain:{ctx.synth(name, '_fence')}"])
        fenced[name] = ((a["arms"][1]["ratio"] - 1) * t["ticks"] / calls,
                        median([x["per_call"] for x in r["terms"]]))
    ref = fenced.get("s95", (None, None))[0]
    for name, (cost, region) in fenced.items():
        beyond = "n/a" if ref is None else f"{cost - ref:+.1f}"
        out.append(f"| {name} | {cost:.1f} | {beyond} | {region:+.1f} |")
    out.append("")


# ---------------------------------------------------------------- part 3c


def shapes_run(ctx, behaviour, rec):
    """The profile of the run fixture's keygen under BEHAVIOUR, into REC."""
    passes = (["--min-calls", "5", "--target-seconds", "0.5", "--profile-seconds", "1"] if QUICK
              else ["--min-calls", "30", "--target-seconds", "2", "--profile-seconds", "4"])
    sh([ctx.iccsprof, "run", "--plain", os.path.join(ctx.runfix, "libsigfix.so"), "--profiled",
        os.path.join(ctx.runfix, "libsigfix_prof.so"), "--op", "keygen", "--instance", "sigfix",
        "--out", rec, "--max-seconds", "120"] + passes,
       env=dict(ctx.env, ICCSPROF_FIXTURE=behaviour))
    with open(rec) as f:
        return json.load(f)["profile"]


def part_shapes(ctx, out):
    """The share of an operation whose helper calls have far more shapes
    than the wrappers' table holds, against its twin with every call in
    one shape: the same calls and output blocks, so the same true share."""
    out.append("## 3c. Shares past the shape table\n")
    out.append(
        "The run fixture's key generation (tests/fixtures/run/sigfix.c) with 5000 pseudoXOF "
        "calls of 5000 output lengths (`ICCSPROF_FIXTURE=shapes`: 256 shapes kept exact, the "
        "others grouped in power-of-two classes) and its twin with the same 5000 calls and the "
        "same 60000 output blocks in one shape (`one-shape`), each call followed by the same "
        "work of its own: both have the same true share. The runs alternate, "
        f"{RUNS} of each; medians.\n")
    out.append("| fixture | calls per op (pseudoXOF) | grouped calls per op | hash share | "
               "standard error |\n|---|---|---|---|---|")
    shares = {}
    with tempfile.TemporaryDirectory() as tmp:
        rec = os.path.join(tmp, "r.json")
        runs = {"shapes": [], "one-shape": []}
        for _ in range(RUNS):
            for behaviour in runs:
                runs[behaviour].append(shapes_run(ctx, behaviour, rec))
    for behaviour, ps in runs.items():
        ps.sort(key=lambda p: p["hash_share"])
        p = ps[len(ps) // 2]
        x = p["helpers"]["pseudoXOF"]
        shares[behaviour] = p["hash_share"]
        out.append(f"| {behaviour} | {x['calls'] / p['calls']:.0f} | "
                   f"{x['grouped_calls'] / p['calls']:.0f} | {pct(p['hash_share'])} | "
                   f"{100 * p['hash_share_stderr']:.2f} pp |")
    diff = shares["shapes"] - shares["one-shape"]
    out.append(f"\nDifference of the shares: {pp(diff)}: "
               + target("share past the shape table within 1 pp of its one-shape twin", pp(diff),
                        "|d| <= 1 pp", abs(diff) <= 0.01,
                        "the two operations make the same calls and output blocks", True) + ".\n")


# ---------------------------------------------------------------- part 3b

# Runs of iccsprof run per configuration of the preemption rows, and the
# profile pass's time of each.
PREEMPT_RUNS, PREEMPT_SECONDS = RUNS, ("0.5" if QUICK else "2")
# The CPU hog: 1 ms of spinning every 3 ms.  Waking from its sleep, it
# preempts the measurement wherever it is, inside helper calls too (a hog
# that never sleeps is switched in mostly at the measurement's own system
# calls, between operations).
HOG = ("import time\n"
       "while True:\n"
       "    time.sleep(0.002)\n"
       "    t = time.perf_counter()\n"
       "    while time.perf_counter() - t < 0.001:\n"
       "        pass\n")


def shares_without_outliers(p):
    """The hash share of profile P as it was before outliers were set
    apart: each shape's outliers folded back into its timed calls, and the
    time the operations lost (`preempted`: off the CPU, or in outlier
    calls beyond their helper's mean) left in their time."""
    est = 0.0
    calls = 0
    for s in p["shapes"]:
        if s["helper"] == "get_random_number":
            continue
        timed = s["timed_calls"] + s.get("outlier_calls", 0)
        if timed:
            est += (s["ticks"] + s.get("outlier_ticks", 0)) / timed * s["calls"]
        calls += s["calls"]
    away = p.get("preempted", {}).get("ticks", 0.0)
    if p["compensation"]["applied"]:
        share = (est - calls * p["overhead"]["inner_ticks"]) / (p["baseline_ticks"] + away)
    else:
        share = est / p["ticks"]
    return min(max(share, 0.0), 1.0)


# The schemes of part 3d: those whose share moved most with the core.
TURN_SCHEMES = ("dense", "dense60")
# Processes of each layout in part 3e.
LAYOUT_RUNS = 3 if QUICK else 8


def turn_cores():
    """The cores an unpinned profile pass takes in turn
    (src/measure/cores.c): up to four of those the process may run on,
    evenly spread."""
    cpus = sorted(os.sched_getaffinity(0))
    n = min(4, len(cpus))
    return [cpus[k * len(cpus) // n] for k in range(n)]


def part_turns(ctx, out):
    """Unpinned runs, the profile pass's trials taking the cores in turn,
    against the mean of the true shares measured on each of those cores
    just before and just after each run."""
    cores = turn_cores()
    rounds = TRUTH_ROUNDS // TRUTH_PROCESSES
    out.append("## 3d. The cores in turn\n")
    out.append(
        f"`iccsprof run --no-plain --profiled ... --op sign` unpinned, {RUNS} runs a scheme: "
        f"the profile pass takes its trials on cores {', '.join(map(str, cores))} in turn and "
        "its played-back share is the mean of theirs (`profile.replay.cores`). Each run is "
        f"held to the mean of the cores' true shares, each measured in a process of {rounds} "
        "alternated rounds pinned to it just before and just after the run (part 3's `beside`), "
        "to the same targets as part 3. *Cores apart*: the highest core's share less the "
        "lowest's, of the truth beside each run and of the run's own `replay.cores` (medians "
        "over the runs).\n")
    out.append("| scheme | true share, mean of the cores | median error | worst error | "
               "stated ± (median) | covered | result | coverage | cores apart: truth | "
               "cores apart: record |\n|---|---|---|---|---|---|---|---|---|---|")
    for name in TURN_SCHEMES:
        lib = ctx.synth(name, "_prof")
        procs = {c: [truth_process(ctx, name, rounds, c)] for c in cores}
        records = []
        for _ in range(RUNS):
            records.append(profiles(ctx, lib, [], runs=1)[0])
            for c in cores:
                procs[c].append(truth_process(ctx, name, rounds, c))
        on_core = [besides(procs[c]) for c in cores]
        runs, apart_truth, apart_rec, shares = [], [], [], []
        for i, p in enumerate(records):
            on = [b[i] for b in on_core]
            t = mean_truth(on)
            runs.append((p, t))
            shares.append(t["share"])
            apart_truth.append(max(x["share"] for x in on) - min(x["share"] for x in on))
            rec = [c["share"] for c in p["replay"].get("cores") or []]
            apart_rec.append(max(rec) - min(rec) if rec else 0.0)
        r = summarise(runs, played_terms)
        res, cov = row_targets(f"{name}, the cores in turn, played back", r)
        out.append(f"| {name} | {pct(median(shares))} ({pct(min(shares))}-{pct(max(shares))}) | "
                   f"{fmt_row(r)} | {res} | {cov} | {100 * median(apart_truth):.2f} pp | "
                   f"{100 * median(apart_rec):.2f} pp |")
    out.append("")


def part_layout(ctx, out):
    """The played-back share of the dense scheme in processes whose address
    space is randomized and in processes where it is not (setarch -R),
    alternated, all on one core: how far one process's share stands from
    the next one's, which the process's own trials cannot show, and
    whether where the loader puts things is why."""
    cpu = bench_cpu()
    out.append("## 3e. From one process to the next\n")
    if shutil.which("setarch") is None:
        out.append("Skipped: `setarch` (util-linux) is not installed.\n")
        return
    lib = ctx.synth("dense", "_prof")
    layouts = (("randomized", ()), ("fixed (`setarch -R`)", ("setarch", "-R")))
    got = {label: [] for label, _ in layouts}
    try:
        for _ in range(LAYOUT_RUNS):
            for label, prefix in layouts:
                got[label].append(profiles(ctx, lib, [], 1, cpu, prefix)[0]["replay"])
    except RuntimeError as e:
        out.append(f"Skipped: {e}\n")
        return
    out.append(
        f"`iccsprof run --cpu {cpu} --no-plain --profiled ... --op sign` on the dense "
        f"synthetic scheme, {LAYOUT_RUNS} processes with the address space randomized (where "
        "the loader puts the library, the heap and the stack) and as many with it off, "
        "alternated: the spread of their played-back shares (`profile.replay.share`) against "
        "the half-width their own trials give (`trials_half_width`, median), which sees "
        "one process only.\n")
    out.append("| layout | processes | share: median | standard deviation | lowest-highest "
               "| trials' half-width (median) |\n|---|---|---|---|---|---|")
    for label, _ in layouts:
        shares = [x["share"] for x in got[label]]
        sd = statistics.stdev(shares)
        out.append(f"| {label} | {len(shares)} | {pct(median(shares))} | {100 * sd:.2f} pp | "
                   f"{pct(min(shares))}-{pct(max(shares))} | "
                   f"\u00b1{100 * median([x['trials_half_width'] for x in got[label]]):.2f} pp |")
    out.append("")


def with_hog(cpu, fn):
    """Run FN with a CPU hog pinned to CPU, the core FN's process is
    pinned to too, so that the scheduler preempts the measurement."""
    hog = subprocess.Popen([sys.executable, "-c", HOG],
                           preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
    try:
        return fn()
    finally:
        hog.kill()
        hog.wait()


def part_preemption(ctx, out, truths):
    """Sampled and full timing of the dense scheme on a core shared with a
    CPU hog, against the true share measured on that core beside each row,
    with the outliers set apart (the record's share) and folded back in
    (as before the rule)."""
    out.append("## 3b. Sampling under preemption\n")
    cpu = bench_cpu()
    if "dense" not in truths:
        out.append("Skipped: the dense scheme's true share was not measured.\n")
        return
    rounds = TRUTH_ROUNDS // TRUTH_PROCESSES
    out.append(
        f"The dense synthetic scheme, `iccsprof run --cpu {cpu} "
        f"--no-plain --profiled ... --op sign --profile-seconds {PREEMPT_SECONDS}`, "
        f"{PREEMPT_RUNS} runs per row, on that core alone and sharing it with a CPU hog pinned "
        "there too (1 ms of spinning every 3 ms, which preempts the measurement wherever it "
        "is), held to the true share measured on the same core, without the hog, in a "
        f"process of {rounds} alternated rounds just before and one just after each run, as in "
        "part 3 (the core's state can move its true share by several points within a row; "
        "the row shows the mean of its runs' truths; the "
        f"true share of part 3, on the same core: {pct(truths['dense']['share'])}). "
        "\"Set apart\": the "
        "record's share, preempted timed calls set apart as outliers of their shape and the "
        "preempted time taken off the operations'. \"Folded back\": the same records with each "
        "shape's outliers put back into its timed calls and the preempted time left in, as "
        "the estimate was before the rule. \"Played back\": the every-call records' "
        "`profile.replay.share` (part 3). Median error of the runs and the worst; the rows "
        "are held to part 3's targets.\n")
    out.append("| core | timing | K | true share on the core | set apart: median error | "
               "worst error | stated \u00b1 (median) | covered | result | coverage | folded "
               "back: median error (worst) | timed calls set apart per run | preempted "
               "operations per run |\n"
               "|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    configs = (("every call", []), ("auto", ["--sample", "auto"]), ("K = 64", ["--sample", "64"]))
    for core in ("alone", "with a CPU hog"):
        for label, extra in configs:
            def measure():
                return profiles(ctx, ctx.synth("dense", "_prof"),
                                extra + ["--profile-seconds", PREEMPT_SECONDS], 1, cpu)[0]
            runs, procs = [], [truth_process(ctx, "dense", rounds, cpu)]
            for _ in range(PREEMPT_RUNS):
                runs.append(measure() if core == "alone" else with_hog(cpu, measure))
                procs.append(truth_process(ctx, "dense", rounds, cpu))
            beside_runs = besides(procs)
            held = list(zip(runs, beside_runs))
            t = mean_truth(beside_runs)
            r = summarise(held)
            res, cov = row_targets(f"dense under preemption, {core}, {label}", r, True)
            folded = [shares_without_outliers(p) - x["share"] for p, x in held]
            outliers = sum(p["sampling"]["outliers"]["calls"] for p in runs) / len(runs)
            preempted = sum(p["preempted"]["operations"] for p in runs) / len(runs)
            out.append(f"| {core} | {label} | {', '.join(map(str, r['ks']))} | "
                       f"{pct(t['share'])} \u00b1{100 * 1.96 * t['se']:.2f} pp | {fmt_row(r)} | "
                       f"{res} | {cov} | {pp(median(folded))} ({pp(worst(folded))}) | "
                       f"{outliers:.1f} | {preempted:.1f} |")
            if label == "every call":
                r = summarise(held, played_terms)
                res, cov = row_targets(f"dense under preemption, {core}, played back", r)
                out.append(f"| {core} | played back | | {pct(t['share'])} \u00b1"
                           f"{100 * 1.96 * t['se']:.2f} pp | {fmt_row(r)} | {res} | {cov} | | | |")
            if core == "alone" and label == "auto":
                estimates = ", ".join(f"{p['sampling']['k_estimate']:.2f}" for p in runs)
                target(f"auto: one K over {PREEMPT_RUNS} runs of one workload",
                       ", ".join(map(str, r["ks"])), "one K", len(r["ks"]) == 1,
                       f"the estimates ({estimates}) straddle a power of two", True)
    out.append("")


# ---------------------------------------------------------------- part 4


def peer_workloads(ctx, skips):
    """The workloads the profilers are compared on."""
    ws = [{"name": "synthetic dense, sign", "op": "sign", "type": "sig",
           "arm": f"plain:{ctx.synth('dense')}", "prof_lib": ctx.synth("dense", "_prof"),
           "pg_lib": ctx.synth("dense", "_pg"), "calls": 300 if QUICK else 2000,
           "callgrind_calls": 20 if QUICK else 100}]
    scheme, inst, op = DEFAULT_INTREE
    insts = intree_instances(ctx, scheme)
    if isinstance(insts, str) or inst not in insts:
        skips.append(f"{scheme} {inst} {op}: " + (insts if isinstance(insts, str)
                                                   else f"{inst} not built"))
        return ws
    plain = ctx.intree(scheme, inst)
    one = json.loads(sh([ctx.opbench, "loop", "--op", op, "--calls", "3", f"plain:{plain}"]))
    per_op = max(one["seconds"] / 3, 1e-6)
    w = {"name": f"{scheme} {inst}, {op}", "op": op, "type": "sig", "arm": f"plain:{plain}",
         "prof_lib": ctx.intree(scheme, inst, True),
         "calls": max(3, int((0.2 if QUICK else 1.0) / per_op)),
         "callgrind_calls": max(1, int((0.01 if QUICK else 0.03) / per_op))}
    try:
        w["pg_lib"] = build_pg(ctx, scheme, inst)
    except (RuntimeError, OSError) as e:
        w["pg_lib"], w["pg_why"] = None, f"no -pg build: {e}"
    ws.append(w)
    return ws


def build_pg(ctx, scheme, inst):
    """Compile an in-tree instance's folder with -pg for uftrace: every .c
    file but the KAT program, with the folder on the include path."""
    folder = os.path.join(ctx.srcdir, "schemes", scheme, "Implementations",
                          "Reference_Implementation", inst)
    srcs = sorted(p for p in glob.glob(os.path.join(folder, "*.c"))
                  if not os.path.basename(p).startswith("KAT_"))
    if not srcs:
        raise RuntimeError(f"no sources in {folder}")
    out = os.path.join(ctx.builddir, "bench", f"lib{inst}.pg.so")
    sh(["gcc", "-std=c99", "-O2", "-g", "-fPIC", "-shared", "-pg", "-I", folder, "-o", out] + srcs)
    return out


def part_peers(ctx, out):
    """Every profiler on the same workloads."""
    skips = []
    out.append("## 4. Other profilers on the same workload\n")
    out.append(
        "Each tool watches the bench driver running the operation in a loop on the plain "
        "library (`opbench loop`). Time ratios: the loop's wall time, and its thread's CPU "
        "time, under the tool over the same loop alone (medians of alternated runs; the tool's "
        "start-up and post-processing are not counted; on a machine shared with other work the "
        "CPU-time ratio is the steadier one). iccsprof's own ratio is measured as part 2 does, "
        "alternating the plain and the profiled build in blocks in one process (no wall-time "
        "ratio), since the loop in a process of its own moved by up to 12 % from one process to "
        "the next. uftrace needs a `-pg` build, so it runs on one (every function of "
        "the library is traced) and its ratio is against the plain build. callgrind counts "
        "instructions, not time, and collects only inside the operation's API function. perf "
        "samples; its share is the samples in the helpers' own functions (those of "
        "schemes/iccs) over all samples of the loop. iccsprof's row is the operation on the "
        "profiled build with the wrappers enabled around each operation, every call timed.\n")
    rows = []
    for w in peer_workloads(ctx, skips):
        out.append(f"### {w['name']}\n")
        out.append("| profiler | wall-time ratio | CPU-time ratio | hash share | what the share is "
                   "| calls per op |\n|---|---|---|---|---|---|")
        for name, r in peers.run_peers(ctx, w):
            if "skip" in r:
                out.append(f"| {name} | skipped: {r['skip']} | | | | |")
                continue
            calls = ", ".join(f"{h} {v:.4g}" for h, v in sorted(r["calls_per_op"].items())) \
                if r["calls_per_op"] else "none (sampling)"
            wall = "n/a" if r["ratio"]["wall"] is None else f"{r['ratio']['wall']:.3f}"
            out.append(f"| {name} | {wall} | {r['ratio']['cpu']:.3f} | "
                       f"{pct(r['share'])} | {r['what']} | {calls} |")
            rows.append((w["name"], name, r))
        out.append("")
    for s in skips:
        out.append(f"- skipped: {s}")
    if skips:
        out.append("")
    return rows


# ---------------------------------------------------------------- part 4b

# Comparisons of part 4b, and the seconds between the two measurements of
# each: long enough for the machine's state to move (the true share of
# part 3 moves by up to 3.7 pp from one minute to the next).
COMPARE_RUNS = 5
COMPARE_GAP = 5 if QUICK else int(os.environ.get("BENCH_COMPARE_GAP", "120"))
# Each record's passes in three processes each, so that its errors hold
# what changes from one process to the next (measuring.md, "One process
# is not the next").
COMPARE_PROCESSES = 3
COMPARE_RUN = (["--timing-processes", str(COMPARE_PROCESSES),
                "--profile-processes", str(COMPARE_PROCESSES)] +
               (["--target-seconds", "0.3", "--profile-seconds", "0.2", "--max-seconds", "3"]
                if QUICK else []))


def measure_once(ctx, folder):
    """The dense scheme's signing measured by `iccsprof run` unpinned into
    FOLDER, its plain and profiled builds, with the defaults: its record."""
    os.makedirs(folder)
    sh([ctx.iccsprof, "run", "--plain", ctx.synth("dense"), "--profiled",
        ctx.synth("dense", "_prof"), "--op", "sign", "--scheme", "dense", "--instance", "dense",
        "--out-dir", folder] + COMPARE_RUN, env=ctx.env)
    with open(os.path.join(folder, "dense__sign.json")) as f:
        return json.load(f)


def compare_twice(ctx, tmp, i):
    """The I-th comparison: one build measured twice, COMPARE_GAP seconds
    apart, compared by `iccsprof compare --format json`: its row, and the
    two records."""
    a, b = os.path.join(tmp, f"{i}a"), os.path.join(tmp, f"{i}b")
    ra = measure_once(ctx, a)
    time.sleep(COMPARE_GAP)
    rb = measure_once(ctx, b)
    doc = json.loads(sh([ctx.iccsprof, "compare", "--format", "json", a, b], env=ctx.env))
    return doc["records"][0], ra, rb


def cores_cell(rec):
    """A record's timing cores: each core's mean cycles, and whether they
    disagree beyond their errors."""
    t = rec["timing"]
    cores = ", ".join(f"{c['cpu']}: {c['mean_cycles'] / 1e3:.1f} k" for c in t["cores"])
    procs = (f"; processes {100 * t['process_spread']:.1f} % apart" if "process_spread" in t
             else "")
    return f"{cores} ({100 * t['core_spread']:.1f} % apart{procs})"


def part_compare(ctx, out):
    """`iccsprof compare` of one build against itself measured minutes
    later: no significant difference in every comparison, while the cores
    may disagree."""
    out.append("## 4b. One build compared with itself\n")
    out.append(
        f"`iccsprof run` of the dense scheme's signing (plain and profiled builds, the "
        f"defaults but each pass in {COMPARE_PROCESSES} processes (`--timing-processes "
        f"{COMPARE_PROCESSES} --profile-processes {COMPARE_PROCESSES}`), unpinned: both passes "
        f"take the cores in turn), twice, {COMPARE_GAP} s "
        f"apart, then `iccsprof compare --format json` of the two records; {COMPARE_RUNS} "
        "comparisons. *Cycles*: B/A with its 95 % half-width and compare's verdict "
        "(`cycles_verdict`); *share*: the played-back hash share's difference and whether it "
        "lies within the two records' intervals; *cores*: each core's mean cycles in A and in "
        "B, and whether either record's cores disagree beyond their errors "
        "(`cores_disagree_a`/`_b`); *CPU*: the share of each timing's time the process had "
        "the CPU (`cpu_share_a`/`_b`). Compare's noise threshold is its default, 1 %. A "
        "comparison is met when neither the cycles nor the share differ significantly by the "
        "records' statistics: compare's last reason, that both records timed the same library "
        "bytes on the same inputs (`the same code and inputs`), holds for every comparison of "
        "this part and is not counted.\n")
    out.append("| run | cycles B/A | cycles verdict | hash share B - A | share verdict | "
               "cores of A | cores of B | cores disagree | CPU A, B |\n"
               "|---|---|---|---|---|---|---|---|---|")
    met, drift = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(COMPARE_RUNS):
            try:
                row, ra, rb = compare_twice(ctx, tmp, i)
            except (RuntimeError, OSError, KeyError, IndexError) as e:
                out.append(f"| {i + 1} | skipped: {e} | | | | | | | |")
                continue
            drift.append(abs(row["cycles_ratio"] - 1))
            share_ok = row["hash_share_within_noise"] or row["hash_share_diff_pp"] == 0
            # the same library bytes tell compare the difference is the
            # machine's whatever its size: the target asks the records'
            # statistics, so that verdict does not count as met here
            cycles_ok = row["cycles_verdict"] not in ("differ", "the same code and inputs")
            met += share_ok and cycles_ok
            out.append(
                f"| {i + 1} | {row['cycles_ratio']:.3f} \u00b1{row['cycles_ratio_halfwidth']:.3f} | "
                f"{row['cycles_verdict']}"
                f"{' (' + row['cycles_within_cores_of'] + ')' if row['cycles_within_cores_of'] else ''}"
                f"{' (' + row['cycles_time_taken_from'] + ')' if row['cycles_time_taken_from'] else ''}"
                f"{' (' + row['cycles_within_processes_of'] + ')' if row['cycles_within_processes_of'] else ''}"
                f" | {row['hash_share_diff_pp']:+.2f} pp | "
                f"{'within' if share_ok else 'differs'} (\u2212{row['hash_share_diff_below_pp']:.2f}/"
                f"+{row['hash_share_diff_above_pp']:.2f}) | {cores_cell(ra)} | {cores_cell(rb)} | "
                f"{'A' if row['cores_disagree_a'] else ''}{'B' if row['cores_disagree_b'] else ''}"
                f"{'' if row['cores_disagree_a'] or row['cores_disagree_b'] else 'no'} | "
                f"{100 * row['cpu_share_a']:.0f} %, {100 * row['cpu_share_b']:.0f} % |")
    out.append("")
    if drift:
        out.append(f"The same build moved by {100 * min(drift):.1f} to {100 * max(drift):.1f} % "
                   f"between its two measurements: a noise threshold of "
                   f"{100 * max(drift):.1f} % (`iccsprof compare --noise-threshold`) would have "
                   "taken every one of these differences as this machine's.\n")
    target("one build compared with itself minutes later, no significant difference",
           f"{met} of {COMPARE_RUNS}", f"{COMPARE_RUNS} of {COMPARE_RUNS}", met == COMPARE_RUNS,
           "" if met == COMPARE_RUNS else "a comparison found a difference the records' errors, "
           "cores, load and the noise threshold do not cover")


# ---------------------------------------------------------------- part 5


def records(ctx, scheme):
    """The records make profile wrote for SCHEME."""
    out = []
    for p in sorted(glob.glob(os.path.join(ctx.builddir, "profiles", scheme, "*__*.json"))):
        with open(p) as f:
            out.append(json.load(f))
    return out


def timed_make(ctx, scheme):
    """Wall seconds of `make profile SCHEME=...` in the build tree."""
    t0 = time.monotonic()
    sh(["make", "-C", ctx.builddir, "profile", f"SCHEME={scheme}"])
    return time.monotonic() - t0


def campaign(ctx):
    """Run make profile for each in-tree scheme from a clean state (and a
    second time with the libraries built, to tell building from
    measuring); one result or skip per scheme.  Runs first, as it builds
    what parts 2 and 4 measure."""
    res = []
    for scheme, _ in INTREE:
        if not os.path.isdir(os.path.join(ctx.srcdir, "schemes", scheme)):
            res.append((scheme, {"skip": f"schemes/{scheme} is not in this tree"}))
            continue
        builds = os.path.join(ctx.builddir, "build", "schemes", scheme)
        profs = os.path.join(ctx.builddir, "profiles", scheme)
        try:
            shutil.rmtree(builds, ignore_errors=True)
            shutil.rmtree(profs, ignore_errors=True)
            total = timed_make(ctx, scheme)
            recs = records(ctx, scheme)
            if not recs:
                res.append((scheme, {"skip": f"make profile SCHEME={scheme} wrote no "
                                              f"profiles/{scheme}/*.json"}))
                continue
            again = None
            if not QUICK:
                shutil.rmtree(profs, ignore_errors=True)
                again = timed_make(ctx, scheme)
                recs = records(ctx, scheme)
        except RuntimeError as e:
            res.append((scheme, {"skip": str(e)}))
            continue
        plain = sum(t["seconds"] for r in recs if r.get("timing") for t in r["timing"]["trials"])
        prof = sum(r["profile"]["ticks"] / r["host"]["tick_hz"] for r in recs
                   if r.get("profile") and r["host"].get("tick_hz"))
        res.append((scheme, {"total": total, "again": again, "plain": plain, "profile": prof,
                             "records": len(recs)}))
    return res


def part_campaign(res, out):
    """The campaign's wall time and how it splits."""
    out.append("## 5. Campaign time\n")
    out.append(
        "Wall time of `make profile SCHEME=<id>` with default settings, from a clean state "
        "(the scheme's build folder and profiles removed). Plain timing: the records' trial "
        "seconds; profiling: the profile passes' measured operations (ticks over the tick "
        "rate). Building: the first run's time minus a second run's with the libraries already "
        "built; the rest of the second run is set-up, warm-up, calibration and process start.\n")
    out.append("| scheme | records | total | building | plain timing | profiling | rest |\n"
               "|---|---|---|---|---|---|---|")
    for scheme, r in res:
        if "skip" in r:
            out.append(f"| {scheme} | skipped: {r['skip']} | | | | | |")
            continue
        if r["again"] is not None:
            build = f"{r['total'] - r['again']:.1f} s"
            rest = f"{r['again'] - r['plain'] - r['profile']:.1f} s"
        else:
            build = "(not split under BENCH_QUICK)"
            rest = f"{r['total'] - r['plain'] - r['profile']:.1f} s with building"
        out.append(f"| {scheme} | {r['records']} | {r['total']:.1f} s | {build} | "
                   f"{r['plain']:.1f} s | {r['profile']:.1f} s | {rest} |")
    out.append("")


# ---------------------------------------------------------------- part 6

# The two ways to a result: the adaptive rule (a minimum of 5 trials of 5
# calls, then on to the precision) and the published harness's fixed
# trials (100 calls at least, about 5 s for a fast operation, no
# precision asked), under one generous limit so that neither is cut.
TTR_PRECISION = 0.01
TTR_MAX = 20 if QUICK else 900
TTR_RULES = (("adaptive (--precision 1 %)", ["--precision", "1%"]),
             ("harness's fixed trials", ["--precision", "off", "--min-calls", "100",
                                         "--target-seconds", "5"]))


def ttr_workloads(ctx, skips):
    """(name, plain, profiled, op) of every operation of the in-tree
    schemes' first built instances, and of the slow synthetic signature."""
    out = []
    for scheme, kind in INTREE:
        insts = intree_instances(ctx, scheme)
        if isinstance(insts, str):
            skips.append((scheme, insts))
            continue
        for op in OPS[kind]:
            out.append((f"`{insts[0]}` {op}", ctx.intree(scheme, insts[0]),
                        ctx.intree(scheme, insts[0], True), op))
    out.append(("slow synthetic sign (~1 s)", ctx.synth("slow"), ctx.synth("slow", "_prof"),
                "sign"))
    return out


def ttr_run(ctx, plain, prof, op, flags):
    """Wall seconds of `iccsprof run` on one operation with FLAGS, and the
    record it wrote."""
    with tempfile.TemporaryDirectory() as d:
        t0 = time.monotonic()
        sh([ctx.iccsprof, "run", "--plain", plain, "--profiled", prof, "--op", op, "--out",
            os.path.join(d, "r.json"), "--max-seconds", str(TTR_MAX)] + flags, env=ctx.env)
        wall = time.monotonic() - t0
        with open(os.path.join(d, "r.json")) as f:
            return wall, json.load(f)


def ttr_cell(wall, rec):
    """"12.3 s: ±0.41 % in 25 calls, shares ±0.8 % in 25": a run's wall
    time and the precision each pass reached with its calls."""
    def one(p):
        if p is None:
            return "no pass"
        prec = "n/a" if p["precision"] is None else f"\u00b1{100 * p['precision']:.2g} %"
        return f"{prec} in {p['calls']}" + (" (cut)" if p["stop"] == "max-seconds" else "")
    passes = rec["passes"]
    return f"{wall:.1f} s: {one(passes['timing'])}, shares {one(passes['profile'])}"


def part_time_to_result(ctx, out):
    """The wall time each rule takes to a result, and the precision it
    reaches."""
    skips = []
    out.append("## 6. Time to result\n")
    out.append(
        "Wall time of `iccsprof run` on one operation (both passes, process start included) "
        "under each rule, and the precision each pass reached: the 95 % confidence half-width "
        "of the timing's mean over its trials, and the shares' (relative to the share, or to "
        "10 % for a smaller one), with the calls or profiled operations it took; `(cut)`: the "
        f"pass reached --max-seconds {TTR_MAX}. The adaptive rule goes on only as far as "
        "the precision needs; the fixed trials take their count whatever the operation's noise."
        " On a busy machine the adaptive rule runs longer for the fast operations, whose "
        "trials the machine's noise moves: the figures are this machine's, in one run.\n")
    out.append("| operation | " + " | ".join(name for name, _ in TTR_RULES) + " |\n"
               "|---|" + "---|" * len(TTR_RULES))
    slow = {}
    for name, plain, prof, op in ttr_workloads(ctx, skips):
        cells = []
        for rule, flags in TTR_RULES:
            try:
                wall, rec = ttr_run(ctx, plain, prof, op, flags)
                cells.append(ttr_cell(wall, rec))
                if name.startswith("slow"):
                    slow[rule] = (wall, rec["passes"]["timing"]["precision"])
            except (RuntimeError, OSError) as e:
                cells.append(f"skipped: {e}")
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    for scheme, why in skips:
        out.append(f"| {scheme} | skipped: {why} |" + " |" * (len(TTR_RULES) - 1))
    out.append("")
    if len(slow) == len(TTR_RULES):
        (aw, ap), (fw, fp) = (slow[r] for r, _ in TTR_RULES)
        met = ap is not None and ap <= TTR_PRECISION and aw < fw
        verdict = target("time to result of the slow operation",
                         f"{aw:.0f} s (adaptive) against {fw:.0f} s (fixed trials)",
                         "less time at \u00b11 %", met,
                         "the adaptive rule did not reach its precision sooner")
        out.append(f"Slow operation, the adaptive rule to \u00b11 % in less time than the fixed "
                   f"trials: {verdict}.\n")


# The default page: `iccsprof profile` on the in-tree signature scheme
# with no option of the method, built already, as the host is and with two
# processes spinning beside it (a loaded two-core machine); the page is
# wanted within this many seconds.
TTP_SCHEME = "sign-wots"
TTP_WANTED = 90
TTP_SPINNERS = 2


def ttp_run(ctx, spinners):
    """Wall seconds of the default `iccsprof profile` of TTP_SCHEME with
    SPINNERS busy processes beside it, the load average before it, and its
    records."""
    spin = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(spinners)]
    try:
        with tempfile.TemporaryDirectory() as d:
            load = os.getloadavg()[0]
            t0 = time.monotonic()
            sh([ctx.iccsprof, "profile", "-q", "--scheme", TTP_SCHEME, "--schemes-dir",
                os.path.join(ctx.srcdir, "schemes"), "--builddir",
                os.path.join(ctx.builddir, "build", "schemes"), "--profile-dir", d], env=ctx.env)
            wall = time.monotonic() - t0
            recs = []
            for name in sorted(os.listdir(d)):
                if name.endswith(".json"):
                    with open(os.path.join(d, name)) as f:
                        recs.append(json.load(f))
            return wall, load, recs
    finally:
        for p in spin:
            p.kill()
            p.wait()


def part_time_to_page(ctx, out):
    """The wall time of the default page and the precision its times
    reached, as the host is and loaded."""
    out.append(f"Time to page: `iccsprof profile --scheme {TTP_SCHEME}` with the method's "
               "defaults (its instances built already), as the host was and with "
               f"{TTP_SPINNERS} processes spinning beside it; the precision each timing pass "
               "reached (the 95 % half-width of the mean) and how many stopped at their "
               "budget short of the 1 % asked.\n")
    out.append("| host | load average before | wall time | records | timing precision "
               "(best\u2013worst) | stopped at the budget |\n|---|---:|---:|---:|---|---:|")
    verdicts = []
    for label, spinners in (("as found", 0), ("loaded", TTP_SPINNERS)):
        try:
            wall, load, recs = ttp_run(ctx, spinners)
        except (RuntimeError, OSError) as e:
            out.append(f"| {label} | skipped: {e} | | | | |")
            continue
        prec = sorted(r["passes"]["timing"]["precision"] for r in recs
                      if r["passes"]["timing"] and r["passes"]["timing"]["precision"] is not None)
        cut = sum(1 for r in recs if r["passes"]["timing"] and
                  r["passes"]["timing"]["stop"] == "max-seconds")
        pct = lambda p: f"{100 * p:.2g}" if p < 1 else f"{100 * p:.0f}"
        span = f"\u00b1{pct(prec[0])} % \u2013 \u00b1{pct(prec[-1])} %" if prec else "n/a"
        out.append(f"| {label} | {load:.1f} | {wall:.0f} s | {len(recs)} | {span} | {cut} |")
        met = target(f"time to page ({label})", f"{wall:.0f} s", f"within {TTP_WANTED} s",
                     wall <= TTP_WANTED, "the passes, the KAT gates and the page took longer")
        verdicts.append(f"{label} {met}")
    out.append(f"\nThe page within {TTP_WANTED} s: {'; '.join(verdicts)}.\n")


# ---------------------------------------------------------------- part 7

# The candidates of part 7 besides the control and the toy hash package:
# every one libcrypto serves.
WHATIF_CANDIDATES = ("sm3", "sha256", "sha3-256", "sha3-512", "shake128", "shake256")
# iccsprof run's options for the placeholder records and the measured cells.
WHATIF_RUN = ("--trials 3 --target-seconds 0.05 --profile-seconds 0.02 --precision off" if QUICK
              else "--trials 5 --target-seconds 0.5 --profile-seconds 0.2 --precision off")
# The targets: the median |projected - measured| / measured over the
# deterministic rows of the candidates, and the most the control may miss.
WHATIF_MEDIAN_PERCENT = 2.0
WHATIF_CONTROL_PERCENT = 0.5


def part_whatif(ctx, out):
    """Projection against measurement of every operation of the in-tree
    schemes' first instances with each candidate."""
    out.append("## 7. What if: projection against measurement\n")
    out.append(
        "Placeholder records of the first instance of each in-tree scheme, then `iccsprof whatif "
        "--measure` with the control (`iccs`), every libcrypto candidate and the toy hash "
        "package (tests/fixtures/hashes/toyhash): each operation played back with each "
        "candidate hashing every recorded call's message (method `replay`, the ± its 95 % "
        "half-width), against the substituted run of the same library (`iccsprof run "
        f"--substitute`), all with `{WHATIF_RUN}`. Ratios are to the placeholder; measured "
        "ones to the control's measured run (the same library, shims and seam), so the "
        "control's measured ratio is 1 and its difference is the projection's own drift; the "
        "difference is (projected - measured) / measured. A row whose calls depend on the "
        "hash (`calls depend`: another hash takes another path) is shown but left out of the "
        "targets, which hold the deterministic rows.\n")
    tmp = tempfile.mkdtemp(prefix="iccsprof-bench-whatif.")
    rows = []
    try:
        hashes = os.path.join(tmp, "hashes")
        shutil.copytree(os.path.join(ctx.srcdir, "tests", "fixtures", "hashes"), hashes,
                        symlinks=False)
        out.append("| scheme | instance | operation | candidate | method | projected | ratio | "
                   "measured | ratio | difference | calls |\n"
                   "|---|---|---|---|---|---:|---:|---:|---:|---:|---|")
        for scheme, _ in INTREE:
            try:
                rows += whatif_rows(ctx, scheme, hashes, tmp, out)
            except (RuntimeError, OSError, ValueError) as e:
                out.append(f"| {scheme} | skipped: {e} |" + " |" * 9)
        out.append("")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    whatif_targets(rows, out)


def whatif_targets(rows, out):
    """Part 7's targets over its ROWS (the what-if document's)."""
    held = [r for r in rows if r["difference_percent"] is not None
            and not r.get("calls_depend_on_hash")]
    cands = sorted(abs(r["difference_percent"]) for r in held if r["candidate"] != "iccs")
    control = [abs(r["difference_percent"]) for r in held if r["candidate"] == "iccs"]
    if not cands or not control:
        out.append("No deterministic row was both projected and measured: no target.\n")
        return
    median = statistics.median(cands)
    met = target("what if: median |projected - measured| of the deterministic rows",
                 f"{median:.2f} % over {len(cands)} rows", f"within {WHATIF_MEDIAN_PERCENT} %",
                 median <= WHATIF_MEDIAN_PERCENT,
                 "the substituted runs and the played-back projections part; see the rows")
    worst = max(control)
    met_c = target("what if: the control's |projected - measured|",
                   f"{worst:.2f} % at most over {len(control)} rows",
                   f"within {WHATIF_CONTROL_PERCENT} %", worst <= WHATIF_CONTROL_PERCENT,
                   "the control's projection and the control's own run part")
    out.append(f"Median |difference| over {len(cands)} deterministic candidate rows: "
               f"{median:.2f} % ({met}); the control's largest: {worst:.2f} % ({met_c}).\n")


def whatif_rows(ctx, scheme, hashes, tmp, out):
    """The rows of part 7 for the first instance of SCHEME, as printed
    into OUT; the document's rows."""
    records = os.path.join(tmp, scheme)
    first = sorted(os.listdir(os.path.join(ctx.srcdir, "schemes", scheme, "Implementations",
                                           "Reference_Implementation")))[0]
    sh([ctx.iccsprof, "profile", "-q", "--schemes-dir", os.path.join(ctx.srcdir, "schemes"),
        "--scheme", scheme, "--instances", first, "--builddir", os.path.join(tmp, "build"),
        "--profile-dir", records, "--kat", "off", "--run-flags", WHATIF_RUN], env=ctx.env)
    cmd = [ctx.iccsprof, "whatif", "-q", "--measure", "--hashes", hashes, "--format", "json",
           "--run-flags", WHATIF_RUN]
    for c in WHATIF_CANDIDATES:
        cmd += ["--candidate", c]
    doc = json.loads(sh(cmd + [records], env=ctx.env))
    for r in doc["rows"]:
        p, m = r["projected"], r["measured"]
        if p is None:
            proj = f"n/a ({r.get('why')}) | n/a"
        else:
            hw = f" ± {p['half_width']:.3f}" if "half_width" in p else ""
            proj = f"{p['cycles']:.0f} | {p['ratio']:.3f}{hw}"
        if m is None:
            meas = "not measured | n/a"
        elif not m["works"]:
            meas = "works-check failed | n/a"
        else:
            meas = f"{m['cycles']:.0f} | {m['ratio']:.3f}"
        diff = (f"{r['difference_percent']:+.1f} %" if r["difference_percent"] is not None
                else "")
        calls = "depend" if r.get("calls_depend_on_hash") else ""
        out.append(f"| {r['scheme']} | {r['instance']} | {r['operation']} | {r['candidate']} | "
                   f"{r.get('method', '')} | {proj} | {meas} | {diff} | {calls} |")
    return doc["rows"]


# ---------------------------------------------------------------- report


def summary(out):
    """Every target, met or missed, with the reason for a miss."""
    out.append("## Targets\n")
    out.append("The shares the records give are played back wherever the operation repeats "
               "itself (doc/guide/measuring.md, \"Played back\"); the timed estimate gives the helpers' split and "
               "the share of an operation that cannot be played back, and its targets are "
               "counted apart.\n")
    for timed, title in ((False, "Every target but the timed estimate's"),
                         (True, "The timed estimate's")):
        group = [t for t in TARGETS if t[5] == timed]
        if not group:
            continue
        missed = [t for t in group if not t[3]]
        out.append(f"{title}: {len(group) - len(missed)} of {len(group)} met.\n")
        if missed:
            out.append("Missed:\n")
            for what, fig, goal, _, why, _ in missed:
                out.append(f"- {what}: {fig}, target {goal}. "
                           f"{why[0].upper() + why[1:] if why else ''}")
            out.append("")


def main():
    ap = argparse.ArgumentParser(description="make bench")
    ap.add_argument("--srcdir", required=True)
    ap.add_argument("--builddir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--parts", default=os.environ.get("BENCH_PARTS") or ",".join(PARTS),
                    help="the parts to run, e.g. 1,2,3,3b (default: all; BENCH_PARTS too)")
    a = ap.parse_args()
    parts = a.parts.split(",")
    if not parts or any(x not in PARTS for x in parts):
        ap.error(f"--parts: a list of {', '.join(PARTS)}, not '{a.parts}'")
    ctx = Ctx(os.path.abspath(a.srcdir), os.path.abspath(a.builddir))
    t0 = time.monotonic()
    h = host(ctx)
    camp = campaign(ctx) if "5" in parts else None
    body, truths = [], {}
    if "1" in parts:
        part_overhead(ctx, body)
    if "2" in parts:
        part_perturbation(ctx, body, [])
    if "3" in parts or "3b" in parts:
        truths = part_accuracy(ctx, body) if "3" in parts else {"dense": truth(ctx, "dense", bench_cpu())}
    if "3b" in parts:
        part_preemption(ctx, body, truths)
    if "3c" in parts:
        part_shapes(ctx, body)
    if "3d" in parts:
        part_turns(ctx, body)
    if "3e" in parts:
        part_layout(ctx, body)
    if "4" in parts:
        part_peers(ctx, body)
    if "4b" in parts:
        part_compare(ctx, body)
    if camp is not None:
        part_campaign(camp, body)
    if "6" in parts:
        part_time_to_result(ctx, body)
        part_time_to_page(ctx, body)
    if "7" in parts:
        part_whatif(ctx, body)
    summary(body)
    head = ["# iccsprof bench\n",
            f"Host: {h['cpu']}, {h['cores']} cores; {h['os']}, {h['kernel']}; {h['compiler']}; "
            f"hardware cycle counter {'available' if h['hw_cycles'] else 'not available'} to "
            f"perf_event; load average {h['load'][0]:.2f} at the start. "
            f"{'BENCH_QUICK=1 (shortened). ' if QUICK else ''}"
            f"{'' if len(parts) == len(PARTS) else 'Parts run: ' + ', '.join(parts) + '. '}"
            f"Run took {time.monotonic() - t0:.0f} s.\n"]
    text = "\n".join(head + body) + "\n"
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, a.out)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
