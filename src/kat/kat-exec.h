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
 * afresh), no other descriptor of the tool, for at most TIMEOUT seconds,
 * as the measuring process is run: in a process group of its own, dying
 * with the tool (PR_SET_PDEATHSIG), with the stack limit raised as the
 * measuring process has it, and at its end killed and reaped with every
 * process it started, whatever group or session that joined
 * (run-reap.h).  Fills *EX; 0, or -1 with errno set when it could not
 * start. */
int kat_exec(char *const argv[], const char *dir, const char *out_path, const char *err_path,
             double timeout, struct kat_exit *ex);

/* kat_exec with every file the program writes (its output files
 * included) limited to FILE_LIMIT bytes (0: no limit): writing past it
 * ends the program with SIGXFSZ. */
int kat_exec_limited(char *const argv[], const char *dir, const char *out_path,
                     const char *err_path, double timeout, unsigned long long file_limit,
                     struct kat_exit *ex);

#endif
