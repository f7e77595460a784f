# libiccswrap: the --wrap shims and their accounting, a static archive of
# position-independent objects, because the shims must be linked into the
# scheme's own shared object: --wrap resolves __real_<helper> only inside
# that link.  Objects are built with hidden visibility and mark the query
# interface and the __wrap_ symbols default, so a profiled library exports
# nothing else of the archive.  Each shim is an object of its own: a
# library that defines only some helpers pulls only their shims.
lib_LIBRARIES += wrappers/libiccswrap.a
wrappers_libiccswrap_a_SOURCES = \
	wrappers/account.c wrappers/account.h \
	wrappers/api.c \
	wrappers/call.h \
	wrappers/overhead.c wrappers/overhead.h \
	wrappers/sites.c wrappers/sites.h \
	wrappers/substitute.c wrappers/substitute.h \
	wrappers/tick.h \
	wrappers/wrap_digest.h \
	wrappers/wrap_pseudohash.c \
	wrappers/wrap_sm3hash.c \
	wrappers/wrap_pseudoxof.c \
	wrappers/wrap_drng.c
wrappers_libiccswrap_a_CPPFLAGS = $(AM_CPPFLAGS) $(UNWIND_CFLAGS)
wrappers_libiccswrap_a_CFLAGS = $(AM_CFLAGS) -fPIC -fvisibility=hidden

iccsprofincludedir = $(includedir)/iccsprof
iccsprofinclude_HEADERS = wrappers/iccsprof/wrap.h wrappers/iccsprof/substitute.h
pkgconfig_DATA += wrappers/iccsprof-wrap.pc

# How an in-tree build makes a profiled library: the scheme's objects, then
# ICCSWRAP_LIBS, with ICCSWRAP_LDFLAGS and -Wl,--wrap=<helper> for each
# helper they define.  The --undefined pulls in the query interface even
# when no shim is needed, so the library is still recognised as profiled;
# libunwind (when configured) takes the deeper call-site chains.
ICCSWRAP_LDFLAGS = -Wl,--undefined=iccsprof_wrap_api
ICCSWRAP_ARCHIVE = $(top_builddir)/wrappers/libiccswrap.a
ICCSWRAP_LIBS = $(ICCSWRAP_ARCHIVE) $(UNWIND_LIBS) -lpthread

# A libtool module (the test fixtures, the bench's stand-ins) adds to its
# LDFLAGS -Wl,ARCHIVE $(ICCSWRAP_MODULE_DEPS): the archive and what it
# needs go straight to the linker, in that order, after the module's
# objects, as in a submitter's link.  Given the archive as a library,
# libtool warns that a static archive in a shared library is not portable,
# which is the very thing --wrap needs.
ICCSWRAP_MODULE_DEPS = $(UNWIND_LINKER_LIBS) -Wl,-lpthread
