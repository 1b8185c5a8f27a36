/* passes/quantize.c: the quantize pass: a calibrated float model to int8,
 * int16x8, fp16 or dynamic-range weights. */
#include "passes/passes.h"

#include <stdlib.h>
#include <string.h>

#include "passes/quant.h"

/* Is there any stats annotation in func? */
static IrWalkResult
find_stats(IrOp *op, void *user)
{
	(void)user;
	return ir_op_attr(op, QSTATS_ATTR) || ir_op_attr(op, QSTATS_ARG_ATTR) ?
	    IR_WALK_INTERRUPT : IR_WALK_ADVANCE;
}

/* rounding=gptq: the layers' input statistics on the samples of
 * inputs=DIR; NULL after an error. */
static QRound *
gptq_stats(IrPass *pass, IrOp *func)
{
	IrContext *ctx = ir_pass_context(pass);
	const char *dir = ir_pass_string(pass, "inputs");
	QSamples s = {0};
	QRound *r = NULL;

	if (!dir || !*dir) {
		ir_emit_error(ctx, ir_op_loc(func), "quantize: rounding=gptq "
		    "needs the samples to measure the layers' inputs on "
		    "(inputs=DIR)");
		return NULL;
	}
	if (qsamples_open(ctx, dir, &s))
		r = qround_collect(func, &s);
	qsamples_free(&s);
	return r;
}

static bool
quantize_run(IrOp *module, IrPass *pass)
{
	const char *mode = ir_pass_string(pass, "mode");
	bool pc = ir_pass_bool(pass, "per-channel");
	IrOp *func = quant_entry_func(module, ir_pass_string(pass, "entry"));
	QConfig cfg = {.def = QPREC_INT8, .per_channel = pc,
	    .weight_mse = !strcmp(ir_pass_string(pass, "weight-scale"), "mse"),
	    .no_bias_corr = !ir_pass_bool(pass, "bias-correction"),
	    .raise = !strcmp(ir_pass_string(pass, "raise-to"), "float") ?
	    QPREC_FLOAT : QPREC_INT16};
	QRound *round = NULL;
	long n;

	if (!func || !quant_check_float(func))
		return false;
	if (!strcmp(ir_pass_string(pass, "rounding"), "gptq") &&
	    strcmp(mode, "fp16") && !(round = gptq_stats(pass, func)))
		return false;
	cfg.round = round;
	if (!strcmp(mode, "fp16")) {
		n = quant_fp16(func);
	} else if (!strcmp(mode, "dynamic")) {
		n = quant_dynamic(func, &cfg);
	} else {
		if (ir_op_walk(func, IR_WALK_PRE, find_stats, NULL) !=
		    IR_WALK_INTERRUPT) {
			ir_op_emit_error(func, "has no quant.stats: run "
			    "calibrate{inputs=DIR} first");
			return false;
		}
		cfg.def = !strcmp(mode, "int16x8") ? QPREC_INT16 : QPREC_INT8;
		n = quant_mixed(func, &cfg,
		    ir_pass_string(pass, "target-sqnr"),
		    ir_pass_string(pass, "inputs"));
	}
	qround_destroy(round);
	if (n < 0)
		return false;
	if (n == 0) {
		ir_op_emit_error(func, "has no op that can be quantized");
		return false;
	}
	quant_strip_stats(module);
	/* npuir.arith names the integer arithmetic of the runtime an
	 * imported model came from (XNNPack for imported TFLite and ONNX
	 * models); integers made here are for TFLite's reference kernels,
	 * which TFLite Micro and the NPU targets follow, and which
	 * quant-report and mixed precision measure with */
	if (strcmp(mode, "fp16") && strcmp(mode, "dynamic"))
		ir_op_remove_attr(module, "npuir.arith");
	return true;
}

static const char *const mode_choices[] = {"int8", "int16x8", "fp16",
	"dynamic", NULL};

static const char *const weight_choices[] = {"max", "mse", NULL};

static const char *const raise_choices[] = {"int16", "float", NULL};

static const char *const rounding_choices[] = {"nearest", "gptq", NULL};

static const IrPassOption quantize_options[] = {
	{"mode", IR_OPT_ENUM, "int8", "int8, int16x8 (int16 activations, "
	    "int8 weights), fp16 (f16 weights) or dynamic (int8 weights, "
	    "float activations)", mode_choices},
	{"per-channel", IR_OPT_BOOL, "true", "weights quantized per output "
	    "channel (else per tensor)", NULL},
	{"weight-scale", IR_OPT_ENUM, "max", "weight scales: the largest "
	    "magnitude over 127 (TFLite), or mse: the clipped scale of least "
	    "squared rounding error", weight_choices},
	{"entry", IR_OPT_STRING, NULL, "function to quantize (default main, "
	    "else the first)", NULL},
	{"target-sqnr", IR_OPT_STRING, NULL, "mixed precision: raise the "
	    "most sensitive layers to int16 until the output SQNR (dB) on "
	    "`inputs` reaches this", NULL},
	{"inputs", IR_OPT_STRING, NULL, "samples for target-sqnr and "
	    "rounding=gptq (as calibrate's inputs)", NULL},
	{"bias-correction", IR_OPT_BOOL, "true", "take the weights' "
	    "rounding error times the calibrated mean input off the bias",
	    NULL},
	{"raise-to", IR_OPT_ENUM, "int16", "what target-sqnr raises the "
	    "sensitive layers to: int16 (16x8) or float (left unquantized)",
	    raise_choices},
	{"rounding", IR_OPT_ENUM, "nearest", "weight rounding: to nearest, "
	    "or gptq: one weight at a time, each error moved onto the "
	    "weights not yet rounded so that each layer's output error on "
	    "the samples of `inputs` stays least (GPTQ)", rounding_choices},
};

const IrPassDef pass_quantize = {
	.argument = "quantize",
	.summary = "Quantize a calibrated float model (TFLite's int8 or 16x8 "
	    "scheme, fp16 or dynamic-range weights)",
	.anchor = "builtin.module",
	.options = quantize_options,
	.noptions = sizeof quantize_options / sizeof quantize_options[0],
	.run = quantize_run,
	.description =
	    "Rewrites the entry function's graph ops onto `!quant.uniform` "
	    "types from the `quant.stats` that `calibrate` recorded, "
	    "following TFLite's quantization spec: int8 asymmetric "
	    "activations per tensor, int8 symmetric weights in [-127, 127] "
	    "per output channel, int32 bias at scale s_in * s_w, fixed "
	    "output parameters for logistic, tanh and softmax, shared "
	    "parameters through pooling, reshapes, pads and ReLUs, inputs "
	    "requantized to the result's parameters for concat. The "
	    "function keeps its float inputs and outputs "
	    "(`graph.quantize`/`graph.dequantize` at the edges); ops without "
	    "an integer kernel stay float between dequantize and quantize, "
	    "with a warning saying why. `int16x8` uses int16 symmetric "
	    "activations; `fp16` stores float constants as f16; `dynamic` "
	    "quantizes only the weights. With `target-sqnr=DB "
	    "inputs=DIR` (int8) the most sensitive layers are raised to "
	    "int16 until the output SQNR on the samples meets the target, "
	    "and the MAC share of each precision is reported. See "
	    "docs/quantization.md.",
};
