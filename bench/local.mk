# `make bench`: the profiler's cost, perturbation, accuracy and its peers,
# measured as ratios in one run and printed as one Markdown report (also
# bench/results.md).  Nothing here is built by `make` or `make check`: the
# programs and fixture libraries are EXTRA_, built only for `make bench`.
EXTRA_PROGRAMS = bench/overhead bench/overhead_rdtsc bench/overhead_rdtscp bench/opbench

# The wrappers built with the tick counter read plainly, and with rdtscp
# (see wrappers/tick.h), to compare with the default, an lfence before
# each read: their cost (part 1) and the shares they give (part 3).
EXTRA_LIBRARIES = bench/libiccswrap_rdtsc.a bench/libiccswrap_rdtscp.a
bench_libiccswrap_rdtsc_a_SOURCES = $(wrappers_libiccswrap_a_SOURCES)
bench_libiccswrap_rdtsc_a_CPPFLAGS = $(wrappers_libiccswrap_a_CPPFLAGS) -DICCSPROF_TICK_ORDER=0
bench_libiccswrap_rdtsc_a_CFLAGS = $(wrappers_libiccswrap_a_CFLAGS)
bench_libiccswrap_rdtscp_a_SOURCES = $(wrappers_libiccswrap_a_SOURCES)
bench_libiccswrap_rdtscp_a_CPPFLAGS = $(wrappers_libiccswrap_a_CPPFLAGS) -DICCSPROF_TICK_ORDER=2
bench_libiccswrap_rdtscp_a_CFLAGS = $(wrappers_libiccswrap_a_CFLAGS)

# The per-call cost of the wrappers, against two tick reads and the direct
# call.
bench_overhead_SOURCES = bench/overhead.c bench/xof_stub.c
bench_overhead_CFLAGS = $(AM_CFLAGS) -O2
bench_overhead_LDFLAGS = -Wl,--wrap=pseudoXOF $(ICCSWRAP_LDFLAGS)
bench_overhead_LDADD = $(ICCSWRAP_LIBS)
EXTRA_bench_overhead_DEPENDENCIES = wrappers/libiccswrap.a

bench_overhead_rdtsc_SOURCES = bench/overhead.c bench/xof_stub.c
bench_overhead_rdtsc_CPPFLAGS = $(AM_CPPFLAGS) -DICCSPROF_TICK_ORDER=0
bench_overhead_rdtsc_CFLAGS = $(AM_CFLAGS) -O2
bench_overhead_rdtsc_LDFLAGS = -Wl,--wrap=pseudoXOF $(ICCSWRAP_LDFLAGS)
bench_overhead_rdtsc_LDADD = bench/libiccswrap_rdtsc.a $(UNWIND_LIBS) -lpthread

bench_overhead_rdtscp_SOURCES = bench/overhead.c bench/xof_stub.c
bench_overhead_rdtscp_CPPFLAGS = $(AM_CPPFLAGS) -DICCSPROF_TICK_ORDER=2
bench_overhead_rdtscp_CFLAGS = $(AM_CFLAGS) -O2
bench_overhead_rdtscp_LDFLAGS = -Wl,--wrap=pseudoXOF $(ICCSWRAP_LDFLAGS)
bench_overhead_rdtscp_LDADD = bench/libiccswrap_rdtscp.a $(UNWIND_LIBS) -lpthread

# The driver: an operation timed alternately in several configurations,
# with the measuring process's own loading and operation code.
bench_opbench_SOURCES = bench/opbench.c bench/arm.c bench/arm.h bench/bench-channel.c \
	src/measure/ops.c src/measure/opstate.c src/measure/kex.c src/measure/scheme.c \
	src/measure/clock.c src/measure/shift.c \
	src/host/perf-cycles.c src/record/shares.c src/measure/rules.c
bench_opbench_CPPFLAGS = $(AM_CPPFLAGS)
bench_opbench_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) -O2
bench_opbench_LDADD = $(JANSSON_LIBS) -ldl -lm

# Synthetic signature schemes: signing makes SYNTH_CALLS sm3hash calls,
# each after SYNTH_WORK multiply-adds (about 2.9 ticks each), built plain,
# without the helper calls (_noh: the true share is what they remove) and
# profiled (_prof).  dense: one call per ~3000 cycles of other work (about
# a 26 % share); s05 and s80: shares near 5 % and 80 %; s95: calls nearly
# back to back, like the chains of a hash-based signature; dense60: shaped
# like a published call-dense case, about 6000 calls an operation at
# about 60 %.  s95, s80 and dense60 are also profiled with the wrappers'
# other tick orders (_prof_rdtsc, _prof_rdtscp).  Every function and loop
# starts on a 64-byte boundary in every build: the profiled library is
# laid out differently (its PLT, the wrappers), and without this the
# hash's compression loop sat at another offset in the plain and the
# profiled build (48 against 16 bytes into a line), so that the true share
# and the measured one timed two differently aligned copies of the code.
SYNTH_SOURCES = bench/fixtures/synth.c schemes/iccs/sm3.c schemes/iccs/auxfunc.c \
	schemes/iccs/drng.c
SYNTH_CPPFLAGS = -I$(top_srcdir)/schemes/iccs
SYNTH_CFLAGS = $(AM_CFLAGS) -O2 -falign-functions=64 -falign-loops=64
SYNTH_LDFLAGS = -module -avoid-version -rpath /nowhere -shared
SYNTH_PROF_LDFLAGS = $(SYNTH_LDFLAGS) $(ICCSWRAP_LDFLAGS) -Wl,--wrap=pseudohash \
	-Wl,--wrap=pseudoXOF -Wl,--wrap=sm3hash -Wl,--wrap=get_random_number

EXTRA_LTLIBRARIES = \
	bench/fixtures/libsynth_dense.la \
	bench/fixtures/libsynth_dense_noh.la \
	bench/fixtures/libsynth_dense_prof.la \
	bench/fixtures/libsynth_s05.la \
	bench/fixtures/libsynth_s05_noh.la \
	bench/fixtures/libsynth_s05_prof.la \
	bench/fixtures/libsynth_s80.la \
	bench/fixtures/libsynth_s80_noh.la \
	bench/fixtures/libsynth_s80_prof.la \
	bench/fixtures/libsynth_s95.la \
	bench/fixtures/libsynth_s95_noh.la \
	bench/fixtures/libsynth_s95_prof.la \
	bench/fixtures/libsynth_dense60.la \
	bench/fixtures/libsynth_dense60_noh.la \
	bench/fixtures/libsynth_dense60_prof.la \
	bench/fixtures/libsynth_s95_prof_rdtsc.la \
	bench/fixtures/libsynth_s95_prof_rdtscp.la \
	bench/fixtures/libsynth_s80_prof_rdtsc.la \
	bench/fixtures/libsynth_s80_prof_rdtscp.la \
	bench/fixtures/libsynth_dense60_prof_rdtsc.la \
	bench/fixtures/libsynth_dense60_prof_rdtscp.la \
	bench/fixtures/libsynth_dense_pg.la \
	bench/fixtures/libsynth_s05_fence.la \
	bench/fixtures/libsynth_dense_fence.la \
	bench/fixtures/libsynth_dense60_fence.la \
	bench/fixtures/libsynth_s80_fence.la \
	bench/fixtures/libsynth_s95_fence.la \
	bench/fixtures/libsynth_slow.la \
	bench/fixtures/libsynth_slow_prof.la

bench_fixtures_libsynth_dense_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=1000
bench_fixtures_libsynth_dense_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_dense_noh_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense_noh_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=1000 -DSYNTH_NO_HELPERS
bench_fixtures_libsynth_dense_noh_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense_noh_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_dense_prof_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense_prof_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=1000
bench_fixtures_libsynth_dense_prof_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense_prof_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_dense_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_dense_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

bench_fixtures_libsynth_s05_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s05_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=20 -DSYNTH_WORK=7000
bench_fixtures_libsynth_s05_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s05_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s05_noh_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s05_noh_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=20 -DSYNTH_WORK=7000 -DSYNTH_NO_HELPERS
bench_fixtures_libsynth_s05_noh_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s05_noh_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s05_prof_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s05_prof_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=20 -DSYNTH_WORK=7000
bench_fixtures_libsynth_s05_prof_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s05_prof_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s05_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s05_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

bench_fixtures_libsynth_s80_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s80_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=80
bench_fixtures_libsynth_s80_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s80_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s80_noh_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s80_noh_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=80 -DSYNTH_NO_HELPERS
bench_fixtures_libsynth_s80_noh_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s80_noh_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s80_prof_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s80_prof_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=80
bench_fixtures_libsynth_s80_prof_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s80_prof_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s80_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s80_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

bench_fixtures_libsynth_s95_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s95_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=8
bench_fixtures_libsynth_s95_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s95_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s95_noh_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s95_noh_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=8 -DSYNTH_NO_HELPERS
bench_fixtures_libsynth_s95_noh_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s95_noh_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s95_prof_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s95_prof_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=8
bench_fixtures_libsynth_s95_prof_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s95_prof_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s95_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s95_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

bench_fixtures_libsynth_dense60_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense60_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=6000 -DSYNTH_WORK=270
bench_fixtures_libsynth_dense60_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense60_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_dense60_noh_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense60_noh_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=6000 -DSYNTH_WORK=270 -DSYNTH_NO_HELPERS
bench_fixtures_libsynth_dense60_noh_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense60_noh_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_dense60_prof_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense60_prof_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=6000 -DSYNTH_WORK=270
bench_fixtures_libsynth_dense60_prof_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense60_prof_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_dense60_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_dense60_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

bench_fixtures_libsynth_s95_prof_rdtsc_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s95_prof_rdtsc_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=8
bench_fixtures_libsynth_s95_prof_rdtsc_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s95_prof_rdtsc_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s95_prof_rdtsc_la_LDFLAGS += -Wl,$(top_builddir)/bench/libiccswrap_rdtsc.a $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s95_prof_rdtsc_la_DEPENDENCIES = bench/libiccswrap_rdtsc.a

bench_fixtures_libsynth_s95_prof_rdtscp_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s95_prof_rdtscp_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=8
bench_fixtures_libsynth_s95_prof_rdtscp_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s95_prof_rdtscp_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s95_prof_rdtscp_la_LDFLAGS += -Wl,$(top_builddir)/bench/libiccswrap_rdtscp.a $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s95_prof_rdtscp_la_DEPENDENCIES = bench/libiccswrap_rdtscp.a

bench_fixtures_libsynth_s80_prof_rdtsc_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s80_prof_rdtsc_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=80
bench_fixtures_libsynth_s80_prof_rdtsc_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s80_prof_rdtsc_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s80_prof_rdtsc_la_LDFLAGS += -Wl,$(top_builddir)/bench/libiccswrap_rdtsc.a $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s80_prof_rdtsc_la_DEPENDENCIES = bench/libiccswrap_rdtsc.a

bench_fixtures_libsynth_s80_prof_rdtscp_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s80_prof_rdtscp_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=80
bench_fixtures_libsynth_s80_prof_rdtscp_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s80_prof_rdtscp_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_s80_prof_rdtscp_la_LDFLAGS += -Wl,$(top_builddir)/bench/libiccswrap_rdtscp.a $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_s80_prof_rdtscp_la_DEPENDENCIES = bench/libiccswrap_rdtscp.a

bench_fixtures_libsynth_dense60_prof_rdtsc_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense60_prof_rdtsc_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=6000 -DSYNTH_WORK=270
bench_fixtures_libsynth_dense60_prof_rdtsc_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense60_prof_rdtsc_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_dense60_prof_rdtsc_la_LDFLAGS += -Wl,$(top_builddir)/bench/libiccswrap_rdtsc.a $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_dense60_prof_rdtsc_la_DEPENDENCIES = bench/libiccswrap_rdtsc.a

bench_fixtures_libsynth_dense60_prof_rdtscp_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense60_prof_rdtscp_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=6000 -DSYNTH_WORK=270
bench_fixtures_libsynth_dense60_prof_rdtscp_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense60_prof_rdtscp_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_dense60_prof_rdtscp_la_LDFLAGS += -Wl,$(top_builddir)/bench/libiccswrap_rdtscp.a $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_dense60_prof_rdtscp_la_DEPENDENCIES = bench/libiccswrap_rdtscp.a

# Each scheme's plain build with its helper calls fenced (SYNTH_FENCE):
# the cost of the fences alone, where they stop the work around a call
# from overlapping with it.
bench_fixtures_libsynth_s05_fence_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s05_fence_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=20 -DSYNTH_WORK=7000 -DSYNTH_FENCE
bench_fixtures_libsynth_s05_fence_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s05_fence_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_dense_fence_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense_fence_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=1000 -DSYNTH_FENCE
bench_fixtures_libsynth_dense_fence_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense_fence_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_dense60_fence_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense60_fence_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=6000 -DSYNTH_WORK=270 -DSYNTH_FENCE
bench_fixtures_libsynth_dense60_fence_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_dense60_fence_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s80_fence_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s80_fence_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=80 -DSYNTH_FENCE
bench_fixtures_libsynth_s80_fence_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s80_fence_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_s95_fence_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_s95_fence_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=300 -DSYNTH_WORK=8 -DSYNTH_FENCE
bench_fixtures_libsynth_s95_fence_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_s95_fence_la_LDFLAGS = $(SYNTH_LDFLAGS)

# A slow operation, about 1 s a signature at 2 GHz: 100 calls each after
# 7 million steps, for the time to result.
bench_fixtures_libsynth_slow_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_slow_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=7000000
bench_fixtures_libsynth_slow_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_slow_la_LDFLAGS = $(SYNTH_LDFLAGS)

bench_fixtures_libsynth_slow_prof_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_slow_prof_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=7000000
bench_fixtures_libsynth_slow_prof_la_CFLAGS = $(SYNTH_CFLAGS)
bench_fixtures_libsynth_slow_prof_la_LDFLAGS = $(SYNTH_PROF_LDFLAGS)
bench_fixtures_libsynth_slow_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_bench_fixtures_libsynth_slow_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

# The dense scheme compiled with -pg, for uftrace.
bench_fixtures_libsynth_dense_pg_la_SOURCES = $(SYNTH_SOURCES)
bench_fixtures_libsynth_dense_pg_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -DSYNTH_CALLS=100 -DSYNTH_WORK=1000
bench_fixtures_libsynth_dense_pg_la_CFLAGS = $(SYNTH_CFLAGS) -pg
bench_fixtures_libsynth_dense_pg_la_LDFLAGS = $(SYNTH_LDFLAGS)

BENCH_BUILT = $(EXTRA_PROGRAMS) src/iccsprof src/iccsprof-measure $(EXTRA_LTLIBRARIES) \
	tests/fixtures/run/libsigfix.la tests/fixtures/run/libsigfix_prof.la
CLEANFILES += $(EXTRA_PROGRAMS) $(EXTRA_LIBRARIES) bench/results.md bench/results.md.tmp \
	bench/lib*.pg.so $(EXTRA_LTLIBRARIES)
dist_noinst_SCRIPTS += bench/bench.py bench/peers.py bench/peers-setup.sh

# BENCH_QUICK=1 shortens every measurement, for a smoke run.
bench: $(BENCH_BUILT)
	@sh $(top_srcdir)/bench/peers-setup.sh
	python3 $(top_srcdir)/bench/bench.py --srcdir '$(top_srcdir)' --builddir '$(top_builddir)' \
		--out bench/results.md
.PHONY: bench
