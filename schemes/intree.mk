# The in-tree schemes: sign-wots (WOTS-SM3-16, WOTS-SM3-32), kem-mlwe
# (MLWE-KEM-512, MLWE-KEM-768) and kex-mlwe (MLWE-KEX-512, MLWE-KEX-768, on
# kem-mlwe's sources), NGCC submission packages whose instance
# folders hold relative symlinks to the package's src/ and to schemes/iccs/.
# The lists name each instance's library sources (every .c of the folder but
# the KAT program, and the headers) for the builds of the tests; everything
# is distributed (the tarball holds the symlinks' targets as plain files).
INTREE_WOTS = schemes/sign-wots/Implementations/Reference_Implementation
INTREE_MLWE = schemes/kem-mlwe/Implementations/Reference_Implementation
INTREE_KEX = schemes/kex-mlwe/Implementations/Reference_Implementation

INTREE_WOTS16_LIB = \
	$(INTREE_WOTS)/WOTS-SM3-16/SIG_WOTS.c $(INTREE_WOTS)/WOTS-SM3-16/SIG_WOTS.h \
	$(INTREE_WOTS)/WOTS-SM3-16/params.h \
	$(INTREE_WOTS)/WOTS-SM3-16/wots.c $(INTREE_WOTS)/WOTS-SM3-16/wots.h \
	$(INTREE_WOTS)/WOTS-SM3-16/wots_hash.c $(INTREE_WOTS)/WOTS-SM3-16/wots_hash.h \
	$(INTREE_WOTS)/WOTS-SM3-16/auxfunc.c $(INTREE_WOTS)/WOTS-SM3-16/auxfunc.h \
	$(INTREE_WOTS)/WOTS-SM3-16/drng.c $(INTREE_WOTS)/WOTS-SM3-16/drng.h \
	$(INTREE_WOTS)/WOTS-SM3-16/sm3.c $(INTREE_WOTS)/WOTS-SM3-16/sm3.h
INTREE_WOTS32_LIB = \
	$(INTREE_WOTS)/WOTS-SM3-32/SIG_WOTS.c $(INTREE_WOTS)/WOTS-SM3-32/SIG_WOTS.h \
	$(INTREE_WOTS)/WOTS-SM3-32/params.h \
	$(INTREE_WOTS)/WOTS-SM3-32/wots.c $(INTREE_WOTS)/WOTS-SM3-32/wots.h \
	$(INTREE_WOTS)/WOTS-SM3-32/wots_hash.c $(INTREE_WOTS)/WOTS-SM3-32/wots_hash.h \
	$(INTREE_WOTS)/WOTS-SM3-32/auxfunc.c $(INTREE_WOTS)/WOTS-SM3-32/auxfunc.h \
	$(INTREE_WOTS)/WOTS-SM3-32/drng.c $(INTREE_WOTS)/WOTS-SM3-32/drng.h \
	$(INTREE_WOTS)/WOTS-SM3-32/sm3.c $(INTREE_WOTS)/WOTS-SM3-32/sm3.h
INTREE_MLWE512_LIB = \
	$(INTREE_MLWE)/MLWE-KEM-512/KEM_MLWE.c $(INTREE_MLWE)/MLWE-KEM-512/KEM_MLWE.h \
	$(INTREE_MLWE)/MLWE-KEM-512/mlwe_kem.c $(INTREE_MLWE)/MLWE-KEM-512/mlwe_kem.h \
	$(INTREE_MLWE)/MLWE-KEM-512/params.h $(INTREE_MLWE)/MLWE-KEM-512/mlwe.h \
	$(INTREE_MLWE)/MLWE-KEM-512/zq.h \
	$(INTREE_MLWE)/MLWE-KEM-512/pke.c $(INTREE_MLWE)/MLWE-KEM-512/pke.h \
	$(INTREE_MLWE)/MLWE-KEM-512/poly.c $(INTREE_MLWE)/MLWE-KEM-512/poly.h \
	$(INTREE_MLWE)/MLWE-KEM-512/ntt.c $(INTREE_MLWE)/MLWE-KEM-512/ntt.h \
	$(INTREE_MLWE)/MLWE-KEM-512/mlwe_hash.c $(INTREE_MLWE)/MLWE-KEM-512/mlwe_hash.h \
	$(INTREE_MLWE)/MLWE-KEM-512/auxfunc.c $(INTREE_MLWE)/MLWE-KEM-512/auxfunc.h \
	$(INTREE_MLWE)/MLWE-KEM-512/drng.c $(INTREE_MLWE)/MLWE-KEM-512/drng.h \
	$(INTREE_MLWE)/MLWE-KEM-512/sm3.c $(INTREE_MLWE)/MLWE-KEM-512/sm3.h
INTREE_MLWE768_LIB = \
	$(INTREE_MLWE)/MLWE-KEM-768/KEM_MLWE.c $(INTREE_MLWE)/MLWE-KEM-768/KEM_MLWE.h \
	$(INTREE_MLWE)/MLWE-KEM-768/mlwe_kem.c $(INTREE_MLWE)/MLWE-KEM-768/mlwe_kem.h \
	$(INTREE_MLWE)/MLWE-KEM-768/params.h $(INTREE_MLWE)/MLWE-KEM-768/mlwe.h \
	$(INTREE_MLWE)/MLWE-KEM-768/zq.h \
	$(INTREE_MLWE)/MLWE-KEM-768/pke.c $(INTREE_MLWE)/MLWE-KEM-768/pke.h \
	$(INTREE_MLWE)/MLWE-KEM-768/poly.c $(INTREE_MLWE)/MLWE-KEM-768/poly.h \
	$(INTREE_MLWE)/MLWE-KEM-768/ntt.c $(INTREE_MLWE)/MLWE-KEM-768/ntt.h \
	$(INTREE_MLWE)/MLWE-KEM-768/mlwe_hash.c $(INTREE_MLWE)/MLWE-KEM-768/mlwe_hash.h \
	$(INTREE_MLWE)/MLWE-KEM-768/auxfunc.c $(INTREE_MLWE)/MLWE-KEM-768/auxfunc.h \
	$(INTREE_MLWE)/MLWE-KEM-768/drng.c $(INTREE_MLWE)/MLWE-KEM-768/drng.h \
	$(INTREE_MLWE)/MLWE-KEM-768/sm3.c $(INTREE_MLWE)/MLWE-KEM-768/sm3.h
INTREE_KEX512_LIB = \
	$(INTREE_KEX)/MLWE-KEX-512/KEX_MLWE.c $(INTREE_KEX)/MLWE-KEX-512/KEX_MLWE.h \
	$(INTREE_KEX)/MLWE-KEX-512/params.h $(INTREE_KEX)/MLWE-KEX-512/mlwe.h $(INTREE_KEX)/MLWE-KEX-512/zq.h \
	$(INTREE_KEX)/MLWE-KEX-512/mlwe_kem.c $(INTREE_KEX)/MLWE-KEX-512/mlwe_kem.h \
	$(INTREE_KEX)/MLWE-KEX-512/pke.c $(INTREE_KEX)/MLWE-KEX-512/pke.h \
	$(INTREE_KEX)/MLWE-KEX-512/poly.c $(INTREE_KEX)/MLWE-KEX-512/poly.h \
	$(INTREE_KEX)/MLWE-KEX-512/ntt.c $(INTREE_KEX)/MLWE-KEX-512/ntt.h \
	$(INTREE_KEX)/MLWE-KEX-512/mlwe_hash.c $(INTREE_KEX)/MLWE-KEX-512/mlwe_hash.h \
	$(INTREE_KEX)/MLWE-KEX-512/auxfunc.c $(INTREE_KEX)/MLWE-KEX-512/auxfunc.h \
	$(INTREE_KEX)/MLWE-KEX-512/drng.c $(INTREE_KEX)/MLWE-KEX-512/drng.h \
	$(INTREE_KEX)/MLWE-KEX-512/sm3.c $(INTREE_KEX)/MLWE-KEX-512/sm3.h
INTREE_KEX768_LIB = \
	$(INTREE_KEX)/MLWE-KEX-768/KEX_MLWE.c $(INTREE_KEX)/MLWE-KEX-768/KEX_MLWE.h \
	$(INTREE_KEX)/MLWE-KEX-768/params.h $(INTREE_KEX)/MLWE-KEX-768/mlwe.h $(INTREE_KEX)/MLWE-KEX-768/zq.h \
	$(INTREE_KEX)/MLWE-KEX-768/mlwe_kem.c $(INTREE_KEX)/MLWE-KEX-768/mlwe_kem.h \
	$(INTREE_KEX)/MLWE-KEX-768/pke.c $(INTREE_KEX)/MLWE-KEX-768/pke.h \
	$(INTREE_KEX)/MLWE-KEX-768/poly.c $(INTREE_KEX)/MLWE-KEX-768/poly.h \
	$(INTREE_KEX)/MLWE-KEX-768/ntt.c $(INTREE_KEX)/MLWE-KEX-768/ntt.h \
	$(INTREE_KEX)/MLWE-KEX-768/mlwe_hash.c $(INTREE_KEX)/MLWE-KEX-768/mlwe_hash.h \
	$(INTREE_KEX)/MLWE-KEX-768/auxfunc.c $(INTREE_KEX)/MLWE-KEX-768/auxfunc.h \
	$(INTREE_KEX)/MLWE-KEX-768/drng.c $(INTREE_KEX)/MLWE-KEX-768/drng.h \
	$(INTREE_KEX)/MLWE-KEX-768/sm3.c $(INTREE_KEX)/MLWE-KEX-768/sm3.h

EXTRA_DIST += \
	schemes/sign-wots/README.md \
	schemes/sign-wots/src/SIG_WOTS.c schemes/sign-wots/src/SIG_WOTS.h schemes/sign-wots/src/KAT_SIG.c \
	schemes/sign-wots/src/wots.c schemes/sign-wots/src/wots.h \
	schemes/sign-wots/src/wots_hash.c schemes/sign-wots/src/wots_hash.h \
	$(INTREE_WOTS16_LIB) $(INTREE_WOTS)/WOTS-SM3-16/KAT_SIG.c $(INTREE_WOTS)/WOTS-SM3-16/WOTS-SM3-16.rsp \
	$(INTREE_WOTS32_LIB) $(INTREE_WOTS)/WOTS-SM3-32/KAT_SIG.c $(INTREE_WOTS)/WOTS-SM3-32/WOTS-SM3-32.rsp \
	schemes/kem-mlwe/README.md \
	schemes/kem-mlwe/src/KEM_MLWE.c schemes/kem-mlwe/src/KEM_MLWE.h schemes/kem-mlwe/src/KAT_KEM.c \
	schemes/kem-mlwe/src/mlwe.h schemes/kem-mlwe/src/zq.h \
	schemes/kem-mlwe/src/pke.c schemes/kem-mlwe/src/pke.h \
	schemes/kem-mlwe/src/poly.c schemes/kem-mlwe/src/poly.h \
	schemes/kem-mlwe/src/ntt.c schemes/kem-mlwe/src/ntt.h \
	schemes/kem-mlwe/src/mlwe_hash.c schemes/kem-mlwe/src/mlwe_hash.h \
	schemes/kem-mlwe/src/mlwe_kem.c schemes/kem-mlwe/src/mlwe_kem.h \
	$(INTREE_MLWE512_LIB) $(INTREE_MLWE)/MLWE-KEM-512/KAT_KEM.c $(INTREE_MLWE)/MLWE-KEM-512/MLWE-KEM-512.rsp \
	$(INTREE_MLWE768_LIB) $(INTREE_MLWE)/MLWE-KEM-768/KAT_KEM.c $(INTREE_MLWE)/MLWE-KEM-768/MLWE-KEM-768.rsp \
	schemes/kex-mlwe/README.md \
	schemes/kex-mlwe/src/KEX_MLWE.c schemes/kex-mlwe/src/KEX_MLWE.h schemes/kex-mlwe/src/KAT_KEX.c \
	$(INTREE_KEX512_LIB) $(INTREE_KEX)/MLWE-KEX-512/KAT_KEX.c $(INTREE_KEX)/MLWE-KEX-512/MLWE-KEX-512.rsp \
	$(INTREE_KEX768_LIB) $(INTREE_KEX)/MLWE-KEX-768/KAT_KEX.c $(INTREE_KEX)/MLWE-KEX-768/MLWE-KEX-768.rsp
