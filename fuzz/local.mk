# fuzz: `make fuzz` builds the libFuzzer target of the record reader (and
# of the report's Markdown sections, which print what it accepts) with
# clang (FUZZ_CC) under AddressSanitizer and UBSan, seeds a corpus with the
# records of tests/report/, and fuzzes for FUZZ_SECONDS.  Inputs that crash
# land in fuzz/crashes/; each is kept as a case of tests/report/.  Never
# part of `make check`: it needs clang and libclang-rt-dev.
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
EXTRA_DIST += fuzz/fuzz-record.c

# The target links the command's whole convenience library, compiled
# again with the fuzzer's instrumentation, so that a module added to it
# is never missing here.
fuzz/fuzz-record$(EXEEXT): $(srcdir)/fuzz/fuzz-record.c $(src_libiccsprof_la_SOURCES) config.h
	@$(MKDIR_P) fuzz
	srcs=; for f in $(src_libiccsprof_la_SOURCES); do \
		case $$f in *.c) srcs="$$srcs $(srcdir)/$$f";; esac; done; \
	$(FUZZ_CC) $(FUZZ_FLAGS) -I. $(src_libiccsprof_la_CPPFLAGS) $(JANSSON_CFLAGS) \
		$(ELF_CFLAGS) $(DW_CFLAGS) $(CRYPTO_CFLAGS) -o $@ $(srcdir)/fuzz/fuzz-record.c $$srcs \
		$(src_libiccsprof_la_LIBADD)

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
