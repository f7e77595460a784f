/* kat-exec.h - running a program of a package (its KAT driver, or the
 * compiler that builds it) in a folder of its own, its output captured to
 * files, killed with everything it started when a time-out passes. */
#ifndef ICCSPROF_KAT_EXEC_H
#define ICCSPROF_KAT_EXEC_H

/* How a program ended. */
struct kat_exit {
    int timed_out; /* killed when TIMEOUT passed */
    int signal;    /* the signal that ended it, else 0 */
    int status;    /* its exit status when it exited */
    double seconds;
};

/* Run ARGV (ARGV[0] searched in PATH) in folder DIR with stdin from
 * /dev/null, stdout to OUT_PATH and stderr to ERR_PATH (both created
 * afresh), for at most TIMEOUT seconds, in a process group of its own
 * with the stack limit raised as the measuring process has it.  Fills
 * *EX; 0, or -1 with errno set when it could not start. */
int kat_exec(char *const argv[], const char *dir, const char *out_path, const char *err_path,
             double timeout, struct kat_exit *ex);

#endif
