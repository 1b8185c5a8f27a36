/* test/fuzz/package_fuzz.c: libFuzzer target for the TFLite writer and
 * the Ethos-U packager (npu-translate --emit=ethos-u). Any bytes that
 * import as a TFLite model are written again: with the packager when the
 * module holds an ethos-u operator, else with the writer over its graph
 * ops. Writing may refuse (an op TFLite cannot hold, a dynamic shape),
 * never crash; what it writes must import again, write again, and from
 * then on not change (generic form, without locations). Seeds:
 * test/fuzz/corpus/tflite and, when ../shared is there, Vela's compiled
 * models. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "import/tflite/tflite.h"
#include "import/tflite/write.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/package.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
quiet(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	(void)ctx;
	(void)d;
	(void)user;
}

static IrOp *
main_func(IrOp *module)
{
	IrOp *op = ir_module_body(module)->first;
	while (op && strcmp(ir_op_name_str(op), "func.func"))
		op = op->next;
	return op;
}

static bool
has_stream(IrOp *f)
{
	for (IrOp *op = ir_func_entry(f)->first; op; op = op->next)
		if (!strcmp(ir_op_name_str(op), "ethos_u.stream"))
			return true;
	return false;
}

/* The writer alone over a function of graph ops (NULL when it refuses). */
static uint8_t *
write_graph(IrOp *f, size_t *len)
{
	TflWriter *w = tfl_writer_create(ir_op_context(f));
	IrBlock *b = ir_func_entry(f);
	IrOp *ret = b->last;
	int32_t *t = malloc((b->nargs + ret->noperands + 1) * sizeof(*t));
	uint8_t *out = NULL;
	bool ok = true;
	for (unsigned i = 0; ok && i < b->nargs; i++)
		ok = (t[i] = tfl_writer_value(w, b->args[i],
		    ir_op_loc(f))) >= 0;
	if (ok)
		tfl_writer_io(w, t, (int)b->nargs, false);
	for (IrOp *op = b->first; ok && op != ret; op = op->next)
		ok = tfl_writer_graph_op(w, op);
	for (unsigned i = 0; ok && i < ret->noperands; i++)
		ok = (t[i] = tfl_writer_value(w, ir_op_operand(ret, i),
		    ir_op_loc(f))) >= 0;
	if (ok) {
		tfl_writer_io(w, t, (int)ret->noperands, true);
		out = tfl_writer_finish(w, "main", "fuzz", len);
	}
	free(t);
	tfl_writer_destroy(w);
	return out;
}

static char *
print(IrOp *op)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	IrPrintFlags pf = { .generic = true };
	if (!m)
		abort();
	ir_print_op(m, op, &pf);
	fclose(m);
	return text;
}

/* Writes the module again: the packager when it holds a stream, else
 * the writer over its graph ops; NULL when they refuse. */
static uint8_t *
write_module(IrOp *m, size_t *len)
{
	IrOp *fn = main_func(m);
	if (!fn)
		return NULL;
	return has_stream(fn) ? ethosu_package_tflite(m, len) :
	    write_graph(fn, len);
}

static IrOp *
import_bytes(IrContext *ctx, const char *name, const uint8_t *data,
    size_t size)
{
	ImportFile f;
	import_file_from_memory(ctx, name, data, size, &f);
	return tfl_import_file(ctx, &f, NULL);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ethosu_register_dialect(ctx);
	ir_context_set_diag_handler(ctx, quiet, NULL);
	IrOp *m = import_bytes(ctx, "fuzz.tflite", data, size);
	size_t len = 0, len2 = 0;
	uint8_t *out = m ? write_module(m, &len) : NULL;
	if (out) {
		/* What we wrote we read, and write again. The first import
		 * may differ from the second (the importer flattens a fully
		 * connected input by a reshape of shape -1 that the writer
		 * writes as its static shape, and orders constants by first
		 * use), but from then on the program is a fixed point. */
		IrOp *m2 = import_bytes(ctx, "again.tflite", out, len);
		if (!m2)
			abort(); /* we wrote what we cannot read */
		uint8_t *out2 = write_module(m2, &len2);
		if (!out2)
			abort(); /* we read what we cannot write */
		IrOp *m3 = import_bytes(ctx, "third.tflite", out2, len2);
		if (!m3)
			abort();
		char *a = print(main_func(m2)), *b = print(main_func(m3));
		if (strcmp(a, b))
			abort(); /* writing changed the program */
		free(a);
		free(b);
		ir_op_destroy(m3);
		ir_op_destroy(m2);
		free(out2);
		free(out);
	}
	if (m)
		ir_op_destroy(m);
	ir_context_destroy(ctx);
	return 0;
}
