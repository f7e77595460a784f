/* libfile.c - SHA-256 and loadable image size of a library file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/hex.h"
#include "util/libfile.h"
#include "util/regfile.h"

/* The name of ELF machine MACHINE of class CLASS, for messages. */
static const char *libfile_machine(int machine, int class, char *buf, size_t len)
{
    static const struct {
        int machine;
        const char *name;
    } names[] = {{EM_386, "x86"},         {EM_X86_64, "x86-64"}, {EM_ARM, "ARM"},
                 {EM_AARCH64, "AArch64"}, {EM_RISCV, "RISC-V"},  {EM_PPC64, "PowerPC64"},
                 {EM_PPC, "PowerPC"},     {EM_S390, "S/390"},    {EM_MIPS, "MIPS"}};
    const char *name = NULL;

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].machine == machine)
            name = names[i].name;
    if (name != NULL)
        snprintf(buf, len, "%s (ELF%d)", name, class == ELFCLASS64 ? 64 : 32);
    else
        snprintf(buf, len, "ELF machine %d (ELF%d)", machine, class == ELFCLASS64 ? 64 : 32);
    return buf;
}

/* The ELF header of the open file FD; -1 when it is not ELF. */
static int libfile_ehdr(int fd, GElf_Ehdr *eh, int *class)
{
    Elf *elf;
    int rc = -1;

    if (elf_version(EV_CURRENT) == EV_NONE || (elf = elf_begin(fd, ELF_C_READ, NULL)) == NULL)
        return -1;
    if (elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, eh) != NULL) {
        *class = gelf_getclass(elf);
        rc = 0;
    }
    elf_end(elf);
    return rc;
}

/* Whether PATH is a shared object this machine can load. */
int libfile_check(const char *path, char *why, size_t len)
{
    char theirs[64], ours[64];
    GElf_Ehdr eh, self;
    int fd, class, self_class, rc = -1;

    if ((fd = regfile_open(path, why, len)) < 0)
        return -1;
    if (libfile_ehdr(fd, &eh, &class) != 0)
        snprintf(why, len, "not an ELF file");
    else if (eh.e_type != ET_DYN)
        snprintf(why, len, "not a shared object (ELF type %d)", (int)eh.e_type);
    else
        rc = 0;
    close(fd);
    if (rc != 0 || (fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)) < 0)
        return rc;
    if (libfile_ehdr(fd, &self, &self_class) == 0 &&
        (self.e_machine != eh.e_machine || self_class != class)) {
        snprintf(why, len, "built for %s; this machine runs %s",
                 libfile_machine(eh.e_machine, class, theirs, sizeof theirs),
                 libfile_machine(self.e_machine, self_class, ours, sizeof ours));
        rc = -1;
    }
    close(fd);
    return rc;
}

/* The SHA-256 of the file at PATH in hex. */
int libfile_sha256(const char *path, char hex[65])
{
    unsigned char buf[65536], md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    EVP_MD_CTX *ctx;
    ssize_t n;
    int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

    if (fd < 0)
        return -1;
    ctx = EVP_MD_CTX_new();
    if (ctx == NULL || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1) {
        err = ENOMEM;
    } else {
        while ((n = read(fd, buf, sizeof buf)) > 0)
            EVP_DigestUpdate(ctx, buf, (size_t)n);
        if (n < 0)
            err = errno;
        else
            EVP_DigestFinal_ex(ctx, md, &mdlen);
    }
    EVP_MD_CTX_free(ctx);
    close(fd);
    if (err != 0) {
        errno = err;
        return -1;
    }
    hex_encode(md, mdlen, hex);
    return 0;
}

/* The sum of p_memsz over the PT_LOAD segments of the ELF file at PATH. */
long long libfile_image_bytes(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    long long total = -1;
    size_t nphdr;
    Elf *elf;

    if (fd < 0)
        return -1;
    if (elf_version(EV_CURRENT) != EV_NONE && (elf = elf_begin(fd, ELF_C_READ, NULL)) != NULL) {
        if (elf_kind(elf) == ELF_K_ELF && elf_getphdrnum(elf, &nphdr) == 0) {
            total = 0;
            for (size_t i = 0; i < nphdr; i++) {
                GElf_Phdr ph;

                if (gelf_getphdr(elf, (int)i, &ph) != NULL && ph.p_type == PT_LOAD)
                    total += (long long)ph.p_memsz;
            }
        }
        elf_end(elf);
    }
    close(fd);
    return total;
}
