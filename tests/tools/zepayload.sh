#!/bin/sh
# zepayload.sh - check every kernel's payload_arguments in a .ze_info YAML
# text against the ZE Info rules (written from the specification's tables,
# independently of the translator's layout code):
#   * an implicit argument has the size of its type: int32x3 = 12 bytes
#     (local_size group_count global_size enqueued_local_size
#     global_id_offset), int32 = 4 (work_dimensions, image_* and sampler_*
#     metadata), int64 = 8 (private_base_stateless printf_buffer
#     buffer_address implicit_arg_buffer)
#   * an entry is aligned to its element: 8 for 8-byte entries (pointers),
#     4 for the rest
#   * entries with bytes never overlap
#   * every explicit argument index from 0 to the highest appears, each
#     arg_bypointer/arg_byvalue carries arg_index, a stateless pointer is 8
#     bytes, a by-value piece is 1 to 256 bytes
#
# usage: zepayload.sh < ze_info.yaml
# Prints one line per violation ("<kernel>: <what>") and exits 1 when there
# is one, 0 otherwise, 2 on a usage error.  POSIX sh + awk only.

if [ $# -ne 0 ]; then
    echo "usage: zepayload.sh < ze_info.yaml" >&2
    exit 2
fi

exec awk '
function clean(v) { sub(/^[ \t]+/, "", v); sub(/[ \t\r]+$/, "", v); gsub(/'\''/, "", v); return v }
function want_size(t) {
    if (t ~ /^(local_size|group_count|global_size|enqueued_local_size|global_id_offset)$/) return 12
    if (t == "work_dimensions" || t ~ /^image_/ || t ~ /^sampler_/) return 4
    if (t ~ /^(private_base_stateless|printf_buffer|buffer_address|implicit_arg_buffer)$/) return 8
    return -1
}
function bad(m) { printf "%s: %s\n", kernel, m; nbad++ }
function end_entry() {
    if (!inentry) return
    inentry = 0
    t = E["arg_type"]; off = E["offset"] + 0; sz = E["size"] + 0
    w = want_size(t)
    if (w >= 0 && sz != w) bad(t " has " sz " bytes, the type has " w)
    if (sz > 0 && off % (sz == 8 ? 8 : 4)) bad(t " at offset " off " is not " (sz == 8 ? 8 : 4) "-byte aligned")
    if (t == "arg_bypointer" || t == "arg_byvalue") {
        if (!("arg_index" in E)) bad(t " at offset " off " has no arg_index")
        else { idx = E["arg_index"] + 0; seen[idx] = 1; if (idx > maxidx) maxidx = idx }
        if (t == "arg_bypointer" && E["addrmode"] == "stateless" && sz != 8)
            bad("stateless pointer argument " E["arg_index"] " has " sz " bytes, not 8")
        if (t == "arg_byvalue" && (sz < 1 || sz > 256))
            bad("by-value argument " E["arg_index"] " piece has " sz " bytes")
    }
    if (sz > 0) {
        for (i = 1; i <= n; i++)
            if (off < O[i] + S[i] && O[i] < off + sz)
                bad(t " at " off ".." off + sz - 1 " overlaps " T[i] " at " O[i] ".." O[i] + S[i] - 1)
        n++; O[n] = off; S[n] = sz; T[n] = t
    }
    delete E
}
function end_kernel() {
    end_entry()
    if (kernel != "")
        for (i = 0; i <= maxidx; i++)
            if (maxidx >= 0 && !(i in seen)) bad("explicit argument " i " has no payload entry")
    delete seen; n = 0; maxidx = -1; inpay = 0
}
BEGIN { maxidx = -1 }
/^  - name:/ { end_kernel(); kernel = clean(substr($0, index($0, ":") + 1)); next }
/^    [a-z_]+:/ { end_entry(); inpay = ($0 ~ /^    payload_arguments:/); next }
inpay && /^      - / { end_entry(); inentry = 1 }
inpay && inentry {
    s = $0; sub(/^[ \t-]+/, "", s); p = index(s, ":")
    if (p) E[substr(s, 1, p - 1)] = clean(substr(s, p + 1))
}
/^[^ ]/ { end_kernel(); kernel = "" }
END { end_kernel(); exit nbad ? 1 : 0 }
'
