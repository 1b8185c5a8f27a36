#!/usr/bin/env python3
# test/lit/import/tflite/Inputs/mktflite.py: writes small hand-made TFLite
# flatbuffers (valid and broken) for the importer's error tests.
# Usage: mktflite.py CASE OUT.tflite. Field numbers follow schema.fbs.
import struct
import sys


class Fb:
    """Lays out tables front to back; children follow their parent so
    every offset is a forward uoffset, as flatbuffers require."""

    def __init__(self, ident=b'TFL3'):
        self.b = bytearray(b'\0\0\0\0' + ident)

    def align(self, n):
        while len(self.b) % n:
            self.b.append(0)

    def u32(self, v):
        self.b += struct.pack('<I', v & 0xffffffff)

    def patch(self, at, target):
        struct.pack_into('<I', self.b, at, target - at)

    def table(self, fields):
        n = max(fields) + 1 if fields else 0
        self.align(4)
        vt = len(self.b)
        order = sorted(fields)
        self.b += struct.pack('<HH', 4 + 2 * n, 4 + 4 * len(order))
        offs = {k: 4 + 4 * i for i, k in enumerate(order)}
        for i in range(n):
            self.b += struct.pack('<H', offs.get(i, 0))
        self.align(4)
        t = len(self.b)
        self.b += struct.pack('<i', t - vt)
        pending = []
        for k in order:
            kind, v = fields[k]
            at = len(self.b)
            if kind == 'u8':
                self.b += struct.pack('<Bxxx', v)
            elif kind == 'i32':
                self.b += struct.pack('<i', v)
            elif kind == 'f32':
                self.b += struct.pack('<f', v)
            elif kind == 'raw':
                self.u32(v)
            else:
                self.u32(0)
                pending.append((at, kind, v))
        for at, kind, v in pending:
            self.patch(at, self.child(kind, v))
        return t

    def child(self, kind, v):
        self.align(8)
        pos = len(self.b)
        if kind == 'table':
            return self.table(v)
        if kind == 'str':
            self.u32(len(v))
            self.b += v.encode() + b'\0'
        elif kind == 'bytes':
            self.u32(len(v))
            self.b += v
        elif kind in ('i32s', 'f32s', 'i64s'):
            self.u32(len(v))
            f = {'i32s': '<i', 'f32s': '<f', 'i64s': '<q'}[kind]
            for x in v:
                self.b += struct.pack(f, x)
        elif kind == 'tables':
            self.u32(len(v))
            slots = len(self.b)
            self.b += b'\0' * (4 * len(v))
            for i, sub in enumerate(v):
                self.patch(slots + 4 * i, self.table(sub))
        return pos

    def finish(self, root):
        t = self.table(root)
        struct.pack_into('<I', self.b, 0, t)
        return bytes(self.b)


def tensor(name, shape, ttype=0, buf=0, quant=None):
    t = {0: ('i32s', shape), 1: ('u8', ttype), 2: ('raw', buf),
         3: ('str', name)}
    if quant:
        t[4] = ('table', quant)
    return t


def model(tensors, ops, inputs, outputs, opcodes, buffers=None,
          version=3):
    return {0: ('raw', version),
            1: ('tables', [{0: ('u8', min(c, 127)), 3: ('i32', c)}
                           for c in opcodes]),
            2: ('tables', [{0: ('tables', tensors), 1: ('i32s', inputs),
                            2: ('i32s', outputs), 3: ('tables', ops)}]),
            4: ('tables', buffers or [{}])}


def op(code_index, ins, outs, opts=None):
    o = {0: ('raw', code_index), 1: ('i32s', ins), 2: ('i32s', outs)}
    if opts is not None:
        o[4] = ('table', opts)
    return o


def add_model(**kw):
    ts = [tensor('a', [1, 4]), tensor('b', [1, 4]), tensor('sum', [1, 4])]
    ts = kw.pop('tensors', ts)
    ops = kw.pop('ops', [op(0, [0, 1], [2], {0: ('u8', 1)})])
    return model(ts, ops, kw.pop('inputs', [0, 1]), kw.pop('outputs', [2]),
                 kw.pop('opcodes', [0]), **kw)


def build(case):
    ident = b'TFL2' if case == 'magic' else b'TFL3'
    fb = Fb(ident)
    if case in ('add', 'magic'):
        m = add_model()
    elif case == 'version':
        m = add_model(version=2)
    elif case == 'opcode-range':
        m = add_model(ops=[op(5, [0, 1], [2])])
    elif case == 'tensor-range':
        m = add_model(ops=[op(0, [0, 9], [2])])
    elif case == 'negative-dim':
        m = add_model(tensors=[tensor('a', [1, -5]), tensor('b', [1, 4]),
                               tensor('sum', [1, 4])])
    elif case == 'zero-dim':
        m = add_model(tensors=[tensor('a', [1, 0]), tensor('b', [1, 4]),
                               tensor('sum', [1, 4]),
                               tensor('unused', [0])])
    elif case == 'rank':
        m = add_model(tensors=[tensor('a', [1] * 9), tensor('b', [1, 4]),
                               tensor('sum', [1, 4])])
    elif case == 'undefined':
        # op 0 reads what op 1 writes: a cycle in the data flow.
        m = add_model(tensors=[tensor('a', [1, 4]), tensor('t', [1, 4]),
                               tensor('u', [1, 4])],
                      ops=[op(0, [0, 2], [1]), op(0, [0, 1], [2])],
                      inputs=[0], outputs=[2])
    elif case == 'unsupported':
        m = add_model(tensors=[tensor('a', [1, 4]), tensor('b', [1, 4]),
                               tensor('svdf_out', [1, 4]),
                               tensor('mystery_out', [1, 4])],
                      ops=[op(0, [0, 1], [2]), op(1, [2], [3])],
                      outputs=[3], opcodes=[27, 200])
    elif case == 'const-size':
        m = add_model(tensors=[tensor('a', [1, 4]), tensor('w', [1, 4],
                                                          buf=1),
                               tensor('sum', [1, 4])],
                      inputs=[0],
                      buffers=[{}, {0: ('bytes', b'\0' * 12)}])
    elif case == 'wrap':
        # 27905 * 429509837 * 384773 = 2^62 + 1 int64 elements: times 8
        # bytes that is 8 modulo 2^64, the size of the data given.
        m = add_model(tensors=[tensor('a', [1, 4]),
                               tensor('w', [27905, 429509837, 384773], 4,
                                      buf=1),
                               tensor('sum', [1, 4])],
                      inputs=[0],
                      buffers=[{}, {0: ('bytes', b'\0' * 8)}])
    elif case == 'bad-scale':
        q = {2: ('f32s', [-1.0]), 3: ('i64s', [0])}
        m = add_model(tensors=[tensor('a', [1, 4], 9, quant=q),
                               tensor('b', [1, 4]), tensor('sum', [1, 4])])
    else:
        sys.exit('unknown case ' + case)
    data = bytearray(fb.finish(m))
    if case == 'huge-count':
        pass
    return bytes(data)


def npy(out, shape, values, descr='<f4'):
    """A float32 (or int8: descr '|i1') .npy file (format 1.0, C order)."""
    hdr = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ''.join('%d, ' % d for d in shape))
    hdr += ' ' * (63 - (10 + len(hdr)) % 64) + '\n'
    with open(out, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) +
                hdr.encode() + struct.pack(
                    '<%d%s' % (len(values), 'b' if 'i1' in descr else 'f'),
                    *values))


# One-op float models: name -> (opcode, input shapes, constant inputs
# (index, shape, int32 or float values), output shapes, options).
ONE_OP = {
    'sub': (41, [[1, 4], [1, 4]], [], [[1, 4]], {}),
    'mul': (18, [[1, 4], [1, 4]], [], [[1, 4]], {0: ('u8', 3)}),
    'div': (42, [[1, 4], [1, 4]], [], [[1, 4]], {}),
    'minimum': (57, [[1, 4], [1, 4]], [], [[1, 4]], None),
    'logistic': (14, [[1, 4]], [], [[1, 4]], None),
    'tanh': (28, [[1, 4]], [], [[1, 4]], None),
    'hard_swish': (117, [[1, 4]], [], [[1, 4]], None),
    'relu_n1_to_1': (20, [[1, 4]], [], [[1, 4]], None),
    'leaky_relu': (98, [[1, 4]], [], [[1, 4]], {0: ('f32', 0.5)}),
    'prelu': (54, [[1, 4]], [(1, [4], [0.5, 0.25, 2.0, 1.0])], [[1, 4]],
              None),
    'concat': (2, [[1, 4], [1, 4]], [], [[2, 4]], {0: ('i32', 0)}),
    'split': (49, [[1, 4]], [(0, [], [1])], [[1, 2], [1, 2]],
              {0: ('i32', 2)}),
    'slice': (65, [[1, 4]], [(1, [2], [0, 1]), (2, [2], [1, 2])],
              [[1, 2]], None),
    'strided_slice': (45, [[1, 4]], [(1, [2], [0, 3]), (2, [2], [1, 0]),
                                     (3, [2], [1, -1])], [[1, 3]],
                      {1: ('i32', 0)}),
    # StridedSliceOptions: 0 begin_mask, 1 end_mask, 2 ellipsis_mask,
    # 3 new_axis_mask, 4 shrink_axis_mask. [..., 1:3]:
    'ss_ellipsis': (45, [[1, 4]], [(1, [2], [0, 1]), (2, [2], [0, 3]),
                                   (3, [2], [1, 1])], [[1, 2]],
                    {2: ('i32', 1)}),
    # [0:1, newaxis, 2:4]
    'ss_new_axis': (45, [[1, 4]], [(1, [3], [0, 0, 2]),
                                   (2, [3], [1, 0, 4]),
                                   (3, [3], [1, 1, 1])], [[1, 1, 2]],
                    {3: ('i32', 2)}),
    # [newaxis, ..., newaxis]: [1, 1, 4, 1]
    'ss_both': (45, [[1, 4]], [(1, [3], [0, 0, 0]), (2, [3], [0, 0, 0]),
                               (3, [3], [1, 1, 1])], [[1, 1, 4, 1]],
                {2: ('i32', 2), 3: ('i32', 5)}),
    # [..., -1] shrinks the last axis: [1]
    'ss_shrink': (45, [[1, 4]], [(1, [2], [0, -1]), (2, [2], [0, 0]),
                                 (3, [2], [1, 1])], [[1]],
                  {2: ('i32', 1), 4: ('i32', 2)}),
    # two ellipses: an error
    'ss_two_ellipses': (45, [[1, 4]], [(1, [2], [0, 0]), (2, [2], [0, 0]),
                                       (3, [2], [1, 1])], [[1, 4]],
                        {2: ('i32', 3)}),
    # three real entries and a new axis over a rank-2 input: an error
    'ss_too_many': (45, [[1, 4]], [(1, [4], [0, 0, 0, 0]),
                                   (2, [4], [1, 1, 1, 1]),
                                   (3, [4], [1, 1, 1, 1])], [[1, 1]],
                    {3: ('i32', 8)}),
    'padv2': (60, [[1, 4]], [(1, [2, 2], [0, 0, 1, 2]),
                             (2, [], [7.0])], [[1, 7]], None),
    'mean': (40, [[1, 4]], [(1, [1], [1])], [[1, 1]], {0: ('u8', 1)}),
    'transpose': (39, [[1, 4]], [(1, [2], [1, 0])], [[4, 1]], None),
    'squeeze': (43, [[1, 4]], [], [[4]], {0: ('i32s', [0])}),
    'resize_nearest': (97, [[1, 1, 2, 2]], [(1, [2], [2, 4])],
                       [[1, 2, 4, 2]], {}),
    'resize_bilinear': (23, [[1, 1, 2, 1]], [(1, [2], [1, 4])],
                        [[1, 1, 4, 1]], {}),
    'transpose_conv': (67, [[1, 1, 2, 1]],
                       [(0, [4], [1, 2, 4, 1]),
                        (1, [1, 2, 2, 1], [1.0, 2.0, 3.0, 4.0])],
                       [[1, 2, 4, 1]],
                       {0: ('u8', 1), 1: ('i32', 2), 2: ('i32', 2)}),
    # int8 tensors: (type, scale, zero point) of input 0 / output 0.
    'quantize': (114, [[1, 4]], [], [[1, 4]], None, None, (9, 0.5, -1)),
    'dequantize': (6, [[1, 4]], [], [[1, 4]], None, (9, 0.5, -1), None),
    'dequantize_f16': (6, [[1, 4]], [], [[1, 4]], None, (1,), None),
    'requantize': (114, [[1, 4]], [], [[1, 4]], None, (9, 0.5, -1),
                   (9, 0.25, 3)),
}


def qtensor(name, shape, q):
    if not q:
        return tensor(name, shape)
    if len(q) == 1:
        return tensor(name, shape, q[0])
    return tensor(name, shape, q[0], quant={2: ('f32s', [q[1]]),
                                            3: ('i64s', [q[2]])})


def one_op(name):
    code, ins, consts, outs, opts = ONE_OP[name][:5]
    qin, qout = (ONE_OP[name] + (None, None))[5:7]
    nin = len(ins) + len(consts)
    tensors, buffers, op_in = [], [{}], [None] * nin
    graph_in = []
    cidx = {c[0]: c for c in consts}
    k = 0
    for pos in range(nin):
        if pos in cidx:
            _, shape, vals = cidx[pos]
            isf = any(isinstance(v, float) for v in vals)
            data = struct.pack('<%d%s' % (len(vals), 'f' if isf else 'i'),
                               *vals)
            buffers.append({0: ('bytes', data)})
            tensors.append(tensor('c%d' % pos, shape, 0 if isf else 2,
                                  buf=len(buffers) - 1))
        else:
            tensors.append(qtensor('x%d' % k, ins[k], qin))
            graph_in.append(len(tensors) - 1)
            k += 1
        op_in[pos] = len(tensors) - 1
    outs_idx = []
    for i, shape in enumerate(outs):
        tensors.append(qtensor('%s_out%d' % (name, i), shape, qout))
        outs_idx.append(len(tensors) - 1)
    return model(tensors, [op(0, op_in, outs_idx, opts)], graph_in,
                 outs_idx, [code], buffers)


def main():
    case, out = sys.argv[1], sys.argv[2]
    if case in ('npy', 'npy-i8'):
        shape = [int(d) for d in sys.argv[3].split('x')]
        if case == 'npy':
            npy(out, shape, [float(v) for v in sys.argv[4].split(',')])
        else:
            npy(out, shape, [int(v) for v in sys.argv[4].split(',')],
                '|i1')
        return
    if case.startswith('op:'):
        with open(out, 'wb') as f:
            f.write(Fb().finish(one_op(case[3:])))
        return
    if case == 'huge-count':
        # The valid model with the first tensor's shape length set to
        # 0x7fffffff: the vector would run far past the end of the file.
        data = bytearray(build('add'))
        at = data.find(struct.pack('<Iii', 2, 1, 4))
        struct.pack_into('<I', data, at, 0x7fffffff)
    elif case == 'root-offset':
        data = bytearray(build('add'))
        struct.pack_into('<I', data, 0, 0x7ffffff0)
    else:
        data = build(case)
    with open(out, 'wb') as f:
        f.write(data)


main()
