# fuzz: `make fuzz` builds the libFuzzer target of the record reader (and
# of the report's Markdown sections, which print what it accepts) with
# clang (FUZZ_CC) under AddressSanitizer and UBSan, seeds a corpus with the
# records of tests/report/, and fuzzes for FUZZ_SECONDS.  Inputs that crash
# land in fuzz/crashes/; each is kept as a case of tests/report/.  Never
# part of `make check`: it needs clang and libclang-rt-dev.
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_INPUTS = $(srcdir)/fuzz/fuzz-record.c $(srcdir)/src/record-read.c \
	$(srcdir)/src/format.c $(srcdir)/src/regfile.c $(srcdir)/src/mdtable.c \
	$(srcdir)/src/flat.c $(srcdir)/src/callsite.c $(srcdir)/src/report.c \
	$(srcdir)/src/report-notes.c $(srcdir)/src/report-perf.c $(srcdir)/src/report-memory.c \
	$(srcdir)/src/report-sizes.c $(srcdir)/src/report-symmetric.c \
	$(srcdir)/src/report-shapes.c $(srcdir)/src/report-callers.c

EXTRA_DIST += fuzz/fuzz-record.c

fuzz/fuzz-record$(EXEEXT): $(FUZZ_INPUTS) $(srcdir)/src/record-read.h config.h
	@$(MKDIR_P) fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) -I. $(AM_CPPFLAGS) $(JANSSON_CFLAGS) -o $@ $(FUZZ_INPUTS) \
		$(JANSSON_LIBS) -lm

fuzz: fuzz/fuzz-record$(EXEEXT)
	rm -rf fuzz/corpus && $(MKDIR_P) fuzz/corpus fuzz/crashes
	n=0; for f in $$(find $(srcdir)/tests/report -name '*.json' | sort); do \
		n=$$((n + 1)); cp "$$f" "fuzz/corpus/seed-$$n.json"; done
	./fuzz/fuzz-record$(EXEEXT) -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
		-artifact_prefix=fuzz/crashes/ -print_final_stats=1 fuzz/corpus

clean-local: clean-fuzz
clean-fuzz:
	rm -rf fuzz/fuzz-record$(EXEEXT) fuzz/corpus fuzz/crashes

.PHONY: fuzz clean-fuzz
