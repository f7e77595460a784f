"""records.py - reading profile records in the end-to-end tests.

Every record a test reads is first validated against
profiles/profile.schema.json, so a test cannot pass on a record that
breaks the documented format."""
import json
import os
import sys

import jsonschema

_SCHEMA = None

# The pairs of operations the profile pass calibrates with when K is
# given (PROFILE_SPREAD_PAIRS in src/measure/profile.c), their spread the
# outlier margin's: each pair is two calls of the scheme, one counted.
CALIBRATION_PAIRS = 32


def pair_calls(profile):
    """Calls of the scheme a measured pair of PROFILE makes: the pair, and
    where the helpers' outputs were played back, the rehearsal that
    records them and the play (profile.replay.pairs)."""
    return 4 if "pairs" in profile["replay"] else 2


def schema():
    """The record schema of the source tree, loaded once."""
    global _SCHEMA
    if _SCHEMA is None:
        path = os.path.join(os.environ["top_srcdir"], "profiles", "profile.schema.json")
        with open(path) as f:
            _SCHEMA = json.load(f)
    return _SCHEMA


def load(path):
    """The record at PATH, validated; raises on any departure."""
    with open(path) as f:
        rec = json.load(f)
    jsonschema.Draft202012Validator(schema()).validate(rec)
    return rec


def calls_per_op(rec):
    """{helper: calls per operation} of the helpers that were called."""
    return {h: v["calls_per_op"] for h, v in rec["profile"]["helpers"].items() if v["calls"]}


def shapes(rec):
    """{(helper, in_bits, out_bits): calls} of a record's shapes."""
    return {(s["helper"], s["in_bits"], s["out_bits"]): s["calls"] for s in rec["profile"]["shapes"]}


def compensated(profile, ticks, calls):
    """The share of the operations' time that TICKS over CALLS helper
    calls make, as the record's own fields give it: with the compensation
    applied, the inner cost off each call over baseline_ticks; without,
    over the measured ticks less the preempted ones; clamped to [0, 1]."""
    p = profile
    if p["compensation"]["applied"]:
        x = (ticks - calls * p["overhead"]["inner_ticks"]) / p["baseline_ticks"]
    else:
        x = ticks / (p["ticks"] - p["preempted"]["ticks"])
    return min(1.0, max(0.0, x))


# Student's t, two-sided 95 %, for 1 to 30 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def trials_count(pairs, minimum):
    """The profile pass's trials for PAIRS pairs after a minimum of
    MINIMUM: an even number of pairs each, a tenth of the minimum (2 at
    least); the pairs left over join the last; at most 40, consecutive
    trials merged."""
    size = max(2, 2 * (minimum // 20))
    marks = max(1, pairs // size)
    step = -(-marks // 40)
    return marks // step


GROUPS = {"hash": ("pseudohash", "pseudoXOF", "sm3hash"), "drng": ("get_random_number",)}


def reads_stderr(profile, group):
    """The standard error GROUP's share gets from what its calls' tick
    reads hold inside the operation: the inner cost, give or take half of
    it (rectangular), per call, over the share's denominator."""
    p = profile
    calls = sum(p["helpers"][h]["calls"] for h in GROUPS[group])
    base = p["baseline_ticks"] if p["compensation"]["applied"] else p["ticks"] - p["preempted"]["ticks"]
    if base <= 0:
        return 0.0
    return calls * 0.5 * p["overhead"]["inner_ticks"] / 3 ** 0.5 / base


def uncertainty(profile, group):
    """The 95 % half-width of GROUP's share ("hash" or "drng") from the
    record's trials and standard errors, clamped to 1."""
    p = profile
    v = p["trials"][group + "_shares"]
    se = (p[group + "_share_stderr"] ** 2 + reads_stderr(p, group) ** 2) ** 0.5
    n = len(v)
    if n < 2:
        return None  # the compensation's error enters: not from the record alone
    mean = sum(v) / n
    var = sum((x - mean) ** 2 for x in v) / (n - 1)
    z = 1.959964
    d = n - 1
    t = _T95[d - 1] if d <= 30 else (z + (z ** 3 + z) / (4 * d)
                                     + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * d * d))
    return min(1.0, t * (var / n + se * se) ** 0.5)


def close(a, b):
    """Whether two figures of a record agree to rounding."""
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def check(cond, what):
    """Fail the calling test with WHAT unless COND holds."""
    if not cond:
        sys.exit("assertion failed: " + what)


def formula_lines(rec):
    """The calls per operation of REC as tests/intree_expected.py prints
    them: 'shape HELPER IN OUT N' per shape, 'total HELPER N' per helper;
    every count must be the same in each operation."""
    n, totals, lines = rec["profile"]["calls"], {}, []
    for s in rec["profile"]["shapes"]:
        assert s["calls"] % n == 0, s
        lines.append(f"shape {s['helper']} {s['in_bits']} {s['out_bits']} {s['calls'] // n}")
        totals[s["helper"]] = totals.get(s["helper"], 0) + s["calls"] // n
    return lines + [f"total {h} {c}" for h, c in totals.items()]
