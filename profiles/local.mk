# profiles: the record's JSON Schema (installed, so that other tools can
# validate records) and its documentation.  Generated profiles land in
# profiles/<id>/, which is not part of the tree.
dist_pkgdata_DATA += profiles/profile.schema.json
profilesdocdir = $(docdir)/profiles
dist_profilesdoc_DATA = profiles/README.md

# `make compare A=dir B=dir [FAIL_ON=calls,share=PP,cycles=PCT]`: two
# profile sets side by side; fails when a FAIL_ON condition holds.  The
# values are read from the environment (make exports command-line
# variables), never pasted into the command, so that none is ever run.
compare: src/iccsprof
	@if test -z "$$A" || test -z "$$B"; then \
	  echo "make compare: give A=DIR and B=DIR (and FAIL_ON=... to gate on)" >&2; exit 2; fi
	@src/iccsprof compare $${FAIL_ON:+--fail-on "$$FAIL_ON"} "$$A" "$$B"
.PHONY: compare
