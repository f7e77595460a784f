/* strlist.c - growable lists of owned strings. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strlist.h"

/* End the process: memory is exhausted. */
static __attribute__((noreturn)) void out_of_memory(void)
{
    fputs("iccsprof: out of memory\n", stderr);
    exit(2);
}

/* malloc that ends the process on exhaustion. */
void *xmalloc(size_t n)
{
    void *p = malloc(n != 0 ? n : 1);

    if (p == NULL)
        out_of_memory();
    return p;
}

/* strdup that ends the process on exhaustion. */
char *xstrdup(const char *s)
{
    char *p = strdup(s);

    if (p == NULL)
        out_of_memory();
    return p;
}

/* FMT formatted with AP, newly allocated. */
char *xvasprintf(const char *fmt, va_list ap)
{
    char *s;

    if (vasprintf(&s, fmt, ap) < 0)
        out_of_memory();
    return s;
}

/* A formatted string, newly allocated. */
char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s;

    va_start(ap, fmt);
    s = xvasprintf(fmt, ap);
    va_end(ap);
    return s;
}

/* Append S, taking ownership. */
static void strlist_take(struct strlist *l, char *s)
{
    if (l->n + 2 > l->cap) {
        size_t cap = l->cap != 0 ? l->cap * 2 : 8;
        char **v = realloc(l->v, cap * sizeof *v);

        if (v == NULL)
            out_of_memory();
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = s;
    l->v[l->n] = NULL;
}

/* Append a copy of S. */
void strlist_add(struct strlist *l, const char *s)
{
    strlist_take(l, xstrdup(s));
}

/* Append a formatted string. */
void strlist_addf(struct strlist *l, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    strlist_take(l, xvasprintf(fmt, ap));
    va_end(ap);
}

/* Append every item of FROM. */
void strlist_extend(struct strlist *l, const struct strlist *from)
{
    for (size_t i = 0; i < from->n; i++)
        strlist_add(l, from->v[i]);
}

/* Append the blank-separated words of S. */
void strlist_add_words(struct strlist *l, const char *s)
{
    while (*s != '\0') {
        size_t len;

        s += strspn(s, " \t\r\n");
        len = strcspn(s, " \t\r\n");
        if (len > 0) {
            char *w = strndup(s, len);

            if (w == NULL)
                out_of_memory();
            strlist_take(l, w);
        }
        s += len;
    }
}

/* Whether S is an item of L. */
bool strlist_has(const struct strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->v[i], s) == 0)
            return true;
    return false;
}

/* qsort comparison of two strings in byte order. */
static int strlist_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort L in byte order. */
void strlist_sort(struct strlist *l)
{
    if (l->n > 1)
        qsort(l->v, l->n, sizeof *l->v, strlist_cmp);
}

/* The items joined by SEP. */
char *strlist_join(const struct strlist *l, const char *sep)
{
    size_t len = 1, seplen = strlen(sep);
    char *s, *p;

    for (size_t i = 0; i < l->n; i++)
        len += strlen(l->v[i]) + seplen;
    p = s = xmalloc(len);
    *p = '\0';
    for (size_t i = 0; i < l->n; i++) {
        if (i > 0)
            p = stpcpy(p, sep);
        p = stpcpy(p, l->v[i]);
    }
    return s;
}

/* Free the items and the array. */
void strlist_free(struct strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}
