# test/lit/import/onnx/Inputs/mkops.py: one-node ONNX models for the op
# variants of ops.test (Pow, Pad, Resize, ConvTranspose, pools), built with
# mkonnx.py's encoder. usage: mkops.py CASE OUT.onnx
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mkonnx import (attr_float, attr_int, attr_ints, f_int, f_len,  # noqa
                    graph, model, node, tensor, value_info)


def attr_str(name, s):
    return f_len(1, name) + f_len(4, s) + f_int(20, 3)


def one(op, ins, attrs, x, y, inits=(), extra_in=(), outs=None, opset=13):
    """A model of one node `op` reading x (shape), writing y (shape)."""
    outs = outs or [('y', y)]
    return model(graph([node(op, ins, [o[0] for o in outs], 'n', attrs)],
                       list(inits),
                       [value_info('x', x)] + [value_info(n, s, t)
                                               for n, s, t in extra_in],
                       [value_info(o, s, t) for o, s, t in
                        [(o[0], o[1], o[2] if len(o) > 2 else 1)
                         for o in outs]]), opset=opset)


def f32(name, dims, vals):
    return tensor(name, dims, vals=vals)


def i64(name, dims, vals):
    return tensor(name, dims, dtype=7, vals=vals)


CASES = {
    # Pow with an exponent that is a graph input
    'pow': lambda: one('Pow', ['x', 'e'], [], [2, 3], [2, 3],
                       extra_in=[('e', [3], 1)]),
    # Erf (the erf GELU's core)
    'erf': lambda: one('Erf', ['x'], [], [4], [4]),
    'pad_edge': lambda: one('Pad', ['x', 'p'], [attr_str('mode', 'edge')],
                            [2, 3], [3, 6],
                            [i64('p', [4], [1, 2, 0, 1])]),
    # negative pads crop first: [[1..5], [6..10]] with begins (0, -1), ends
    # (0, 2); reflect on [1..5] with pads [-1, 2]
    'pad_neg': lambda: one('Pad', ['x', 'p'], [], [2, 5], [2, 6],
                           [i64('p', [4], [0, -1, 0, 2])]),
    'pad_neg_reflect': lambda: one('Pad', ['x', 'p'],
                                   [attr_str('mode', 'reflect')], [5], [6],
                                   [i64('p', [2], [-1, 2])]),
    # opset 18 axes: pads [1, 1] on the last axis only
    'pad_axes': lambda: one('Pad', ['x', 'p', '', 'a'], [], [2, 3], [2, 5],
                            [i64('p', [2], [1, 1]), i64('a', [1], [-1])],
                            opset=18),
    'pad_after_custom': lambda: model(graph(
        [node('Celu', ['x'], ['e'], 'celu'),
         node('Pad', ['e', 'p'], ['y'], 'pad')],
        [i64('p', [2], [1, 1])], [value_info('x', [3])],
        [value_info('y', [5])])),
    # int64 constants folded at import: (2^57 - 1)^2 wraps (a fuzzer find:
    # it was a signed overflow)
    'fold_overflow': lambda: model(graph(
        [node('Mul', ['p', 'p'], ['y'], 'mul'),
         node('Reshape', ['x', 'y'], ['z'], 'reshape')],
        [i64('p', [1], [(1 << 57) - 1])], [value_info('x', [4])],
        [value_info('z', [4])])),
    'resize_cubic': lambda: one(
        'Resize', ['x', '', 's'],
        [attr_str('mode', 'cubic'), attr_float('cubic_coeff_a', -0.5),
         attr_int('exclude_outside', 1)], [1, 1, 4, 4], [1, 1, 3, 3],
        [f32('s', [4], [1, 1, 0.8, 0.8])]),
    'resize_crop': lambda: one(
        'Resize', ['x', 'roi', '', 'sz'],
        [attr_str('coordinate_transformation_mode', 'tf_crop_and_resize'),
         attr_str('mode', 'linear'), attr_float('extrapolation_value', 9)],
        [1, 1, 4, 4], [1, 1, 3, 3],
        [f32('roi', [8], [0, 0, 0.25, 0.5, 1, 1, 0.75, 1.5]),
         i64('sz', [4], [1, 1, 3, 3])]),
    # opset 18: sizes for axes [2, 3] only; not_larger / not_smaller keep
    # the aspect ratio of a 2x4 input asked for 3x3
    'resize_axes': lambda: one(
        'Resize', ['x', '', '', 'sz'], [attr_ints('axes', [2, -1])],
        [1, 1, 2, 2], [1, 1, 4, 3], [i64('sz', [2], [4, 3])], opset=18),
    'resize_not_larger': lambda: one(
        'Resize', ['x', '', '', 'sz'],
        [attr_ints('axes', [2, 3]),
         attr_str('keep_aspect_ratio_policy', 'not_larger')],
        [1, 1, 2, 4], [1, 1, 2, 3], [i64('sz', [2], [3, 3])], opset=18),
    'resize_not_smaller': lambda: one(
        'Resize', ['x', '', '', 'sz'],
        [attr_ints('axes', [2, 3]),
         attr_str('keep_aspect_ratio_policy', 'not_smaller')],
        [1, 1, 2, 4], [1, 1, 3, 6], [i64('sz', [2], [3, 3])], opset=18),
    'resize_antialias': lambda: one(
        'Resize', ['x', '', 's'],
        [attr_str('mode', 'cubic'), attr_int('antialias', 1)],
        [1, 1, 4, 4], [1, 1, 2, 2], [f32('s', [4], [1, 1, 0.6, 0.6])],
        opset=18),
    'resize_nearest': lambda: one(
        'Resize', ['x', '', '', 'sz'],
        [attr_str('coordinate_transformation_mode', 'asymmetric'),
         attr_str('nearest_mode', 'ceil')], [1, 1, 2, 2], [1, 1, 5, 3],
        [i64('sz', [4], [1, 1, 5, 3])]),
    # output_shape [6, 5] from 2x2 input, kernel 3, stride 2: full size 5x5,
    # so one extra row (output_padding [1, 0])
    'deconv_shape': lambda: one(
        'ConvTranspose', ['x', 'w'],
        [attr_ints('strides', [2, 2]), attr_ints('output_shape', [6, 5])],
        [1, 1, 2, 2], [1, 1, 6, 5], [f32('w', [1, 1, 3, 3], [1.0] * 9)]),
    'deconv_1d': lambda: one(
        'ConvTranspose', ['x', 'w'],
        [attr_ints('strides', [2]), attr_ints('dilations', [2]),
         attr_ints('pads', [1, 0])],
        [1, 1, 3], [1, 1, 6], [f32('w', [1, 1, 2], [1.0, 10.0])]),
    # group 2: channel 0 [1, 2] * [1, 10], channel 1 [3, 4] * [100, 1000]
    'deconv_group': lambda: one(
        'ConvTranspose', ['x', 'w', 'b'], [attr_int('group', 2)],
        [1, 2, 1, 2], [1, 2, 1, 3],
        [f32('w', [2, 1, 1, 2], [1.0, 10.0, 100.0, 1000.0]),
         f32('b', [2], [0.5, -1.0])]),
    # 3-D, D only: [1, 2] * [1, 10], stride 3: [1, 10, 0, 2, 20] + 0.5
    'deconv_3d': lambda: one(
        'ConvTranspose', ['x', 'w', 'b'], [attr_ints('strides', [3, 1, 1])],
        [1, 1, 2, 1, 1], [1, 1, 5, 1, 1],
        [f32('w', [1, 1, 2, 1, 1], [1.0, 10.0]), f32('b', [1], [0.5])]),
    'conv_1d': lambda: one(
        'Conv', ['x', 'w'], [attr_ints('pads', [1, 1])], [1, 1, 4],
        [1, 1, 4], [f32('w', [1, 1, 3], [1.0, 2.0, 3.0])]),
    'pool_1d': lambda: one(
        'AveragePool', ['x'],
        [attr_ints('kernel_shape', [2]), attr_ints('strides', [2]),
         attr_ints('pads', [1, 0])], [1, 1, 5], [1, 1, 3]),
    'pool_dilated': lambda: one(
        'MaxPool', ['x'],
        [attr_ints('kernel_shape', [2, 2]), attr_ints('dilations', [2, 1])],
        [1, 1, 3, 3], [1, 1, 1, 2]),
    'pool_indices': lambda: one(
        'MaxPool', ['x'],
        [attr_ints('kernel_shape', [2, 2]), attr_int('storage_order', 1)],
        [1, 1, 2, 3], None, outs=[('y', [1, 1, 1, 2]),
                                  ('i', [1, 1, 1, 2], 7)]),
    'pool_no_kernel': lambda: one('MaxPool', ['x'], [], [1, 1, 4],
                                  [1, 1, 4]),
    'pool3_no_kernel': lambda: one('MaxPool', ['x'],
                                   [attr_ints('kernel_shape', [2, 2])],
                                   [1, 1, 2, 2, 2], [1, 1, 1, 1, 1]),
    # 3-D: x[d][h][w] = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    'pool3_avg': lambda: one(
        'AveragePool', ['x'],
        [attr_ints('kernel_shape', [2, 2, 2]),
         attr_ints('pads', [1, 0, 0, 0, 0, 0])],
        [1, 1, 2, 2, 2], [1, 1, 2, 1, 1]),
    'pool3_max': lambda: one(
        'MaxPool', ['x'], [attr_ints('kernel_shape', [2, 1, 2])],
        [1, 1, 2, 2, 2], [1, 1, 1, 2, 1]),
}


def unsupported():
    """Every unsupported variant of these ops, one node each (all read x,
    1x1x4x4, or xd with a dynamic H), so one error lists them all."""
    r = lambda n, ins, attrs: node('Resize', ins, [n], n, attrs)
    ct = lambda n, ins, attrs: node('ConvTranspose', ins, [n], n, attrs)
    crop = attr_str('coordinate_transformation_mode', 'tf_crop_and_resize')
    nodes = [
        r('r_roi', ['x', 'xroi', '', 'sz'], [crop]),
        r('r_crop_nc', ['x', 'roi_nc', '', 'sz'], [crop]),
        r('r_empty', ['x', '', 'tiny'], []),
        r('r_coord', ['x', '', '', 'sz'],
          [attr_str('coordinate_transformation_mode', 'center')]),
        r('r_mode', ['x', '', '', 'sz'], [attr_str('mode', 'area')]),
        r('r_axes', ['x', '', '', 'sz2'], [attr_ints('axes', [2, 2])]),
        r('r_naxes', ['x', '', '', 'sz'], [attr_ints('axes', [2, 3])]),
        r('r_policy', ['x', '', '', 'sz'],
          [attr_str('keep_aspect_ratio_policy', 'fit')]),
        r('r_aa', ['x64', '', 'tiny2', ''],
          [attr_int('antialias', 1), attr_str('mode', 'linear')]),
        r('r_dyn', ['xd', '', 'sc'], []),
        r('r_dyn_aspect', ['xd', '', '', 'sz2'],
          [attr_ints('axes', [2, 3]),
           attr_str('keep_aspect_ratio_policy', 'not_larger')]),
        ct('t_strides', ['x', 'w'], [attr_ints('strides', [0, 1])]),
        ct('t_rank', ['x', 'w'], [attr_ints('output_shape', [6])]),
        ct('t_6d', ['x6', 'w6'], []),
        ct('t_3d_groups', ['x5', 'w5'], [attr_int('group', 2)]),
        ct('t_3d_type', ['x5h', 'w5h'], []),
        ct('t_3d_none', ['x5', 'w5'], [attr_ints('pads', [3, 0, 0, 0, 0, 0]),
                                      attr_ints('output_padding',
                                                [1, 0, 0])]),
        ct('t_groups', ['x', 'w'], [attr_int('group', 0)]),
        ct('t_dynamic', ['xd', 'w'], []),
        ct('t_huge', ['x', 'w'], [attr_ints('output_shape', [100000, 6])]),
        node('MaxPool', ['x'], ['p_order', 'p_idx'], 'p_order',
             [attr_ints('kernel_shape', [2, 2]),
              attr_int('storage_order', 2)]),
        node('MaxPool', ['x5'], ['p_3d', 'p_3d_idx'], 'p_3d',
             [attr_ints('kernel_shape', [2, 2, 2])]),
        node('MaxPool', ['x5'], ['p_3d_ceil'], 'p_3d_ceil',
             [attr_ints('kernel_shape', [2, 2, 2]),
              attr_int('ceil_mode', 1)]),
        node('MaxPool', ['x5'], ['p_3d_s'], 'p_3d_s',
             [attr_ints('kernel_shape', [2, 2, 2]),
              attr_ints('strides', [0, 1, 1])]),
        node('AveragePool', ['x5d'], ['p_3d_dyn'], 'p_3d_dyn',
             [attr_ints('kernel_shape', [1, 1, 1])]),
        node('MaxPool', ['x'], ['p_dil'], 'p_dil',
             [attr_ints('kernel_shape', [2, 2]),
              attr_ints('dilations', [0, 1])]),
        node('Pad', ['x', 'pads'], ['pad_wrap'], 'pad_wrap',
             [attr_str('mode', 'wrap')]),
        node('Pad', ['x', 'pads2', '', 'xroi'], ['pad_ax'], 'pad_ax', []),
        node('Pad', ['x', 'pads2', '', 'ax9'], ['pad_ax9'], 'pad_ax9', []),
        node('Pad', ['x', 'huge'], ['pad_huge'], 'pad_huge', []),
        node('Pad', ['x', 'crop5'], ['pad_crop'], 'pad_crop', []),
        node('Pad', ['xd', 'cropd'], ['pad_cropd'], 'pad_cropd', []),
    ]
    inits = [f32('roi_nc', [8], [0.5, 0, 0, 0, 1, 1, 1, 1]),
             i64('sz', [4], [1, 1, 3, 3]), i64('sz2', [2], [3, 3]),
             f32('sc', [4], [1, 1, 2, 2]),
             f32('tiny2', [4], [1, 1, 0.5, 0.05]),
             f32('tiny', [4], [1, 1, 0.1, 0.1]),
             f32('w', [1, 1, 3, 3], [1.0] * 9),
             f32('w5', [1, 1, 2, 2, 2], [1.0] * 8),
             f32('w6', [1, 1, 1, 1, 1, 1], [1.0]),
             tensor('w5h', [1, 1, 1, 1, 1], dtype=10, raw=b'\0\0'),
             i64('pads', [8], [0] * 8), i64('pads2', [2], [1, 1]),
             i64('ax9', [1], [9]),
             i64('huge', [8], [0, 0, 0, 1 << 40, 0, 0, 0, 0]),
             i64('crop5', [8], [0, 0, -5, 0, 0, 0, 0, 0]),
             i64('cropd', [8], [0, 0, 0, 0, 0, 0, -1, 0])]
    ins = [value_info('x', [1, 1, 4, 4]), value_info('xroi', [8]),
           value_info('x5', [1, 1, 2, 2, 2]),
           value_info('x5d', [1, 1, 'd', 2, 2]),
           value_info('x6', [1, 1, 1, 1, 1, 1]),
           value_info('x64', [1, 1, 4, 64]),
           value_info('x5h', [1, 1, 1, 1, 1], 10),
           value_info('xd', [1, 1, 'h', 4])]
    outs = [value_info(n, [1]) for n in
            ('r_roi', 'r_crop_nc', 'r_empty', 'r_coord', 'r_mode',
             'r_axes', 'r_naxes', 'r_policy', 'r_aa', 'r_dyn',
             'r_dyn_aspect',
             't_strides', 't_rank', 't_6d', 't_3d_groups', 't_3d_type',
             't_3d_none', 't_groups', 't_dynamic',
             't_huge', 'p_order', 'p_3d', 'p_3d_ceil', 'p_3d_s',
             'p_3d_dyn', 'p_dil', 'pad_wrap', 'pad_ax', 'pad_ax9',
             'pad_huge', 'pad_crop', 'pad_cropd')]
    return model(graph(nodes, inits, ins, outs))


CASES['unsupported'] = unsupported

if __name__ == '__main__':
    open(sys.argv[2], 'wb').write(CASES[sys.argv[1]]())
