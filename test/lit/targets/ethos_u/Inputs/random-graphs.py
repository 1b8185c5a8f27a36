# test/lit/targets/ethos_u/Inputs/random-graphs.py: writes N functions of
# random quantized graph ops (convolutions, depthwise convolutions, fully
# connected layers, pools, add/sub/mul/max/min, activations, pads,
# concats) with random scales, zero points, shapes, strides and paddings,
# to check that ethos-u-legalize's lowering is bit-exact beyond the
# shared models. Deterministic: the seed is an argument.
# usage: random-graphs.py SEED N > out.mlir   (prints the entry names to
# stderr)
import random
import sys


def qtype(bits, scale, zp):
    return '!quant.uniform<i%d:f32, %.9g:%d>' % (bits, scale, zp)


def tensor(shape, elem):
    return 'tensor<%sx%s>' % ('x'.join(str(d) for d in shape), elem)


def dense(shape, lo, hi, rng):
    n = 1
    for d in shape:
        n *= d
    vals = [rng.randint(lo, hi) for _ in range(n)]

    def nest(v, dims):
        if not dims:
            return str(v.pop(0))
        return '[' + ', '.join(nest(v, dims[1:]) for _ in range(dims[0])) + ']'
    return 'dense<%s>' % nest(vals, list(shape))


class Fn:
    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        self.lines = []
        self.n = 0

    def val(self):
        self.n += 1
        return '%%v%d' % self.n

    def act(self, bits=8):
        r = self.rng
        lo = -(1 << (bits - 1))
        return (bits, r.uniform(0.002, 0.2), r.randint(lo, -lo - 1)
                if bits == 8 else 0)

    def const(self, shape, storage, lo, hi, qt):
        v = self.val()
        self.lines.append('  %s = "graph.constant"() {value = %s : %s} : '
                          '() -> %s' % (v, dense(shape, lo, hi, self.rng),
                                        tensor(shape, storage),
                                        tensor(shape, qt)))
        return v

    def op(self, name, args, types, rtype, attrs=''):
        v = self.val()
        a = (' {%s}' % attrs) if attrs else ''
        self.lines.append('  %s = "graph.%s"(%s)%s : (%s) -> %s' % (
            v, name, ', '.join(args), a, ', '.join(types), rtype))
        return v


def weights(f, shape, axis, per_channel):
    r = f.rng
    if per_channel:
        sc = ','.join('%.9g' % r.uniform(0.001, 0.05)
                      for _ in range(shape[axis]))
        qt = '!quant.uniform<i8:f32:%d, {%s}>' % (axis, sc)
    else:
        qt = '!quant.uniform<i8:f32, %.9g>' % r.uniform(0.001, 0.05)
    return f.const(shape, 'i8', -127, 127, qt), tensor(shape, qt)


def out_hw(i, k, s, d, pad):
    eff = d * (k - 1) + 1
    if pad == 'same':
        return (i + s - 1) // s
    return (i - eff) // s + 1


def gen(rng, name):
    f = Fn(rng, name)
    bits = 16 if rng.random() < 0.2 else 8
    h, w, c = rng.randint(3, 9), rng.randint(3, 9), rng.randint(1, 6)
    q = f.act(bits)
    x_t = tensor([1, h, w, c], qtype(*q))
    args = ['%%arg0: %s' % x_t]
    cur, cur_t, shape = '%arg0', x_t, [1, h, w, c]
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(['conv', 'dw', 'pool', 'act', 'bin', 'pad',
                           'fc'] if bits == 8 else ['conv', 'dw', 'pool',
                                                    'relu'])
        if kind in ('conv', 'dw'):
            k = [rng.randint(1, 3), rng.randint(1, 3)]
            s = [rng.randint(1, 2), rng.randint(1, 2)]
            d = [rng.randint(1, 2), rng.randint(1, 2)]
            pad = rng.choice(['same', 'valid'])
            oh = out_hw(shape[1], k[0], s[0], d[0], pad)
            ow = out_hw(shape[2], k[1], s[1], d[1], pad)
            if oh < 1 or ow < 1:
                continue
            per = rng.random() < 0.7
            if kind == 'conv':
                oc = rng.randint(1, 6)
                wv, wt = weights(f, [oc, k[0], k[1], shape[3]], 0, per)
            else:
                oc = shape[3]
                wv, wt = weights(f, [1, k[0], k[1], oc], 3, per)
            qo = f.act(bits)
            ot = tensor([1, oh, ow, oc], qtype(*qo))
            opnds, tys = [cur, wv], [cur_t, wt]
            if rng.random() < 0.8:
                bq = '!quant.uniform<i32:f32, 1.0e-4>'
                bv = f.const([oc], 'i32', -3000, 3000, bq)
                opnds.append(bv)
                tys.append(tensor([oc], bq))
            attrs = 'strides = [%d, %d], dilations = [%d, %d], padding = ' \
                '"%s"' % (s[0], s[1], d[0], d[1], pad)
            cur = f.op('conv2d' if kind == 'conv' else 'depthwise_conv2d',
                       opnds, tys, ot, attrs)
            cur_t, shape, q = ot, [1, oh, ow, oc], qo
            if rng.random() < 0.5:
                cur = f.op(rng.choice(['relu', 'relu6']), [cur], [cur_t],
                           cur_t)
        elif kind == 'pool':
            k = [rng.randint(1, 3), rng.randint(1, 3)]
            s = [rng.randint(1, 2), rng.randint(1, 2)]
            pad = rng.choice(['same', 'valid'])
            oh = out_hw(shape[1], k[0], s[0], 1, pad)
            ow = out_hw(shape[2], k[1], s[1], 1, pad)
            if oh < 1 or ow < 1:
                continue
            ot = tensor([1, oh, ow, shape[3]], qtype(*q))
            cur = f.op(rng.choice(['max_pool2d', 'avg_pool2d']), [cur],
                       [cur_t], ot, 'kernel = [%d, %d], strides = [%d, %d],'
                       ' padding = "%s"' % (k[0], k[1], s[0], s[1], pad))
            cur_t, shape[1], shape[2] = ot, oh, ow
        elif kind in ('act', 'relu'):
            an = 'relu' if kind == 'relu' else rng.choice(
                ['relu', 'relu6', 'sigmoid', 'tanh', 'hard_swish',
                 'leaky_relu', 'abs'])
            qo = q if rng.random() < 0.5 else f.act(bits)
            ot = tensor(shape, qtype(*qo))
            attrs = 'alpha = 0.125 : f32' if an == 'leaky_relu' else ''
            cur = f.op(an, [cur], [cur_t], ot, attrs)
            cur_t, q = ot, qo
        elif kind == 'bin':
            bn = rng.choice(['add', 'sub', 'mul', 'maximum', 'minimum'])
            bshape = [1, 1, 1, shape[3]] if rng.random() < 0.3 else shape
            qb = q if bn in ('maximum', 'minimum') else f.act()
            bt = tensor(bshape, qtype(*qb))
            bv = f.const(bshape, 'i8', -128, 127, qtype(*qb))
            qo = q if bn in ('maximum', 'minimum') else f.act()
            ot = tensor(shape, qtype(*qo))
            cur = f.op(bn, [cur, bv], [cur_t, bt], ot)
            cur_t, q = ot, qo
        elif kind == 'pad':
            p = [0, 0, rng.randint(0, 2), rng.randint(0, 2),
                 rng.randint(0, 2), rng.randint(0, 2), 0, 0]
            ns = [1, shape[1] + p[2] + p[3], shape[2] + p[4] + p[5],
                  shape[3]]
            ot = tensor(ns, qtype(*q))
            cur = f.op('pad', [cur], [cur_t], ot,
                       'paddings = [%s], constant_value = %.3g : f32' % (
                           ', '.join(map(str, p)), rng.uniform(-1, 1)))
            cur_t, shape = ot, ns
        elif kind == 'fc':
            kdim = shape[1] * shape[2] * shape[3]
            rt = tensor([1, kdim], qtype(*q))
            cur = f.op('reshape', [cur], [cur_t], rt,
                       'shape = [1, %d]' % kdim)
            o = rng.randint(1, 8)
            wv, wt = weights(f, [o, kdim], 0, False)
            qo = f.act()
            ot = tensor([1, o], qtype(*qo))
            cur = f.op('fully_connected', [cur, wv], [rt, wt], ot)
            rt2 = tensor([1, 1, 1, o], qtype(*qo))
            cur = f.op('reshape', [cur], [ot], rt2, 'shape = [1, 1, 1, %d]' % o)
            cur_t, shape, q = rt2, [1, 1, 1, o], qo
    return 'func.func @%s(%s) -> %s {\n%s\n  return %s : %s\n}\n' % (
        name, ', '.join(args), cur_t, '\n'.join(f.lines), cur, cur_t)


def main():
    rng = random.Random(int(sys.argv[1]))
    names = []
    for i in range(int(sys.argv[2])):
        names.append('f%d' % i)
        sys.stdout.write(gen(rng, names[-1]))
    sys.stderr.write(' '.join(names) + '\n')


main()
