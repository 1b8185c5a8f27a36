/* interp/broadcast.c: numpy broadcasting walks (see broadcast.h). */
#include <string.h>

#include "interp/broadcast.h"

void
ir_broadcast_strides(const IrTensor *t, const IrTensor *out, int64_t *st)
{
	int ro = (int)out->type->u.shaped.rank;
	int rt = (int)t->type->u.shaped.rank, k;
	int64_t s = 1;

	for (k = ro - 1; k >= 0; k--) {
		int kt = k - (ro - rt);
		int64_t d = kt >= 0 ? t->type->u.shaped.dims[kt] : 1;

		st[k] = d == 1 ? 0 : s;
		s *= d;
	}
}

bool
ir_broadcast_init(IrBroadcast *bc, const IrTensor *a, const IrTensor *b,
    const IrTensor *out)
{
	memset(bc, 0, sizeof *bc);
	if (out->type->u.shaped.rank > IR_BROADCAST_MAX_RANK)
		return false;
	bc->rank = (int)out->type->u.shaped.rank;
	bc->dims = out->type->u.shaped.dims;
	ir_broadcast_strides(a, out, bc->sa);
	if (b)
		ir_broadcast_strides(b, out, bc->sb);
	return true;
}
