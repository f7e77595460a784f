/* strlist.h - growable lists of owned strings, for the plan and the build
 * of scheme packages, where every list (sources, flags, argument vectors)
 * is built up one item at a time. */
#ifndef ICCSPROF_STRLIST_H
#define ICCSPROF_STRLIST_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct strlist {
    char **v; /* NULL-terminated once anything was added */
    size_t n, cap;
};

/* Append a copy of S. */
void strlist_add(struct strlist *l, const char *s);

/* Append a formatted string. */
void strlist_addf(struct strlist *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append every item of FROM. */
void strlist_extend(struct strlist *l, const struct strlist *from);

/* Append the blank-separated words of S (no quoting: values are data). */
void strlist_add_words(struct strlist *l, const char *s);

/* Whether S is an item of L. */
bool strlist_has(const struct strlist *l, const char *s);

/* Sort L in byte order. */
void strlist_sort(struct strlist *l);

/* The items joined by SEP, newly allocated ("" for an empty list). */
char *strlist_join(const struct strlist *l, const char *sep);

/* Free the items and the array; L is empty afterwards. */
void strlist_free(struct strlist *l);

/* malloc that ends the process on exhaustion: the tool cannot go on
 * building without memory, and every caller would only report it. */
void *xmalloc(size_t n);

/* strdup that ends the process on exhaustion. */
char *xstrdup(const char *s);

/* A formatted string, newly allocated; ends the process on exhaustion. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The same from a va_list. */
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
