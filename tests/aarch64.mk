# The aarch64 stage: the tool cross-built for aarch64 and tested under
# qemu-user by .ci/aarch64, which CI runs on its unconfigured clone.  In a
# tree configured in place, make check-aarch64 gives it a copy of the
# sources (a build folder cannot configure a configured source tree).
dist_noinst_SCRIPTS += tests/aarch64.sh .ci/aarch64
if HOST_AARCH64
TESTS += tests/aarch64.sh
endif
AARCH64_SRC = aarch64-src

check-aarch64:
	rm -rf $(AARCH64_SRC) build-aarch64
	$(MAKE) $(AM_MAKEFLAGS) distdir distdir=$(AARCH64_SRC)
	$(top_srcdir)/.ci/aarch64 $(abs_top_builddir)/$(AARCH64_SRC) $(abs_top_builddir)/build-aarch64

clean-local: clean-aarch64
clean-aarch64:
	rm -rf $(AARCH64_SRC) build-aarch64
.PHONY: check-aarch64 clean-aarch64
