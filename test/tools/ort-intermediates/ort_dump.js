// ort_dump.js: every node output of an ONNX model, from onnxruntime.
//
// Runs a copy of the model whose graph outputs are all node outputs and
// saves each tensor as .npy.
//
// Usage (onnxruntime-node installed elsewhere, never in this repository):
//   NODE_PATH=/tmp/ort/node_modules node ort_dump.js MODEL.onnx IN.npy... DIR
// Options as the shared references were made: CPU execution provider,
// graph optimisation disabled, one thread, sequential. DIR gets
// <name>.npy per tensor (names made file-safe as in npu_values.py) and
// names.txt (tensor name, file, dtype, shape per line). Float32 inputs only.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

// Reads a base-128 varint at pos; returns [value, next pos].
function varint(buf, pos) {
	let v = 0n, shift = 0n, b;
	do {
		if (pos >= buf.length)
			throw new Error('truncated varint');
		b = buf[pos++];
		v |= BigInt(b & 0x7f) << shift;
		shift += 7n;
	} while (b & 0x80);
	return [v, pos];
}

// Encodes v as a varint.
function encVarint(v) {
	const out = [];
	v = BigInt(v);
	do {
		let b = Number(v & 0x7fn);
		v >>= 7n;
		if (v)
			b |= 0x80;
		out.push(b);
	} while (v);
	return Buffer.from(out);
}

// The fields of a protobuf message: {field, start, end, ds, de} where
// [ds, de) is a length-delimited field's payload.
function fields(buf) {
	const out = [];
	let pos = 0;
	while (pos < buf.length) {
		const start = pos;
		let key, len;
		[key, pos] = varint(buf, pos);
		const field = Number(key >> 3n), wire = Number(key & 7n);
		let ds = pos;
		if (wire === 0)
			[, pos] = varint(buf, pos);
		else if (wire === 1)
			pos += 8;
		else if (wire === 5)
			pos += 4;
		else if (wire === 2) {
			[len, pos] = varint(buf, pos);
			ds = pos;
			pos += Number(len);
		} else
			throw new Error('unsupported wire type ' + wire);
		out.push({ field, start, end: pos, ds, de: pos });
	}
	return out;
}

// A length-delimited field holding payload.
function lenField(field, payload) {
	return Buffer.concat([encVarint((field << 3) | 2),
		encVarint(payload.length), payload]);
}

// The model with every node output (NodeProto field 2) appended to
// GraphProto.output (field 12) as a ValueInfoProto holding only its name;
// ModelProto.graph (field 7) is re-encoded with its new length.
function withAllOutputs(buf) {
	const g = fields(buf).find(f => f.field === 7);
	const graph = buf.subarray(g.ds, g.de);
	const have = new Set(), extra = [];
	const gf = fields(graph);
	for (const f of gf.filter(x => x.field === 12)) {
		const vi = graph.subarray(f.ds, f.de);
		const n = fields(vi).find(x => x.field === 1);
		if (n)
			have.add(vi.subarray(n.ds, n.de).toString());
	}
	for (const f of gf.filter(x => x.field === 1)) {
		const node = graph.subarray(f.ds, f.de);
		for (const nf of fields(node).filter(x => x.field === 2)) {
			const name = node.subarray(nf.ds, nf.de).toString();
			if (name && !have.has(name)) {
				have.add(name);
				extra.push(lenField(12, lenField(1,
					Buffer.from(name))));
			}
		}
	}
	return Buffer.concat([buf.subarray(0, g.start),
		lenField(7, Buffer.concat([graph, ...extra])),
		buf.subarray(g.end)]);
}

// A float32 .npy file as an onnxruntime tensor.
function readNpy(file) {
	const b = fs.readFileSync(file);
	const hl = b.readUInt16LE(8), h = b.subarray(10, 10 + hl).toString();
	if (!h.includes("'<f4'"))
		throw new Error(file + ': not float32');
	const shape = h.match(/'shape': \(([^)]*)\)/)[1].split(',')
		.map(s => s.trim()).filter(s => s).map(Number);
	const d = b.subarray(10 + hl);
	return new ort.Tensor('float32', new Float32Array(d.buffer.slice(
		d.byteOffset, d.byteOffset + d.length)), shape);
}

const DESCR = { float32: '<f4', uint8: '|u1', int8: '|i1', int64: '<i8',
	int32: '<i4', bool: '|b1' };

// Writes tensor t as .npy version 1.0, header padded to 64 bytes.
function writeNpy(file, t) {
	const shape = t.dims.length === 1 ? `(${t.dims[0]},)` :
		`(${t.dims.join(', ')})`;
	let h = `{'descr': '${DESCR[t.type]}', 'fortran_order': False, ` +
		`'shape': ${shape}, }`;
	h += ' '.repeat((64 - (11 + h.length) % 64) % 64) + '\n';
	const head = Buffer.from('\x93NUMPY\x01\x00\x00\x00', 'latin1');
	head.writeUInt16LE(h.length, 8);
	const d = t.data;
	fs.writeFileSync(file, Buffer.concat([head, Buffer.from(h, 'latin1'),
		Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
}

// A tensor name as a file name (npu_values.py uses the same rule).
function safe(name) {
	return name.replace(/[^A-Za-z0-9_.-]/g, '_');
}

async function main() {
	const args = process.argv.slice(2);
	if (args.length < 3) {
		console.error('usage: ort_dump.js MODEL.onnx INPUT.npy... OUTDIR');
		process.exit(2);
	}
	const outDir = args.pop(), model = args.shift();
	const sess = await ort.InferenceSession.create(
		withAllOutputs(fs.readFileSync(model)), {
			executionProviders: ['cpu'],
			graphOptimizationLevel: 'disabled',
			intraOpNumThreads: 1, interOpNumThreads: 1,
			executionMode: 'sequential' });
	const feeds = {};
	sess.inputNames.forEach((n, i) => { feeds[n] = readNpy(args[i]); });
	const res = await sess.run(feeds);
	fs.mkdirSync(outDir, { recursive: true });
	const lines = sess.outputNames.map(n => {
		writeNpy(path.join(outDir, safe(n) + '.npy'), res[n]);
		return `${n}\t${safe(n)}.npy\t${res[n].type}\t` +
			res[n].dims.join('x');
	});
	fs.writeFileSync(path.join(outDir, 'names.txt'),
		lines.join('\n') + '\n');
	console.log(`${lines.length} tensors in ${outDir}`);
}

main().catch(e => { console.error(e.message); process.exit(1); });
