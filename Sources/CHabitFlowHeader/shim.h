/* The version is set in one place, include/habitflow.h (HF_VERSION, HF_VERSION_NUMBER): the
 * Swift modules read it from there (HabitFlowVersion), as scripts/build-lib, the Python
 * package's setup.py and every host's compiler do. */
#include "../../include/habitflow.h"

/* HF_VERSION with static storage, for hf_version() (a string literal: never freed). */
static inline const char *habitflow_version_literal(void) { return HF_VERSION; }
