/* host-scheduler.c - the batch job a measurement ran as, from the
 * environment Slurm gives each task, so that a record says which job and
 * array task made it. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "host/host.h"

/* The value of the environment variable NAME as a job or task number, or
 * -1 when it is unset or not a plain decimal number. */
static long long scheduler_number(const char *name)
{
    const char *text = getenv(name);
    char *end;
    unsigned long long v;

    if (text == NULL || text[0] < '0' || text[0] > '9')
        return -1;
    errno = 0;
    v = strtoull(text, &end, 10);
    return errno != 0 || *end != '\0' || v > (1ULL << 53) ? -1 : (long long)v;
}

/* The Slurm job and array task this process runs as, NULL outside Slurm:
 * an array task's job is the array's id, the one squeue and scancel show
 * for all its tasks; a job outside an array has no task (null). */
json_t *host_scheduler(void)
{
    long long job = scheduler_number("SLURM_ARRAY_JOB_ID"),
              task = scheduler_number("SLURM_ARRAY_TASK_ID");

    if (job < 0 || task < 0) {
        job = scheduler_number("SLURM_JOB_ID");
        task = -1;
    }
    if (job < 0)
        return NULL;
    return json_pack("{s:s, s:I, s:o}", "kind", "slurm", "job", (json_int_t)job, "task",
                     task >= 0 ? json_integer((json_int_t)task) : json_null());
}
