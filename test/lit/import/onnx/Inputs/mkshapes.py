# test/lit/import/onnx/Inputs/mkshapes.py: ONNX models whose Reshape
# shape, Pad pads and Resize sizes are computed from the input's shape
# (Shape -> Gather/Slice -> Unsqueeze -> Concat -> Cast chains, as
# PyTorch exports them), and the outputs they must give, computed here
# from the ops' definitions for an input of 1, 2, ..., 32.
# usage: mkshapes.py model CASE OUT.onnx | mkshapes.py ref CASE OUT.npy
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mkonnx import (attr_int, attr_ints, graph, model, node,  # noqa: E402
                    tensor, value_info, f_len, f_int)

I64 = 7
X = value_info('x', [1, 2, 4, 4])
XV = [float(i + 1) for i in range(32)]


def i64(name, vals, dims=None):
    return tensor(name, [len(vals)] if dims is None else dims, I64,
                  vals=vals)


def attr_tensor(name, t):
    return f_len(1, name) + f_len(5, t) + f_int(20, 4)


def view():
    # x.view(x.size(0), -1): Shape -> Gather(0) -> Unsqueeze -> Concat
    return model(graph(
        [node('Shape', ['x'], ['s'], 'shape'),
         node('Gather', ['s', 'zero'], ['b'], 'gather', [attr_int('axis', 0)]),
         node('Unsqueeze', ['b', 'ax0'], ['b1'], 'unsqueeze'),
         node('Concat', ['b1', 'minus1'], ['shp'], 'concat',
              [attr_int('axis', 0)]),
         node('Reshape', ['x', 'shp'], ['y'], 'reshape')],
        [i64('zero', [0], dims=[]), i64('ax0', [0]), i64('minus1', [-1])],
        [X], [value_info('y', [1, 32])]))


def pad():
    # F.pad(x, (1, 1, 2, 2)) as PyTorch exports it: the pad list, zeros
    # for the leading dims (2 * rank - 4 of them), reversed in pairs and
    # transposed into ONNX's [begins..., ends...]
    return model(graph(
        [node('Shape', ['x'], ['s'], 'shape'),
         node('Shape', ['s'], ['rk'], 'rank'),
         node('Mul', ['rk', 'two'], ['r2'], 'mul'),
         node('Sub', ['r2', 'four'], ['nz'], 'sub'),
         node('ConstantOfShape', ['nz'], ['z'], 'zeros',
              [attr_tensor('value', i64('v', [0], dims=[1]))]),
         node('Concat', ['plist', 'z'], ['p8'], 'concat',
              [attr_int('axis', 0)]),
         node('Reshape', ['p8', 'pairs'], ['p42'], 'pairs'),
         node('Slice', ['p42', 'st', 'en', 'ax0', 'step'], ['rev'],
              'reverse'),
         node('Transpose', ['rev'], ['t'], 'transpose',
              [attr_ints('perm', [1, 0])]),
         node('Reshape', ['t', 'minus1'], ['flat'], 'flatten'),
         node('Cast', ['flat'], ['pads'], 'cast', [attr_int('to', I64)]),
         node('Pad', ['x', 'pads', 'val'], ['y'], 'pad')],
        [i64('two', [2]), i64('four', [4]), i64('plist', [1, 1, 2, 2]),
         i64('pairs', [-1, 2]), i64('st', [-1]),
         i64('en', [-(1 << 63)]), i64('ax0', [0]), i64('step', [-1]),
         i64('minus1', [-1]), tensor('val', [], vals=[0.0])],
        [X], [value_info('y', [1, 2, 8, 6])]))


def resize():
    # F.interpolate(x, scale_factor=2) with sizes computed in float:
    # Gather(H, W) -> Cast -> Mul 2.0 -> Floor -> Cast -> Concat
    return model(graph(
        [node('Shape', ['x'], ['s'], 'shape'),
         node('Gather', ['s', 'hw_idx'], ['hw'], 'gather'),
         node('Cast', ['hw'], ['hwf'], 'tofloat', [attr_int('to', 1)]),
         node('Mul', ['hwf', 'scale'], ['hw2'], 'scale'),
         node('Floor', ['hw2'], ['hwfl'], 'floor'),
         node('Cast', ['hwfl'], ['hwi'], 'toint', [attr_int('to', I64)]),
         node('Slice', ['s', 'st', 'en'], ['nc'], 'slice'),
         node('Concat', ['nc', 'hwi'], ['sizes'], 'concat',
              [attr_int('axis', 0)]),
         node('Resize', ['x', '', '', 'sizes'], ['y'], 'resize',
              [f_len(1, 'mode') + f_len(4, 'nearest') + f_int(20, 3)])],
        [i64('hw_idx', [2, 3]), tensor('scale', [2], vals=[2.0, 2.0]),
         i64('st', [0]), i64('en', [2])],
        [X], [value_info('y', [1, 2, 8, 8])]))


def gather_data():
    # Gather of a runtime tensor: not a shape computation
    return model(graph(
        [node('Gather', ['x', 'zero'], ['y'], 'gather_x')],
        [i64('zero', [0], dims=[])], [X], [value_info('y', [2, 4, 4])]))


def gather_oob():
    return model(graph(
        [node('Shape', ['x'], ['s'], 'shape'),
         node('Gather', ['s', 'seven'], ['b'], 'gather_oob'),
         node('Reshape', ['x', 'b'], ['y'], 'reshape')],
        [i64('seven', [7])], [X], [value_info('y', [32])]))


def floor_x():
    return model(graph([node('Floor', ['x'], ['y'], 'floor_x')], [], [X],
                       [value_info('y', [1, 2, 4, 4])]))


def dyn_view():
    # the view chain on a dynamic batch: Shape cannot fold
    return model(graph(
        [node('Shape', ['x'], ['s'], 'shape'),
         node('Gather', ['s', 'zero'], ['b'], 'gather'),
         node('Unsqueeze', ['b', 'ax0'], ['b1'], 'unsqueeze'),
         node('Concat', ['b1', 'minus1'], ['shp'], 'concat',
              [attr_int('axis', 0)]),
         node('Reshape', ['x', 'shp'], ['y'], 'reshape')],
        [i64('zero', [0], dims=[]), i64('ax0', [0]), i64('minus1', [-1])],
        [value_info('x', ['N', 2, 4, 4])], [value_info('y', ['N', 32])]))


def at(n, c, h, w):
    return XV[((n * 2 + c) * 4 + h) * 4 + w]


def ref(case):
    if case == 'view':
        return [1, 32], XV
    if case == 'pad':
        out = []
        for c in range(2):
            for h in range(8):
                for w in range(6):
                    ih, iw = h - 2, w - 1
                    out.append(at(0, c, ih, iw) if 0 <= ih < 4 and
                               0 <= iw < 4 else 0.0)
        return [1, 2, 8, 6], out
    if case == 'resize':
        # nearest, half_pixel, round_prefer_floor at scale 2: (i + 0.5) /
        # 2 - 0.5 rounds (ties down) to i // 2
        return [1, 2, 8, 8], [at(0, c, h // 2, w // 2) for c in range(2)
                              for h in range(8) for w in range(8)]
    raise SystemExit('no reference for ' + case)


def npy(shape, vals):
    d = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ', '.join(map(str, shape)) + (',' if len(shape) == 1 else ''))
    hl = (10 + len(d) + 1 + 63) // 64 * 64 - 10
    return (b'\x93NUMPY\x01\x00' + hl.to_bytes(2, 'little') +
            (d + ' ' * (hl - len(d) - 1) + '\n').encode() +
            struct.pack('<%df' % len(vals), *vals))


CASES = {f.__name__: f for f in (view, pad, resize, gather_data, gather_oob,
                                 floor_x, dyn_view)}

if __name__ == '__main__':
    what, case, out = sys.argv[1:4]
    if what == 'model':
        data = CASES[case]()
    elif what == 'input':
        data = npy([1, 2, 4, 4], XV)
    else:
        data = npy(*ref(case))
    open(out, 'wb').write(data)
