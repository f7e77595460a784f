"""schema_agree.py - the strict record reader and profiles/profile.schema.json
give the same verdict on every record of a corpus of mutated records.

The corpus is made here, the same at every run: each member and item of
real records (a signature's with call sites and a KAT result, a KEM's, a
key exchange's, a failed one, one without a profile) is deleted, nulled,
or given a value of another type or out of range, one change per record,
the kinds of change taking turns along the members; the records the
reader is known to have accepted against the schema are among them.
Usage: schema_agree.py VERDICT_PROGRAM WORK_DIR BASE_RECORD..."""
import copy
import json
import os
import subprocess
import sys

import jsonschema

sys.path.insert(0, os.path.join(os.environ["top_srcdir"], "tests"))
import records  # noqa: E402

BIG = 2**53 + 2
KINDS = [
    ("deleted", None), ("null", None), ("a string", "str"), ("true", True), ("-1", -1),
    ("-5.5", -5.5), ("0", 0), ("0.5", 0.5), ("1e300", 1e300), ("2^53 + 2", BIG),
    ("[]", []), ("{}", {}), ("an empty string", ""), ("another name", "other"), ("5.0", 5.0),
]
# values both must refuse: a schema id the reader does not read
SCHEMA_VALUES = ["iccsprof.profile/7", "iccsprof.profile/0", "other", 4]


def paths(node, at=()):
    """Every (path, value) below NODE, depth first."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        yield at + (k,), v
        yield from paths(v, at + (k,))


def parent(rec, path):
    for k in path[:-1]:
        rec = rec[k]
    return rec


def mutate(rec, path, kind):
    """A copy of REC with the value at PATH changed by KIND."""
    out = copy.deepcopy(rec)
    p = parent(out, path)
    name, value = KINDS[kind]
    if name == "deleted":
        del p[path[-1]]
    else:
        p[path[-1]] = copy.deepcopy(value)
    return out


def corpus(bases):
    """(description, record) pairs, deterministic."""
    turn = 0
    for b, base in enumerate(bases):
        name = base["scheme"]["id"] + " " + base["operation"]
        for path, value in paths(base):
            where = ".".join(str(k) for k in path)
            if path == ("schema",):
                for s in SCHEMA_VALUES:
                    r = copy.deepcopy(base)
                    r["schema"] = s
                    yield f"{name}: schema = {s!r}", r
                continue
            # the kinds take turns, shifted by the base, so that a member
            # the bases share gets several kinds
            k = (turn + 4 * b) % len(KINDS)
            yield f"{name}: {where} {KINDS[k][0]}", mutate(base, path, k)
            turn += 1
            if isinstance(value, dict):
                r = copy.deepcopy(base)
                parent(r, path + ("x",))["unknown_member"] = 1
                yield f"{name}: {where} gets an unknown member", r
            if isinstance(value, list) and value:
                r = copy.deepcopy(base)
                parent(r, path + ("x",)).append("str")
                yield f"{name}: {where} gets a string item", r
        r = copy.deepcopy(base)
        r["unknown_member"] = 1
        yield f"{name}: an unknown member", r


def issue_cases(sig):
    """The values a reader once accepted against the schema."""
    def at(path, value):
        r = copy.deepcopy(sig)
        parent(r, path)[path[-1]] = value
        return ".".join(map(str, path)) + " = " + json.dumps(value), r
    yield at(("timing", "trials", 1), "str")
    yield at(("method", "timeout_seconds"), -1)
    yield at(("noise", "involuntary_switches", "timing"), -1)
    yield at(("profile", "shapes", 0, "min_ticks"), "str")
    yield at(("timing", "trials", 0, "cycles"), -5)
    yield at(("kat", "seconds"), -5)


def cross_cases(sig, kem, kex):
    """Values right alone and wrong for the record's type: the schema's
    rules across members, which the reader has too."""
    def changed(rec, path, value, what):
        r = copy.deepcopy(rec)
        if value is None:
            del parent(r, path)[path[-1]]
        else:
            parent(r, path)[path[-1]] = copy.deepcopy(value)
        return what, r
    for rec in (sig, kem, kex):  # no sizes: a failed record's
        r = copy.deepcopy(rec)
        r["sizes"] = None
        yield f"{rec['scheme']['type']} with null sizes", r
    yield changed(sig, ("operation",), "enc", "a signature's operation enc")
    yield changed(kem, ("operation",), "verify", "a KEM's operation verify")
    yield changed(kex, ("operation",), "sign", "a key exchange's operation sign")
    yield changed(sig, ("sizes",), kem["sizes"], "a signature with a KEM's sizes")
    yield changed(kem, ("sizes",), kex["sizes"], "a KEM with a key exchange's sizes")
    yield changed(kex, ("sizes", "messages"), kex["sizes"]["messages"][:-1], "a message too few")
    yield changed(kex, ("sizes", "messages"), None, "no messages")
    yield changed(kex, ("sizes", "messages"), [5.0] * len(kex["sizes"]["messages"]), "5.0 bytes")
    yield changed(kex, ("sizes", "pk"), 2**31, "a key of 2 GiB")
    yield changed(kex, ("events", "kex_mismatches"), None, "no kex_mismatches")
    yield changed(sig, ("events", "verify_rejections"), 2**53, "2^53 rejections")
    yield changed(sig, ("memory", "peak_rss_kib"), 2**53 + 1, "2^53 + 1 KiB")
    yield changed(sig, ("inputs", "message_bytes"), 2**53 + 1, "a message of 2^53 + 1 bytes")


def main():
    program, work, base_paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    bases = [records.load(p) for p in base_paths]
    for base in bases[1:]:  # the host check once is enough, and it is long
        base["host"].pop("check", None)
    validator = jsonschema.Draft202012Validator(records.schema())
    cases = list(corpus(bases)) + list(cross_cases(bases[0], bases[1], bases[2]))
    must_refuse = list(issue_cases(bases[0]))
    files = []
    for i, (what, rec) in enumerate(cases + must_refuse):
        path = os.path.join(work, f"m{i:05d}.json")
        with open(path, "w") as f:
            json.dump(rec, f)
        files.append(path)
    got = subprocess.run([program], input="\n".join(files) + "\n", capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert len(got) == len(files), (len(got), len(files))
    bad, valid = [], 0
    for (what, rec), verdict in zip(cases + must_refuse, got):
        schema_ok = validator.is_valid(rec)
        valid += schema_ok
        if schema_ok != (verdict == "ok"):
            bad.append(f"{what}: schema {'accepts' if schema_ok else 'refuses'}, reader: {verdict}")
    for what, rec in must_refuse:
        if validator.is_valid(rec):
            bad.append(f"{what}: the schema accepts it")
    print(f"# {len(files)} records, {valid} valid under the schema, {len(bad)} verdicts differ")
    for line in bad[:20]:
        print("#", line)
    if valid < 50 or len(files) - valid < 300:
        bad.append("the corpus is not a test: too few valid or invalid records")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
