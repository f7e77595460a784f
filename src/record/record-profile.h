/* record-profile.h - the profile and callers sections of a record, from
 * the raw sums the measuring process read from the wrappers. */
#ifndef ICCSPROF_RECORD_PROFILE_H
#define ICCSPROF_RECORD_PROFILE_H

#include <jansson.h>

/* The record's profile section from the measuring process's RAW one. */
json_t *record_profile(json_t *raw);

/* The record's callers section from the raw call sites SITES, the raw
 * profile RAW they were taken with and the profile section PROFILE made
 * of it; frames are resolved from the files. */
json_t *record_callers(json_t *sites, json_t *raw, json_t *profile);

#endif
