#!/usr/bin/env python3
"""intree_expected.py - helper calls per operation of the in-tree schemes.

The formulas of schemes/sign-wots/README.md, schemes/kem-mlwe/README.md and
schemes/kex-mlwe/README.md, implemented apart from the C code, for tests that check measured profiles:

    expected(scheme_id, instance, op)        -> {helper: calls per operation}
    expected_shapes(scheme_id, instance, op) -> {(helper, in_bits, out_bits): calls}

Helper names are those of the profile records: pseudohash, pseudoXOF,
sm3hash, get_random_number (in_bits 0, out_bits = bits requested).

WOTS+ signing and verification depend on the digits of the message digest,
hence on the key: they are computed here for the key that the first key
generation after seeding the DRNG with `seed` yields (bytes 00..2f by
default, as iccsprof seeds it), and for `message` (64 bytes
m[i] = (i * 131 + 64) mod 256 by default).  That takes an SM3 Hash_DRBG and
the WOTS+ key generation, written here from their specifications with
hashlib's SM3 (Python 3 with an OpenSSL that provides SM3).

Run as a program: `intree_expected.py SCHEME INSTANCE OP` prints one line
per shape ("shape HELPER IN OUT CALLS") and per helper ("total HELPER
CALLS"); `intree_expected.py --list` prints every "SCHEME INSTANCE OP".
"""

import hashlib
import sys
from collections import Counter

SEED = bytes(range(48))
MESSAGE = bytes((i * 131 + 64) % 256 for i in range(64))

WOTS_INSTANCES = {"WOTS-SM3-16": 16, "WOTS-SM3-32": 32}
WOTS_W = 16
# instance -> (k, eta1, eta2); du = 10 and dv = 4 for both.
MLWE_INSTANCES = {"MLWE-KEM-512": (2, 3, 2), "MLWE-KEM-768": (3, 2, 2)}
# The key exchange on the same KEM, instance by instance.
KEX_INSTANCES = {"MLWE-KEX-512": (2, 3, 2), "MLWE-KEX-768": (3, 2, 2)}
KEX_STEPS = ("init_a", "init_b", "pass1_a", "pass2_b", "derive_a", "derive_b")
MLWE_DU, MLWE_DV = 10, 4
MLWE_XOF_A_BITS = 5376  # 672 bytes per matrix entry

SCHEMES = {
    "sign-wots": (WOTS_INSTANCES, ("keygen", "sign", "verify")),
    "kem-mlwe": (MLWE_INSTANCES, ("keygen", "enc", "dec")),
    "kex-mlwe": (KEX_INSTANCES, KEX_STEPS),
}


def sm3(data):
    """SM3 digest of bytes."""
    return hashlib.new("sm3", data).digest()


class HashDrbg:
    """Hash_DRBG of NIST SP 800-90A with SM3, seedlen 440 bits, no nonce."""

    SEEDLEN = 55
    MOD = 1 << 440

    def __init__(self, seed):
        self.v = self._hash_df(seed)
        self.c = self._hash_df(b"\x00" + self.v)
        self.counter = 1

    def _hash_df(self, data):
        out = b""
        for i in (1, 2):
            out += sm3(bytes([i]) + (440).to_bytes(4, "big") + data)
        return out[: self.SEEDLEN]

    def _add(self, *terms):
        total = sum(int.from_bytes(t, "big") if isinstance(t, bytes) else t for t in terms)
        return (total % self.MOD).to_bytes(self.SEEDLEN, "big")

    def generate(self, nbytes):
        """nbytes of output, then the state update."""
        out, data = b"", self.v
        while len(out) < nbytes:
            out += sm3(data)
            data = self._add(data, 1)
        h = sm3(b"\x03" + self.v)
        self.v = self._add(self.v, h, self.c, self.counter)
        self.counter += 1
        return out[:nbytes]


def xof(msg, nbytes):
    """pseudoXOF: SM3(M || 1) || SM3(M || 2) || ... truncated."""
    blocks = (nbytes + 31) // 32
    return b"".join(sm3(msg + i.to_bytes(4, "big")) for i in range(1, blocks + 1))[:nbytes]


def wots_digits(n, seed=SEED, message=MESSAGE):
    """The len = 2n + 3 digits WOTS+ signs for message under the first key
    drawn after seeding: 2n digest nibbles, then three checksum nibbles."""
    length = 2 * n + 3
    drbg = HashDrbg(seed)
    sk_seed, pub_seed = drbg.generate(n), drbg.generate(n)
    starts = xof(sk_seed + pub_seed + b"\x00", n * length)
    masks = xof(pub_seed + b"\x01", (WOTS_W - 1) * n)
    ends = b""
    for i in range(length):
        x = starts[i * n : (i + 1) * n]
        for j in range(WOTS_W - 1):
            mask = masks[j * n : (j + 1) * n]
            addr = i.to_bytes(2, "big") + j.to_bytes(2, "big")
            x = sm3(pub_seed + addr + bytes(a ^ b for a, b in zip(x, mask)))[:n]
        ends += x
    root = sm3(pub_seed + ends)[:n]
    # The first 256 bits of pseudohash-512(M) are h1 = SM3(M || 0x02 0x00).
    digest = sm3(pub_seed + root + message + b"\x02\x00")[:n]
    digits = [d for byte in digest for d in (byte >> 4, byte & 15)]
    checksum = sum(WOTS_W - 1 - d for d in digits)
    return digits + [(checksum >> 8) & 15, (checksum >> 4) & 15, checksum & 15]


def _wots_shapes(n, op, seed, message):
    length = 2 * n + 3
    f = ("sm3hash", 16 * n + 32, 256)
    starts = ("pseudoXOF", 16 * n + 8, 8 * n * length)
    masks = ("pseudoXOF", 8 * n + 8, 8 * n * (WOTS_W - 1))
    root = ("sm3hash", 8 * n * (length + 1), 256)
    digest = ("pseudohash", 8 * (2 * n + len(message)), 512)
    if op == "keygen":
        return [(("get_random_number", 0, 8 * n), 2), (starts, 1), (masks, 1),
                (f, (WOTS_W - 1) * length), (root, 1)]
    steps = sum(wots_digits(n, seed, message))
    if op == "sign":
        return [(digest, 1), (starts, 1), (masks, 1), (f, steps)]
    if op == "verify":
        return [(digest, 1), (masks, 1), (f, (WOTS_W - 1) * length - steps), (root, 1)]
    raise ValueError("sign-wots has no operation %r" % op)


def _mlwe_shapes(k, eta1, eta2, op):
    pk_bits = 8 * (384 * k + 32)
    ct_bits = 8 * (k * 32 * MLWE_DU + 32 * MLWE_DV)
    matrix = (("pseudoXOF", 272, MLWE_XOF_A_BITS), k * k)
    noise1 = ("pseudoXOF", 264, 512 * eta1)
    noise2 = ("pseudoXOF", 264, 512 * eta2)
    encrypt = [matrix, (noise1, k), (noise2, k + 1)]
    key = [(("sm3hash", ct_bits, 256), 1), (("sm3hash", 512, 256), 1)]
    if op == "keygen":
        return [(("get_random_number", 0, 256), 2), (("pseudohash", 256, 512), 1), matrix,
                (noise1, 2 * k), (("sm3hash", pk_bits, 256), 1)]
    if op == "enc":
        return [(("get_random_number", 0, 256), 1), (("sm3hash", pk_bits, 256), 1),
                (("pseudohash", 512, 512), 1)] + encrypt + key
    if op == "dec":
        return [(("pseudohash", 512, 512), 1)] + encrypt + key
    raise ValueError("kem-mlwe has no operation %r" % op)


def _kex_shapes(k, eta1, eta2, step):
    """The exchange's steps: the KEM's keygen (init_a), enc (pass2_b) and
    dec (derive_a) with the transcript hashes and the secret around them."""
    pk_bits = 8 * (384 * k + 32)
    ct_bits = 8 * (k * 32 * MLWE_DU + 32 * MLWE_DV)
    h_m1 = (("sm3hash", pk_bits, 256), 1)
    transcript = (("sm3hash", 256 + ct_bits + 256, 256), 1)  # H(m1) || c || nonce
    secret = (("pseudoXOF", 512, 256), 1)  # K || transcript hash
    if step == "init_a":
        return _mlwe_shapes(k, eta1, eta2, "keygen")
    if step == "init_b":
        return [(("get_random_number", 0, 256), 1)]
    if step == "pass1_a":
        return [h_m1]
    if step == "pass2_b":
        return _mlwe_shapes(k, eta1, eta2, "enc") + [h_m1, transcript]
    if step == "derive_a":
        return _mlwe_shapes(k, eta1, eta2, "dec") + [transcript, secret]
    if step == "derive_b":
        return [secret]
    raise ValueError("kex-mlwe has no operation %r" % step)


def expected_shapes(scheme_id, instance, op, seed=SEED, message=MESSAGE):
    """{(helper, in_bits, out_bits): calls per operation}; equal shapes merged."""
    if scheme_id == "sign-wots" and instance in WOTS_INSTANCES:
        rows = _wots_shapes(WOTS_INSTANCES[instance], op, seed, message)
    elif scheme_id == "kem-mlwe" and instance in MLWE_INSTANCES:
        rows = _mlwe_shapes(*MLWE_INSTANCES[instance], op)
    elif scheme_id == "kex-mlwe" and instance in KEX_INSTANCES:
        rows = _kex_shapes(*KEX_INSTANCES[instance], op)
    else:
        raise ValueError("unknown scheme/instance %s/%s" % (scheme_id, instance))
    shapes = Counter()
    for shape, calls in rows:
        shapes[shape] += calls
    return dict(shapes)


def expected(scheme_id, instance, op, seed=SEED, message=MESSAGE):
    """{helper: calls per operation}, helpers with no calls left out."""
    totals = Counter()
    for (helper, _, _), calls in expected_shapes(scheme_id, instance, op, seed, message).items():
        totals[helper] += calls
    return dict(totals)


def main(argv):
    """Print the table of one operation, or the list of all of them."""
    if argv == ["--list"]:
        for scheme_id, (instances, ops) in SCHEMES.items():
            for instance in instances:
                for op in ops:
                    print(scheme_id, instance, op)
        return 0
    if len(argv) != 3:
        sys.stderr.write("usage: intree_expected.py SCHEME INSTANCE OP | --list\n")
        return 2
    try:
        shapes = expected_shapes(*argv)
        totals = expected(*argv)
    except ValueError as err:
        sys.stderr.write("intree_expected.py: %s\n" % err)
        return 2
    for (helper, in_bits, out_bits), calls in sorted(shapes.items()):
        print("shape", helper, in_bits, out_bits, calls)
    for helper, calls in sorted(totals.items()):
        print("total", helper, calls)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
