#!/usr/bin/env python3
# calcheck.py DUMPDIR - recomputes the results of tests/il/cal-cs-fill-g.il,
# cal-cs-ids-alu.il, cal-cs-raw-uav.il, cal-cs-transpose.il, cal-ps-pixels.il,
# cal-ps-copy-offset.il, cal-ps-no-code.il, cal-brcc-neg-first.il,
# cal-r7xx-lds-sharing.il, cal-cs-typed-uav.il, cal-glued-statements.il and
# cal-brcc-loop-count.il from a --conform
# dump (manifest.xml, the initial argument bytes) by their documented
# formulas, sharing nothing with the translator or the emulators, and
# compares both runtimes' final bytes of what they write (g, uav1, or the
# render targets o0..o2, decoded as OpenCL 1.2 section 8.3 converts).
# Prints one line; exit 0 when both runtimes equal the formula everywhere.
import math, os, re, struct, sys

d = sys.argv[1]
prog = os.path.basename(d.rstrip("/")).rsplit(".", 1)[0]  # the dump is PROG.main
man = open(d + "/manifest.xml").read()
nd = re.search(r'<ndrange dim="\d" global="(\d+) (\d+) (\d+)" local="(\d+) (\d+) (\d+)" offset="(\d+) (\d+) (\d+)"', man)
gx, lx, ox = int(nd.group(1)), int(nd.group(4)), int(nd.group(7))
gy, oy = int(nd.group(2)), int(nd.group(8))
args = {m.group(2): int(m.group(1)) for m in re.finditer(r'<argument index="(\d+)" name="([a-z0-9]+)"', man)}
rd = lambda name, kind: open("%s/arg%d.%s.bin" % (d, args[name], kind), "rb").read()
words = lambda b: list(struct.unpack("<%dI" % (len(b) // 4), b))

if "o0" in args:  # cal-ps-pixels: images, see its header
    f32 = lambda x: struct.unpack("<f", struct.pack("<f", x))[0]  # round to nearest float
    CH = {0x10b0: 1, 0x10b2: 2, 0x10b5: 4}  # CL_R, CL_RG, CL_RGBA

    def image(name):
        m = re.search(r'name="%s" kind="image".*?image="type \d+ (\d+)x(\d+)x\d+ layers \d+ order (0x[0-9a-f]+) '
                      r'data_type (0x[0-9a-f]+) pitches (\d+)' % name, man)
        return int(m.group(1)), int(m.group(2)), CH[int(m.group(3), 16)], int(m.group(4), 16), int(m.group(5))

    def texel(name, kind, x, y):  # the float4 a read gives: (v, 0, 0, 1) for missing channels
        w, h, ch, dt, pitch = image(name)
        b = rd(name, kind)
        v = [0.0, 0.0, 0.0, 1.0]
        for c in range(ch):
            if dt == 0x10d2:  # CL_UNORM_INT8: c / 255
                v[c] = f32(b[y * pitch + x * ch + c] / 255.0)
            else:  # CL_FLOAT
                v[c] = struct.unpack_from("<f", b, y * pitch + (x * ch + c) * 4)[0]
        return v

    def encode(name, v):  # the bytes a write of float4 v stores
        w, h, ch, dt, pitch = image(name)
        if dt == 0x10d2:  # convert_uchar_sat_rte(v * 255.0f)
            return bytes(int(round(min(max(f32(x * 255.0), 0.0), 255.0))) for x in v[:ch])
        return struct.pack("<%df" % ch, *v[:ch])

    cb0 = struct.unpack("<4f", rd("cb0", "initial")[:16]) if "cb0" in args else None
    buffers = re.search(r'name="o0" kind="buffer"', man) is not None  # --cal-outputs buffer
    targets = [t for t in ("o0", "o1", "o2", "o3") if t in args]

    def place(want, o, x, y, v):  # render target o's bytes of pixel (x, y) := float4 v
        if buffers:  # 16 bytes a pixel, row-major over the domain, unconverted
            k = 16 * ((y - oy) * gx + (x - ox))
            want[k:k + 16] = struct.pack("<4f", *v)
        else:
            e, pitch = encode(o, v), image(o)[4]
            want[y * pitch + x * len(e):y * pitch + (x + 1) * len(e)] = e

    def value(o, x, y):  # what pixel (x, y) writes to o; None: discarded
        if prog == "cal-brcc-loop-count":
            n = struct.unpack("<i", rd("cb0", "initial")[:4])[0]
            return [float(n * (n + 1) // 2 if n > 0 else 0)] * 4
        if prog == "cal-brcc-neg-first":
            return [f32(1.0 - f32((x + 0.5) * 0.015625)), f32(1.0 - f32((y + 0.5) * 0.015625)), -cb0[0], -cb0[3]]
        if prog == "cal-ps-no-code":  # nothing writes o0, which starts at 0
            return [0.0] * 4
        if prog not in ("cal-ps-copy-offset", "cal-ps-pixels"):
            raise SystemExit("calcheck: no formula for %s" % prog)
        if "o1" not in args:  # cal-ps-copy-offset: o0 = i0[clamp(floor(v0 + cb0.xy))]
            wi, hi = image("i0")[:2]
            sx, sy = f32(x + 0.5 + cb0[0]), f32(y + 0.5 + cb0[1])
            if sx < 0:
                return None
            return texel("i0", "initial", min(max(math.floor(sx), 0), wi - 1), min(max(math.floor(sy), 0), hi - 1))
        if (x + y) % 2:
            return None  # discarded: the target keeps its contents
        if o == "o0":
            t = texel("i0", "initial", x, y)
            return [f32(f32(t[c] + t[c]) + cb0[c]) for c in range(4)]
        if o == "o1":
            v = f32((x + 0.5) * 0.015625)
            return [v, f32(v + 1.0), 0.0, 1.0]
        if o == "o3":
            wi, hi = image("i0")[:2]
            return texel("i0", "initial", min(max(x - 1, 0), wi - 1), min(max(y + 1, 0), hi - 1))
        return [0.0] * 4

    bad = []
    for side in ("amd", "level_zero"):
        for o in targets:
            want = bytearray(rd(o, "initial"))
            for j in range(gy):
                for i in range(gx):
                    v = value(o, ox + i, oy + j)
                    if v is not None:
                        place(want, o, ox + i, oy + j, v)
            got = rd(o, side)
            diff = [k for k in range(len(want)) if got[k] != want[k]]
            if diff:
                bad.append("%s %s: %d bytes differ, first byte %d: %d, formula %d" %
                           (side, o, len(diff), diff[0], got[diff[0]], want[diff[0]]))
    if bad:
        print("; ".join(bad))
        sys.exit(1)
    print("%d x %d pixels: both runtimes equal the formula (%s as %s)" % (gx, gy, ", ".join(targets),
                                                                         "buffers" if buffers else "images"))
    sys.exit(0)

if prog == "cal-cs-typed-uav":  # see its header
    m = re.search(r'name="uav0" kind="image".*?image="type \d+ (\d+)x(\d+)x\d+ layers \d+ order (0x[0-9a-f]+) '
                  r'data_type (0x[0-9a-f]+) pitches (\d+)', man)
    w, h, pitch = int(m.group(1)), int(m.group(2)), int(m.group(5))
    ch = {0x10b0: 1, 0x10b2: 2, 0x10b5: 4}[int(m.group(3), 16)]
    assert int(m.group(4), 16) == 0x10dc  # CL_UNSIGNED_INT32: the declaration's _fmtx(uint)
    want0 = bytearray(rd("uav0", "initial"))
    want1 = words(rd("uav1", "initial"))
    for i in range(gx):
        n = ox + i
        x, y = n % 16, n // 16
        if x < w and y < h:
            for c in range(ch):
                struct.pack_into("<I", want0, y * pitch + (x * ch + c) * 4, n + c)
        want1[4 * n + 1:4 * n + 3] = [n + 2, n + 3]
    bad = []
    for side in ("amd", "level_zero"):
        if rd("uav0", side) != bytes(want0):
            bad.append("%s: uav0 differs" % side)
        got = words(rd("uav1", side))
        if got != want1:
            j = [k for k in range(len(got)) if got[k] != want1[k]][0]
            bad.append("%s: uav1 dword %d: 0x%08x, formula 0x%08x" % (side, j, got[j], want1[j]))
    if bad:
        print("; ".join(bad))
        sys.exit(1)
    print("%d work-items: both runtimes equal the formula (uav0 %dx%d uint texels, uav1)" % (gx, w, h))
    sys.exit(0)

out = "uav1" if "uav1" in args else "g"
g0 = words(rd(out, "initial"))
want = list(g0)
cb0 = words(rd("cb0", "initial")) if "cb0" in args else []
if prog == "cal-glued-statements":  # see its header
    x = struct.unpack("<f", struct.pack("<I", cb0[0]))[0]
    fx = 0 if x != x else (2**31 - 1 if x > 0 else -2**31) if math.isinf(x) else \
        max(min(int(x), 2**31 - 1), -2**31)  # ftoi: truncated, saturated, NaN 0
    for i in range(gx):
        n = ox + i
        want[4 * n:4 * n + 4] = [fx & 0xFFFFFFFF, struct.unpack("<I", struct.pack("<f", float(n)))[0], cb0[3],
                                 (2 * n) & 0xFFFFFFFF]
elif prog == "cal-r7xx-lds-sharing":  # see its header
    f32bits = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]
    for i in range(gx):
        t, b = i % 64, i - i % 64
        q, k, n1 = t & ~3, t & 3, b + ((t + 1) & 63)
        want[8 * i:8 * i + 4] = [f32bits(float(b + q + c) + 0.25 * k) for c in range(4)]
        want[8 * i + 4:8 * i + 8] = [(m * n1) & 0xFFFFFFFF for m in (2, 3, 5, 7)]
elif "uav1" in args:  # cal-cs-raw-uav
    u0 = words(rd("uav0", "initial"))
    for i in range(gx):
        gid = ox + i
        want[gid] = (u0[gid] + cb0[0] + i % lx) & 0xFFFFFFFF
elif "cb1" in args:  # cal-cs-ids-alu
    cb1 = words(rd("cb1", "initial"))
    s32 = lambda v: v - (1 << 32) if v & 0x80000000 else v
    for i in range(gx):
        gid = ox + i
        lid = i % lx
        grp = i // lx  # the group id does not count the offset
        e = g0[8 * gid:8 * gid + 4]
        want[8 * gid + 4:8 * gid + 8] = [(e[0] + cb1[0]) & 0xFFFFFFFF, max(s32(e[1]), -(1 << 31)) & 0xFFFFFFFF, lid, grp]
        c = cb0[4 * (lid & 1):4 * (lid & 1) + 4]
        want[8 * gid:8 * gid + 4] = c[:3] + [e[3] ^ 0xFFFFFFFF]
elif "cb0" not in args:  # cal-cs-transpose
    for i in range(gx):
        gid = ox + i
        rows = [g0[32 * gid + 4 * k:32 * gid + 4 * k + 4] for k in range(4)]
        for k in range(4):
            want[32 * gid + 16 + 4 * k:32 * gid + 16 + 4 * k + 4] = [rows[c][k] for c in range(4)]
            want[32 * gid + 4 * k:32 * gid + 4 * k + 4] = rows[k]
else:  # cal-cs-fill-g
    for i in range(gx):
        gid = ox + i
        for k in range(4):
            want[16 * gid + 4 * k:16 * gid + 4 * k + 4] = cb0[0:4]
bad = []
for side in ("amd", "level_zero"):
    got = words(rd(out, side))
    diff = [j for j in range(len(want)) if got[j] != want[j]]
    if diff:
        j = diff[0]
        bad.append("%s: %d words differ, first %s dword %d: 0x%08x, formula 0x%08x" % (side, len(diff), out, j, got[j], want[j]))
changed = sum(1 for j in range(len(want)) if want[j] != g0[j])
if bad:
    print("; ".join(bad))
    sys.exit(1)
print("%d work-items: both runtimes equal the formula (%d %s dwords written)" % (gx, changed, out))
