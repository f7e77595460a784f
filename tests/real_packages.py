#!/usr/bin/env python3
"""real_packages.py - `make check-real`: every real NGCC package found in a
folder (../shared/real beside the source tree, or $ICCSPROF_REAL), profiled
as published with no descriptor by the installed iccsprof, and held to its
published page's "Symmetric primitives" table: deterministic counts equal
to the published digits, data-dependent ones within their stated
uncertainty, shares within 5 pp, the survey verdict and the algorithm's
name the published ones.  Writes the evidence, published against measured,
to doc/real-packages.md.  Exit 0 when every check held (or when there is no
folder of real packages: a line says it was skipped), 1 otherwise."""

import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

SHARE_PP = 5.0
HELPERS = {"drng": "get_random_number", "pseudoXOF": "pseudoXOF", "pseudohash": "pseudohash",
           "sm3hash": "sm3hash"}
# Seconds each of an operation's two passes may take: Origami-512 signs in
# about 30 s an operation here, so its passes take the few calls that fit
# (n says how many), and the whole check stays within CI's limits.
# The time-out of a measuring process is long enough for the profile
# pass's calibration of such an operation (a warm-up and a pair of calls).
RUN_FLAGS = "--max-seconds 6 --precision off --min-calls 3 --profile-seconds 3 --timeout 900"


def say(line):
    """One line of progress, flushed: the check runs for minutes."""
    print("check-real: " + line, flush=True)


def published_pages(reference):
    """The published pages under REFERENCE/seeds, by algorithm name."""
    pages = {}
    for path in sorted(glob.glob(os.path.join(reference, "seeds", "*.txt"))):
        m = re.match(r"^([a-z]+-\d+)-(.+)-x86_\d+\.txt$", os.path.basename(path))
        if m:
            pages[m.group(2)] = (m.group(1), path)
    return pages


def published_rows(path):
    """The algorithm's name, the survey verdict and the Symmetric
    primitives rows of page PATH: {(instance, operation): (hash %, DRNG %,
    {helper: text})}."""
    lines = open(path, encoding="utf-8").read().splitlines()
    start = lines.index("Symmetric primitives")
    verdict, rows = None, {}
    named = [l[len("Algorithm: "):] for l in lines[:start] if l.startswith("Algorithm: ")]
    for line in lines[start + 1:]:
        if line.startswith("Survey verdict: "):
            verdict = line[len("Survey verdict: "):].split(" — ")[0]
        cells = line.split("\t")
        if len(cells) == 5 and cells[0].startswith("`"):
            calls = {}
            for part in filter(None, cells[4].split(", ")):
                name, value = part.rsplit(" ", 1)
                calls[HELPERS[name]] = value
            rows[(cells[0].strip("`"), cells[1])] = (float(cells[2].rstrip("%")),
                                                     float(cells[3].rstrip("%")), calls)
        elif rows and not cells[0].startswith("`") and line.strip():
            break
    return (named[0] if named else None), verdict, rows


def half_ulp(text):
    """Half a unit of the last digit of TEXT as printed (%.3g): the
    rounding interval of a published figure."""
    mantissa = text.split("e")[0]
    exp = int(text.split("e")[1]) if "e" in text else 0
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    return 0.5 * 10.0 ** (exp - decimals)


# Student's t at 0.999 by degrees of freedom (the nearest listed below
# the one asked for): a figure varying between few operations is judged
# by the mean's interval at the sample's own size, and the gate, run at
# every check, misses a sound figure about once in 500.
T999 = [(1, 318.3), (2, 22.33), (3, 10.21), (4, 7.173), (5, 5.893), (6, 5.208), (7, 4.785),
        (8, 4.501), (9, 4.297), (10, 4.144), (15, 3.733), (20, 3.552), (30, 3.385), (60, 3.232),
        (120, 3.160)]


def t999(df):
    """Student's t quantile 0.999 for DF degrees of freedom, rounded up."""
    return [t for d, t in T999 if d <= df][-1]


def check_count(text, h, n):
    """Whether the measured calls per operation H (over N operations)
    agree with the published TEXT: True, False or None (unresolved: one
    operation cannot show a count that varies), and how it was judged."""
    pub, tol = float(text), half_ulp(text)
    cpo = h["calls_per_op"]
    if n < 2:
        # one operation agreeing with the published digits is evidence;
        # one that does not may be a varying count's draw
        if abs(cpo - pub) <= tol:
            return True, "%s (n = %d)" % ("%.6g" % cpo, n)
        return None, "unresolved %s (n = %d)" % ("%.6g" % cpo, n)
    if h["calls_min"] == h["calls_max"]:
        return abs(cpo - pub) <= tol, "exact %s" % ("%.6g" % cpo)
    se = h.get("calls_per_op_stderr", 0.0)
    ok = abs(cpo - pub) <= tol + t999(n - 1) * se
    return ok, "%.6g ±%.2g (%d–%d an operation)" % (cpo, 1.96 * se, h["calls_min"], h["calls_max"])


def profile(tool, pkg, work):
    """Profile package PKG with the installed TOOL into WORK; the records
    folder, the report's text, the seconds it took and the error line of
    a profile that failed (its records are judged all the same)."""
    name = os.path.basename(pkg)
    prof = os.path.join(work, "prof", name)
    start = time.monotonic()
    cmd = [tool, "profile", pkg, "--builddir", os.path.join(work, "build"), "--profile-dir", prof,
           "-j", "2", "--kat", "off", "--trials", "2", "--run-flags", RUN_FLAGS]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - start
    error = None
    if run.returncode != 0:
        last = run.stderr.strip().splitlines()[-1:] or ["(no message)"]
        error = "%s: iccsprof profile exited %d: %s" % (name, run.returncode, last[0])
    return prof, run.stdout, seconds, error


def judge(alg, page, prof, report):
    """The table rows and the failures of ALG's records in PROF against
    its published PAGE; REPORT is the report iccsprof printed."""
    name, verdict, rows = published_rows(page)
    failures, table = [], []
    # the page names the algorithm officially (Qing Luan for QingLuan/)
    alg = name if name is not None else alg
    m = re.search(r"^Survey verdict: (.+?)(?: — |$)", report, re.M)
    measured_verdict = m.group(1) if m else None
    if measured_verdict != verdict:
        failures.append("%s: survey verdict %s, published %s" % (alg, measured_verdict, verdict))
    absent = sorted({inst for inst, _ in rows if not glob.glob(os.path.join(prof, inst + "__*.json"))})
    for (inst, op), (hash_pub, drng_pub, calls_pub) in sorted(rows.items()):
        path = os.path.join(prof, "%s__%s.json" % (inst, op))
        if inst in absent:
            continue
        if not os.path.exists(path):
            failures.append("%s %s: no record" % (inst, op))
            continue
        r = json.load(open(path))
        p = r["profile"]
        where = "%s %s" % (inst, op)
        if r["status"]["state"] != "complete":
            failures.append("%s: %s (%s)" % (where, r["status"]["state"], r["status"]["message"]))
            table.append("| `%s` | %s | %g%% | — | %g%% | — | %s | — | **%s** |" % (
                inst, op, hash_pub, drng_pub, r["status"]["message"], r["status"]["state"]))
            continue
        if r["scheme"]["algorithm"] != alg:
            failures.append("%s: algorithm %r, not %r" % (where, r["scheme"]["algorithm"], alg))
        hash_m, drng_m = 100.0 * p["hash_share"], 100.0 * p["drng_share"]
        n_prof = r["passes"]["profile"]["calls"]
        counts, verdicts = [], []
        measured = {k: v for k, v in p["helpers"].items() if v["calls"] > 0}
        for helper in sorted(set(measured) | set(calls_pub)):
            if helper not in measured or helper not in calls_pub:
                verdicts.append(False)
                failures.append("%s: %s %s, published %s" % (where, helper,
                                "%.6g" % measured[helper]["calls_per_op"] if helper in measured
                                else "not called", calls_pub.get(helper, "not called")))
                continue
            ok, how = check_count(calls_pub[helper], measured[helper], n_prof)
            counts.append("%s %s / %s" % (helper, calls_pub[helper], how))
            verdicts.append(ok)
            if ok is False:
                failures.append("%s: %s %s, published %s" % (where, helper, how,
                                                              calls_pub[helper]))
        # a share rests on the counts: where they are unresolved, so is it
        if None in verdicts:
            share = None
        else:
            share = abs(hash_m - hash_pub) <= SHARE_PP and abs(drng_m - drng_pub) <= SHARE_PP
            if not share:
                failures.append("%s: shares %.1f%% / %.1f%%, published %g%% / %g%%" %
                                (where, hash_m, drng_m, hash_pub, drng_pub))
        held = ("**missed**" if False in verdicts or share is False
                else "unresolved" if share is None else "held")
        n = "%d / %d" % (r["timing"]["n"], r["passes"]["profile"]["calls"])
        table.append("| `%s` | %s | %g%% | %.1f%% | %g%% | %.1f%% | %s | %s | %s |" % (
            inst, op, hash_pub, hash_m, drng_pub, drng_m, "<br>".join(counts), n,
            held))
    return measured_verdict, verdict, failures, table, absent


def main():
    top_srcdir, tool = sys.argv[1], sys.argv[2]
    real = os.environ.get("ICCSPROF_REAL") or os.path.join(top_srcdir, "..", "shared", "real")
    reference = os.path.join(os.path.dirname(os.path.abspath(real)), "reference")
    if not os.path.isdir(real):
        say("skipped: no folder of real packages (%s); set ICCSPROF_REAL to one" % real)
        return 0
    if not os.access(tool, os.X_OK):
        say("%s: no installed iccsprof there (make install first)" % tool)
        return 2
    pages = published_pages(reference)
    doc = ["# Real packages, published against measured", "",
           "Written by `make check-real` (tests/real_packages.py): every package of the folder",
           "of real NGCC packages, profiled as published with no descriptor by the installed",
           "iccsprof (`--kat off --trials 2 --run-flags '%s'`), against the" % RUN_FLAGS,
           "\"Symmetric primitives\" table of its published page (measured on another machine).",
           "Counts: `published / measured`; a count the same in every operation is `exact`",
           "and must equal the published digits; one that varies (retries, rejection",
           "sampling) is its mean ±1.96 standard errors, and its interval at 99.8 % (Student's",
           "t at the sample's size) must reach the published figure's rounding interval.",
           "A figure resting on one profiled operation cannot show whether it varies: it holds",
           "where it shows the published digits, else it is `unresolved`, and so is its row's",
           "share. Shares must be within %g pp." % SHARE_PP,
           "n: operations timed / operations profiled.", ""]
    failures = []
    with tempfile.TemporaryDirectory(prefix="iccsprof-real.") as work:
        for pkg in sorted(glob.glob(os.path.join(real, "*"))):
            alg = os.path.basename(pkg)
            if not os.path.isdir(pkg):
                continue
            if glob.glob(os.path.join(pkg, "**", "CryptHash_AlgorithmInstance.c"), recursive=True):
                say("%s: a hash candidate: not a scheme to profile" % alg)
                doc += ["## %s" % alg, "", "A hash candidate (`CryptHash`): not profiled.", ""]
                continue
            if alg not in pages:
                say("%s: no published page in %s: profiled, not compared" % (alg, reference))
            say("%s: profiling every instance (minutes)" % alg)
            prof, report, seconds, error = profile(tool, os.path.abspath(pkg), work)
            if error is not None:
                failures.append(error)
            if alg not in pages:
                continue
            sid, page = pages[alg]
            mv, pv, f, table, absent = judge(alg, page, prof, report)
            failures += f
            say("%s (%s): %d rows, %d missed, %d unresolved, %.0f s" % (
                alg, sid, len(table), sum("missed" in t for t in table),
                sum("| unresolved |" in t for t in table), seconds))
            doc += ["## %s %s" % (sid, alg), "",
                    "Survey verdict: measured %s, published %s. Profiled in %.0f s." % (mv, pv, seconds),
                    ""] + (["Published, not in this copy of the package: %s." % ", ".join(absent), ""]
                           if absent else []) + [ "| instance | operation | hash, published | hash, measured | DRNG, published"
                    " | DRNG, measured | calls per operation, published / measured | n | |",
                    "|---|---|---:|---:|---:|---:|---|---|---|"] + table + [""]
    out = os.path.join(top_srcdir, "doc", "real-packages.md")
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(doc))
    os.replace(out + ".tmp", out)
    for line in failures:
        say("missed: " + line)
    say("%s; the table is in %s" % ("every check held" if not failures
                                     else "%d checks missed" % len(failures), out))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
