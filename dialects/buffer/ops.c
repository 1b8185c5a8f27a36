/* dialects/buffer/ops.c: the buffer dialect's tables, expanded from
 * ops.def. */
#include "dialects/buffer/buffer.h"
#include "interp/interp.h"

#define OPS_UPPER BUFFER
#define OPS_LOWER buffer
#define OPS_DEF "dialects/buffer/ops.def"
#include "dialects/ops_expand.h"

const Dialect buffer_dialect = {
	.name = "buffer",
	.doc = "Memory: allocations in memory spaces (\"sram\", "
	    "\"dram\", \"flash\", carried by memref types as a string "
	    "memory space), typed views at byte offsets with strides (reshape, "
	    "slice and concat without copies), copies, and after memory "
	    "planning one `buffer.arena` per memory space with each tensor a "
	    "view at a fixed offset and weights in `buffer.constant` "
	    "read-only data. memrefs hold storage types (i8, i16, i32, f32); "
	    "quantization parameters stay on the ops.",
	.ops = buffer_ops,
	.nops = BUFFER_NUM_OPS,
	.attrs = buffer_attrs,
	.nattrs = sizeof buffer_attrs / sizeof buffer_attrs[0],
};
