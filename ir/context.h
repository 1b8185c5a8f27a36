/* ir/context.h: the private IrContext layout and the uniquing tables
 * shared by context.c, type.c, attr.c, loc.c and diag.c. */
#ifndef NPUIR_CONTEXT_H
#define NPUIR_CONTEXT_H

#include "ir/internal.h"

/* An open-addressing hash set of uniqued objects (power-of-two capacity,
 * linear probing, grows at 3/4 load). Objects are compared by the
 * caller's equality callback; the table stores each object's hash. */
typedef struct IrTable {
	size_t cap, len;
	/* A slot holds the hash beside the object, so a probe touches one
	 * cache line. */
	struct IrTableSlot {
		uint64_t hash;
		void *obj;        /* NULL: empty slot */
	} *slots;
} IrTable;

/* Equality of a stored object with the lookup key. */
typedef bool (*IrTableEq)(const void *obj, const void *key);

/* The stored object equal to key (hash h), or NULL. */
void *ir_table_find(const IrTable *t, uint64_t h, IrTableEq eq,
    const void *key);
/* The slot of the object equal to key (hash h), or the empty slot where
 * it goes (the table has grown for it first): fill in obj and hash and
 * count it in len. One probe for find-or-insert. */
struct IrTableSlot *ir_table_probe(IrTable *t, uint64_t h, IrTableEq eq,
    const void *key);
/* Inserts obj, which must not be in the table yet. */
void ir_table_insert(IrTable *t, uint64_t h, void *obj);
void ir_table_free(IrTable *t);

/* XXH3-64 (seed 0) of n words: the structural hash of a uniqued object
 * is this over its fields, with sub-objects given by their hash. */
uint64_t ir_hash_words(const uint64_t *w, size_t n);
/* XXH3-64 (seed 0) of n bytes. */
uint64_t ir_hash_bytes(const void *p, size_t n);

struct IrContext {
	IrArena arena;             /* every uniqued object */
	bool allow_unregistered;
	IrTable idents, types, attrs, affine, locs, opnames;
	/* Made on first use: asked for by nearly every op created. */
	const IrLoc *unknown_loc;
	const IrAttr *empty_dict;
	/* ir/loc.c: the first file location made for each line of one file
	 * (byline_file), by line; other file locations go to locs. Kept
	 * outside the table because a pass that looks at every op's
	 * location (a rewrite sets its builder's to the op's) makes one per
	 * parsed op. */
	const IrIdent *byline_file;
	const IrLoc **byline;
	size_t bylinecap;
	/* ir/loc.c: the files lazy location references point at. */
	const IrIdent **lazyfiles;
	size_t nlazyfiles, lazyfilecap;
	/* Registered op definitions in registration order. */
	const IrOpDef **defs;
	size_t ndefs, defcap;
	/* Diagnostics. */
	IrDiagHandler handler;     /* NULL: print to stderr */
	void *handler_user;
	unsigned nerrors;
	const IrLoc *diag_prev_loc; /* of the last diagnostic printed */
	/* Source buffers, oldest first. */
	IrSource **sources;
	char **owned;              /* sources[i]'s bytes, freed with ctx */
	size_t nsources, srccap;
	/* Mapped inputs that attributes borrow from, unmapped with ctx. */
	struct { void *p; size_t n; } *maps;
	size_t nmaps;
	/* ir/op.c: where ops are allocated (NULL until the first). */
	struct IrOpPool *oppool;
	/* ir/pass.c: passes, constant materializers and loaded plugins,
	 * created on first use. */
	struct IrPassRegistry *passes;
};

#endif /* NPUIR_CONTEXT_H */
