/* targets/ethos_u/codegen.h: the Ethos-U command-stream generator's
 * internals: one NPU operation as register values (CgNpuOp), the
 * register machine that writes a stream only where a value changed, and
 * the per-operation register sequence (codegen_emit.c); each npu op
 * prepared as NPU operations with its weights (codegen_ops.c); the pass,
 * the runs, the memory plan and the stream op (codegen.c). */
#ifndef NPUIR_ETHOS_U_CODEGEN_H
#define NPUIR_ETHOS_U_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "passes/planner.h"
#include "targets/ethos_u/cmdstream.h"
#include "targets/ethos_u/config.h"
#include "targets/ethos_u/layers.h"
#include "targets/ethos_u/perf.h"
#include "targets/ethos_u/weights.h"

/* A feature map as the registers describe it: NHWC or NHCWB16 (bricks
 * of 16 channels, Vela's layout between NPU operations), one tile. */
typedef struct CgFm {
	int region;             /* 0 flash, 1 scratch arena */
	bool b16;               /* NHCWB16 */
	uint64_t addr;          /* byte offset in the region */
	int64_t h, w, c;
	int bits;               /* 8, 16 or 32 */
	bool sign;
	int64_t zp;
	/* A view (a slice read, a concat write, a broadcast fill): the
	 * strides in bytes when `strided`, else the map's own. */
	bool strided;
	uint64_t sx, sy, sc;
	/* Tiles (the hardware's four: HEIGHT0/HEIGHT1/WIDTH0, BASE0-3):
	 * rows y < th of the map are stored rows ty[0] + y, the others
	 * ty[1] + y - th; columns x < tw stored columns tx[0] + x, the others
	 * tx[1] + x - tw. addr is element (ty[0], tx[0]), the other tiles'
	 * bases are relative to it (so a depth slice moves every tile). th
	 * 0: one row of tiles (2 and 3 unused, their bases 0); tw 0 likewise
	 * for tiles 1 and 3. Bilinear resize repeats edge rows and columns
	 * so; a map wrapping its ring (codegen.c) is tiles 0 and 2, tile 2
	 * at the ring's first row: ty = { ring row, 0 }. */
	int64_t th, tw, ty[2], tx[2];
	bool ring;              /* in a rolling buffer's ring */
} CgFm;

/* One NPU operation: every register value it needs. */
typedef struct CgNpuOp {
	unsigned op;            /* ETHOSU_OP_CONV, _DEPTHWISE, _POOL, ... */
	uint32_t op_param;      /* pooling or elementwise mode */
	CgFm ifm, ifm2, ofm;
	bool has_ifm2;          /* a binary elementwise op */
	bool windowed;          /* conv, depthwise, pool: kernel, padding */
	int kh, kw, sh, sw, dh, dw;
	int pt, pl, pb, pr;
	bool part_kernel;
	int upscale;            /* IFM_UPSCALE: 0 none, 1 nearest (2x) */
	/* Weights and scales per core (in w_region: 0 flash, or the
	 * buffer they were DMA'd to); ncores 0: none. */
	int ncores;
	int w_region;
	uint64_t w_addr[2], w_len[2], s_addr[2], s_len[2];
	int round;              /* ETHOSU_ROUND_* of the OFM */
	bool global_scale;      /* OFM_SCALE, not per-channel records */
	uint32_t ofm_scale;
	int ofm_shift;
	uint32_t opa_scale, opb_scale; /* add/sub operand scales (16-bit) */
	bool reversed;          /* IFM2 is the first operand */
	uint32_t activation;    /* NPU_SET_ACTIVATION's parameter */
	int64_t act_min, act_max;
	EthosUBlockConfig cfg;  /* as perf.c chooses it */
	int ib_end, ab_start, ib_start2;
	/* A LUT to DMA into SHRAM first (region 0), 0 bytes: none. */
	uint64_t lut_addr, lut_len;
	EthosUQuery q;          /* what the block search was asked */
} CgNpuOp;

/* A weight DMA before an operation: len bytes from flash at src to
 * region dst_region at dst. */
typedef struct CgDma {
	uint64_t src, dst, len;
	int dst_region;
} CgDma;

/* A byte range [lo, hi) of a region (region CG_SHRAM: the SHRAM a LUT
 * is DMA'd to), and what one operation or DMA reads and writes (Vela's
 * memory accesses, by which it places its waits). */
#define CG_SHRAM 8
typedef struct CgRange {
	int region;
	int64_t lo, hi;
} CgRange;

/* An IFM and an IFM2 of four tiles each, two cores' weight and scale
 * streams, the LUT. */
#define CG_MAX_RANGES 13
/* Do two range sets share a byte of one region? (codegen_emit.c) */
bool cg_ranges_meet(const CgRange *a, int na, const CgRange *b, int nb);
typedef struct CgAccess {
	CgRange rd[CG_MAX_RANGES], wr[3];
	int nrd, nwr;
} CgAccess;

/* The register machine: a growing stream and the last value written to
 * each register. */
typedef struct CgEmit {
	uint8_t *p;
	size_t n, cap;
	uint64_t last[ETHOSU_NUM_CMDS];
	bool set[ETHOSU_NUM_CMDS];
	bool lut_loaded;        /* a LUT is in SHRAM */
	uint64_t lut_addr;      /* the flash address of that LUT */
	bool any_op;            /* an operation was started */
	/* What runs while the stream goes on: DMAs (at most 1, 2 on an
	 * Ethos-U65) and operations (at most 2) not waited for, oldest
	 * first; and the last operation, for BLOCKDEP. */
	CgAccess dma[2], npu[2];
	int ndma, nnpu;
	CgNpuOp prev;
	bool has_prev;
} CgEmit;

/* Appends the register writes and the NPU_OP_* command of op (with the
 * waits it needs and its BLOCKDEP). */
void cg_emit_op(CgEmit *e, const EthosUTarget *t, const CgNpuOp *op);
/* Appends a weight DMA (with the kernel wait it needs). */
void cg_emit_dma(CgEmit *e, const EthosUTarget *t, const CgDma *d);
/* The strides of a map in bytes (its view's, or its layout's), and
 * the byte offset of element (y, x, c) in its region (Vela's address
 * arithmetic; coordinates may lie outside the map). */
void cg_fm_strides(const CgFm *f, int64_t *sx, int64_t *sy, int64_t *sc);
int64_t cg_fm_addr(const CgFm *f, int64_t y, int64_t x, int64_t c);
/* The bytes of tile t (0-3) of f, from its first element to past its
 * last; false when the map has no elements in it. */
bool cg_fm_tile(const CgFm *f, int t, CgRange *r);
/* Does f's base and strides meet the hardware's alignment (16 bytes in
 * NHCWB16, the element size in NHWC)? Else *need is the alignment and
 * *what names the value that misses it. */
bool cg_fm_aligned(const CgFm *f, int64_t *need, const char **what);
/* Vela's BLOCKDEP of op after prev (NULL: none): how many of prev's
 * last OFM blocks op's first blocks may overlap, 0 to 3. */
int cg_blockdep(const EthosUTarget *t, const CgNpuOp *prev,
    const CgNpuOp *op);
/* The stream's first commands (NPU_SET_PARALLEL_MODE on an Ethos-U65). */
void cg_emit_begin(CgEmit *e, const EthosUTarget *t);
/* NPU_OP_STOP. */
void cg_emit_end(CgEmit *e);

/* The SHRAM layout of op's block configuration (Vela's try_block_config
 * for the configuration perf.c chose): sets ib_end, ab_start and
 * ib_start2. False when it does not fit. */
bool cg_shram_layout(const EthosUTarget *t, const EthosUQuery *q,
    CgNpuOp *op);

/* A COP1 driver payload: the configuration word of t and the stream.
 * malloc'd, *len bytes. */
uint8_t *cg_payload(const EthosUTarget *t, const CgEmit *e, size_t *len);

/* ------------------------------------------------------------ the pass */

/* The most operands or results of an ethos_u.stream (its verifier's). */
#define CG_MAX_IO 64
/* Arena and flash offsets stay below 2^31 (the op's attributes). */
#define CG_MAX_BYTES ((int64_t)1 << 31)
/* The room reserved for the preps of one npu op (an add: four; a
 * concat, one per input, makes its own room). */
#define CG_MAX_PREPS 16

/* One npu op of a run, prepared: its registers (feature-map addresses
 * still unset), its constant data, its feature-map values. */
typedef struct CgPrep {
	IrOp *op;
	bool alias;             /* a reshape: out is in's bytes */
	IrValue *in, *in2, *out;
	CgNpuOp n;
	IrValue *tmp;           /* out when it is a temporary of a lowering
	                           (owned: a value with no op and no uses) */
	bool in_flash, in2_flash; /* a constant map: its bytes are blob */
	/* Views: the IFM read at in_off bytes into in's map, the OFM
	 * written at out_off into out's map (a concat's part: the map is
	 * made by its first part, later parts only write). Either map is
	 * then NHWC. */
	uint64_t in_off, out_off;
	bool in_view, out_view, out_part;
	/* Views as addresses, no NPU operation: `view`, a slice of whole
	 * rows, out is in's buffer `rows` rows in (in_off bytes in NHWC);
	 * `member`, a concat operand along H, in is placed inside out's
	 * buffer `rows` rows in (out_off bytes in NHWC), so its producer
	 * writes it there. */
	bool view, member;
	int64_t rows;
	/* An int32 OFM kept in NHCWB16 (int32 maps are NHWC otherwise):
	 * the bricked temporaries of Vela's softmax. */
	bool wide_b16;
	uint8_t *blob;          /* weights and scales, a LUT or a constant
	                           map (flash) */
	size_t nblob;
	EthosuWeightRange *ranges;
	size_t nranges;
	/* What the weights were packed from, to pack them again in depth
	 * slices: wsrc reads them where they are (the constant's bytes, or
	 * wcopy, owned, for weights a lowering computed); wsrc.data NULL
	 * for an op without weights. scales owned. */
	EthosuWeightGeom geom;
	EthosuWeightSrc wsrc;
	int16_t *wcopy;
	EthosuScale *scales;
	bool packing;           /* weights still to pack (cg_pack_pending) */
	size_t blob_at;         /* where the blob lies in the flash */
	/* Weight buffering (codegen_wbuf.c): the weights DMA'd into one
	 * or two buffers (wbuf[k]: the index + 1 of the run's buffer) in
	 * nslices OFM depth slices, slice k into buffer k % 2. */
	int nslices;            /* 0: weights read from flash */
	int *depth;             /* nslices + 1 offsets */
	int64_t wsize[2];
	size_t wbuf[2];
	int64_t waddr[2];
	int wregion;
	/* A later stripe of a buffered op reads the buffer its first
	 * stripe filled (the index + 1 of that prep), which then lives to
	 * wend (a prep index + 1; 0: its own op). */
	size_t wshare;
	int64_t wend;
	struct CgPackJob *job;  /* its whole-depth packing, submitted to
	                           the pool and not yet taken */
	/* A buffered op's weights are first only measured (their depth
	 * slices are decided from the exact size): nblob and ranges are
	 * the whole packing's, blob NULL, and plans (owned, nplans) keep
	 * the encoder's choices for the whole packing when it is not
	 * sliced. */
	bool measured;
	EthosuMlwPlan **plans;
	size_t nplans;
} CgPrep;

/* The pass's state: the target and the run being collected. */
typedef struct Cg {
	IrContext *ctx;
	EthosUTarget t;
	bool dbl;               /* double rounding (TFLite Micro, Vela) */
	bool size;              /* optimise=size: buffers within the maps' peak */
	bool striped;           /* ethos-u-schedule ran: its stripes decide */
	PlannerAlgorithm planner;
	CgPrep *run;
	size_t n, cap;
	IrPtrMap in_run;        /* op -> itself, for the ops of the run */
	/* The function's NPU operations as the estimate sees them (its
	 * placement of maps and weights): op -> layer index + 1. */
	EthosULayers ls;
	IrPtrMap layer_of;
	int threads;            /* weight packing threads (1: the caller) */
	struct CgPool *pool;    /* the function's packing threads */
	/* Packings started before their run was collected (codegen.c's
	 * look-ahead), found by op (index + 1 in early). */
	struct CgEarly *early;
	size_t nearly;
	IrPtrMap early_of;
	size_t nadopted;        /* early packings a prep adopted */
	size_t nmeasured;       /* buffered preps measured before slicing */
	size_t nmeasured_whole; /* of those, not sliced: packed whole */
	IrOp *ahead;            /* the op that ended the run being flushed */
	bool look;              /* the look-ahead option */
} Cg;

/* Prepares op into one or more preps at the end of g's run (room for
 * CG_MAX_PREPS was reserved) (codegen_ops.c); false when it stays off
 * the stream (*fatal: an error was reported at it), the caller then
 * drops what was added. */
bool cg_prepare(Cg *g, IrOp *op, bool *fatal);
void cg_prep_free(CgPrep *p);

/* Weight packing on threads (codegen_jobs.c). A job is one
 * ethosu_weights_pack: its arguments (plain arrays the caller filled and
 * does not touch while the jobs run) and its results. */
typedef struct CgPackJob {
	EthosuWeightGeom geom;
	EthosuWeightSrc src;    /* no weights when src.data is NULL */
	const EthosuScale *scales;
	const int *depth;       /* nslices + 1 OFM depth offsets */
	int nslices;
	/* A malloc'd buffer of at least nreuse bytes the job packs into
	 * (it takes it; NULL: a fresh one): the blob of the same weights
	 * packed whole, when they are packed again in slices. */
	uint8_t *reuse;
	size_t nreuse;
	bool ok;                /* else err says why */
	uint8_t *blob;          /* malloc'd results */
	size_t nblob;
	EthosuWeightRange *ranges;
	size_t nranges;
	EthosuWeightError err;
	int state;              /* CG_JOB_*: the pool's */
	int whole[2];           /* depth's room for one whole slice */
	/* measure: ethosu_weights_pack_size instead (blob stays NULL;
	 * nblob and the ranges are the packing's), its encoder plans in
	 * plans (owned, one per range). Else plans (borrowed, or NULL)
	 * are followed by the packing. */
	bool measure;
	EthosuMlwPlan **plans;
} CgPackJob;
enum { CG_JOB_NEW, CG_JOB_QUEUED, CG_JOB_RUNNING, CG_JOB_DONE };

/* The most threads ethos-u-codegen packs weights on. */
#define CG_MAX_THREADS 4
/* The most weight values a pool encodes at once (codegen_jobs.c: the
 * encoder's scratch grows with them); a larger job runs alone. */
#define CG_POOL_VALUES ((size_t)2 << 20)
/* The threads option's count: n itself (at most CG_MAX_THREADS), or for
 * 0 the online CPUs (at most CG_MAX_THREADS). */
int cg_threads(int64_t n);
/* Runs jobs[0..n) on `threads` threads, the caller's among them
 * (1: all on the caller's, no thread started), largest first; each
 * job's results are the same whatever the count and timing. */
void cg_pack_jobs(CgPackJob *jobs, size_t n, int threads);
/* Frees a job's results (what was not taken). */
void cg_pack_job_free(CgPackJob *j);
/* A pool of packing threads that work while the pass goes on: jobs are
 * submitted as soon as their arguments are known and waited for in the
 * order the pass needs them. `threads` counts the caller's (1: no thread
 * started, each job runs when waited for). */
typedef struct CgPool CgPool;
CgPool *cg_pool_create(int threads);
/* Queues j (which stays valid, and its arguments untouched, until it is
 * waited for or forgotten). */
void cg_pool_submit(CgPool *p, CgPackJob *j);
/* Returns when j has run: the caller runs it when it is still queued,
 * else helps with the largest queued job meanwhile. */
void cg_pool_wait(CgPool *p, CgPackJob *j);
/* Drops j from the queue, or waits while it runs. */
void cg_pool_forget(CgPool *p, CgPackJob *j);
/* Stops the threads (every job waited for or forgotten first). */
void cg_pool_destroy(CgPool *p);
/* A packing the look-ahead started: the op it was prepared from, its
 * job (NULL once a prep adopted it) and the inputs it owns. */
typedef struct CgEarly {
	IrOp *op;
	CgPackJob *job;
	int16_t *wcopy;
	EthosuScale *scales;
} CgEarly;
/* Waits for the look-ahead's packing of op, if any. */
void cg_early_wait(Cg *g, IrOp *op);
/* Waits for every packing the look-ahead has started. */
void cg_early_wait_all(Cg *g);
/* Waits for or drops the look-ahead's packings no prep adopted, and
 * frees them. */
void cg_early_free(Cg *g);
/* A new job packing p's weights whole (one slice, all its depth),
 * reading p's inputs (which must outlive it). */
CgPackJob *cg_whole_job(const CgPrep *p);
/* The first job for p's weights: a measure when p is a buffered op
 * that may be cut in depth slices (cg_wbuf_may_slice), else its
 * whole-depth packing (cg_whole_job). */
CgPackJob *cg_first_job(const Cg *g, const CgPrep *p);
/* Submits the first job (cg_first_job) of every prep cg_prepare left to
 * pack (adopting the look-ahead's when it packs the same). */
void cg_pack_submit(Cg *g);
/* Waits for prep i's packing (if any) and points its weight and scale
 * registers at it; false when it cannot be packed, reported at the op
 * when `report`. */
bool cg_pack_take(Cg *g, size_t i, bool report);
/* Moves j's packed blob and ranges into p (freeing p's own). */
void cg_take_blob(CgPrep *p, CgPackJob *j);
/* Packs the weights of every prep of the run that cg_prepare left to
 * pack (all at once, on g->threads threads) and points its weight and
 * scale registers at them. False (reported at the op, in the run's
 * order) when one cannot be packed. */
bool cg_pack_pending(Cg *g);

/* Weight buffering (codegen_wbuf.c). cg_wbuf_decide: which preps get
 * their weights DMA'd into buffers (the estimate's placement), in which
 * depth slices (perf.c's rule, Vela's), packing them again per slice
 * (all slices of the run at once, on g->threads threads); false when
 * one cannot be packed (reported at its op). cg_wbuf_emit: a prep's
 * operations, with the DMA before each slice. */
bool cg_wbuf_decide(Cg *g);
/* Are p's weights DMA'd into buffers (the estimate's placement)? May
 * they be cut into depth slices (buffered, and not a cascade's
 * stripe)? */
bool cg_wbuf_buffered(const Cg *g, const CgPrep *p);
bool cg_wbuf_may_slice(const Cg *g, const CgPrep *p);
/* The estimate's layers of a function's ops (cg_wbuf_layers_free
 * frees them). */
void cg_wbuf_layers(Cg *g, IrBlock *blk);
void cg_wbuf_layers_free(Cg *g);
void cg_wbuf_emit(CgEmit *e, const EthosUTarget *t, const CgPrep *p);
/* The map of v as the NPU sees it: NHWC, leading dims folded into H. */
void cg_fm_of(const IrValue *v, CgFm *f);

/* A value in a rolling buffer: one stripe of a producer that
 * ethos-u-schedule marked `ethos_u.ring = [rows, first row]`, or a
 * `rows` slice of one (a `rows` concat of such values is a window of
 * the ring, codegen_ops.c). The buffer is a ring of
 * `rows` rows shared by the producer's stripes (id: its
 * `ethos_u.stripe` op number); the value's first row of the
 * producer's whole output is `row`, at ring row `row % rows`
 * (codegen.c). */
typedef struct CgRing {
	int64_t id, rows, row;
	IrOp *op;               /* the stripe that writes the value's rows */
} CgRing;
bool cg_ring_of(const IrValue *v, CgRing *r);

#endif /* NPUIR_ETHOS_U_CODEGEN_H */
