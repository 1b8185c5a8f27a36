/* targets/ethos_u/weights.h: Ethos-U weight and bias/scale streams as
 * Vela 3.10 lays them out: the brick order the weight decoder expects,
 * per-core streams, the mlw compression (mlw.h) and the 10-byte
 * bias/scale records. Decode gives what the hardware computes with;
 * encode reproduces Vela's bytes. */
#ifndef NPUIR_TARGETS_ETHOS_U_WEIGHTS_H
#define NPUIR_TARGETS_ETHOS_U_WEIGHTS_H

#include "targets/ethos_u/mlw.h"

/* The operation that reads the weights (the NPU_OP_* command). */
typedef enum EthosuWeightKind {
	ETHOSU_WEIGHTS_CONV,      /* NPU_OP_CONV: convolution, fully connected */
	ETHOSU_WEIGHTS_DEPTHWISE, /* NPU_OP_DEPTHWISE */
} EthosuWeightKind;

/* Everything the weight order depends on, as a simulator reads it from
 * the registers set before an NPU_OP_CONV/NPU_OP_DEPTHWISE (see
 * ethosu_weight_geom_from_regs) plus the accelerator. One geometry
 * describes one operation (one OFM depth slice when Vela splits an op in
 * depth: its OFM_DEPTH_M1 is the slice's depth). */
typedef struct EthosuWeightGeom {
	EthosuWeightKind kind;
	bool part_kernel;     /* KERNEL_STRIDE bit 2: part-kernel-first order */
	int ofm_depth;        /* OFM_DEPTH_M1 + 1: output channels */
	int ifm_depth;        /* IFM_DEPTH_M1 + 1; depthwise: ignored (1) */
	int kernel_h;         /* undilated kernel height */
	int kernel_w;         /* undilated kernel width */
	int dilation_x;       /* 1 or 2 (KERNEL_STRIDE bit 3) */
	int dilation_y;       /* 1 or 2 (KERNEL_STRIDE bit 4) */
	int ofm_block_depth;  /* OFM_BLK_DEPTH_M1 + 1, the whole block */
	int ifm_bits;         /* 8 or 16: IFM precision */
	int ncores;           /* 1, or 2 on Ethos-U65-512 */
	int ifm_ublock_depth; /* 8 on every Ethos-U55/U65 */
	int ofm_ublock_depth; /* 8; 4 on Ethos-U55-32 */
} EthosuWeightGeom;

/* Register values a simulator has at an NPU_OP_CONV/NPU_OP_DEPTHWISE. */
typedef struct EthosuWeightRegs {
	EthosuWeightKind kind;
	uint32_t ifm_depth_m1;     /* NPU_SET_IFM_DEPTH_M1 */
	uint32_t ofm_depth_m1;     /* NPU_SET_OFM_DEPTH_M1 */
	uint32_t kernel_width_m1;  /* NPU_SET_KERNEL_WIDTH_M1 (dilated) */
	uint32_t kernel_height_m1; /* NPU_SET_KERNEL_HEIGHT_M1 (dilated) */
	uint32_t kernel_stride;    /* NPU_SET_KERNEL_STRIDE */
	uint32_t ofm_blk_depth_m1; /* NPU_SET_OFM_BLK_DEPTH_M1 */
	int ifm_bits;              /* 8 or 16, from NPU_SET_IFM_PRECISION */
	int macs;                  /* MACs per core per cycle: 32..256 */
	int ncores;                /* 1 or 2 */
} EthosuWeightRegs;

/* Fills *g from register values. Returns false (e says which register)
 * when they describe no valid weight geometry: a dilated kernel size
 * that is not a multiple of the dilation, dilation above 2, an unknown
 * MAC count or core count, IFM precision other than 8/16 bits. */
bool ethosu_weight_geom_from_regs(const EthosuWeightRegs *r,
    EthosuWeightGeom *g, EthosuWeightError *e);

/* Sets g's ncores and ublock depths for an accelerator with `macs` MACs
 * per core (32, 64, 128, 256) and `ncores` cores. False when unknown. */
bool ethosu_weight_geom_set_accel(EthosuWeightGeom *g, int macs, int ncores);

/* Checks the fields of g against what the hardware and Vela support
 * (depths >= 1, kernel 1..64 after decomposition limits, dilation 1/2,
 * 8/16-bit IFM, 1-2 cores, depthwise not part-kernel). */
bool ethosu_weight_geom_check(const EthosuWeightGeom *g,
    EthosuWeightError *e);

/* Elements of g's OHWI weight volume: ofm_depth * kernel_h * kernel_w *
 * ifm_depth (depthwise: ifm_depth taken as 1, i.e. [C][H][W][1]). */
size_t ethosu_weights_volume(const EthosuWeightGeom *g);

/* Output channels core `core` of `ncores` computes out of ofm_depth:
 * channels core, core + ncores, ... (Vela interleaves cores by channel). */
int ethosu_core_depth(int ofm_depth, int core, int ncores);

/* The decoder's read order for core `core`: (*idx)[k] is the OHWI index
 * (into the whole volume of g) of the k-th value the weight decoder
 * consumes, or -1 for a padding value (zero in Vela's streams). *idx is
 * malloc'd (caller frees; NULL when *n is 0). A core with no channels or
 * a zero share of the OFM block has an empty order. g must pass
 * ethosu_weight_geom_check. */
void ethosu_weights_order(const EthosuWeightGeom *g, int core,
    int32_t **idx, size_t *n);

/* The length of ethosu_weights_order(g, core) without building it: how
 * many values core `core`'s weight stream must hold. */
size_t ethosu_weights_order_length(const EthosuWeightGeom *g, int core);

/* Decodes core `core`'s weight stream (the bytes of NPU_SET_WEIGHT_BASE/
 * LENGTH for core 0, WEIGHT1_BASE/LENGTH for core 1) and writes its
 * channels into ohwi, which holds ethosu_weights_volume(g) values
 * (other cores' channels are left untouched). Values are what the MACs
 * use: the weight minus its zero point. The stream must hold exactly the
 * number of values the order needs. Padding values are not checked.
 * False on a corrupt stream or a geometry that fails the check (e says
 * why and at which byte); ohwi may then be partly written. */
bool ethosu_weights_decode(const EthosuWeightGeom *g, int core,
    const uint8_t *data, size_t n, int16_t *ohwi, EthosuWeightError *e);

/* Encodes core `core`'s channels of ohwi (values -255..255) as Vela does
 * (its order, padding with zeros, mlw_encode). *out is malloc'd (caller
 * frees; NULL and *nout 0 for a core without weights). False (e says
 * which) for a bad geometry or a value out of range. */
bool ethosu_weights_encode(const EthosuWeightGeom *g, int core,
    const int16_t *ohwi, uint8_t **out, size_t *nout, EthosuWeightError *e);

/* Vela's choice of traversal for a convolution (part-kernel-first when
 * it keeps the MAC array busier, and always for IFM depth <= 8); false
 * for depthwise. Vela uses depth-first for fully connected layers
 * (also NPU_OP_CONV): do not ask for those. Needed to emit what Vela
 * emits. */
bool ethosu_weights_prefer_part_kernel(EthosuWeightKind kind, int kernel_h,
    int kernel_w, int ifm_depth, int ifm_bits);

/* ---------------------------------------------------- bias and scale */

/* One output channel's bias and requantisation: the accumulator plus
 * bias is multiplied by scale and shifted right by shift (TFLite's
 * QuantizeMultiplier pair: scale 0..2^32-1, shift 0..63). */
typedef struct EthosuScale {
	int64_t bias;         /* signed 40 bits */
	uint32_t scale;       /* multiplier */
	uint8_t shift;        /* 6 bits */
} EthosuScale;

#define ETHOSU_SCALE_RECORD 10 /* bytes per output channel */

/* Packs one record: bias (40 bits, little-endian), scale (32 bits),
 * shift (6 bits; the byte's top two bits zero). False when bias or
 * shift is out of range. */
bool ethosu_scale_pack(const EthosuScale *s, uint8_t rec[ETHOSU_SCALE_RECORD]);
/* Unpacks one record (the top two bits of byte 9 are ignored, as
 * reserved). */
void ethosu_scale_unpack(const uint8_t rec[ETHOSU_SCALE_RECORD],
    EthosuScale *s);

/* Decodes core `core`'s scale stream (NPU_SET_SCALE_BASE/LENGTH, or
 * SCALE1 for core 1): one record per channel of that core, in channel
 * order, written to out[channel] (out holds ofm_depth entries; other
 * cores' entries are untouched). n must hold the records; a longer
 * range is accepted (Vela's SCALE_LENGTH rounds the records up to 16
 * bytes with zeros). False with e when it is short. */
bool ethosu_scales_decode(int ofm_depth, int core, int ncores,
    const uint8_t *data, size_t n, EthosuScale *out, EthosuWeightError *e);

/* Encodes core `core`'s records of scales[0..ofm_depth) (no padding).
 * *out malloc'd (caller frees; NULL when the core has no channels).
 * False (e says which channel) when a value is out of range. */
bool ethosu_scales_encode(int ofm_depth, int core, int ncores,
    const EthosuScale *scales, uint8_t **out, size_t *nout,
    EthosuWeightError *e);

/* ------------------------------------------- Vela's weight tensor */

/* Where one (depth slice, core) part of a packed weight tensor lies:
 * what NPU_SET_SCALE_BASE/LENGTH and NPU_SET_WEIGHT_BASE/LENGTH point
 * at, relative to the start of the tensor. */
typedef struct EthosuWeightRange {
	int depth;            /* first OFM channel of the slice */
	int core;
	size_t scale_offset;  /* the range's start, in the tensor */
	size_t scale_bytes;   /* 10 per channel of the core */
	size_t weight_offset; /* in the tensor; 16-byte aligned */
	size_t weight_bytes;  /* multiple of 16 */
} EthosuWeightRange;

/* Packs an operation's weights and scales as Vela builds its encoded
 * weight tensor: for each OFM depth slice [depth_offsets[i],
 * depth_offsets[i+1]) (nslices slices, depth_offsets has nslices + 1
 * increasing entries from 0 to g->ofm_depth) and each core: the core's
 * scale records, zero bytes up to a 16-byte boundary, then its mlw
 * weight stream. g describes the whole operation (all channels); each
 * slice is encoded with g's block depth. ohwi (the whole volume) or
 * scales (g->ofm_depth entries) may be NULL to pack only the other.
 * *out and *ranges are malloc'd (caller frees); *nranges is the number
 * of ranges (one per slice and core that has a share of the block).
 * False (e) for a bad geometry, slice list or value. */
bool ethosu_weights_pack(const EthosuWeightGeom *g, const int16_t *ohwi,
    const EthosuScale *scales, const int *depth_offsets, int nslices,
    uint8_t **out, size_t *nout, EthosuWeightRange **ranges,
    size_t *nranges, EthosuWeightError *e);

/* ethosu_weights_pack with the encoder's working memory in s (one per
 * thread; see ethosu_mlw_scratch_create), reused from call to call.
 * The same bytes and ranges. */
bool ethosu_weights_pack_with(EthosuMlwScratch *s,
    const EthosuWeightGeom *g, const int16_t *ohwi, const EthosuScale *scales,
    const int *depth_offsets, int nslices, uint8_t **out, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuWeightError *e);

/* ------------------------------------------ weights read in place */

/* How a weight source stores its values. */
typedef enum EthosuWeightElem {
	ETHOSU_WELEM_I16,       /* int16_t */
	ETHOSU_WELEM_I8,        /* int8_t */
	ETHOSU_WELEM_U8,        /* uint8_t */
} EthosuWeightElem;

/* An operation's weights where they already are (a model's constant,
 * int8 or uint8, in its own layout): the value of output channel o,
 * element r of that channel's OHWI volume (r = (y * kernel_w + x) *
 * ifm_depth + z; depthwise: y * kernel_w + x) is the stored element
 * o * ostride + r * rstride, minus zp. OHWI storage: ostride = the
 * channel's volume, rstride 1; TFLite's 1HWO depthwise weights: ostride
 * 1, rstride the channel count; one value for all (a splat): both 0.
 * The packing reads the values from there as it orders them for the
 * encoder, so no whole-operation copy of the weights is ever made. */
typedef struct EthosuWeightSrc {
	const void *data;       /* NULL: no weights */
	EthosuWeightElem elem;
	int32_t zp;
	size_t ostride, rstride;
} EthosuWeightSrc;

/* The source of an OHWI int16 volume of g's shape (zero point 0). */
EthosuWeightSrc ethosu_weight_src_ohwi(const EthosuWeightGeom *g,
    const int16_t *ohwi);

/* The value of channel o, element r of src (the order's reading). */
int32_t ethosu_weight_src_get(const EthosuWeightSrc *src, size_t o,
    size_t r);

/* Does every value of the oc x per_ch volume src describes lie in the
 * encoder's -255..255? (Checks each only when the zero point could put
 * one outside.) */
bool ethosu_weight_src_in_range(const EthosuWeightSrc *src, size_t oc,
    size_t per_ch);

/* ethosu_weights_pack_with reading the weights from src (NULL: scales
 * only) instead of an int16 OHWI volume: the same bytes and ranges for
 * the same values. */
bool ethosu_weights_pack_src(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, uint8_t **out, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuWeightError *e);

/* ethosu_weights_pack_src writing into buf (malloc'd, at least cap
 * bytes; NULL: none), which it takes: grown or shrunk with realloc and
 * handed back as *out, or freed on failure. For a caller done with a
 * buffer of about the size (the same weights packed whole, now packed
 * again in depth slices): its pages are in memory already, where a
 * fresh buffer's would each be faulted in. The same bytes and ranges. */
bool ethosu_weights_pack_into(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, uint8_t *buf, size_t cap,
    uint8_t **out, size_t *nout, EthosuWeightRange **ranges,
    size_t *nranges, EthosuWeightError *e);

/* ------------------------------------------ the size of a packing */

/* The size ethosu_weights_pack_src's tensor would have, measured
 * without writing it: the same ranges, scale records and padding (the
 * packer's own code runs, only counting), each weight stream's length
 * from ethosu_mlw_size (the encoder's choices made, no bits emitted).
 * *nout and the ranges (*ranges malloc'd, the caller frees) equal the
 * packing's for every input, and it fails
 * where the packing fails, with the same message. With plans not NULL,
 * *plans (malloc'd) holds each range's encoder plan (NULL for a range
 * without weights), for ethosu_weights_pack_planned; free it with
 * ethosu_weights_plans_free(*plans, *nranges). */
bool ethosu_weights_pack_size(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuMlwPlan ***plans,
    EthosuWeightError *e);

/* ethosu_weights_pack_into following the plans ethosu_weights_pack_size
 * made for the same arguments (NULL: none): each stream skips the
 * encoder's choices. The same bytes and ranges. */
bool ethosu_weights_pack_planned(EthosuMlwScratch *s,
    const EthosuWeightGeom *g, const EthosuWeightSrc *src,
    const EthosuScale *scales, const int *depth_offsets, int nslices,
    EthosuMlwPlan *const *plans, uint8_t *buf, size_t cap, uint8_t **out,
    size_t *nout, EthosuWeightRange **ranges, size_t *nranges,
    EthosuWeightError *e);

/* Frees plans[0..n) and the array (NULL is fine). */
void ethosu_weights_plans_free(EthosuMlwPlan **plans, size_t n);

#endif /* NPUIR_TARGETS_ETHOS_U_WEIGHTS_H */
