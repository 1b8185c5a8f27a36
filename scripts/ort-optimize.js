// scripts/ort-optimize.js: the model onnxruntime's graph optimizer makes
// of an ONNX model at one level (saved with optimizedModelFilePath), and
// optionally its outputs at that level on given inputs, for
// scripts/graph-optimizer-table and the QDQ comparison in
// docs/graph-optimizer.md.
//
// Usage (onnxruntime-node installed elsewhere, never in this repository):
//   NODE_PATH=/tmp/ort/node_modules node ort-optimize.js MODEL.onnx \
//       disabled|basic|extended|all OUT.onnx [IN.npy... OUTDIR]
// OUTDIR gets output_<i>.npy per model output. One thread, sequential,
// CPU execution provider, as the shared references were made.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

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

// Writes a float32 tensor as .npy version 1.0, header padded to 64 bytes.
function writeNpy(file, t) {
	if (t.type !== 'float32')
		throw new Error('output of type ' + t.type + ' not written');
	const shape = t.dims.length === 1 ? `(${t.dims[0]},)` :
		`(${t.dims.join(', ')})`;
	let h = `{'descr': '<f4', 'fortran_order': False, ` +
		`'shape': ${shape}, }`;
	h += ' '.repeat((64 - (11 + h.length) % 64) % 64) + '\n';
	const head = Buffer.from('\x93NUMPY\x01\x00\x00\x00', 'latin1');
	head.writeUInt16LE(h.length, 8);
	const d = t.data;
	fs.writeFileSync(file, Buffer.concat([head, Buffer.from(h, 'latin1'),
		Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
}

async function main() {
	const args = process.argv.slice(2);
	const levels = ['disabled', 'basic', 'extended', 'all'];
	if (args.length < 3 || args.length === 4 ||
	    !levels.includes(args[1])) {
		console.error('usage: ort-optimize.js MODEL.onnx ' +
		    'disabled|basic|extended|all OUT.onnx [IN.npy... OUTDIR]');
		process.exit(2);
	}
	const [model, level, out] = args;
	const sess = await ort.InferenceSession.create(model, {
		executionProviders: ['cpu'],
		graphOptimizationLevel: level,
		optimizedModelFilePath: out,
		intraOpNumThreads: 1,
		interOpNumThreads: 1,
		executionMode: 'sequential',
	});
	if (args.length < 5)
		return;
	const outDir = args[args.length - 1], ins = args.slice(3, -1);
	const feeds = {};
	sess.inputNames.forEach((n, i) => { feeds[n] = readNpy(ins[i]); });
	const res = await sess.run(feeds);
	fs.mkdirSync(outDir, { recursive: true });
	sess.outputNames.forEach((n, i) => {
		writeNpy(path.join(outDir, `output_${i}.npy`), res[n]);
	});
}

main().catch((e) => {
	console.error('ort-optimize.js: ' + e.message);
	process.exit(1);
});
