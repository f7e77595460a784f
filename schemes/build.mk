# build.mk - `make profile`, `make profile-build` and `make profile-plan`:
# plan the scheme (plan.sh), build its instances side by side (one
# instance.sh each; one failing does not stop the others), then print the
# plan, or profile every built instance in turn (profile.sh).
# GNU make 4.0 or later.  schemes/local.mk runs it from the top build
# folder with the configured tools on its command line; the user's
# variables (make profile SCHEME=...) reach it as they reach any sub-make.

# What to build; README "Usage: profiling a scheme" documents each one.
SCHEME = sign-wots
SCHEME_DIR =
SCHEME_CONF =
IMPL = reference
INSTANCES =
SCHEME_CFLAGS = -std=c99 -Wpedantic -Wall -Wextra -O2
# What GCC 14 rejects by default and GCC 12 only warns about: errors on
# every compiler, so that the fallback decision does not depend on its
# version.
SCHEME_STRICT_CFLAGS = -Werror=implicit-function-declaration -Werror=implicit-int \
	-Werror=int-conversion -Werror=incompatible-pointer-types
SCHEME_LENIENT_CFLAGS = -std=gnu99 -D_GNU_SOURCE -O2 -fcommon \
	-Wno-error=implicit-function-declaration -Wno-implicit-function-declaration \
	-Wno-error=implicit-int -Wno-implicit-int -Wno-error=int-conversion -Wno-int-conversion \
	-Wno-error=incompatible-pointer-types -Wno-incompatible-pointer-types
SCHEME_BUILDDIR = $(top_builddir)/build/schemes
PROFILE_DIR = $(top_builddir)/profiles/$(SCHEME)
OPS =
TRIALS =
TARGET_SECONDS =
SAMPLE =
CALLERS =
CPU =
RUN_FLAGS =
KAT = check
KAT_TIMEOUT = 600

SCHEMES = $(top_srcdir)/schemes
ICCSPROF = $(top_builddir)/src/iccsprof
SB = $(SCHEME_BUILDDIR)/$(SCHEME)

export top_srcdir top_builddir SCHEME SCHEME_DIR SCHEME_CONF IMPL INSTANCES SCHEME_CFLAGS \
	SCHEME_STRICT_CFLAGS SCHEME_LENIENT_CFLAGS SCHEME_BUILDDIR PROFILE_DIR OPS TRIALS \
	TARGET_SECONDS SAMPLE CALLERS CPU RUN_FLAGS KAT KAT_TIMEOUT SCHEMES ICCSPROF CC NM SANITIZER_CFLAGS \
	ICCSWRAP_LIBS \
	ICCSWRAP_LDFLAGS

.PHONY: plan build profile instances
.SUFFIXES:

plan:
	@$(SHELL) $(SCHEMES)/plan.sh
	+@$(MAKE) --no-print-directory -f $(SCHEMES)/build.mk instances STAGE=analysis
	@$(SHELL) $(SCHEMES)/show-plan.sh

build:
	@$(SHELL) $(SCHEMES)/plan.sh
	+@$(MAKE) --no-print-directory -f $(SCHEMES)/build.mk instances STAGE=all
	@$(SHELL) $(SCHEMES)/profile.sh --build-only

profile:
	@$(SHELL) $(SCHEMES)/plan.sh
	+@$(MAKE) --no-print-directory -f $(SCHEMES)/build.mk instances STAGE=all
	@$(SHELL) $(SCHEMES)/profile.sh

# One target per planned instance, so that make -j builds them together.
ifdef STAGE
include $(SB)/plan.mk
INSTANCE_TARGETS = $(PLAN_INSTANCES:%=instance/%)
.PHONY: $(INSTANCE_TARGETS)
instances: $(INSTANCE_TARGETS)
$(INSTANCE_TARGETS):
	+@MAKE='$(MAKE)' $(SHELL) $(SCHEMES)/instance.sh $(@F) $(STAGE)
endif
