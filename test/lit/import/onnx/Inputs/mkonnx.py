# test/lit/import/onnx/Inputs/mkonnx.py: writes small ONNX models for the
# importer's tests with a minimal protobuf encoder (field numbers from
# onnx.proto). usage: mkonnx.py CASE OUT.onnx
import struct
import sys


def varint(v):
    if v < 0:
        v += 1 << 64
    out = bytearray()
    while True:
        c = v & 0x7f
        v >>= 7
        out.append(c | (0x80 if v else 0))
        if not v:
            return bytes(out)


def f_len(num, payload):
    if isinstance(payload, str):
        payload = payload.encode()
    return varint(num << 3 | 2) + varint(len(payload)) + payload


def f_int(num, v):
    return varint(num << 3) + varint(v)


def f_f32(num, v):
    return varint(num << 3 | 5) + struct.pack('<f', v)


def tensor(name, dims, dtype=1, vals=None, raw=None):
    b = b''.join(f_int(1, d) for d in dims) + f_int(2, dtype) + f_len(8, name)
    if raw is not None:
        b += f_len(9, raw)
    elif vals is not None:
        if dtype == 1:
            b += f_len(4, struct.pack('<%df' % len(vals), *vals))
        else:
            b += f_len(7, b''.join(varint(v) for v in vals))
    return b


def value_info(name, dims, dtype=1):
    shape = b''.join(f_len(1, f_int(1, d) if isinstance(d, int) else
                           f_len(2, d)) for d in dims)
    ttype = f_int(1, dtype) + f_len(2, shape)
    return f_len(1, name) + f_len(2, f_len(1, ttype))


def attr_int(name, v):
    return f_len(1, name) + f_int(3, v) + f_int(20, 2)


def attr_ints(name, vs):
    return f_len(1, name) + b''.join(f_int(8, v) for v in vs) + f_int(20, 7)


def attr_float(name, v):
    return f_len(1, name) + f_f32(2, v) + f_int(20, 1)


def node(op, ins, outs, name='', attrs=()):
    b = b''.join(f_len(1, i) for i in ins) + b''.join(f_len(2, o)
                                                      for o in outs)
    if name:
        b += f_len(3, name)
    b += f_len(4, op)
    b += b''.join(f_len(5, a) for a in attrs)
    return b


def graph(nodes, inits, inputs, outputs):
    return (b''.join(f_len(1, n) for n in nodes) + f_len(2, 'g') +
            b''.join(f_len(5, t) for t in inits) +
            b''.join(f_len(11, v) for v in inputs) +
            b''.join(f_len(12, v) for v in outputs))


def model(g, opset=13, ir=7):
    return (f_int(1, ir) + f_len(2, 'mkonnx') + f_len(7, g) +
            f_len(8, f_len(1, '') + f_int(2, opset)))


X = value_info('x', [1, 2, 4, 4])


def relu_chain():
    # two supported ops with names: locations and a real result
    return model(graph([node('Relu', ['x'], ['r'], 'first_relu'),
                        node('Sigmoid', ['r'], ['y'], 'last_sigmoid')],
                       [], [X], [value_info('y', [1, 2, 4, 4])]))


def unsupported():
    # Celu and a custom-domain op, with a supported op between and after
    return model(graph([node('Celu', ['x'], ['e'], 'my_celu'),
                        node('Relu', ['e'], ['r'], 'relu_after'),
                        node('Hardmax', ['r'], ['y'], 'my_hardmax'),
                        node('Relu', ['x'], ['z'], 'ok_relu')],
                       [], [X], [value_info('y', [1, 2, 4, 4]),
                                 value_info('z', [1, 2, 4, 4])]))


def conv_gemm():
    # Conv with an initializer weight and Gemm: a small float network
    w = tensor('w', [3, 2, 3, 3], vals=[0.1 * (i % 7 - 3)
                                        for i in range(54)])
    b = tensor('b', [3], vals=[0.5, -0.5, 0.25])
    fw = tensor('fw', [4, 3], vals=[0.01 * (i % 11 - 5)
                                    for i in range(12)])
    shape = tensor('shape', [2], dtype=7, vals=[1, -1])
    return model(graph(
        [node('Conv', ['x', 'w', 'b'], ['c'], 'conv',
              [attr_ints('strides', [2, 2]), attr_ints('pads', [1, 1, 1, 1])]),
         node('Relu', ['c'], ['r'], 'relu'),
         node('MaxPool', ['r'], ['p'], 'pool',
              [attr_ints('kernel_shape', [2, 2]),
               attr_ints('strides', [2, 2])]),
         node('Reshape', ['p', 'shape'], ['f'], 'flat'),
         node('Gemm', ['f', 'fw'], ['y'], 'fc', [attr_int('transB', 1)])],
        [w, b, fw, shape], [X], [value_info('y', [1, 4])]))


def dynamic():
    return model(graph([node('Relu', ['x'], ['y'], 'r')], [],
                       [value_info('x', ['batch', 3])],
                       [value_info('y', ['batch', 3])]))


def zero_dim():
    return model(graph([node('Relu', ['x'], ['y'], 'r')], [],
                       [value_info('x', [1, 0, 3])],
                       [value_info('y', [1, 0, 3])]))


def short_raw():
    # an initializer whose raw_data is shorter than its shape
    w = tensor('w', [1000, 1000], raw=b'\0' * 16)
    return model(graph([node('Add', ['x', 'w'], ['y'], 'add')], [w],
                       [value_info('x', [1000, 1000])],
                       [value_info('y', [1000, 1000])]))


def undefined_input():
    return model(graph([node('Add', ['x', 'nowhere'], ['y'], 'add')], [],
                       [X], [value_info('y', [1, 2, 4, 4])]))


def missing_output():
    return model(graph([node('Relu', ['x'], ['r'], 'relu')], [],
                       [X], [value_info('y', [1, 2, 4, 4])]))


def ir_version_99():
    return model(graph([node('Relu', ['x'], ['y'], 'r')], [], [X],
                       [value_info('y', [1, 2, 4, 4])]), ir=99)


def bad_conv():
    # weight channels do not match the input: inference rejects it
    w = tensor('w', [3, 5, 3, 3], vals=[0.0] * 135)
    return model(graph([node('Conv', ['x', 'w'], ['y'], 'bad_conv')], [w],
                       [X], [value_info('y', [1, 3, 2, 2])]))


def huge_fill():
    # ConstantOfShape of a 10^12-element shape: an error, no allocation
    shape = tensor('shape', [2], dtype=7, vals=[1000000, 1000000])
    return model(graph([node('ConstantOfShape', ['shape'], ['c'], 'fill'),
                        node('Add', ['x', 'c'], ['y'], 'add')], [shape],
                       [value_info('x', [1000000, 1000000])],
                       [value_info('y', [1000000, 1000000])]))


def huge_typed():
    # a typed tensor claiming 2^30 floats with 3 values
    w = tensor('w', [1 << 15, 1 << 15], vals=[1.0, 2.0, 3.0])
    return model(graph([node('Add', ['x', 'w'], ['y'], 'add')], [w],
                       [value_info('x', [1 << 15, 1 << 15])],
                       [value_info('y', [1 << 15, 1 << 15])]))


def unnamed():
    # a node without a name: its location is its first output's name
    return model(graph([node('Relu', ['x'], ['relu_out'])], [], [X],
                       [value_info('relu_out', [1, 2, 4, 4])]))


CASES = {f.__name__: f for f in (unnamed, huge_fill, huge_typed, relu_chain, unsupported, conv_gemm,
                                 dynamic, zero_dim, short_raw,
                                 undefined_input, missing_output,
                                 ir_version_99, bad_conv)}

if __name__ == '__main__':
    open(sys.argv[2], 'wb').write(CASES[sys.argv[1]]())
