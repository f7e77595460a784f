/* katcheck.c - a candidate's CryptHash held to its shipped ICCS KAT
 * responses.  A response file is records parted by blank lines:
 *     Msg_Len = 12            Msg_Len = 8388608
 *     Msg = A1B0              Msg_Seed = (empty, or 64 bytes in hex)
 *     Dst_Len = 512           Msg_Exp = <8 bytes> .... <8 bytes>
 *     Dst = <digest>          Dst_Len = 512 / Dst = <digest>
 * A message given whole is hashed as it is; one given by its ends is
 * rebuilt: all zeros or all ones without a seed, else drawn from the
 * package's own ICCS DRNG seeded with Msg_Seed, as the KAT program drew
 * it, and its ends compared with Msg_Exp before it is hashed. */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/channel.h"
#include "measure/katcheck.h"
#include "measure/protocol.h"

/* The longest message checked here, in bits: the 2^23-bit vectors; the
 * 2^33-bit ones are the KAT program's long part, left out. */
#define KATCHECK_MAX_BITS (1ull << 23)

/* Room for the package's DRNG state: the ICCS DRNG_ctx is 165 bytes. */
#define KATCHECK_DRNG_ROOM 4096

/* One record of a response file, its members as written. */
struct katcheck_rec {
    char *len, *msg, *seed, *exp, *dst_len, *dst;
    unsigned long line; /* where the record starts */
};

/* What the check found. */
struct katcheck_tally {
    long long vectors, skipped;
    char differs[PROTOCOL_MESSAGE_MAX - 64];
};

/* Decode the hex digits of TEXT (blanks ignored) into at most CAP bytes
 * of OUT; the count of bytes, or -1 when TEXT is not hex. */
static long katcheck_hex(const char *text, unsigned char *out, size_t cap)
{
    size_t n = 0;
    int half = -1;

    for (const char *p = text; *p != '\0'; p++) {
        int v = *p >= '0' && *p <= '9'   ? *p - '0'
                : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
                : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10
                                         : -1;

        if (v < 0) {
            if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
                continue;
            return -1;
        }
        if (half < 0)
            half = v;
        else {
            if (n == cap)
                return -1;
            out[n++] = (unsigned char)(half << 4 | v);
            half = -1;
        }
    }
    return half < 0 ? (long)n : -1;
}

/* Clear the bits of BUF past BITS in its last byte. */
static void katcheck_mask(unsigned char *buf, unsigned long long bits)
{
    if (bits % 8 != 0)
        buf[bits / 8] &= (unsigned char)(0xff00u >> (bits % 8));
}

/* Rebuild into MSG (BITS bits) the message R gives by its ends; 1 when
 * it was, 0 when it cannot be here (no DRNG), -1 with WHY when it
 * disagrees with Msg_Exp or the record is malformed. */
static int katcheck_rebuild(const struct katcheck_lib *lib, const struct katcheck_rec *r,
                            unsigned char *msg, unsigned long long bits, char *why, size_t len)
{
    unsigned char head[8], tail[8], seed[256];
    char *dots = r->exp != NULL ? strstr(r->exp, "....") : NULL;
    size_t bytes = (size_t)((bits + 7) / 8);
    long nseed;

    if (dots == NULL || bytes < 8) {
        snprintf(why, len, "no Msg nor Msg_Exp of two 8-byte ends");
        return -1;
    }
    *dots = '\0';
    if (katcheck_hex(r->exp, head, 8) != 8 || katcheck_hex(dots + 4, tail, 8) != 8) {
        snprintf(why, len, "Msg_Exp is not two 8-byte ends in hex");
        return -1;
    }
    if ((nseed = katcheck_hex(r->seed != NULL ? r->seed : "", seed, sizeof seed)) < 0) {
        snprintf(why, len, "Msg_Seed is not hex");
        return -1;
    }
    memset(msg, 0, bytes);
    if (nseed == 0)
        memset(msg, head[0], (size_t)(bits / 8));
    else {
        _Alignas(16) unsigned char ctx[KATCHECK_DRNG_ROOM];

        if (lib->drng_init == NULL || lib->drng_get == NULL)
            return 0;
        if (lib->drng_init(ctx, seed, (unsigned long long)nseed) != 0 ||
            lib->drng_get(ctx, msg, bits) != 0) {
            snprintf(why, len, "the package's DRNG failed on Msg_Seed");
            return -1;
        }
    }
    if (memcmp(msg, head, 8) != 0 || memcmp(msg + bits / 8 - 8, tail, 8) != 0) {
        snprintf(why, len, "the message rebuilt from Msg_Seed does not have Msg_Exp's ends");
        return -1;
    }
    return 1;
}

/* Hash R's message with LIB and compare the digest with R's; the tally
 * of FILE takes the outcome. */
static void katcheck_record(const struct katcheck_lib *lib, const char *file,
                            const struct katcheck_rec *r, struct katcheck_tally *t)
{
    unsigned long long bits;
    unsigned dst_bits;
    unsigned char *msg, want[1024], got[1024];
    char why[256] = "";
    int made = 1;
    long dst_len;

    if (r->len == NULL || r->dst == NULL || r->dst_len == NULL ||
        sscanf(r->len, "%llu", &bits) != 1 || sscanf(r->dst_len, "%u", &dst_bits) != 1 ||
        dst_bits == 0 || dst_bits > 8 * sizeof want) {
        snprintf(t->differs, sizeof t->differs,
                 "%s: the record at line %lu lacks Msg_Len, Dst_Len or Dst", file, r->line);
        return;
    }
    if (bits > KATCHECK_MAX_BITS) {
        t->skipped++;
        return;
    }
    dst_len = katcheck_hex(r->dst, want, sizeof want);
    if (dst_len != (long)((dst_bits + 7) / 8)) {
        snprintf(t->differs, sizeof t->differs, "%s: line %lu: Dst is not %u bits in hex", file,
                 r->line, dst_bits);
        return;
    }
    if ((msg = calloc(1, (size_t)((bits + 7) / 8) + 1)) == NULL)
        channel_call_error("out of memory for a %llu-bit KAT message", bits);
    if (r->msg != NULL) {
        if (katcheck_hex(r->msg, msg, (size_t)((bits + 7) / 8)) != (long)((bits + 7) / 8)) {
            snprintf(why, sizeof why, "Msg is not %llu bits in hex", bits);
            made = -1;
        }
    } else
        made = katcheck_rebuild(lib, r, msg, bits, why, sizeof why);
    if (made < 0)
        snprintf(t->differs, sizeof t->differs, "%s: line %lu: %s", file, r->line, why);
    else if (made == 0)
        t->skipped++;
    else if (lib->hash((int)dst_bits, msg, bits, got) != 0)
        snprintf(t->differs, sizeof t->differs,
                 "%s: line %lu: CryptHash(%u, ...) of the %llu-bit message failed", file, r->line,
                 dst_bits, bits);
    else {
        katcheck_mask(got, dst_bits);
        katcheck_mask(want, dst_bits);
        if (memcmp(got, want, (size_t)dst_len) != 0)
            snprintf(t->differs, sizeof t->differs,
                     "%s: line %lu: its digest of the %llu-bit message differs from Dst", file,
                     r->line, bits);
        else
            t->vectors++;
    }
    free(msg);
}

/* Free the members of R and clear it. */
static void katcheck_rec_clear(struct katcheck_rec *r)
{
    free(r->len);
    free(r->msg);
    free(r->seed);
    free(r->exp);
    free(r->dst_len);
    free(r->dst);
    memset(r, 0, sizeof *r);
}

/* The member of R that KEY names, or NULL for one not checked. */
static char **katcheck_member(struct katcheck_rec *r, const char *key, size_t n)
{
    static const char *const keys[] = {"Msg_Len", "Msg", "Msg_Seed", "Msg_Exp", "Dst_Len", "Dst"};
    char **members[] = {&r->len, &r->msg, &r->seed, &r->exp, &r->dst_len, &r->dst};

    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (strlen(keys[k]) == n && strncmp(keys[k], key, n) == 0)
            return members[k];
    return NULL;
}

/* Check every record of the response file PATH. */
static void katcheck_file(const struct katcheck_lib *lib, const char *path,
                          struct katcheck_tally *t)
{
    const char *file = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    FILE *f = fopen(path, "r");
    struct katcheck_rec r = {0};
    char *line = NULL;
    size_t cap = 0;
    unsigned long n = 0;

    if (f == NULL)
        channel_input_error("%s: %s", path, strerror(errno));
    while (t->differs[0] == '\0' && getline(&line, &cap, f) >= 0) {
        char *eq = strchr(line, '='), *key = line, **member;
        size_t klen;

        n++;
        line[strcspn(line, "\r\n")] = '\0';
        if (eq == NULL) {
            if (strspn(line, " \t") == strlen(line) && r.dst != NULL)
                katcheck_record(lib, file, &r, t);
            if (strspn(line, " \t") == strlen(line))
                katcheck_rec_clear(&r);
            continue;
        }
        key += strspn(key, " \t");
        for (klen = (size_t)(eq - key);
             klen > 0 && (key[klen - 1] == ' ' || key[klen - 1] == '\t');)
            klen--;
        if ((member = katcheck_member(&r, key, klen)) != NULL) {
            if (r.len == NULL)
                r.line = n;
            free(*member);
            *member = strdup(eq + 1 + strspn(eq + 1, " \t"));
        }
    }
    if (t->differs[0] == '\0' && r.dst != NULL)
        katcheck_record(lib, file, &r, t);
    katcheck_rec_clear(&r);
    free(line);
    fclose(f);
}

json_t *katcheck_files(const struct katcheck_lib *lib, json_t *files)
{
    struct katcheck_tally t = {0};
    json_t *file;
    size_t k;

    json_array_foreach(files, k, file)
    {
        if (!json_is_string(file))
            channel_input_error("configuration: a response file that is not a path");
        if (t.differs[0] == '\0')
            katcheck_file(lib, json_string_value(file), &t);
    }
    return json_pack("{s:I, s:I, s:o}", "vectors", (json_int_t)t.vectors, "skipped",
                     (json_int_t)t.skipped, "differs",
                     t.differs[0] != '\0' ? json_string(t.differs) : json_null());
}

json_t *katcheck_run(json_t *cfg)
{
    const char *path = json_string_value(json_object_get(cfg, "library"));
    json_t *files = json_object_get(cfg, "responses");
    struct katcheck_lib lib;
    void *h;

    if (path == NULL || !json_is_array(files))
        channel_input_error("configuration: a KAT check without \"library\" or \"responses\"");
    if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL)
        channel_input_error("%s", dlerror());
    *(void **)&lib.hash = dlsym(h, "CryptHash");
    *(void **)&lib.drng_init = dlsym(h, "init_random_number");
    *(void **)&lib.drng_get = dlsym(h, "get_random_number");
    if (lib.hash == NULL)
        channel_input_error("%s defines no CryptHash", path);
    channel_phase("kat-check");
    return katcheck_files(&lib, files);
}
