# Building schemes and profiling them: `make profile SCHEME=<id>`.
profile: src/iccsprof
	src/iccsprof --version
.PHONY: profile
include schemes/intree.mk
