# The iccsprof command: a dispatcher, one file per subcommand, and shared
# modules.  Everything but main() lives in a convenience library so the unit
# tests link the same code.
bin_PROGRAMS += src/iccsprof
noinst_LTLIBRARIES += src/libiccsprof.la

src_libiccsprof_la_SOURCES = \
	src/cmd.c src/cmd.h \
	src/cmd-man.c \
	src/cmd-completion.c \
	src/export.c src/export.h \
	src/markup.c src/markup.h \
	src/cmd-parse.c \
	src/cmd-usage.c \
	src/cmd-audit.c src/audit.h \
	src/survey.c src/survey.h \
	src/cmd-plan.c \
	src/cmd-profile.c \
	src/cmd-kat.c \
	src/cmd-help.c \
	src/cmd-campaign.c \
	src/campaign.h \
	src/campaign-emit.c \
	src/campaign-merge.c \
	src/campaign-leftout.c \
	src/campaign-run.c \
	src/campaign-build.c \
	src/campaign-scan.c \
	src/campaign-jobs.c \
	src/campaign-journal.c \
	src/campaign-summary.c \
	src/cmd-host.c \
	src/cmd-run.c \
	src/cmd-version.c \
	src/atomic-file.c src/atomic-file.h \
	src/hex.c src/hex.h \
	src/host.c src/host.h src/host-emulation.c \
	src/hostcheck.c src/hostcheck.h \
	src/hostcheck-sys.c src/hostcheck-sys.h \
	src/perf-cycles.c src/perf-cycles.h \
	src/pin.c src/pin.h \
	src/libfile.c src/libfile.h \
	src/record-profile.c src/record-profile.h \
	src/regfile.c src/regfile.h \
	src/record-schema.c src/record-schema.h \
	src/kat.c src/kat.h src/kat-exec.c src/kat-exec.h src/kat-compare.c src/kat-compare.h \
	src/protocol.h \
	src/run-child.c src/run-child.h \
	src/run-lines.c src/run-lines.h \
	src/run-reap.c src/run-reap.h \
	src/self-exe.c src/self-exe.h \
	src/run-result.c src/run-result.h src/problem.c src/problem.h \
	src/run-options.c src/run-options.h \
	src/run-passes.c src/run-passes.h \
	src/run-progress.c src/run-progress.h \
	src/run-resume.c src/run-resume.h \
	src/run-record.c src/run-record.h \
	src/shares.c src/shares.h src/measure/rules.c src/measure/rules.h \
	src/symbolize.c src/symbolize.h \
	src/drng-find.c src/drng-find.h \
	src/strlist.c src/strlist.h \
	src/objects.c src/objects.h \
	src/plan.c src/plan.h src/plan-stages.h src/plan-check.c src/plan-conf.c \
	src/plan-find.c src/plan-instances.c src/plan-files.c src/plan-desc.c \
	src/builddesc.c src/builddesc.h src/builddesc-line.c src/builddesc-make.c \
	src/builddesc-cmake.c src/ctext.c src/ctext.h \
	src/build.c src/build.h src/build-stages.h src/build-compile.c src/build-link.c \
	src/build-analyze.c \
	src/build-files.c src/build-files.h \
	src/build-jobs.c src/build-jobs.h \
	src/build-record.c \
	src/profile-options.c src/profile-options.h \
	src/kat-gate.c src/kat-gate.h \
	src/substitute.c src/substitute.h \
	src/hashpkg.c src/hashpkg.h \
	src/whatif-project.c src/whatif-project.h \
	src/whatif.h src/whatif-cands.c src/whatif-matrix.c src/whatif-measure.c \
	src/whatif-emit.c src/cmd-whatif.c
nodist_src_libiccsprof_la_SOURCES = src/paths.h src/profile-schema.h
src_libiccsprof_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)/src
src_libiccsprof_la_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(ELF_CFLAGS) $(DW_CFLAGS) \
	$(CRYPTO_CFLAGS)
src_libiccsprof_la_LIBADD = $(JANSSON_LIBS) $(ELF_LIBS) $(DW_LIBS) $(CRYPTO_LIBS) -lm

src_iccsprof_SOURCES = src/iccsprof.c
src_iccsprof_LDADD = src/libiccsprof.la

# The process each operation is measured in.  It links little beyond libc
# and jansson, so that a scheme it loads binds to its own symbols rather
# than to those of the tool's libraries.
pkglibexec_PROGRAMS = src/iccsprof-measure
src_iccsprof_measure_SOURCES = \
	src/measure/measure.c \
	src/measure/channel.c src/measure/channel.h \
	src/protocol.h \
	src/measure/clock.c src/measure/clock.h \
	src/perf-cycles.c src/perf-cycles.h \
	src/measure/ops.c src/measure/ops.h \
	src/measure/opstate.c src/measure/opstate.h \
	src/measure/method.c src/measure/method.h \
	src/measure/rules.c src/measure/rules.h \
	src/measure/kex.c src/measure/kex.h \
	src/measure/passes.h \
	src/measure/plain.c \
	src/measure/profile.c \
	src/measure/opstats.c src/measure/opstats.h \
	src/measure/pairs.c src/measure/pairs.h \
	src/measure/rwdata.c src/measure/rwdata.h \
	src/measure/shift.c src/measure/shift.h \
	src/measure/tape.c src/measure/tape.h \
	src/measure/cores.c src/measure/cores.h \
	src/measure/scheme.c src/measure/scheme.h \
	src/measure/candidate.c src/measure/candidate.h \
	src/measure/whatif.c src/measure/whatif.h \
	src/measure/costs.c src/measure/costs.h \
	src/measure/katcheck.c src/measure/katcheck.h \
	src/measure/works.c src/measure/works.h
src_iccsprof_measure_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(CRYPTO_CFLAGS)
src_iccsprof_measure_LDADD = $(JANSSON_LIBS) -lm

# The manual page is printed by the program itself from the option tables
# that --help reads, so that the installed page describes the installed
# program.
nodist_man1_MANS = src/iccsprof.1
CLEANFILES += src/iccsprof.1
src/iccsprof.1: src/iccsprof$(EXEEXT)
	$(AM_V_GEN)src/iccsprof help --man >$@.tmp && mv $@.tmp $@

# Bash completion, written from the same tables as the manual page.
bashcompletiondir = $(datadir)/bash-completion/completions
nodist_bashcompletion_DATA = src/completion/iccsprof
CLEANFILES += src/completion/iccsprof
src/completion/iccsprof: src/iccsprof$(EXEEXT)
	@$(MKDIR_P) src/completion
	$(AM_V_GEN)src/iccsprof help --bash-completion >$@.tmp && mv $@.tmp $@

include src/report.mk
include src/site.mk

# The installed paths and configured tools the command needs, from the
# configuration: a header rewritten only when they change, so that a
# reconfigure with another --prefix rebuilds exactly what includes it.
BUILT_SOURCES += src/paths.h
DISTCLEANFILES += src/paths.h src/paths.stamp
src/paths.h: src/paths.stamp
	@:
src/paths.stamp: Makefile
	@$(MKDIR_P) src
	$(AM_V_GEN){ \
	  echo '/* paths.h - written by make from the configuration; do not edit. */'; \
	  echo '#define ICCSPROF_PKGLIBEXECDIR "$(pkglibexecdir)"'; \
	  echo '#define ICCSPROF_LIBDIR "$(libdir)"'; \
	  echo '#define ICCSPROF_PKGDATADIR "$(pkgdatadir)"'; \
	  echo '#define ICCSPROF_DOCDIR "$(docdir)"'; \
	  echo '#define ICCSPROF_BASHCOMPDIR "$(bashcompletiondir)"'; \
	  echo '#define ICCSPROF_CC "$(CC)"'; \
	  echo '#define ICCSPROF_SANITIZER_CFLAGS "$(SANITIZER_CFLAGS)"'; \
	  echo '#define ICCSPROF_WRAP_LIBS "$(UNWIND_LIBS) -lpthread"'; \
	} >src/paths.h.tmp && \
	if cmp -s src/paths.h.tmp src/paths.h; then rm -f src/paths.h.tmp; \
	else mv -f src/paths.h.tmp src/paths.h; fi && touch $@
src/libiccsprof_la-run-child.lo src/libiccsprof_la-profile-options.lo \
	src/libiccsprof_la-cmd-man.lo src/libiccsprof_la-cmd-version.lo: src/paths.h

# The record schema built into the reader (record-schema.c), as a string
# literal: the reader refuses what the schema forbids, whatever is
# installed.
BUILT_SOURCES += src/profile-schema.h
CLEANFILES += src/profile-schema.h
src/profile-schema.h: $(top_srcdir)/profiles/profile.schema.json
	@$(MKDIR_P) src
	$(AM_V_GEN)sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	  $(top_srcdir)/profiles/profile.schema.json >$@.tmp && mv -f $@.tmp $@
src/libiccsprof_la-record-schema.lo src/libiccsprof_la-record-read.lo: src/profile-schema.h
