/* test/fuzz/onnx_fuzz.c: libFuzzer target for the ONNX importer: any
 * bytes must give a verified module or diagnostics, never a crash, hang,
 * leak or sanitizer report; a module must also print. */
#include <stdio.h>
#include <stdlib.h>

#include "dialects/dialect.h"
#include "import/onnx/conv.h"

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
	ImportFile f;
	ImportOptions opts = { .allow_unsupported = allow };
	import_file_from_memory(ctx, "fuzz.onnx", data, size, &f);
	if (allow)
		ir_context_set_allow_unregistered(ctx, true);
	IrOp *m = onnx_import_file(ctx, &f, &opts);
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	import_once(data, size, false);
	import_once(data, size, true);
	return 0;
}
