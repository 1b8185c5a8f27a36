/* passes/quant_report.c: per-layer quantization report of a calibrated
 * model: sensitivity and layer SQNR, as a table on stderr and a CSV. */
#include "passes/passes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "passes/quant.h"

/* An op's location as text: file:line:col, or the name of a named
 * location (what importers give ops), else MLIR's form. */
static char *
loc_str(IrOp *op)
{
	const IrLoc *l = ir_op_loc(op);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (l->kind == IR_LOC_FILE)
		fprintf(f, "%s:%u:%u", l->u.file.file->str, l->u.file.line,
		    l->u.file.col);
	else if (l->kind == IR_LOC_NAME)
		fputs(l->u.name.name->str, f);
	else
		ir_print_loc(f, l);
	fclose(f);
	return buf;
}

/* s as a CSV field: quoted, inner quotes doubled. */
static void
put_csv_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void
put_db(FILE *f, double db, bool csv)
{
	if (isinf(db))
		fprintf(f, csv ? "inf" : "%8s", "inf");
	else
		fprintf(f, csv ? "%.2f" : "%8.2f", db);
}

/* Writes the CSV atomically: a temporary file beside path, renamed when
 * complete. */
static bool
write_csv(IrContext *ctx, const char *path, IrOp **layers, size_t m,
    const double *sens, const double *lay)
{
	size_t len = strlen(path) + 16, i;
	char *tmp = ir_xmalloc(len), *loc;
	FILE *f;
	bool ok;

	snprintf(tmp, len, "%s.tmp%ld", path, (long)getpid());
	if (!(f = fopen(tmp, "w"))) {
		ir_emit_error(ctx, NULL, "quant-report: cannot write '%s'",
		    path);
		free(tmp);
		return false;
	}
	fprintf(f, "layer,op,location,macs,sensitivity_db,"
	    "quantized_layer_db\n");
	for (i = 0; i < m; i++) {
		loc = loc_str(layers[i]);
		fprintf(f, "%zu,%s,", i, ir_op_name_str(layers[i]));
		put_csv_str(f, loc);
		fprintf(f, ",%lld,", (long long)quant_macs(layers[i]));
		free(loc);
		if (sens)
			put_db(f, sens[i], true);
		fputc(',', f);
		if (quant_is_fused(layers[i]))
			fputs("fused", f);
		else
			put_db(f, lay[i], true);
		fputc('\n', f);
	}
	ok = !ferror(f);
	ok = fclose(f) == 0 && ok && rename(tmp, path) == 0;
	if (!ok) {
		remove(tmp);
		ir_emit_error(ctx, NULL, "quant-report: cannot write '%s'",
		    path);
	}
	free(tmp);
	return ok;
}

static void
print_table(IrOp **layers, size_t m, const double *sens, const double *lay)
{
	size_t i;
	char *loc;

	fprintf(stderr, "%5s  %-24s %12s %8s %8s  %s\n", "layer", "op", "MACs",
	    "sens_dB", "layer_dB", "location");
	for (i = 0; i < m; i++) {
		loc = loc_str(layers[i]);
		fprintf(stderr, "%5zu  %-24s %12lld ", i,
		    ir_op_name_str(layers[i]),
		    (long long)quant_macs(layers[i]));
		if (sens)
			put_db(stderr, sens[i], false);
		else
			fprintf(stderr, "%8s", "-");
		fputc(' ', stderr);
		if (quant_is_fused(layers[i]))
			fprintf(stderr, "%8s", "fused");
		else
			put_db(stderr, lay[i], false);
		fprintf(stderr, "  %s\n", loc);
		free(loc);
	}
}

/* breakdown=true: the error sources apart. The model with every
 * layer's weights in int8 and float activations, and with every result
 * rounded to int8 and float weights; then per layer the output SQNR
 * with only its weights in int8, and with only its result rounded. */
static bool
breakdown(IrOp *func, const QConfig *base, const QSamples *s,
    const QRef *ref, IrOp **layers, size_t m)
{
	QConfig c = *base;
	double *w = ir_xcalloc(m + 1, sizeof *w);
	double *a = ir_xcalloc(m + 1, sizeof *a), wall = 0, aall = 0;
	size_t i;
	bool ok;

	c.def = QPREC_W8;
	ok = qeval(func, &c, s, ref, NULL, 0, &wall, NULL);
	c.def = QPREC_A8;
	ok = ok && qeval(func, &c, s, ref, NULL, 0, &aall, NULL);
	ok = ok && quant_sensitivity(func, QPREC_W8, base->per_channel, s,
	    ref, layers, m, w);
	ok = ok && quant_sensitivity(func, QPREC_A8, base->per_channel, s,
	    ref, layers, m, a);
	if (ok) {
		fprintf(stderr, "quant-report: every layer's weights int8, "
		    "float activations: ");
		put_db(stderr, wall, true);
		fprintf(stderr, " dB; every result int8, float weights: ");
		put_db(stderr, aall, true);
		fprintf(stderr, " dB\n%5s  %-24s %8s %8s\n", "layer", "op",
		    "w8_dB", "a8_dB");
		for (i = 0; i < m; i++) {
			fprintf(stderr, "%5zu  %-24s ", i,
			    ir_op_name_str(layers[i]));
			if (quant_macs(layers[i]))
				put_db(stderr, w[i], false);
			else
				fprintf(stderr, "%8s", "-");
			fputc(' ', stderr);
			put_db(stderr, a[i], false);
			fputc('\n', stderr);
		}
	}
	free(w);
	free(a);
	return ok;
}

static bool
report_run(IrOp *module, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	const char *dir = ir_pass_string(pass, "inputs");
	const char *csv = ir_pass_string(pass, "csv");
	bool pc = ir_pass_bool(pass, "per-channel");
	QPrec p = !strcmp(ir_pass_string(pass, "mode"), "int16x8") ?
	    QPREC_INT16 : QPREC_INT8;
	QConfig cfg = {.def = p, .per_channel = pc,
	    .no_bias_corr = !ir_pass_bool(pass, "bias-correction")};
	IrOp *func = quant_entry_func(module, ir_pass_string(pass, "entry"));
	QSamples s = {0};
	QRef ref = {0};
	IrOp **layers = NULL;
	double *sens = NULL, *lay = NULL, out = 0;
	size_t m = 0;
	bool ok = func != NULL;

	if (ok && !*dir) {
		ir_emit_error(ctx, ir_op_loc(module), "quant-report: give the "
		    "evaluation samples with inputs=DIR");
		ok = false;
	}
	ok = ok && qsamples_open(ctx, dir, &s) && qref_build(func, &s, &ref);
	if (ok && !(m = quant_layers(func, &layers))) {
		ir_op_emit_error(func, "has no layer that can be quantized");
		ok = false;
	}
	lay = ir_xcalloc(m + 1, sizeof *lay);
	if (ok && ir_pass_bool(pass, "sensitivity")) {
		sens = ir_xcalloc(m + 1, sizeof *sens);
		ok = quant_sensitivity(func, p, pc, &s, &ref, layers, m, sens);
	}
	ok = ok && qeval(func, &cfg, &s, &ref, layers, m, &out, lay);
	if (ok) {
		fprintf(stderr, "quant-report: %s, %zu samples: output SQNR ",
		    p == QPREC_INT16 ? "int16x8" : "int8", s.n);
		put_db(stderr, out, true);
		fprintf(stderr, " dB (worst output)\n");
		print_table(layers, m, sens, lay);
	}
	if (ok && ir_pass_bool(pass, "breakdown"))
		ok = breakdown(func, &cfg, &s, &ref, layers, m);
	if (ok && *csv)
		ok = write_csv(ctx, csv, layers, m, sens, lay);
	free(layers);
	free(sens);
	free(lay);
	qref_free(&ref);
	qsamples_free(&s);
	return ok;
}

static const char *const mode_choices[] = {"int8", "int16x8", NULL};

static const IrPassOption report_options[] = {
	{"inputs", IR_OPT_STRING, NULL, "evaluation samples (as calibrate's "
	    "inputs)", NULL},
	{"mode", IR_OPT_ENUM, "int8", "precision to measure", mode_choices},
	{"per-channel", IR_OPT_BOOL, "true", "weights per output channel",
	    NULL},
	{"bias-correction", IR_OPT_BOOL, "true", "as quantize's option",
	    NULL},
	{"sensitivity", IR_OPT_BOOL, "true", "also quantize each layer "
	    "alone (one run over the samples per layer)", NULL},
	{"breakdown", IR_OPT_BOOL, "false", "also each error source "
	    "apart: weights only (int8 weights, float activations) and "
	    "activations only (results rounded to int8, float weights), for "
	    "the whole model and for each layer alone", NULL},
	{"csv", IR_OPT_STRING, NULL, "write the table as CSV here "
	    "(atomically)", NULL},
	{"entry", IR_OPT_STRING, NULL, "function to measure (default main, "
	    "else the first)", NULL},
};

const IrPassDef pass_quant_report = {
	.argument = "quant-report",
	.summary = "Report per-layer quantization sensitivity and SQNR of a "
	    "calibrated model",
	.anchor = "builtin.module",
	.options = report_options,
	.noptions = sizeof report_options / sizeof report_options[0],
	.run = report_run,
	.description =
	    "On a calibrated float model, runs the float function and "
	    "quantized copies on the samples of `inputs` and prints, for "
	    "each layer (an op `quantize` can quantize), its MACs, its "
	    "sensitivity (the model's output SQNR when only that layer is "
	    "quantized) and the SQNR of its output in the fully quantized "
	    "model against float (`fused` for a layer whose ReLU or clip "
	    "is fused into it, as TFLite fuses them: its quantized result is "
	    "already clamped, so read the ReLU's row), with the model's "
	    "output SQNR (the worst output) first. The table goes to "
	    "stderr, and to `csv` as CSV. "
	    "The IR is not changed.",
};
