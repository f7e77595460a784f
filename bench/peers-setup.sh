#!/bin/sh
# peers-setup.sh - install the profilers `make bench` compares with
# (uftrace, valgrind, linux-perf) from Debian packages, when they are
# missing and this runs as root.  Never fails: a profiler that cannot be
# installed is skipped by the bench, which says why.
missing=""
for p in uftrace valgrind linux-perf; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "peers-setup: no apt-get here; not installing$missing" >&2
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "peers-setup: not root; not installing$missing (as root: apt-get install -y$missing)" >&2
    exit 0
fi
echo "peers-setup: installing$missing" >&2
for p in $missing; do
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$p" >/dev/null 2>&1; then
        apt-get update -q >/dev/null 2>&1
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$p" >/dev/null 2>&1 ||
            echo "peers-setup: apt-get could not install $p" >&2
    fi
done
exit 0
