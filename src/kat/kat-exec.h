/* kat-exec.h - running a program of a package (its KAT driver, or the
 * compiler that builds it) in a folder of its own, its output captured to
 * files, killed with everything it started when a time-out passes. */
#ifndef ICCSPROF_KAT_EXEC_H
#define ICCSPROF_KAT_EXEC_H

/* How a program ended. */
struct kat_exit {
    int timed_out;        /* killed when TIMEOUT passed */
    int signal;           /* the signal that ended it, else 0 */
    int status;           /* its exit status when it exited */
    int over_quota;       /* killed, or ended, past its folder's quota */
    char unconfined[160]; /* why it ran unconfined when confining was asked, else "" */
    double seconds;
};

/* Run ARGV (ARGV[0] searched in PATH) in folder DIR with stdin from
 * /dev/null, stdout to OUT_PATH and stderr to ERR_PATH (both created
 * afresh, 0600: what a program prints may quote what it read), no
 * other descriptor of the tool, for at most TIMEOUT seconds, as the
 * measuring process is run: in a session of its own (its own process
 * group, no controlling terminal), dying with the tool (PR_SET_PDEATHSIG), with the stack limit
 * raised as the measuring process has it, and at its end killed and reaped with every process it
 * started, whatever group or session that joined (run-reap.h).  Fills *EX; 0, or -1 with errno set
 * when it could not start. */
int kat_exec(char *const argv[], const char *dir, const char *out_path, const char *err_path,
             double timeout, struct kat_exit *ex);

/* What a program may use; 0 is no bound. */
struct kat_limits {
    unsigned long long file_bytes; /* each file it writes, its output too (RLIMIT_FSIZE) */
    unsigned memory_mib;           /* its address space (RLIMIT_AS) */
    unsigned long long dir_bytes;  /* all it leaves in its folder together */
    unsigned long dir_files;       /* the files it leaves in its folder */
    int confine; /* in a mount namespace of its own, all read-only but its folder */
};

/* kat_exec within LIMITS: a file written past its limit ends the program
 * with SIGXFSZ; more than its folder's quota (the folder counted as it
 * runs, and once it ended) kills it and sets EX->over_quota.  Confined,
 * the program runs in a mount namespace of its own (and a user namespace
 * when the tool is not root) where every mount is read-only but DIR, so
 * that it writes nowhere else; when the system allows no namespace, it
 * runs unconfined and EX->unconfined says why. */
int kat_exec_limited(char *const argv[], const char *dir, const char *out_path,
                     const char *err_path, double timeout, const struct kat_limits *limits,
                     struct kat_exit *ex);

#endif
