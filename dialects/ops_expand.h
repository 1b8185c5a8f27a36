/* dialects/ops_expand.h: expands a dialect's ops.def into its attribute
 * and op tables; included once by each dialect's ops.c. */

/* Before including, define OPS_UPPER (the enum prefix, e.g. GRAPH),
 * OPS_LOWER (the symbol prefix, e.g. graph) and OPS_DEF (the quoted
 * path of the ops.def). This defines the file-static tables
 * <lower>_attrs[] and <lower>_ops[<UPPER>_NUM_OPS], whose rows point at
 * <lower>_verify_<h>, <lower>_infer_<h>, <lower>_fold_<h> and
 * <lower>_interpret_<h> (the IrOpDef's fold and interpret hooks: a row
 * naming a hook nobody defines does not link; the dialect header maps
 * `none` to NULL) and <lower>_dialect. Ids are pasted as `_##id` before
 * the prefix is added, so an op id that is also a trait name
 * (ELEMENTWISE) is not expanded. */
#ifndef NPUIR_OPS_EXPAND_H
#define NPUIR_OPS_EXPAND_H

#define OPS_CAT_(a, b) a##b
#define OPS_CAT(a, b) OPS_CAT_(a, b)

/* The trait names the ops.def tables use. */
#define PURE IR_TRAIT_PURE
#define COMMUTATIVE IR_TRAIT_COMMUTATIVE
#define ELEMENTWISE IR_TRAIT_ELEMENTWISE
#define SAME_SHAPE IR_TRAIT_SAME_SHAPE
#define TERMINATOR IR_TRAIT_TERMINATOR
#define RETURN_LIKE IR_TRAIT_RETURN_LIKE
#define ISOLATED IR_TRAIT_ISOLATED
#define SINGLE_BLOCK IR_TRAIT_SINGLE_BLOCK
#define INF INFINITY

static const DialectAttrSpec OPS_CAT(OPS_LOWER, _attrs)[] = {
#define ATTR(op, nm, kind, req, dflt, lo, hi, count, allowed, doc) \
	{ OPS_CAT(OPS_UPPER, _##op), nm, DIALECT_ATTR_##kind, \
	  DIALECT_##req, dflt, lo, hi, count, allowed, doc },
#include OPS_DEF
};

static const DialectOpInfo
    OPS_CAT(OPS_LOWER, _ops)[OPS_CAT(OPS_UPPER, _NUM_OPS)] = {
#define OP(oid, oname, lo, hi, nres, nreg, tr, v, i, f, k, ins, outs, doc) \
	[OPS_CAT(OPS_UPPER, _##oid)] = { \
		.def = { \
			.name = oname, \
			.traits = (tr) & ~DIALECT_NO_INFER, \
			.min_operands = lo, .max_operands = hi, \
			.nresults = nres, .nregions = nreg, \
			.summary = doc, \
			.verify = dialect_verify_op, \
			.fold = OPS_CAT(OPS_LOWER, _fold_##f), \
			.interpret = OPS_CAT(OPS_LOWER, _interpret_##k), \
			.infer_types = (tr) & DIALECT_NO_INFER ? NULL : \
			    OPS_CAT(OPS_LOWER, _infer_##i), \
			.dialect_data = &OPS_CAT(OPS_LOWER, _ops) \
			    [OPS_CAT(OPS_UPPER, _##oid)], \
		}, \
		.dialect = &OPS_CAT(OPS_LOWER, _dialect), \
		.id = OPS_CAT(OPS_UPPER, _##oid), \
		.verify = OPS_CAT(OPS_LOWER, _verify_##v), \
		.operands = ins, .results = outs, \
	},
#include OPS_DEF
};

#endif
