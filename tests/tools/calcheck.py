#!/usr/bin/env python3
# calcheck.py DUMPDIR - recomputes the results of tests/il/cal-cs-fill-g.il,
# cal-cs-ids-alu.il and cal-cs-raw-uav.il from a --conform dump (manifest.xml,
# the initial argument bytes) by their documented formulas, sharing nothing
# with the translator or the emulators, and compares both runtimes' final
# bytes of the buffer they write (g, or uav1).
# Prints one line; exit 0 when both runtimes equal the formula everywhere.
import re, struct, sys

d = sys.argv[1]
man = open(d + "/manifest.xml").read()
nd = re.search(r'<ndrange dim="\d" global="(\d+) (\d+) (\d+)" local="(\d+) (\d+) (\d+)" offset="(\d+) (\d+) (\d+)"', man)
gx, lx, ox = int(nd.group(1)), int(nd.group(4)), int(nd.group(7))
args = {m.group(2): int(m.group(1)) for m in re.finditer(r'<argument index="(\d+)" name="([a-z0-9]+)"', man)}
rd = lambda name, kind: open("%s/arg%d.%s.bin" % (d, args[name], kind), "rb").read()
words = lambda b: list(struct.unpack("<%dI" % (len(b) // 4), b))

out = "uav1" if "uav1" in args else "g"
g0 = words(rd(out, "initial"))
want = list(g0)
cb0 = words(rd("cb0", "initial"))
if "uav1" in args:  # cal-cs-raw-uav
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
