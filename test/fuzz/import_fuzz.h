/* test/fuzz/import_fuzz.h: the shared body of the importers' libFuzzer
 * targets: any bytes must give a verified module or diagnostics, never a
 * crash, hang, leak or sanitizer report; a module must also print. */
#ifndef NPUIR_IMPORT_FUZZ_H
#define NPUIR_IMPORT_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#include "dialects/dialect.h"
#include "import/import.h"

static void
import_fuzz_quiet(IrContext *ctx, const IrDiagnostic *diag, void *user)
{
	(void)ctx;
	(void)diag;
	(void)user;
}

/* Imports data once as file `name`, with or without --allow-unsupported,
 * and prints the module if there is one. */
static void
import_fuzz_once(const uint8_t *data, size_t size, const char *name,
    ImportFileFn import, bool allow)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, import_fuzz_quiet, NULL);
	ImportFile f;
	ImportOptions opts = { .allow_unsupported = allow };
	import_file_from_memory(ctx, name, data, size, &f);
	IrOp *m = import(ctx, &f, &opts);
	if (m) {
		FILE *out = fopen("/dev/null", "w");
		if (!out)
			abort();
		IrPrintFlags pf = { .generic = false, .debuginfo = true };
		ir_print_op(out, m, &pf);
		fclose(out);
		ir_op_destroy(m);
	}
	import_file_close(&f);
	ir_context_destroy(ctx);
}

/* What each target's LLVMFuzzerTestOneInput does. */
static int
import_fuzz_input(const uint8_t *data, size_t size, const char *name,
    ImportFileFn import)
{
	import_fuzz_once(data, size, name, import, false);
	import_fuzz_once(data, size, name, import, true);
	return 0;
}

#endif /* NPUIR_IMPORT_FUZZ_H */
