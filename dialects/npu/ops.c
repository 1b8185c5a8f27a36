/* dialects/npu/ops.c: the npu dialect's tables, expanded from
 * ops.def. */
#include "dialects/npu/npu.h"
#include "interp/interp.h"

#define OPS_UPPER NPU
#define OPS_LOWER npu
#define OPS_DEF "dialects/npu/ops.def"
#include "dialects/ops_expand.h"

const Dialect npu_dialect = {
	.name = "npu",
	.doc = "What an NPU executes: integer ops on i8/i16 storage "
	    "(quantization on the types, `!quant.uniform` or plain storage "
	    "integers) with TFLite's fused requantization epilogue: int32 "
	    "accumulators, per-channel `multiplier`/`shift` "
	    "(QuantizeMultiplier "
	    "pairs), input/weight/output zero points and an activation clamp "
	    "`act_min`/`act_max`. The reference interpreter runs them bit "
	    "exact with TFLite's reference kernels (double rounding). Layout "
	    "is NHWC, weights OHWI (1HWO for depthwise). What the NPU cannot "
	    "run stays as graph ops inside `npu.cpu` regions.",
	.ops = npu_ops,
	.nops = NPU_NUM_OPS,
	.attrs = npu_attrs,
	.nattrs = sizeof npu_attrs / sizeof npu_attrs[0],
};
