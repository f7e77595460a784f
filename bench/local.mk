# `make bench`: figures measured as ratios in one run, never part of
# `make check`.  Results go to stdout and bench/results.md.
EXTRA_PROGRAMS = bench/overhead
bench_overhead_SOURCES = bench/overhead.c bench/xof_stub.c
bench_overhead_CFLAGS = $(AM_CFLAGS) -O2
bench_overhead_LDFLAGS = -Wl,--wrap=pseudoXOF $(ICCSWRAP_LDFLAGS)
bench_overhead_LDADD = $(ICCSWRAP_LIBS)
EXTRA_bench_overhead_DEPENDENCIES = wrappers/libiccswrap.a
CLEANFILES += bench/overhead bench/results.md

bench: bench/overhead
	@mkdir -p bench
	bench/overhead | tee bench/results.md
.PHONY: bench
