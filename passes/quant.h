/* passes/quant.h: what calibrate, quantize and quant-report share: the
 * range histogram, the clipping methods and the stats annotation. */
#ifndef NPUIR_PASSES_QUANT_H
#define NPUIR_PASSES_QUANT_H

#include <stdint.h>

#include "interp/interp.h"
#include "ir/ir.h"

/* Bins on each side of zero. 2048 is TensorRT's histogram size; the
 * entropy search needs many more bins than quantization levels. */
#define QHIST_BINS 2048

/* A histogram of one tensor's values over every calibration sample,
 * built in one pass with memory independent of the sample count.
 * Positive and negative values have a side each, binned by magnitude
 * over [0, range) with range a power of two: a value past the range
 * doubles it and merges bins pairwise, which is exact (each new bin is
 * the sum of two old ones), so no second pass and no stored activations
 * are needed. Zeros are counted apart (ReLU outputs are full of them). */
typedef struct QHist {
	double min, max;        /* of every value seen */
	uint64_t count;         /* values seen */
	uint64_t zeros;
	double range[2];        /* [0] positive side, [1] negative; 0: none
	                           seen yet */
	double bins[2][QHIST_BINS];
} QHist;

/* A clipping method. */
typedef enum QMethod {
	QMETHOD_MINMAX,
	QMETHOD_PERCENTILE,
	QMETHOD_ENTROPY,
	QMETHOD_MSE,
} QMethod;

void qhist_init(QHist *h);
/* Adds n finite values. */
void qhist_add(QHist *h, const float *v, int64_t n);
/* The clipping range [*lo, *hi] (lo <= 0 <= hi) the method picks for
 * `bits`-bit asymmetric quantization; pct is the percentile (e.g.
 * 99.99) for QMETHOD_PERCENTILE. */
void qhist_range(const QHist *h, QMethod m, double pct, unsigned bits,
    double *lo, double *hi);

/* The annotation: `quant.stats` on an op is an array with one entry per
 * result, `quant.arg_stats` on a func.func one per argument. An entry is
 * dense<[lo, hi, min, max]> : tensor<4xf32> (the method's clipping range
 * and the observed extremes), or a unit attribute for a value that is
 * not a float tensor. */
#define QSTATS_ATTR "quant.stats"
#define QSTATS_ARG_ATTR "quant.arg_stats"

/* On a convolution or fully connected op: the mean of each channel of
 * its input over the calibration samples, dense<[...]> : tensor<Cxf32>;
 * quantize corrects the bias with it (the weights' rounding error times
 * the mean input, per output channel). */
#define QMEAN_ATTR "quant.input_mean"

/* Collects those means during calibration (quant_means.c). */
typedef struct QMeans QMeans;
QMeans *qmeans_create(IrOp *func);
/* t is the value v took on one sample (f32). */
void qmeans_add(QMeans *q, IrValue *v, const IrTensor *t);
void qmeans_annotate(QMeans *q);
void qmeans_destroy(QMeans *q);

/* The entry for lo, hi, min, max. */
const IrAttr *qstats_entry(IrContext *ctx, double lo, double hi,
    double min, double max);
/* Reads the 4 numbers of v's entry (v a result or a func.func entry
 * argument). False when v has none. */
bool qstats_get(IrValue *v, double *out4);

/* The func.func named `entry` in module, else @main, else the first
 * function with a body; reports and returns NULL when there is none. */
IrOp *quant_entry_func(IrOp *module, const char *entry);

/* Is t a shaped type with f32 elements? */
bool quant_is_f32(const IrType *t);

/* ------------------------------------------------ samples (quant_samples.c) */

/* The sample folders of DIR: DIR itself when it holds input_0.npy, else
 * its subfolders in name order (any other file in DIR is an error). */
typedef struct QSamples {
	char **dirs;
	size_t n;
} QSamples;

/* False after reporting a missing, unreadable or empty folder. */
bool qsamples_open(IrContext *ctx, const char *dir, QSamples *s);
void qsamples_free(QSamples *s);
/* Reads sample i's arguments for func into args (one new tensor per
 * argument). Each must be float32 of the argument's shape, finite; the
 * folder must hold nothing but input_<k>.npy for the arguments and
 * output_<k>.npy. False after an error naming the file. */
bool qsamples_load(IrContext *ctx, const QSamples *s, size_t i, IrOp *func,
    IrTensor **args);

/* ------------------------------------------- the rewrite (quant_rewrite.c) */

/* What one op computes in. */
typedef enum QPrec {
	QPREC_DEFAULT, /* the config's default */
	QPREC_FLOAT,
	QPREC_INT8,    /* int8 activations, int8 weights, int32 bias */
	QPREC_INT16,   /* int16 activations, int8 weights (16x8) */
	/* Diagnostics (quant-report breakdown=true), one source of error
	 * alone: */
	QPREC_W8,      /* int8 weights read through a dequantize (as
	                  mode=dynamic), float activations */
	QPREC_A8,      /* float weights, the result rounded to int8 and
	                  back (quantize + dequantize after the op) */
} QPrec;

typedef struct QConfig {
	QPrec def;            /* QPREC_INT8 or QPREC_INT16 */
	bool per_channel;     /* weights per output channel */
	/* op -> (void *)(uintptr_t)QPrec overrides, or NULL */
	const IrPtrMap *prec;
	bool quiet;           /* no warning for each op left in float */
	bool weight_mse;      /* weight scales of least squared error (else
	                         the largest magnitude over 127) */
	bool no_bias_corr;    /* no bias correction even with input means */
	QPrec raise;          /* what mixed precision raises layers to:
	                         QPREC_INT16 (0: the same) or QPREC_FLOAT */
	const struct QRound *round; /* GPTQ statistics (rounding=gptq), or
	                         NULL: round to nearest */
	const IrPtrMap *orig; /* op of a copy -> the op of func that round
	                         and prec describe (qeval), or NULL */
} QConfig;

/* Rewrites func's graph ops into quantized ones from the quant.stats
 * annotations, following TFLite's quantization spec; the function keeps
 * its float signature (quantize/dequantize at the edges). Ops that stay
 * float get a warning with the reason unless cfg->quiet. Returns the
 * number of ops quantized, or -1 after an error. */
long quant_rewrite(IrOp *func, const QConfig *cfg);

/* mode=dynamic: the weights of convolutions, fully connected and
 * matmul ops become int8 constants (per channel when per_channel) read
 * through graph.dequantize; activations stay float. Returns the number
 * of ops changed or -1 after an error. */
long quant_dynamic(IrOp *func, const QConfig *cfg);
/* mode=fp16: every float constant is stored as f16 and cast back to f32
 * (TFLite's float16 quantization). Same return. */
long quant_fp16(IrOp *func);

/* False after an error when func already has quantized results. */
bool quant_check_float(IrOp *func);

/* Is op a graph op quant_rewrite can quantize (a layer)? */
bool quant_is_layer(const IrOp *op);
/* Does op's result take the range of the ReLU or clip that is its only
 * user (TFLite's fused activation)? */
bool quant_is_fused(IrOp *op);
/* Multiply-accumulates of a conv, depthwise conv, fully connected or
 * matmul op (0 for other ops); its static shapes. */
int64_t quant_macs(IrOp *op);
/* The output-channel axis of a MAC op's weights (operand 1). */
int quant_weight_axis(IrOp *op);
/* The output channel *c and the input channel *ic (of the op's whole
 * input, groups counted) that flat index i of a convolution's or fully
 * connected op's weights (type wt) connects. */
/* Erases the graph.constant ops of b left without users. */
void quant_drop_dead_constants(IrBlock *b);
void quant_weight_channels(IrOp *op, const IrType *wt, int64_t i,
    int64_t *c, int64_t *ic);

/* ------------------------------------------------ quant_round.c */

/* Each convolution's (NHWC) and fully connected op's input statistics
 * H = sum x x^T over its input vectors (a window per output position),
 * from the float function run on the samples; NULL after an error. */
typedef struct QRound QRound;
QRound *qround_collect(IrOp *func, const QSamples *s);
void qround_destroy(QRound *r);
/* GPTQ: ints (op's weights, wv, as [-127, 127] integers at scales[c],
 * c the output channel, or scales[0] when not per_channel) rounded one
 * at a time, each error moved onto the weights not yet rounded so that
 * the layer's output error on the samples stays least. False (ints
 * unchanged) when r has nothing for op. */
bool qround_weights(const QRound *r, IrOp *op, const IrAttr *wv,
    const double *scales, bool per_channel, int64_t *ints);

/* ------------------------------------------------ quant_equalize.c */

/* Cross-layer equalization's scale for a channel whose weight range is
 * r1 in the first layer and r2 in the second: sqrt(r1 / r2), so that
 * r1 / s == r2 * s; 1 when either range is 0 or not finite. */
double quant_cle_scale(double r1, double r2);
/* Equalizes every pair of consecutive layers of func (up to `sweeps`
 * passes over the pairs, until no scale moves by more than 1e-6 in log);
 * *residual gets the largest |log s| of the last sweep. Returns the
 * number of pairs. */
long quant_equalize(IrOp *func, int64_t sweeps, double *residual);

/* Removes every quant.stats and quant.arg_stats annotation. */
void quant_strip_stats(IrOp *root);

/* ------------------------------------------------ measuring (quant_eval.c) */

/* The float function's results on every sample (f32 tensors). */
typedef struct QRef {
	size_t nsamples, nout;
	IrTensor **outs;       /* [sample * nout + output] */
} QRef;

bool qref_build(IrOp *func, const QSamples *s, QRef *ref);
void qref_free(QRef *ref);
/* 10 log10(signal / noise); infinity for no noise. */
double qsqnr_db(double signal, double noise);

/* Quantizes a copy of func's module with cfg (prec keys are ops of
 * func), runs it on the samples and sets *out_db to the output SQNR
 * against ref (the worst output; each output's energy summed over the
 * samples). When layer_db is not NULL, layer_db[i] gets the SQNR of
 * layers[i]'s first result in the copy against the float function. */
bool qeval(IrOp *func, const QConfig *cfg, const QSamples *s,
    const QRef *ref, IrOp *const *layers, size_t m, double *out_db,
    double *layer_db);
/* The ops of func's entry block quant_rewrite can quantize, in order
 * (*layers is malloc'd). */
size_t quant_layers(IrOp *func, IrOp ***layers);
/* db[i]: the output SQNR with only layers[i] quantized at precision p. */
bool quant_sensitivity(IrOp *func, QPrec p, bool per_channel,
    const QSamples *s, const QRef *ref, IrOp *const *layers, size_t m,
    double *db);

/* ------------------------------------------------ quant_mixed.c */

/* quant_rewrite, or with target (dB, a string; NULL or empty: none)
 * mixed precision: layers ranked by sensitivity on the samples in dir
 * are raised to int16, the fewest that make the output SQNR meet the
 * target (a binary search over the ranking); prints the MAC share of
 * each precision on stderr. Same return as quant_rewrite. */
long quant_mixed(IrOp *func, const QConfig *cfg, const char *target,
    const char *dir);

#endif /* NPUIR_PASSES_QUANT_H */
