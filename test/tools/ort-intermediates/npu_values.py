# npu_values.py: every ONNX node's float result, as npu-run computes it.
#
# Usage: npu_values.py [--build=DIR] [--input-shape=N:1x2...] MODEL.onnx
#            --input=IN.npy... OUTDIR
# Imports MODEL with npu-translate --print-debuginfo, rewrites @main to
# return every f32 value whose name location is an ONNX node (the last op
# of a node, output 0; quantized values show through their dequantize),
# runs npu-run (in chunks, npu-run takes 64 files) and writes
# OUTDIR/<output name>.npy and OUTDIR/names.txt, named as ort_dump.js
# names onnxruntime's tensors; compare.py compares the two directories.
import os
import re
import subprocess
import sys

CHUNK = 48


def usage(msg):
    sys.stderr.write('npu_values.py: %s\nusage: npu_values.py [--build=DIR] '
                     '[--input-shape=N:DIMS] MODEL.onnx --input=IN.npy... '
                     'OUTDIR\n' % msg)
    sys.exit(2)


def varint(b, pos):
    v = shift = 0
    while True:
        if pos >= len(b):
            raise ValueError('truncated varint')
        c = b[pos]
        pos += 1
        v |= (c & 0x7F) << shift
        shift += 7
        if not c & 0x80:
            return v, pos


def fields(b):
    """(field number, payload) of each length-delimited protobuf field."""
    pos = 0
    while pos < len(b):
        key, pos = varint(b, pos)
        wire = key & 7
        if wire == 0:
            _, pos = varint(b, pos)
        elif wire == 1:
            pos += 8
        elif wire == 5:
            pos += 4
        elif wire == 2:
            n, pos = varint(b, pos)
            yield key >> 3, b[pos:pos + n]
            pos += n
        else:
            raise ValueError('unsupported wire type %d' % wire)


def node_outputs(model):
    """ONNX node name -> its first output name (ModelProto.graph = 7,
    GraphProto.node = 1, NodeProto.output = 2, NodeProto.name = 3)."""
    out = {}
    for f, graph in fields(model):
        if f != 7:
            continue
        for g, node in fields(graph):
            if g != 1:
                continue
            name, outs = '', []
            for h, v in fields(node):
                if h == 2:
                    outs.append(v.decode())
                elif h == 3:
                    name = v.decode()
            if name and outs and outs[0]:
                out[name] = outs[0]
    return out


def safe(name):
    return re.sub(r'[^A-Za-z0-9_.-]', '_', name)


OP = re.compile(r'\s*(%[\w.]+) = "[\w.]+".* -> (tensor<[^>]*xf32>) '
                r'loc\("((?:[^"\\]|\\.)*)"\(')
RET = re.compile(r'(\s*)return .*$')
SIG = re.compile(r'(\s*func\.func @main\(.*\)) -> (?:\(.*\)|\S.*?) '
                 r'\{\s*(loc.*)?$')


def main():
    build = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         '..', '..', '..', 'build')
    inputs, shapes, pos = [], [], []
    for a in sys.argv[1:]:
        if a.startswith('--build='):
            build = a.split('=', 1)[1]
        elif a.startswith('--input='):
            inputs.append(a)
        elif a.startswith('--input-shape='):
            shapes.append(a)
        elif a.startswith('-'):
            usage('unknown option %s' % a)
        else:
            pos.append(a)
    if len(pos) != 2 or not inputs:
        usage('needs MODEL.onnx, OUTDIR and at least one --input')
    model, outdir = pos
    try:
        names = node_outputs(open(model, 'rb').read())
    except (OSError, ValueError) as e:
        sys.exit('npu_values.py: %s: %s' % (model, e))
    os.makedirs(outdir, exist_ok=True)
    mlir = os.path.join(outdir, 'model.mlir')
    subprocess.check_call([os.path.join(build, 'bin', 'npu-translate'),
                           '--import-onnx', '--print-debuginfo', model,
                           '-o', mlir] + shapes)
    lines = open(mlir).read().split('\n')
    vals = {}
    for ln in lines:
        m = OP.match(ln)
        if m and m.group(3) in names:
            vals[names[m.group(3)]] = (m.group(1), m.group(2))
    order = list(vals)
    for k in range(0, len(order), CHUNK):
        chunk = order[k:k + CHUNK]
        vs = ', '.join(vals[o][0] for o in chunk)
        ts = ', '.join(vals[o][1] for o in chunk)
        text = []
        for ln in lines:
            if SIG.match(ln):
                ln = SIG.sub(lambda m: '%s -> (%s) {' % (m.group(1), ts), ln)
            elif RET.match(ln) and 'func.func' not in ln:
                ln = RET.sub(lambda m: '%sreturn %s : %s' % (m.group(1), vs,
                                                              ts), ln)
            text.append(ln)
        part = os.path.join(outdir, 'part%d.mlir' % (k // CHUNK))
        open(part, 'w').write('\n'.join(text))
        subprocess.check_call(
            [os.path.join(build, 'bin', 'npu-run'), part] + inputs +
            ['--output=' + os.path.join(outdir, safe(o) + '.npy')
             for o in chunk], stdout=subprocess.DEVNULL)
    with open(os.path.join(outdir, 'names.txt'), 'w') as f:
        for o in order:
            f.write('%s\t%s.npy\n' % (o, safe(o)))
    print('%d tensors in %s' % (len(order), outdir))


main()
