# The iccsprof command: a dispatcher, one file per subcommand, and shared
# modules.  Everything but main() lives in a convenience library so the unit
# tests link the same code.
bin_PROGRAMS += src/iccsprof
noinst_LTLIBRARIES += src/libiccsprof.la

src_libiccsprof_la_SOURCES = \
	src/cmd/cmd.c src/cmd/cmd.h \
	src/util/message.c src/util/message.h \
	src/util/terminal.c src/util/terminal.h \
	src/cmd/cmd-man.c \
	src/cmd/cmd-completion.c \
	src/cmd/export.c src/cmd/export.h \
	src/util/markup.c src/util/markup.h \
	src/cmd/cmd-parse.c \
	src/cmd/cmd-usage.c \
	src/cmd/cmd-audit.c src/build/audit.c src/build/audit.h \
	src/build/survey.c src/build/survey.h \
	src/cmd/cmd-plan.c \
	src/cmd/cmd-profile.c \
	src/cmd/cmd-kat.c \
	src/cmd/cmd-help.c \
	src/cmd/cmd-campaign.c \
	src/campaign/campaign.h \
	src/campaign/campaign-emit.c \
	src/campaign/campaign-merge.c \
	src/campaign/campaign-leftout.c \
	src/campaign/campaign-run.c \
	src/cmd/campaign-build.c src/cmd/campaign-build.h \
	src/campaign/campaign-scan.c \
	src/campaign/campaign-packages.c \
	src/campaign/campaign-jobs.c \
	src/campaign/campaign-journal.c \
	src/campaign/campaign-summary.c \
	src/cmd/cmd-host.c \
	src/cmd/cmd-run.c \
	src/cmd/cmd-version.c \
	src/cmd/cmd-catalog.c src/plan/catalog.c src/plan/catalog.h \
	src/util/atomic-file.c src/util/atomic-file.h \
	src/util/quota.c src/util/quota.h \
	src/util/hex.c src/util/hex.h \
	src/host/host.c src/host/host.h src/host/host-emulation.c src/host/host-scheduler.c \
	src/host/hostcheck.c src/host/hostcheck.h \
	src/host/hostcheck-sys.c src/host/hostcheck-sys.h \
	src/host/perf-cycles.c src/host/perf-cycles.h \
	src/host/pin.c src/host/pin.h \
	src/util/libfile.c src/util/libfile.h \
	src/record/record-profile.c src/record/record-profile.h \
	src/record/record-processes.c src/record/record-processes.h \
	src/util/regfile.c src/util/regfile.h \
	src/record/record-schema.c src/record/record-schema.h \
	src/kat/kat.c src/kat/kat.h src/kat/kat-exec.c src/kat/kat-exec.h src/kat/kat-compare.c src/kat/kat-compare.h \
	src/measure/protocol.h \
	src/run/run-child.c src/run/run-child.h \
	src/run/run-lines.c src/run/run-lines.h \
	src/util/run-reap.c src/util/run-reap.h \
	src/util/self-exe.c src/util/self-exe.h \
	src/run/run-result.c src/run/run-result.h src/util/problem.c src/util/problem.h \
	src/cmd/run-options.c src/cmd/run-options.h src/run/run-settings.h \
	src/run/run-passes.c src/run/run-passes.h src/run/run-merge.c src/run/run-merge.h \
	src/run/run-progress.c src/run/run-progress.h \
	src/run/run-resume.c src/run/run-resume.h \
	src/run/run-record.c src/run/run-record.h \
	src/run/run-timing.c src/run/run-timing.h \
	src/record/shares.c src/record/shares.h src/measure/rules.c src/measure/rules.h \
	src/record/symbolize.c src/record/symbolize.h \
	src/run/drng-find.c src/run/drng-find.h \
	src/util/strlist.c src/util/strlist.h \
	src/build/objects.c src/build/objects.h \
	src/plan/plan.c src/plan/plan.h src/plan/plan-stages.h src/plan/plan-check.c src/plan/plan-conf.c \
	src/plan/plan-find.c src/plan/plan-instances.c src/plan/plan-files.c src/plan/plan-includes.c src/plan/plan-archive.c src/plan/plan-archive.h \
	src/plan/plan-packages.c src/plan/plan-packages.h src/plan/plan-desc.c \
	src/plan/builddesc.c src/plan/builddesc.h src/plan/builddesc-line.c src/plan/builddesc-make.c \
	src/plan/builddesc-cmake.c src/plan/ctext.c src/plan/ctext.h \
	src/build/build.c src/build/build.h src/build/build-stages.h src/build/build-compile.c src/build/build-link.c \
	src/build/build-align.c \
	src/build/build-analyze.c src/build/build-tools.c src/build/build-tools.h \
	src/util/build-files.c src/util/build-files.h \
	src/util/build-jobs.c src/util/build-jobs.h \
	src/build/build-record.c \
	src/cmd/profile-options.c src/cmd/profile-options.h \
	src/kat/kat-gate.c src/kat/kat-gate.h \
	src/whatif/substitute.c src/whatif/substitute.h \
	src/whatif/hashpkg.c src/whatif/hashpkg.h \
	src/whatif/whatif-project.c src/whatif/whatif-project.h src/whatif/whatif-replay.c \
	src/whatif/whatif-request.c \
	src/whatif/whatif.h src/whatif/whatif-cands.c src/whatif/whatif-matrix.c src/whatif/whatif-measure.c \
	src/whatif/whatif-emit.c src/cmd/cmd-whatif.c
nodist_src_libiccsprof_la_SOURCES = src/paths.h src/profile-schema.h
src_libiccsprof_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)/src
src_libiccsprof_la_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(ELF_CFLAGS) $(DW_CFLAGS) \
	$(CRYPTO_CFLAGS) $(ARCHIVE_CFLAGS)
src_libiccsprof_la_LIBADD = $(JANSSON_LIBS) $(ELF_LIBS) $(DW_LIBS) $(CRYPTO_LIBS) $(ARCHIVE_LIBS) -lm

src_iccsprof_SOURCES = src/iccsprof.c
src_iccsprof_LDADD = src/libiccsprof.la

# The process each operation is measured in.  It links little beyond libc
# and jansson, so that a scheme it loads binds to its own symbols rather
# than to those of the tool's libraries.
pkglibexec_PROGRAMS = src/iccsprof-measure
src_iccsprof_measure_SOURCES = \
	src/measure/measure.c \
	src/measure/channel.c src/measure/channel.h \
	src/measure/protocol.h \
	src/measure/clock.c src/measure/clock.h \
	src/host/perf-cycles.c src/host/perf-cycles.h \
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
	src/measure/replay.c src/measure/replay.h \
	src/measure/katcheck.c src/measure/katcheck.h \
	src/measure/works.c src/measure/works.h
src_iccsprof_measure_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(CRYPTO_CFLAGS)
src_iccsprof_measure_LDADD = $(JANSSON_LIBS) -lm

# The manual pages are printed by the program itself from the option tables
# that --help reads, so that the installed pages describe the installed
# program: iccsprof(1), and iccsprof-COMMAND(1) for each command that
# `iccsprof help -q` lists (tests/install-docs.sh checks the two lists
# agree).
ICCSPROF_COMMAND_MANS = src/iccsprof-profile.1 src/iccsprof-report.1 src/iccsprof-compare.1 \
	src/iccsprof-plan.1 src/iccsprof-host.1 src/iccsprof-campaign.1 src/iccsprof-kat.1 \
	src/iccsprof-run.1 src/iccsprof-site.1 src/iccsprof-whatif.1 src/iccsprof-audit.1 \
	src/iccsprof-catalog.1 src/iccsprof-help.1 src/iccsprof-version.1
nodist_man1_MANS = src/iccsprof.1 $(ICCSPROF_COMMAND_MANS)
CLEANFILES += src/iccsprof.1 $(ICCSPROF_COMMAND_MANS)
src/iccsprof.1: src/iccsprof$(EXEEXT)
	$(AM_V_GEN)src/iccsprof help --man >$@.tmp && mv $@.tmp $@
$(ICCSPROF_COMMAND_MANS): src/iccsprof$(EXEEXT)
	$(AM_V_GEN)name=`echo '$@' | sed 's|^src/iccsprof-||; s|\.1$$||'` && \
	src/iccsprof help --man "$$name" >$@.tmp && mv $@.tmp $@

# Bash completion, written from the same tables as the manual page.
bashcompletiondir = $(datadir)/bash-completion/completions
nodist_bashcompletion_DATA = src/completion/iccsprof
CLEANFILES += src/completion/iccsprof
src/completion/iccsprof: src/iccsprof$(EXEEXT)
	@$(MKDIR_P) src/completion
	$(AM_V_GEN)src/iccsprof help --bash-completion >$@.tmp && mv $@.tmp $@

# The official list of submissions, read at run time (catalog.c).
dist_pkgdata_DATA += data/ngcc-catalog.tsv

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
	  echo '#define ICCSPROF_TREE_DATADIR "$(abs_top_srcdir)/data"'; \
	  echo '#define ICCSPROF_SCHEMESDIR "$(abs_top_srcdir)/schemes"'; \
	  echo '#define ICCSPROF_DOCDIR "$(docdir)"'; \
	  echo '#define ICCSPROF_BASHCOMPDIR "$(bashcompletiondir)"'; \
	  echo '#define ICCSPROF_CC "$(CC)"'; \
	  echo '#define ICCSPROF_SANITIZER_CFLAGS "$(SANITIZER_CFLAGS)"'; \
	  echo '#define ICCSPROF_WRAP_LIBS "$(UNWIND_LIBS) -lpthread"'; \
	} >src/paths.h.tmp && \
	if cmp -s src/paths.h.tmp src/paths.h; then rm -f src/paths.h.tmp; \
	else mv -f src/paths.h.tmp src/paths.h; fi && touch $@
src/run/libiccsprof_la-run-child.lo src/cmd/libiccsprof_la-profile-options.lo \
	src/cmd/libiccsprof_la-cmd-man.lo src/cmd/libiccsprof_la-cmd-version.lo \
	src/build/libiccsprof_la-build-tools.lo src/plan/libiccsprof_la-catalog.lo \
	src/plan/libiccsprof_la-plan.lo: src/paths.h

# The record schema built into the reader (record-schema.c), as a string
# literal: the reader refuses what the schema forbids, whatever is
# installed.
BUILT_SOURCES += src/profile-schema.h
CLEANFILES += src/profile-schema.h
src/profile-schema.h: $(top_srcdir)/profiles/profile.schema.json
	@$(MKDIR_P) src
	$(AM_V_GEN)sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	  $(top_srcdir)/profiles/profile.schema.json >$@.tmp && mv -f $@.tmp $@
src/record/libiccsprof_la-record-schema.lo src/record/libiccsprof_la-record-read.lo: src/profile-schema.h
