# profiles: the record's JSON Schema (installed, so that other tools can
# validate records) and its documentation.  Generated profiles land in
# profiles/<id>/, which is not part of the tree.
dist_pkgdata_DATA = profiles/profile.schema.json
dist_noinst_DATA += profiles/README.md
