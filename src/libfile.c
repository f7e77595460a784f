/* libfile.c - SHA-256 and loadable image size of a library file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <unistd.h>

#include "hex.h"
#include "libfile.h"

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
