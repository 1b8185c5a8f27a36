/* test/fuzz/tflite_fuzz.c: libFuzzer target for the TFLite importer: any
 * bytes must give a verified module or diagnostics, never a crash, hang,
 * leak or sanitizer report; a module must also print. */
#include <stdio.h>
#include <stdlib.h>

#include "dialects/dialect.h"
#include "import/tflite/tflite.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
quiet(IrContext *ctx, const IrDiagnostic *diag, void *user)
{
	(void)ctx;
	(void)diag;
	(void)user;
}

/* Imports data once, with or without --allow-unsupported. */
static void
import_once(const uint8_t *data, size_t size, bool allow)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, quiet, NULL);
	if (allow)
		ir_context_set_allow_unregistered(ctx, true);
	ImportFile f;
	ImportOptions opts = { .allow_unsupported = allow };
	import_file_from_memory(ctx, "fuzz.tflite", data, size, &f);
	IrOp *m = tfl_import_file(ctx, &f, &opts);
	if (m) {
		FILE *out = fopen("/dev/null", "w");
		if (!out)
			abort();
		IrPrintFlags pf = { .generic = false, .debuginfo = true };
		ir_print_op(out, m, &pf);
		fclose(out);
		ir_op_destroy(m);
	}
	ir_context_destroy(ctx);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	import_once(data, size, false);
	import_once(data, size, true);
	return 0;
}
