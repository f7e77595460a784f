/* kat-compare.h - comparing what a KAT driver wrote with the response file
 * the package ships: byte for byte, and where they differ, the first
 * differing line and the record ("count = N") it belongs to. */
#ifndef ICCSPROF_KAT_COMPARE_H
#define ICCSPROF_KAT_COMPARE_H

#include <stddef.h>

/* Compare the files WANT and GOT: 0 when identical, 1 when they differ
 * (DETAIL then says where, naming WANT_NAME and GOT_NAME), -1 when one
 * cannot be read (DETAIL says which and why). */
int kat_compare(const char *want, const char *want_name, const char *got, const char *got_name,
                char *detail, size_t size);

#endif
