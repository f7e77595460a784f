"""records.py - reading profile records in the end-to-end tests.

Every record a test reads is first validated against
profiles/profile.schema.json, so a test cannot pass on a record that
breaks the documented format."""
import json
import os
import sys

import jsonschema

_SCHEMA = None


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


def close(a, b):
    """Whether two figures of a record agree to rounding."""
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def check(cond, what):
    """Fail the calling test with WHAT unless COND holds."""
    if not cond:
        sys.exit("assertion failed: " + what)
