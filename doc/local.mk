# doc: the user guide, one chapter a file, the architecture, and the bench's records.
# Shipped, and installed beside README.md under the same paths
# ($(docdir)/doc/...), so that the links between them hold in the
# installed copy as in the tree.  A new chapter is added here and to
# doc/guide/index.md.
nobase_dist_doc_DATA = \
	doc/guide/index.md \
	doc/guide/install.md \
	doc/guide/commands.md \
	doc/guide/profiling.md \
	doc/guide/real-packages.md \
	doc/guide/kat.md \
	doc/guide/measuring.md \
	doc/guide/host.md \
	doc/guide/record.md \
	doc/guide/reports.md \
	doc/guide/site.md \
	doc/guide/campaigns.md \
	doc/guide/catalog.md \
	doc/guide/whatif.md \
	doc/guide/wrappers.md \
	doc/guide/helpers.md \
	doc/guide/intree.md \
	doc/guide/safety.md \
	doc/guide/limitations.md \
	doc/guide/bench.md \
	doc/guide/code.md \
	doc/architecture.md \
	doc/bench-history.md \
	doc/bench-results.md \
	doc/real-packages.md \
	doc/site-page.png
