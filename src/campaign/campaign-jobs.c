/* campaign-jobs.c - a campaign's jobs: one `iccsprof run` per operation
 * of a built instance (all of a key exchange's in one), with absolute
 * paths, its record in the output folder and its state beside it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "util/message.h"

static const char *const jobs_sig_ops[] = {"keygen", "sign", "verify", NULL};
static const char *const jobs_kem_ops[] = {"keygen", "enc", "dec", NULL};
static const char *const jobs_kex_ops[] = {"all", NULL};

/* The operations of the library at PATH from its dynamic symbols: the
 * API it defines.  NULL after an error naming it. */
static const char *const *jobs_ops(const char *path)
{
    const char *const *ops = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    Elf *elf;
    Elf_Scn *scn = NULL;

    if (fd < 0) {
        cmd_error("%s: %s", path, strerror(errno));
        return NULL;
    }
    elf_version(EV_CURRENT);
    elf = elf_begin(fd, ELF_C_READ, NULL);
    while (elf != NULL && ops == NULL && (scn = elf_nextscn(elf, scn)) != NULL) {
        GElf_Shdr sh;
        Elf_Data *data;

        if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_DYNSYM ||
            (data = elf_getdata(scn, NULL)) == NULL || sh.sh_entsize == 0)
            continue;
        for (size_t i = 0; ops == NULL && i < sh.sh_size / sh.sh_entsize; i++) {
            GElf_Sym sym;
            const char *name;

            if (gelf_getsym(data, (int)i, &sym) == NULL || sym.st_shndx == SHN_UNDEF ||
                (name = elf_strptr(elf, sh.sh_link, sym.st_name)) == NULL)
                continue;
            if (strcmp(name, "sig_keygen") == 0)
                ops = jobs_sig_ops;
            else if (strcmp(name, "kem_keygen") == 0)
                ops = jobs_kem_ops;
            else if (strcmp(name, "kex_get_passes_num") == 0)
                ops = jobs_kex_ops;
        }
    }
    if (elf != NULL)
        elf_end(elf);
    close(fd);
    if (ops == NULL)
        cmd_error("%s: defines none of sig_keygen, kem_keygen, kex_get_passes_num", path);
    return ops;
}

/* Append a job to C. */
static struct campaign_job *jobs_add(struct campaign *c)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 32;
        c->jobs = realloc(c->jobs, c->cap * sizeof *c->jobs);
    }
    memset(&c->jobs[c->n], 0, sizeof c->jobs[0]);
    return &c->jobs[c->n++];
}

/* The run command of JOB, without --cpu. */
static void jobs_argv(struct campaign_job *j, const char *self, char *const *run_flags)
{
    size_t nflags = 0, k = 0;

    while (run_flags != NULL && run_flags[nflags] != NULL)
        nflags++;
    j->argv = calloc(18 + nflags, sizeof *j->argv);
    j->argv[k++] = strdup(self);
    j->argv[k++] = strdup("run");
    j->argv[k++] = strdup("--plain");
    j->argv[k++] = strdup(j->plain);
    j->argv[k++] = strdup("--profiled");
    j->argv[k++] = strdup(j->profiled);
    j->argv[k++] = strdup("--op");
    j->argv[k++] = strdup(j->op);
    j->argv[k++] = strdup(strcmp(j->op, "all") == 0 ? "--out-dir" : "--out");
    j->argv[k++] = strcmp(j->op, "all") == 0
                       ? strndup(j->record, strrchr(j->record, '/') - j->record)
                       : strdup(j->record);
    j->argv[k++] = strdup("--scheme");
    j->argv[k++] = strdup(j->id);
    j->argv[k++] = strdup("--instance");
    j->argv[k++] = strdup(j->instance);
    j->argv[k++] = strdup("--build-info");
    j->argv[k++] = strdup(j->build_info);
    for (size_t i = 0; i < nflags; i++)
        j->argv[k++] = strdup(run_flags[i]);
}

/* Add the jobs of instance NAME of scheme ID, built in DIR/NAME. */
int campaign_add_instance(struct campaign *c, const char *id, const char *dir, const char *name,
                          const char *self, char *const *run_flags)
{
    char *cwd = dir[0] != '/' ? getcwd(NULL, 0) : NULL;
    /* a job file is run from any folder: its paths are absolute */
    char *inst_dir =
        cwd != NULL ? xasprintf("%s/%s/%s", cwd, dir, name) : xasprintf("%s/%s", dir, name);
    char *plain = xasprintf("%s/lib%s.so", inst_dir, name);
    char *prof = xasprintf("%s/lib%s.prof.so", inst_dir, name);
    const char *const *ops = NULL;
    int rc = 0;

    if (access(prof, R_OK) != 0) {
        cmd_error("%s: %s", prof, strerror(errno));
        rc = -1;
    } else if ((ops = jobs_ops(plain)) == NULL) {
        rc = -1;
    }
    for (size_t k = 0; rc == 0 && ops[k] != NULL; k++) {
        struct campaign_job *j = jobs_add(c);

        j->id = strdup(id);
        j->instance = strdup(name);
        j->op = strdup(ops[k]);
        j->plain = strdup(plain);
        j->profiled = strdup(prof);
        j->build_info = xasprintf("%s/build.json", inst_dir);
        /* a key exchange's first step stands for its records */
        j->record = xasprintf("%s/%s/%s__%s.json", c->out, id, name,
                              strcmp(ops[k], "all") == 0 ? "init_a" : ops[k]);
        j->state = xasprintf("%s/.campaign/%s/%s__%s", c->out, id, name, ops[k]);
        jobs_argv(j, self, run_flags);
    }
    free(plain);
    free(prof);
    free(inst_dir);
    free(cwd);
    return rc;
}

/* Free a NULL-ended list of strings. */
static void jobs_free_list(char **list)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++)
        free(list[i]);
    free(list);
}

/* Mark the jobs matching a pattern as deferred. */
void campaign_defer(struct campaign *c, char *const *patterns, size_t npatterns)
{
    for (size_t i = 0; i < c->n; i++) {
        struct campaign_job *j = &c->jobs[i];
        char *key = xasprintf("%s/%s/%s", j->id, j->instance, j->op);

        for (size_t p = 0; p < npatterns; p++)
            j->deferred |= fnmatch(patterns[p], key, 0) == 0;
        free(key);
    }
}

/* Free everything C holds. */
void campaign_free(struct campaign *c)
{
    for (size_t i = 0; i < c->n; i++) {
        struct campaign_job *j = &c->jobs[i];

        free(j->id);
        free(j->instance);
        free(j->op);
        free(j->plain);
        free(j->profiled);
        free(j->build_info);
        free(j->record);
        free(j->state);
        jobs_free_list(j->argv);
    }
    free(c->jobs);
    free(c->out);
    strlist_free(&c->left_out);
    for (size_t i = 0; i < c->nlocks; i++)
        close(c->locks[i]);
    free(c->locks);
}
