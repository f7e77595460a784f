# profile.mk - `make profile`, `make profile-build` and `make profile-plan`
# in the source tree: the make variables doc/guide/profiling.md
# documents, given to `iccsprof profile` / `iccsprof plan` as options.
# Values travel in the environment and are quoted by the shell, never
# pasted into a command line, so that no value is ever run.  GNU make; schemes/local.mk runs it.

# What to build; doc/guide/profiling.md ("Options and variables")
# documents each one.
SCHEME = sign-wots
SCHEME_DIR =
# The folder of downloaded packages (archives or folders) SCHEME is looked
# for in, by id or name; empty: $ICCSPROF_PACKAGES, else ~/ngcc.
PACKAGES =
SCHEME_CONF =
IMPL = reference
INSTANCES =
SCHEME_CFLAGS = -std=c99 -Wpedantic -Wall -Wextra -O2
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
PROCESSES =
RUN_FLAGS =
KAT = check
KAT_TIMEOUT = 600
EXPORT_MD =
EXPORT_CSV =
EXPORT_JSON =
EXPORT_SVG =
ICCSPROF = $(top_builddir)/src/iccsprof
# make -jN builds N files at once; a bare -j as many as there are CPUs.
JOBS = $(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),$(if $(filter -j,$(MAKEFLAGS)),$(shell nproc 2>/dev/null || echo 2),1))

export top_srcdir SCHEME SCHEME_DIR PACKAGES SCHEME_CONF IMPL INSTANCES SCHEME_CFLAGS SCHEME_STRICT_CFLAGS \
	SCHEME_LENIENT_CFLAGS SCHEME_BUILDDIR PROFILE_DIR OPS TRIALS TARGET_SECONDS SAMPLE CALLERS \
	CPU PROCESSES RUN_FLAGS KAT KAT_TIMEOUT EXPORT_MD EXPORT_CSV EXPORT_JSON EXPORT_SVG ICCSPROF JOBS

.PHONY: plan build profile
.SUFFIXES:

# The options every command takes, as "$@" of the shell.
OPTIONS = set -- --scheme "$$SCHEME" --impl "$$IMPL" --cflags "$$SCHEME_CFLAGS" \
	    --strict-cflags "$$SCHEME_STRICT_CFLAGS" --lenient-cflags "$$SCHEME_LENIENT_CFLAGS" \
	    --builddir "$$SCHEME_BUILDDIR" -j "$$JOBS" --schemes-dir "$$top_srcdir/schemes"; \
	[ -z "$$SCHEME_DIR" ] || set -- "$$SCHEME_DIR" "$$@"; \
	[ -z "$$PACKAGES" ] || set -- "$$@" --packages "$$PACKAGES"; \
	[ -z "$$SCHEME_CONF" ] || set -- "$$@" --conf "$$SCHEME_CONF"; \
	[ -z "$$INSTANCES" ] || set -- "$$@" --instances "$$INSTANCES"

plan:
	@$(OPTIONS); exec "$$ICCSPROF" plan "$$@"

build:
	@$(OPTIONS); exec "$$ICCSPROF" profile --build-only "$$@"

# RUN_FLAGS: further driver options, split at blanks by iccsprof.
profile:
	@$(OPTIONS); \
	set -- "$$@" --profile-dir "$$PROFILE_DIR"; \
	[ -z "$$OPS" ] || set -- "$$@" --op "$$OPS"; \
	[ -z "$$TRIALS" ] || set -- "$$@" --trials "$$TRIALS"; \
	[ -z "$$TARGET_SECONDS" ] || set -- "$$@" --target-seconds "$$TARGET_SECONDS"; \
	[ -z "$$SAMPLE" ] || set -- "$$@" --sample "$$SAMPLE"; \
	case "$$CALLERS" in '' | no | 0) ;; yes) set -- "$$@" --callers ;; \
	  *) set -- "$$@" --callers="$$CALLERS" ;; esac; \
	[ -z "$$CPU" ] || set -- "$$@" --cpu "$$CPU"; \
	[ -z "$$PROCESSES" ] || set -- "$$@" --processes "$$PROCESSES"; \
	set -- "$$@" --kat "$$KAT" --kat-timeout "$$KAT_TIMEOUT"; \
	[ -z "$$RUN_FLAGS" ] || set -- "$$@" --run-flags "$$RUN_FLAGS"; \
	[ -z "$$EXPORT_MD" ] || set -- "$$@" --export-md "$$EXPORT_MD"; \
	[ -z "$$EXPORT_CSV" ] || set -- "$$@" --export-csv "$$EXPORT_CSV"; \
	[ -z "$$EXPORT_JSON" ] || set -- "$$@" --export-json "$$EXPORT_JSON"; \
	[ -z "$$EXPORT_SVG" ] || set -- "$$@" --export-svg "$$EXPORT_SVG"; \
	ICCSPROF_DRIVER="$$ICCSPROF" exec "$$ICCSPROF" profile "$$@"
