# tests: what-if runs, a candidate hash behind the ICCS helpers.
TESTS += tests/whatif.sh
dist_noinst_SCRIPTS += tests/whatif.sh
EXTRA_DIST += tests/fixtures/hashes
