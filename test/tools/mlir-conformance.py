#!/usr/bin/env python3
# Compares npu-opt with mlir-opt-14 on MLIR's own parser/printer tests.
#
# Usage:
#   test/tools/mlir-conformance.py [--npu-opt P] [--mlir-opt P]
#       [--report DIR] [--timeout S] FILE_OR_DIR...
#
# The test files are not part of npu-ir (see docs/testing.md, "MLIR's IR
# tests", for how to get them). Each file is split on '// -----'; each
# chunk is rewritten to MLIR 14's spellings and cut into units of one
# top-level op each; every unit goes to both tools and is put in one class
# (CLASSES below). The counts go to stdout, the details (unit text, both
# outputs) to the report directory: one file per unit, named after its
# class, plus summary.txt.

import argparse
import os
import re
import subprocess
import sys
import tempfile

# Rewrites from spellings newer than MLIR 14 to MLIR 14's. Each is
# (pattern, replacement, why). Applied in order, to every chunk.
REWRITES = [
	(r"\bfunc\.func\b", "func",
	 "func dialect split from builtin after 14: func.func is builtin func"),
	(r"\bfunc\.(return|call_indirect|call|constant)\b", r"\1",
	 "func.return/call/constant were std.return/call/constant"),
	(r"\bcf\.(br|cond_br|switch|assert)\b", r"\1",
	 "cf dialect split from std after 14: cf.br is std br"),
	(r"(?m)^(\s*![\w.$]+\s*=\s*)(?!type\b)", r"\1type ",
	 "type aliases were written '!a = type T' in 14"),
]

# Dialects whose custom (pretty) op syntax npu-opt cannot read: it
# registers builtin, func, cf and its own dialects only. A unit that uses
# one of these ops in custom form and that npu-opt rejects is counted as
# "needs a dialect npu-opt lacks". std's custom ops other than those
# npu-opt reads under their func/cf names count too.
MISSING_DIALECTS = (
	"acc affine amx arith arm_neon arm_sve async bufferization complex "
	"dlti emitc gpu linalg llvm math memref nvvm omp pdl pdl_interp "
	"rocdl scf shape sparse_tensor spv tensor test tosa vector "
	"x86vector ml_program transform index ub").split()
STD_CUSTOM = (
	"addi addf subi subf muli mulf cmpi cmpf select "
	"index_cast splat alloc dealloc load store dim tensor_load "
	"extract_element rank memref_cast tensor_cast view subview "
	"atomic_rmw generic_atomic_rmw").split()

CLASSES = [
	("same", "both accept, print identically"),
	("differ", "both accept, print differently"),
	("npu-rejects-dialect",
	 "mlir accepts, npu rejects: needs a dialect npu-opt lacks"),
	("npu-rejects", "mlir accepts, npu rejects: other"),
	("npu-accepts-dialect",
	 "mlir rejects, npu accepts: a verifier of a dialect npu lacks"),
	("npu-accepts", "mlir rejects, npu accepts: other"),
	("both-reject", "both reject"),
	("crash", "a tool crashed or timed out"),
]

COMMENT = re.compile(r"^\s*//")
SPLIT = re.compile(r"(?m)^// -----.*$")
ALIAS_DEF = re.compile(r"^\s*([#!][\w.$-]+)\s*=")
ALIAS_USE = re.compile(r"[#!][A-Za-z_][\w.$-]*")
SSA_DEF = re.compile(r"^\s*(%[\w.$-]+)(?::\d+)?\s*(?:,\s*(%[\w.$-]+)"
		     r"(?::\d+)?\s*)*=")
SSA_USE = re.compile(r"%[\w.$-]+")
SYM_DEF = re.compile(r'^\s*(?:func|module)\s+(?:(?:private|public|nested)\s+)?'
		     r'(@[\w.$-]+)')
SYM_USE = re.compile(r"@[\w.$-]+")
CONTINUATION = re.compile(r"^\s*(attributes\b|to\b|->|:|loc\()")


def strip_comments(text):
	"""Drops whole-line comments and trailing comments outside strings."""
	out = []
	for line in text.split("\n"):
		if COMMENT.match(line):
			continue
		out.append(cut_comment(line))
	return "\n".join(out)


def cut_comment(line):
	in_str = False
	i = 0
	while i < len(line):
		c = line[i]
		if in_str:
			if c == "\\":
				i += 1
			elif c == '"':
				in_str = False
		elif c == '"':
			in_str = True
		elif line.startswith("//", i):
			return line[:i].rstrip()
		i += 1
	return line


def depth_change(line):
	"""Net nesting change of one line, ignoring strings; '<' and '>' are
	not counted (arrows and comparisons make them unreliable)."""
	d = 0
	in_str = False
	i = 0
	while i < len(line):
		c = line[i]
		if in_str:
			if c == "\\":
				i += 1
			elif c == '"':
				in_str = False
		elif c == '"':
			in_str = True
		elif c in "({[":
			d += 1
		elif c in ")}]":
			d -= 1
		i += 1
	return d


def statements(chunk):
	"""Cuts a chunk into its top-level statements (ops and alias
	definitions): a statement starts on a line at nesting depth 0 that is
	not a continuation of the previous one."""
	stmts = []
	cur = []
	depth = 0
	for line in chunk.split("\n"):
		if not line.strip():
			if cur and depth > 0:
				cur.append(line)
			continue
		if depth <= 0 and cur and not CONTINUATION.match(line):
			stmts.append("\n".join(cur))
			cur = []
			depth = 0
		cur.append(line)
		depth += depth_change(line)
	if cur:
		stmts.append("\n".join(cur))
	return stmts


def units(chunk):
	"""Units of one top-level op each, with the alias definitions they
	use (transitively) and the top-level ops defining the SSA values they
	use. Chunks without ops give one unit per alias definition."""
	aliases = {}
	order = []
	ops = []
	for s in statements(chunk):
		m = ALIAS_DEF.match(s)
		if m and m.group(1) in aliases:
			# A redefinition stays with the first definition, so
			# the unit shows the error.
			aliases[m.group(1)] += "\n" + s
		elif m:
			aliases[m.group(1)] = s
			order.append(m.group(1))
		else:
			ops.append(s)

	def alias_closure(text):
		need = []
		todo = [u for u in ALIAS_USE.findall(text) if u in aliases]
		while todo:
			a = todo.pop()
			if a in need:
				continue
			need.append(a)
			todo += [u for u in ALIAS_USE.findall(aliases[a])
				 if u in aliases and u != a]
		return "\n".join(aliases[a] for a in order if a in need)

	result = []
	used = set()
	defs = {}
	syms = {}
	for i, op in enumerate(ops):
		m = SYM_DEF.match(op)
		if m and m.group(1) not in syms:
			syms[m.group(1)] = i
	for i, op in enumerate(ops):
		deps = []
		if not re.match(r"^\s*(func|module|builtin\.)", op):
			todo = [u for u in SSA_USE.findall(op) if u in defs]
			while todo:
				j = defs[todo.pop()]
				if j not in deps:
					deps.append(j)
					todo += [u for u in
						 SSA_USE.findall(ops[j])
						 if u in defs and defs[u] != j]
		# Functions it refers to (call @f, constant @f) go with it.
		for u in SYM_USE.findall(op):
			j = syms.get(u)
			if j is not None and j != i and j not in deps:
				deps.append(j)
		m = SSA_DEF.match(op)
		if m:
			for name in re.findall(r"%[\w.$-]+",
					       op[:op.index("=")]):
				defs[name] = i
		body = "\n".join([ops[j] for j in sorted(deps)] + [op])
		al = alias_closure(body)
		used.update(ALIAS_USE.findall(al + body))
		result.append((al + "\n" + body).strip() + "\n")
	# An alias no op uses is a unit of its own (with the aliases it
	# uses), so that errors in it are still seen.
	for a in order:
		if a not in used:
			result.append(alias_closure(aliases[a]) + "\n")
	return result


def rewrite(chunk):
	for pat, rep, _ in REWRITES:
		chunk = re.sub(pat, rep, chunk)
	return chunk


def run(cmd, path, timeout):
	try:
		p = subprocess.run(cmd + [path], capture_output=True,
				   text=True, timeout=timeout,
				   errors="replace")
	except subprocess.TimeoutExpired:
		return "timeout", "", "timed out after %ss" % timeout
	if p.returncode < 0 or p.returncode >= 128:
		return "crash", p.stdout, p.stderr
	# mlir-opt-14 sometimes reports an error and still exits 0 (e.g. an
	# empty tensor encoding, 'tensor<3xf32, >'): an error is a failure.
	ok = p.returncode == 0 and "error:" not in p.stderr
	return ("ok" if ok else "fail"), p.stdout, p.stderr


# mlir-opt-14's spellings of what npu-opt spells the newer way.
MLIR_NAMES = [
	('"builtin.func"', '"func.func"'),
	('"std.return"', '"func.return"'),
	('"std.call"', '"func.call"'),
	('"std.call_indirect"', '"func.call_indirect"'),
	('"std.constant"', '"func.constant"'),
	('"std.br"', '"cf.br"'),
	('"std.cond_br"', '"cf.cond_br"'),
	('"std.switch"', '"cf.switch"'),
	('"std.assert"', '"cf.assert"'),
]


def split_dict(text):
	"""Splits 'k = v, k2 = v2' at top-level commas."""
	parts = []
	d = 0
	in_str = False
	cur = ""
	i = 0
	while i < len(text):
		c = text[i]
		if in_str:
			if c == "\\":
				cur += c
				i += 1
				c = text[i]
			elif c == '"':
				in_str = False
		elif c == '"':
			in_str = True
		elif c in "([{<":
			d += 1
		elif c in ")]}>" and not (c == ">" and text[i - 1] == "-"):
			d -= 1
		elif c == "," and d == 0:
			parts.append(cur.strip())
			cur = ""
			i += 1
			continue
		cur += c
		i += 1
	if cur.strip():
		parts.append(cur.strip())
	return parts


FUNC_CLOSE = re.compile(r"^(\s*)\}\) \{(.*)\} : \(\) -> \(\)$")


def normalise(out, mlir):
	"""Puts both outputs in one spelling: func.func with function_type,
	func.return, cf.br...; a func's attribute dictionary sorted."""
	if mlir:
		for old, new in MLIR_NAMES:
			out = out.replace(old, new)
	lines = out.split("\n")
	stack = []
	for n, line in enumerate(lines):
		s = line.strip()
		if s.startswith("})") or s == "}) : () -> ()":
			top = stack.pop() if stack else None
			m = FUNC_CLOSE.match(line)
			if top == "func" and m:
				parts = split_dict(m.group(2))
				parts = [("function_type" + p[4:])
					 if p.startswith("type =") else p
					 for p in parts]
				parts.sort(key=lambda p: p.split(" ")[0])
				lines[n] = "%s}) {%s} : () -> ()" % (
					m.group(1), ", ".join(parts))
		if line.rstrip().endswith("({"):
			stack.append("func" if '"func.func"' in line
				     else "other")
	return "\n".join(lines)


def needs_missing_dialect(unit):
	# A type or attribute of such a dialect (e.g. !test.memref_element)
	# means mlir-opt-14 knows something npu-opt cannot.
	for m in re.finditer(r"[!#]([a-z_]\w*)\.", unit):
		if m.group(1) in MISSING_DIALECTS:
			return True
	for line in unit.split("\n"):
		s = re.sub(r'"(\\.|[^"\\])*"', '""', line)
		s = re.sub(r"^\s*(%[\w.$:-]+\s*(,\s*%[\w.$:-]+\s*)*=)?\s*",
			   "", s)
		m = re.match(r"([a-z_][\w]*)\.[a-z_]", s)
		if m and m.group(1) in MISSING_DIALECTS:
			return True
		m = re.match(r"([a-z_]+)\b", s)
		if m and m.group(1) in STD_CUSTOM:
			return True
	return False


def uses_missing_dialect(unit):
	"""Whether the unit names an op, type or attribute of a dialect that
	mlir-opt-14 registers (and so verifies) and npu-opt does not have:
	MLIR's test dialect, affine, arith..."""
	for m in re.finditer(r'(?:^|[^\w.])[!#"]?([a-z_]\w*)\.[A-Za-z_]', unit):
		if m.group(1) in MISSING_DIALECTS:
			return True
	return False


def classify(mr, nr, mo, no, unit):
	if mr in ("crash", "timeout") or nr in ("crash", "timeout"):
		return "crash"
	if mr == "ok" and nr == "ok":
		return ("same" if normalise(mo, True) == normalise(no, False)
			else "differ")
	if mr == "ok":
		return ("npu-rejects-dialect" if needs_missing_dialect(unit)
			else "npu-rejects")
	if nr == "ok":
		return ("npu-accepts-dialect" if uses_missing_dialect(unit)
			else "npu-accepts")
	return "both-reject"


def check_unit(unit, tmp, cmds, timeout):
	"""Runs both tools on one unit; returns its class and the report
	text."""
	up = os.path.join(tmp, "u.mlir")
	with open(up, "w") as fh:
		fh.write(unit)
	mr, mo, me = run(cmds[0], up, timeout)
	nr, no, ne = run(cmds[1], up, timeout)
	cls = classify(mr, nr, mo, no, unit)
	# The temporary path would make reports differ from run to run.
	me, ne = me.replace(up, "unit.mlir"), ne.replace(up, "unit.mlir")
	text = "== unit\n%s== mlir-opt-14 (%s)\n%s%s== npu-opt (%s)\n%s%s" % (
		unit, mr, mo, me, nr, no, ne)
	return cls, text


def check_file(path, rel, tmp, cmds, a):
	"""Checks every unit of one file, writes one report file per unit
	and yields the units' classes."""
	with open(path, encoding="utf-8") as fh:
		text = fh.read()
	for ci, chunk in enumerate(SPLIT.split(text)):
		chunk = rewrite(strip_comments(chunk))
		for ui, unit in enumerate(units(chunk)):
			cls, body = check_unit(unit, tmp, cmds, a.timeout)
			name = "%s--%s-%d-%d.txt" % (cls, rel, ci, ui)
			with open(os.path.join(a.report, name), "w") as fh:
				fh.write("file: %s chunk %d unit %d\n%s" % (
					path, ci, ui, body))
			yield cls


def collect(paths):
	files = []
	for p in paths:
		if os.path.isdir(p):
			for root, _, names in os.walk(p):
				files += [os.path.join(root, n)
					  for n in names if n.endswith(".mlir")]
		else:
			files.append(p)
	return sorted(files)


def main():
	ap = argparse.ArgumentParser(description=__doc__)
	ap.add_argument("--npu-opt", default="build/bin/npu-opt")
	ap.add_argument("--mlir-opt", default="mlir-opt-14")
	ap.add_argument("--report", default="/tmp/mlir-conformance")
	ap.add_argument("--timeout", type=float, default=5.0)
	ap.add_argument("paths", nargs="+")
	a = ap.parse_args()
	mlir_cmd = [a.mlir_opt, "--allow-unregistered-dialect",
		    "--mlir-print-op-generic", "--mlir-print-local-scope"]
	npu_cmd = [a.npu_opt, "--allow-unregistered-dialect",
		   "--print-op-generic"]
	cmds = (mlir_cmd, npu_cmd)
	os.makedirs(a.report, exist_ok=True)
	# Only a previous run's files are removed, nothing else there.
	for f in os.listdir(a.report):
		if f == "summary.txt" or ("--" in f and f.endswith(".txt")):
			os.unlink(os.path.join(a.report, f))
	counts = {c: 0 for c, _ in CLASSES}
	files = collect(a.paths)
	nunits = 0
	# Report names carry the path below the files' common folder, as
	# several folders hold a types.mlir or an invalid.mlir.
	root = os.path.commonpath(files) if len(files) > 1 \
		else os.path.dirname(files[0]) if files else ""
	with tempfile.TemporaryDirectory() as tmp:
		for path in files:
			rel = os.path.relpath(path, root).replace(os.sep, ".")
			for cls in check_file(path, rel, tmp, cmds, a):
				counts[cls] += 1
				nunits += 1
	lines = ["%d files, %d units" % (len(files), nunits)]
	lines += ["%5d  %-24s %s" % (counts[c], c, d) for c, d in CLASSES]
	summary = "\n".join(lines) + "\n"
	with open(os.path.join(a.report, "summary.txt"), "w") as fh:
		fh.write(summary)
	sys.stdout.write(summary)
	sys.stdout.write("details: %s\n" % a.report)


if __name__ == "__main__":
	main()
