// The one header Swift needs from libpq. pkg-config (libpq.pc) supplies the
// include path, /usr/include/postgresql on Debian, so no path is hard-coded.
#ifndef LAYOUTBENCH_CLIBPQ_SHIM_H
#define LAYOUTBENCH_CLIBPQ_SHIM_H

#include <libpq-fe.h>

#endif
