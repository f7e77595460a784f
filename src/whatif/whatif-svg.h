/* whatif-svg.h - the heat map of a what-if matrix document (whatif-doc.h).
 *
 * One row per scheme instance and operation (grouped per scheme), one
 * column per candidate hash in the document's order (the control, iccs,
 * first); each cell the operation's cycles with the candidate divided by
 * its cycles with the placeholder, written in the cell, on a colour scale
 * centred on 1 (blue cheaper, red dearer, paler nearer 1, so that distance
 * from 1 stays visible in greyscale).  A measured cell is bold and
 * framed, a projected one plain; an approximate projection is marked
 * "≈", a projection off its measurement by more than the document's flag
 * percentage "†", a run that failed its works-check "fails".  The title
 * names the host, the date and the version.
 *
 * Sized like the share chart (svg.h): one user unit is one point, the
 * text 9 pt at the document's size, which is one paper column (85 mm)
 * unless the candidates need more. */
#ifndef ICCSPROF_WHATIF_SVG_H
#define ICCSPROF_WHATIF_SVG_H

#include <jansson.h>
#include <stdio.h>

/* Print the heat map of the checked document DOC (whatif_doc_check) as
 * one standalone SVG document on OUT. */
void whatif_svg_print(json_t *doc, FILE *out);

#endif
