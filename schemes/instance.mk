# instance.mk - the files of one instance's build, all under $(B):
#   <mode>/obj/<source>.o   objects with -MMD -MP dependencies, for the
#                           guide flags (MODE=guide) or the lenient ones
#   <mode>/cflags           the compiler and flags of that mode, rewritten
#                           only when they change (a change rebuilds)
#   <mode>/findings ...     what the objects say (analyze.sh)
#   lib<name>.so            the plain library
#   lib<name>.prof.so       the same objects + libiccswrap, with --wrap for
#                           each helper the objects define
#   coverage.json           `iccsprof audit --json` on the library objects
#   build.json              what the driver records about the build
#   guide.result            ok or failed: the last compilation under the
#                           guide flags, redone only when a source, header
#                           or flag changes (guide.log keeps its output)
# GNU make.  instance.sh runs it with B= and MODE=; the tools and flags
# come from build.mk through the environment.
INSTANCE_MK := $(lastword $(MAKEFILE_LIST))
include $(B)/plan.mk

.DELETE_ON_ERROR:
.SUFFIXES:
.PHONY: objects analysis libs FORCE

tab := $(shell printf '\t')
O := $(B)/$(MODE)
GUIDE_FLAGS := $(strip $(SCHEME_CFLAGS) $(SCHEME_STRICT_CFLAGS) -fPIC -g $(I_CFLAGS) $(SANITIZER_CFLAGS))
LENIENT_FLAGS := $(strip $(SCHEME_LENIENT_CFLAGS) -fPIC -g $(I_CFLAGS) $(SANITIZER_CFLAGS))
FLAGS := $(if $(filter lenient,$(MODE)),$(LENIENT_FLAGS),$(GUIDE_FLAGS))
INCLUDES := $(patsubst %/.,%,$(addprefix -I$(B)/src/,$(I_INCDIRS)))
OBJS := $(I_SOURCES:%.c=$(O)/obj/%.o)
COMPILER := $(shell $(CC) --version 2>/dev/null | head -n 1)

objects: $(OBJS)
analysis: $(O)/analysis
libs: $(B)/build.json

# The flags stamps, in build.info's key<TAB>value form.
define guide_STAMP
compiler$(tab)$(COMPILER)
cflags$(tab)$(GUIDE_FLAGS)
endef
define lenient_STAMP
compiler$(tab)$(COMPILER)
cflags$(tab)$(LENIENT_FLAGS)
fallback$(tab)$(SCHEME_LENIENT_CFLAGS)
endef
$(B)/%/cflags: FORCE
	$(file >$@.new,$($*_STAMP))
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(O)/obj/%.o: $(B)/src/%.c $(O)/cflags $(B)/folder
	@mkdir -p $(@D)
	$(CC) $(FLAGS) $(INCLUDES) -MMD -MP -c $< -o $@
-include $(OBJS:.o=.d)

$(B)/guide.result: $(addprefix $(B)/src/,$(I_SOURCES) $(I_HEADERS)) $(B)/guide/cflags $(B)/folder \
    $(B)/plan.mk
	@rm -f $(B)/guide/needs-common
	@if $(MAKE) --no-print-directory -k -f $(INSTANCE_MK) B=$(B) MODE=guide objects \
	    >$(B)/guide.log 2>&1; then echo ok; else echo failed; fi >$@.new && mv -f $@.new $@

$(O)/analysis: $(OBJS) $(B)/plan $(SCHEMES)/analyze.sh
	$(SHELL) $(SCHEMES)/analyze.sh $(B) $(MODE)

# Linking: what analyze.sh found decides the objects and the --wrap flags.
-include $(O)/analysis.mk
PKG_OBJS := $(LIB_SOURCES:%.c=$(O)/obj/%.o)
LIB_OBJS := $(PKG_OBJS) $(if $(filter supplied,$(DRNG_GLOBAL)),$(O)/drng_global.o)
PLAIN := $(B)/lib$(I_NAME).so
PROFILED := $(B)/lib$(I_NAME).prof.so

$(O)/drng_global.o: $(SCHEMES)/drng_global.c $(O)/cflags $(B)/folder
	$(CC) $(FLAGS) $(INCLUDES) -MMD -MP -c $< -o $@
-include $(O)/drng_global.d

$(PLAIN): $(LIB_OBJS) $(O)/analysis $(B)/mode
	$(CC) -shared $(SANITIZER_CFLAGS) -o $@.tmp $(LIB_OBJS) -Wl,--no-undefined -lm \
	    || { rm -f $@.tmp; exit 1; }
	@mv -f $@.tmp $@

$(PROFILED): $(LIB_OBJS) $(O)/analysis $(B)/mode $(firstword $(ICCSWRAP_LIBS))
	$(CC) -shared $(SANITIZER_CFLAGS) -o $@.tmp $(LIB_OBJS) $(ICCSWRAP_LIBS) \
	    $(ICCSWRAP_LDFLAGS) $(WRAPS:%=-Wl,--wrap=%) -Wl,--no-undefined -lm \
	    || { rm -f $@.tmp; exit 1; }
	@mv -f $@.tmp $@

# Object names relative to obj/, so the record names package files.
$(B)/coverage.json: $(PKG_OBJS) $(O)/analysis $(ICCSPROF)
	cd $(O)/obj && $(ICCSPROF) audit --json $(LIB_SOURCES:%.c=%.o) >$@.tmp \
	    || { rm -f $@.tmp; exit 1; }
	@mv -f $@.tmp $@

$(B)/build.json: $(PLAIN) $(PROFILED) $(B)/coverage.json $(O)/build.info
	$(ICCSPROF) buildinfo $(O)/build.info $(B)/coverage.json $@
