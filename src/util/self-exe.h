/* self-exe.h - where this program's executable lies, for the commands
 * that run it again or find what was built or installed beside it. */
#ifndef ICCSPROF_SELF_EXE_H
#define ICCSPROF_SELF_EXE_H

/* The absolute path of this program's executable, or NULL when the
 * kernel does not say. */
const char *self_exe(void);

/* DIR/NAME, DIR being the folder of this program's executable, newly
 * allocated; NULL when that folder is unknown. */
char *self_exe_beside(const char *name);

#endif
