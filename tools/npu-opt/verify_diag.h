/* tools/npu-opt/verify_diag.h: --verify-diagnostics, checking the
 * diagnostics a chunk produces against its expected-* annotations. */
#ifndef NPU_OPT_VERIFY_DIAG_H
#define NPU_OPT_VERIFY_DIAG_H

#include <stdbool.h>

#include "ir/ir.h"

typedef struct DiagVerifier DiagVerifier;

/* Scans src for `// expected-<severity>[@+N|@-N|@above|@below] {{msg}}`
 * annotations and installs a diagnostic handler on ctx that records every
 * diagnostic instead of printing it. Free with diag_verifier_destroy. */
DiagVerifier *diag_verifier_create(IrContext *ctx, const IrSource *src);

/* Restores the default handler, reports (to stderr, mlir-opt's wording)
 * every unexpected diagnostic and every expectation that was not met, and
 * frees v. Returns true when diagnostics and expectations matched. */
bool diag_verifier_finish(DiagVerifier *v);

#endif /* NPU_OPT_VERIFY_DIAG_H */
