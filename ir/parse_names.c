/* ir/parse_names.c: the parser's SSA name table: names hashed into
 * cells by prefix and number, bindings scoped by region (isolated
 * regions hide outer names), placeholders for uses before definitions
 * and the errors when they are never defined. */
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"
#include "ir/parser.h"

/* Bindings below this index are hidden by an isolated region. */
static size_t
barrier(IrParser *p)
{
	size_t i;

	for (i = p->nregions; i-- > 0;)
		if (p->regions[i]->isolated)
			return p->regions[i]->bind_base;
	return 0;
}

/* The slot of name s[0..len) (hash h) in the name table: its own, or
 * the empty one where it would go. */
static struct NameSlot *
name_slot(IrParser *p, const char *s, size_t len, uint64_t h)
{
	size_t mask = p->nscap - 1, i;

	for (i = h & mask;; i = (i + 1) & mask) {
		struct NameSlot *e = &p->nslots[i];

		if (!e->s || (e->hash == h && e->len == len &&
		    memcmp(e->s, s, len) == 0))
			return e;
	}
}

/* The slot of a name, added (with an empty cell) when new. A name
 * keeps its cell in hcells while the table grows, so a binding can
 * find it again by index. */
static struct NameSlot *
name_add(IrParser *p, const char *s, size_t len, uint64_t h)
{
	struct NameSlot *e;

	if ((p->nsused + 1) * 4 > p->nscap * 3) {
		struct NameSlot *old = p->nslots;
		size_t oldcap = p->nscap, i;

		p->nscap = oldcap ? oldcap * 2 : 256;
		p->nslots = ir_xcalloc(p->nscap, sizeof *p->nslots);
		for (i = 0; i < oldcap; i++)
			if (old[i].s)
				*name_slot(p, old[i].s, old[i].len,
				    old[i].hash) = old[i];
		free(old);
	}
	e = name_slot(p, s, len, h);
	if (!e->s) {
		IR_P_GROW(p->hcells, p->nsused, p->hcellcap);
		e->s = s;
		e->len = len;
		e->hash = h;
		e->cell = (uint32_t)p->nsused;
		p->hcells[p->nsused++] = 0;
	}
	return e;
}

/* Splits a name into a short non-digit prefix (packed little-endian
 * into *key, its length into *plen) and a canonical decimal number below
 * IR_P_FLAT_NAMES (`v12` -> "v", 12; `7` -> "", 7). */
static bool
name_split(const char *s, size_t len, uint64_t *key, size_t *plen,
    size_t *n)
{
	uint64_t k = 0;
	size_t i = 0, v, digits;

	for (; i < len && (unsigned)(s[i] - '0') > 9; i++) {
		if (i == IR_P_PREFIX_LEN)
			return false;
		k |= (uint64_t)(unsigned char)s[i] << (8 * i);
	}
	digits = len - i;
	if (digits == 0 || digits > 7 || (s[i] == '0' && digits > 1))
		return false;
	*key = k;
	*plen = i;
	for (v = 0; i < len; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (d > 9)
			return false;
		v = v * 10 + d;
	}
	*n = v;
	return v < IR_P_FLAT_NAMES;
}

/* The flat array of the prefix packed in key (len bytes), registered
 * when add is true and there is room; NULL otherwise. A prefix never
 * changes between flat and hashed: it is registered before its first
 * name is added, and names of a prefix found later go to the table only
 * while all IR_P_PREFIXES slots are taken, which stays so. */
static NamePrefix *
name_prefix(IrParser *p, uint64_t key, size_t len, bool add)
{
	size_t i;

	for (i = 0; i < p->nprefixes; i++)
		if (p->prefixes[i].key == key && p->prefixes[i].len == len)
			return &p->prefixes[i];
	if (!add || p->nprefixes == IR_P_PREFIXES)
		return NULL;
	p->prefixes[p->nprefixes].key = key;
	p->prefixes[p->nprefixes].len = len;
	return &p->prefixes[p->nprefixes++];
}

/* Makes room in a flat name array for name n. The new array comes from
 * calloc, so its pages cost nothing until used. */
static void
prefix_grow(NamePrefix *np, size_t n)
{
	size_t cap = np->cap ? np->cap : 1024;
	uint32_t *cells;

	while (cap <= n)
		cap *= 2;
	cells = ir_xcalloc(cap, sizeof *cells);
	if (np->cap) {
		ir_mem_populate(cells, np->cap * sizeof *cells);
		memcpy(cells, np->cells, np->cap * sizeof *cells);
	}
	free(np->cells);
	np->cells = cells;
	np->cap = cap;
}

/* Where a name's cell is (Binding.cell), so popping a binding needs
 * neither its name nor a lookup: a flat name's prefix index + 1 above
 * FLAT_SHIFT and its number below; a hashed name's index in hcells with
 * CELL_HASHED set (2^31 names would need a table of over 64 GiB). */
#define FLAT_SHIFT 24
#define CELL_HASHED 0x80000000u

/* The cell holding the newest binding of a name; NULL when the name has
 * none and add is false. *code (if not NULL) gets where the cell is
 * (see FLAT_SHIFT; set when the result is not NULL). */
static uint32_t *
name_cell_code(IrParser *p, const char *s, size_t len, bool add,
    uint32_t *code)
{
	struct NameSlot *e;
	NamePrefix *np;
	uint64_t h, key;
	size_t n, plen;

	if (name_split(s, len, &key, &plen, &n) &&
	    (np = name_prefix(p, key, plen, add)) != NULL) {
		if (n >= np->cap) {
			if (!add)
				return NULL;
			prefix_grow(np, n);
		}
		if (code)
			*code = (uint32_t)((size_t)(np - p->prefixes + 1) <<
			    FLAT_SHIFT | n);
		return &np->cells[n];
	}
	h = ir_hash_bytes(s, len);
	if (add)
		e = name_add(p, s, len, h);
	else if (!p->nscap || !(e = name_slot(p, s, len, h))->s)
		return NULL;
	if (code)
		*code = CELL_HASHED | e->cell;
	return &p->hcells[e->cell];
}

/* The cell a binding's cell code names. */
uint32_t *
ir_p_code_cell(IrParser *p, uint32_t code)
{
	if (code & CELL_HASHED)
		return &p->hcells[code & ~CELL_HASHED];
	return &p->prefixes[(code >> FLAT_SHIFT) - 1].cells[code &
	    ((1u << FLAT_SHIFT) - 1)];
}

static uint32_t *
name_cell(IrParser *p, const char *s, size_t len, bool add)
{
	return name_cell_code(p, s, len, add, NULL);
}

/* Is b a definition (not only placeholders)? */
bool
ir_p_bind_defined(const Binding *b)
{
	BindGroup *g = ir_p_bind_group(b);

	return g ? g->defined : b->v.one != NULL;
}

/* How many values (or placeholder slots) b has. */
static unsigned
bind_nvals(const Binding *b)
{
	BindGroup *g = ir_p_bind_group(b);

	return g ? g->n : b->v.one != NULL;
}

/* The values of b (bind_nvals of them). */
static IrValue **
bind_vals(Binding *b)
{
	BindGroup *g = ir_p_bind_group(b);

	return g ? g->vals : &b->v.one;
}

/* Drops b's values: no longer defined. */
static void
bind_clear(Binding *b)
{
	free(ir_p_bind_group(b));
	b->v.one = NULL;
}

/* Grows the placeholder group of b (not defined) to n slots (new ones
 * NULL). */
static void
bind_grow(Binding *b, unsigned n)
{
	BindGroup *g = ir_p_bind_group(b);
	unsigned old = g ? g->n : 0;

	g = ir_xrealloc(g, sizeof *g + n * sizeof g->vals[0]);
	memset(g->vals + old, 0, (n - old) * sizeof g->vals[0]);
	g->n = n;
	g->defined = false;
	b->v.group = (uintptr_t)g + 1;
}

/* Makes b the definition of vals[0..n) (n >= 1, none NULL). */
static void
bind_set(Binding *b, IrValue **vals, unsigned n)
{
	BindGroup *g;

	bind_clear(b);
	if (n == 1) {
		b->v.one = vals[0];
		return;
	}
	g = ir_xmalloc(sizeof *g + n * sizeof g->vals[0]);
	memcpy(g->vals, vals, n * sizeof *vals);
	g->n = n;
	g->defined = true;
	b->v.group = (uintptr_t)g + 1;
}

/* The token position of b's definition or first use, for messages
 * (so slow: only on error paths). The lexer counts lines at each '\n'
 * of the one source buffer, as ir_source_linecol does. */
IrToken
ir_p_bind_tok(IrParser *p, const Binding *b)
{
	IrToken t;

	memset(&t, 0, sizeof t);
	t.s = b->at;
	t.off = (size_t)(b->at - p->src->data);
	ir_source_linecol(p->src, t.off, &t.line, &t.col);
	return t;
}

/* Does b belong to the innermost region scope (rather than one around
 * it)? Each scope's bindings lie at or above its bind_base. */
static bool
bind_is_local(IrParser *p, const Binding *b)
{
	RegionFrame *r = ir_p_top_region(p);

	return !r || (size_t)(b - p->binds) >= r->bind_base;
}

/* The visible binding whose index+1 is in cell (NULL: none). */
static Binding *
cell_binding(IrParser *p, const uint32_t *cell)
{
	size_t i = cell ? *cell : 0;

	if (i == 0 || i - 1 < barrier(p))
		return NULL;
	return &p->binds[i - 1];
}

static Binding *
lookup(IrParser *p, const char *name, size_t len)
{
	return cell_binding(p, name_cell(p, name, len, false));
}

/* A big binding array is mapped in BIND_POPULATE records at a time,
 * just ahead of the ones being written (ir_mem_populate). */
enum { BIND_POPULATE = 8192 };

static void
bind_populate(IrParser *p)
{
	size_t n = p->bindcap - p->nbinds;

	if (n > BIND_POPULATE)
		n = BIND_POPULATE;
	ir_mem_populate(&p->binds[p->nbinds], n * sizeof *p->binds);
}

/* A new binding (at: its `%`) in cell (code: where that is), hiding
 * the binding there. */
Binding *
ir_p_bind_push_at(IrParser *p, uint32_t *cell, uint32_t code, const char *at)
{
	Binding *b;

	IR_P_GROW(p->binds, p->nbinds, p->bindcap);
	if (p->nbinds % BIND_POPULATE == 0 && p->bindcap > BIND_POPULATE)
		bind_populate(p);
	b = &p->binds[p->nbinds];
	memset(b, 0, sizeof *b);
	b->at = at;
	b->cell = code;
	b->shadow = *cell;
	p->nbinds++;
	*cell = (uint32_t)p->nbinds;
	return b;
}

/* A new binding of name[0..len) (at: its `%`). */
static Binding *
bind_push(IrParser *p, const char *name, size_t len, const char *at)
{
	uint32_t code;
	uint32_t *cell = name_cell_code(p, name, len, true, &code);

	return ir_p_bind_push_at(p, cell, code, at);
}

void
ir_p_bind_pop(IrParser *p)
{
	Binding *b = &p->binds[--p->nbinds];

	*ir_p_code_cell(p, b->cell) = b->shadow;
	bind_clear(b);
}

static IrValue *
placeholder(IrParser *p, const IrType *t)
{
	IrOpState st;
	IrOp *op;

	memset(&st, 0, sizeof st);
	st.name = p->ph_name;
	st.nresults = 1;
	st.result_types = &t;
	op = ir_op_create(p->ctx, &st);
	IR_P_GROW(p->placeholders, p->nph, p->phcap);
	p->placeholders[p->nph++] = op;
	return ir_op_result(op, 0);
}

static void
fail_types(IrParser *p, const IrToken *tok, const char *fmt,
    const OperandRef *r, const IrType *a, const IrType *b)
{
	char *sa = ir_type_str(a), *sb = ir_type_str(b);

	ir_p_fail(p, tok, fmt, (int)r->namelen, r->name, sa, sb);
	free(sa);
	free(sb);
}

/* The value a use `%name#index : t` refers to; a placeholder when the
 * name is not defined yet. */
IrValue *
ir_p_use_value(IrParser *p, const OperandRef *r, const IrType *t)
{
	Binding *b = lookup(p, r->name, r->namelen);
	IrValue *v;

	if (!b)
		b = bind_push(p, r->name, r->namelen, r->tok.s);
	if (ir_p_bind_defined(b) && r->index >= bind_nvals(b)) {
		ir_p_fail(p, &r->tok, "reference to invalid result number");
		return NULL;
	}
	if (!ir_p_bind_defined(b) && r->index >= 65536) {
		/* Placeholders are kept densely; bound what one token may
		 * allocate. */
		ir_p_fail(p, &r->tok, "forward reference to result #%u is out "
		    "of range (limit 65535)", r->index);
		return NULL;
	}
	if (!ir_p_bind_defined(b) && r->index >= bind_nvals(b))
		bind_grow(b, r->index + 1);
	v = bind_vals(b)[r->index];
	if (!v) {
		v = bind_vals(b)[r->index] = placeholder(p, t);
		return v;
	}
	if (v->type != t) {
		fail_types(p, &r->tok, "use of value '%%%.*s' expects "
		    "different type than prior uses: '%s' vs '%s'", r, t,
		    v->type);
		IrToken use = ir_p_bind_tok(p, b);

		ir_emit_note(p->ctx, ir_p_tok_loc(p, &use), "prior use here");
		return NULL;
	}
	return v;
}

/* Binds a forward-referenced placeholder group to its definition
 * (tok: `%name`, name: name[0..namelen)). */
static void
resolve(IrParser *p, Binding *b, const IrToken *tok, const char *name,
    size_t namelen, IrValue **vals, unsigned n)
{
	IrToken use;
	unsigned i;

	for (i = 0; i < bind_nvals(b) && !p->failed; i++) {
		IrValue *ph = bind_vals(b)[i];

		if (!ph)
			continue;
		if (i >= n) {
			use = ir_p_bind_tok(p, b);
			ir_p_fail(p, &use, "reference to invalid result "
			    "number");
			return;
		}
		if (ph->type != vals[i]->type) {
			char *sa = ir_type_str(vals[i]->type);
			char *sb = ir_type_str(ph->type);

			ir_p_fail(p, tok, "definition of SSA value '%%%.*s#%u' "
			    "has type '%s'", (int)namelen, name, i, sa);
			use = ir_p_bind_tok(p, b);
			ir_emit_note(p->ctx, ir_p_tok_loc(p, &use),
			    "previously used here with type '%s'", sb);
			free(sa);
			free(sb);
			return;
		}
		ir_value_replace_all_uses(ph, vals[i]);
	}
}

Binding *
ir_p_binding(IrParser *p, const char *name, size_t len)
{
	return lookup(p, name, len);
}

uint32_t *
ir_p_name_cell(IrParser *p, const char *name, size_t len, uint32_t *code)
{
	return name_cell_code(p, name, len, true, code);
}

Binding *
ir_p_cell_binding(IrParser *p, const uint32_t *cell)
{
	return cell_binding(p, cell);
}

/* Makes b (new) the definition of the single value v (not NULL). */
static void
bind_one(Binding *b, IrValue *v)
{
	b->v.one = v;
}

void
ir_p_define_at(IrParser *p, uint32_t *cell, uint32_t code,
    const IrToken *tok, IrValue *v)
{
	bind_one(ir_p_bind_push_at(p, cell, code, tok->s), v);
}

void
ir_p_define_new(IrParser *p, const IrToken *tok, IrValue *v)
{
	bind_one(bind_push(p, tok->s + 1, tok->len - 1, tok->s), v);
}

/* Defines `%name` (tok: `%name`) as the group vals[0..n). */
void
ir_p_define(IrParser *p, const IrToken *tok, const char *name,
    size_t namelen, IrValue **vals, unsigned n)
{
	uint32_t *cell, code;
	Binding *b;

	if (p->failed)
		return;
	/* One name lookup: the cell is made now if the name is new. */
	cell = name_cell_code(p, name, namelen, true, &code);
	b = cell_binding(p, cell);
	if (b && ir_p_bind_defined(b)) {
		ir_p_fail(p, tok, "redefinition of SSA value '%%%.*s'",
		    (int)namelen, name);
		IrToken use = ir_p_bind_tok(p, b);

		ir_emit_note(p->ctx, ir_p_tok_loc(p, &use),
		    "previously defined here");
		return;
	}
	if (b && bind_is_local(p, b)) {
		resolve(p, b, tok, name, namelen, vals, n);
		if (p->failed)
			return;
	} else {
		b = ir_p_bind_push_at(p, cell, code, tok->s);
	}
	bind_set(b, vals, n);
	b->at = tok->s;
}

/* `%name` or `%name#N` -> name and N. */
void
ir_p_value_ref(IrParser *p, const IrToken *tok, OperandRef *r)
{
	const char *hash = memchr(tok->s, '#', tok->len);
	size_t len = hash ? (size_t)(hash - tok->s) : tok->len;

	r->tok = *tok;
	r->name = tok->s + 1;
	r->namelen = len - 1;
	r->index = 0;
	if (hash) {
		IrToken n = *tok;
		uint64_t v;

		n.s = hash + 1;
		n.len = tok->len - len - 1;
		if (!ir_p_tok_u64(&n, &v) || v > 0xffffffu) {
			ir_p_fail(p, tok, "invalid SSA value result number");
			return;
		}
		r->index = (unsigned)v;
	}
}
