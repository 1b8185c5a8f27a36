# test/lit/targets/ethos_u/Inputs/bilinear-random.py: writes N functions of
# one bilinear npu.resize each with random sizes (1-7 rows and columns),
# factors (1, 2, 4, 8 per axis, or, one time in ten, any output size),
# half-pixel centres, align_corners or neither, element types (int8,
# int16, uint8) and channel counts, to check ethos-u-codegen's bilinear
# phases beyond the hand-picked cases. Deterministic: the seed is an
# argument.
# usage: bilinear-random.py SEED N > out.mlir   (prints the entry names to
# stderr)
import random
import sys

TYPES = {
    'q': '!quant.uniform<i8:f32, 0.05:-3>',
    'h': '!quant.uniform<i16:f32, 0.001:0>',
    'u': '!quant.uniform<u8:f32, 0.02:128>',
}


def axis(rng, align):
    n = rng.choice([1, 1, 2, 3, 4, 5, 7])
    f = rng.choice([1, 2, 2, 4, 8])
    m = f * (n - 1) + 1 if align and n > 1 else f * n
    if rng.random() < 0.1:
        m = rng.randint(1, 12)
    return n, m


def main():
    rng = random.Random(int(sys.argv[1]))
    count = int(sys.argv[2])
    for k, v in TYPES.items():
        print('!%s = %s' % (k, v))
    names = []
    for i in range(count):
        t = rng.choice('qqhu')
        mode = rng.choice(['half', 'align', 'none', 'none'])
        c = rng.choice([1, 3, 8, 16, 17, 33])
        (h, oh), (w, ow) = axis(rng, mode == 'align'), \
            axis(rng, mode == 'align')
        attrs = 'size = [%d, %d], mode = "bilinear"' % (oh, ow)
        if mode == 'half':
            attrs += ', half_pixel_centers = true'
        if mode == 'align':
            attrs += ', align_corners = true'
        it = 'tensor<1x%dx%dx%dx!%s>' % (h, w, c, t)
        ot = 'tensor<1x%dx%dx%dx!%s>' % (oh, ow, c, t)
        print('func.func @f%d(%%x: %s) -> %s {' % (i, it, ot))
        print('  %%0 = "npu.resize"(%%x) {%s} : (%s) -> %s'
              % (attrs, it, ot))
        print('  return %%0 : %s' % ot)
        print('}')
        names.append('f%d' % i)
    sys.stderr.write(' '.join(names) + '\n')


main()
