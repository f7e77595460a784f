# tests: building scheme packages plain and profiled (make profile-plan,
# make profile-build), on fixture packages in the NGCC layout.
dist_noinst_DATA += tests/schemes-lib.sh
TESTS += tests/schemes-plan.sh
dist_noinst_SCRIPTS += tests/schemes-plan.sh
EXTRA_DIST += tests/fixtures/packages tests/fixtures/toysig
TESTS += tests/schemes-build.sh
dist_noinst_SCRIPTS += tests/schemes-build.sh
TESTS += tests/schemes-errors.sh tests/schemes-fallback.sh
dist_noinst_SCRIPTS += tests/schemes-errors.sh tests/schemes-fallback.sh

# The modules of the scheme build.
tests_check_iccsprof_SOURCES += tests/check_strlist.c tests/check_objects.c \
	tests/check_build_align.c tests/check_plan_conf.c tests/check_plan.c tests/check_build_files.c \
	tests/check_catalog.c
tests_check_iccsprof_CFLAGS += $(ARCHIVE_CFLAGS)
tests_check_iccsprof_LDADD += $(ARCHIVE_LIBS)
TESTS += tests/schemes-run.sh
dist_noinst_SCRIPTS += tests/schemes-run.sh
# The catalog, packages found by id, name or SHA-256, archives unpacked
# safely, make profile on an archive.
TESTS += tests/catalog.sh
dist_noinst_SCRIPTS += tests/catalog.sh

# make profile end to end: the in-tree schemes and the packages of real
# reference code's habits, profiled by the real driver.
LONG_TESTS += tests/profile.sh tests/resume.sh
dist_noinst_SCRIPTS += tests/profile.sh tests/resume.sh
EXTRA_DIST += tests/fixtures/quirks

# iccsprof profile on packages with the habits of real reference packages.
LONG_TESTS += tests/schemes-real.sh tests/schemes-published.sh tests/schemes-edges.sh \
	tests/schemes-described.sh tests/schemes-hostile.sh
dist_noinst_SCRIPTS += tests/schemes-real.sh tests/schemes-published.sh tests/schemes-edges.sh \
	tests/schemes-described.sh tests/schemes-hostile.sh
tests_check_iccsprof_CPPFLAGS += -I$(top_builddir)/src
# check_objects.c and check_build_align.c compile with the configured
# compiler named in paths.h.
tests/check_iccsprof-check_objects.$(OBJEXT): src/paths.h
tests/check_iccsprof-check_build_align.$(OBJEXT): src/paths.h
