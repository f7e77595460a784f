# tests: the ICCS helpers against OpenSSL and a bit-string oracle.
tests_check_iccsprof_SOURCES += \
	tests/oracle.c tests/oracle.h \
	tests/check_sm3.c tests/check_auxfunc.c tests/check_drng.c
tests_check_iccsprof_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/schemes/iccs
tests_check_iccsprof_CFLAGS += $(CRYPTO_CFLAGS)
tests_check_iccsprof_LDADD += schemes/iccs/libiccs.la $(CRYPTO_LIBS)

# configure must refuse a linker that ignores --wrap.
TESTS += tests/configure-wrap.sh
dist_noinst_SCRIPTS += tests/configure-wrap.sh
