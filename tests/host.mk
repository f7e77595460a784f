# tests: the host check (parsing from fixture /sys and /proc trees), the
# tick counter and pinning the measuring process.
tests_check_iccsprof_SOURCES += tests/check_hostcheck.c tests/check_tick.c
EXTRA_DIST += tests/fixtures/host
TESTS += tests/host.sh
dist_noinst_SCRIPTS += tests/host.sh

# tests: campaigns on one host, the job list for GNU parallel and Slurm,
# and merging output folders.
# A campaign through a one-node Slurm the test starts itself.
LONG_TESTS += tests/campaign.sh tests/campaign-build.sh tests/campaign-slurm.sh
dist_noinst_SCRIPTS += tests/campaign.sh tests/campaign-build.sh tests/campaign-slurm.sh
