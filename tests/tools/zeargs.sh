#!/bin/sh
# zeargs.sh - normalise the explicit kernel arguments of a .ze_info YAML text.
#
# usage: zeargs.sh < ze_info.yaml
#
# Prints, per kernel (in file order), one line per explicit argument entry,
# sorted by argument index:
#
#   <kernel> arg <index> <arg_type> size=<size> addrmode=<m> addrspace=<s> access=<a>
#
# Fields that an entry does not carry are printed as '-'.  Only arg_byvalue and
# arg_bypointer entries of payload_arguments are considered, and of those the
# ones with `addrmode: stateful` are skipped (IGC adds such offset-0/size-0
# entries next to the stateless ones when built with
# -cl-intel-greater-than-4GB-buffer-required) - except images and samplers,
# which are always stateful: their lines end in ' image_type=<t>' or
# ' sampler_index=<n>'.  Implicit arguments
# (global_id_offset, local_size, buffer_address, buffer_offset, ...) and all
# per-thread arguments are ignored.  Offsets are deliberately not printed.
# When an arg_byvalue entry carries source_offset (a by-value struct split in
# pieces) ' src_off=<n>' is appended, and pieces of one argument are kept in
# source_offset order.
#
# POSIX sh + awk only.  Exit status: 0, or 2 on a usage error.

if [ $# -ne 0 ]; then
    echo "usage: zeargs.sh < ze_info.yaml" >&2
    exit 2
fi

exec awk '
function indent_of(s,    t) {
    t = s
    sub(/[^ ].*$/, "", t)
    return length(t)
}
function clean(v) {
    sub(/^[ \t]+/, "", v)
    # trailing comment (YAML needs a blank before #)
    sub(/[ \t]+#.*$/, "", v)
    sub(/[ \t\r]+$/, "", v)
    if (v ~ /^'\''.*'\''$/ || v ~ /^".*"$/)
        v = substr(v, 2, length(v) - 2)
    return v
}
# store "key: value" of an entry line (the part after an optional "- ")
function take_kv(s,    k, v, p) {
    p = index(s, ":")
    if (p == 0)
        return
    k = substr(s, 1, p - 1)
    sub(/^[ \t]+/, "", k)
    sub(/[ \t]+$/, "", k)
    v = clean(substr(s, p + 1))
    E[k] = v
    have_entry = 1
}
function val(k) {
    return (k in E && E[k] != "") ? E[k] : "-"
}
function flush_entry(    t, line, idx, so) {
    if (!have_entry)
        return
    t = val("arg_type")
    if ((t == "arg_byvalue" || t == "arg_bypointer") &&
        (val("addrmode") != "stateful" || val("addrspace") == "image" || val("addrspace") == "sampler")) {
        idx = val("arg_index")
        line = kname " arg " idx " " t " size=" val("size") \
               " addrmode=" val("addrmode") " addrspace=" val("addrspace") \
               " access=" val("access_type")
        so = val("source_offset")
        if (so != "-")
            line = line " src_off=" so
        if (val("image_type") != "-")
            line = line " image_type=" val("image_type")
        if (val("sampler_index") != "-")
            line = line " sampler_index=" val("sampler_index")
        n++
        L[n] = line
        K[n] = kseq
        I[n] = (idx ~ /^[0-9]+$/) ? idx + 0 : 999999
        S[n] = (so ~ /^[0-9]+$/) ? so + 0 : 0
        Q[n] = n
    }
    for (t in E)
        delete E[t]
    have_entry = 0
}
function before(a, b) {
    if (K[a] != K[b]) return K[a] < K[b]
    if (I[a] != I[b]) return I[a] < I[b]
    if (S[a] != S[b]) return S[a] < S[b]
    return a < b
}
BEGIN {
    n = 0; kseq = 0; kname = "?"
    in_kernels = 0; kind = -1; prop = -1
    in_payload = 0; have_entry = 0
}
{
    line = $0
    sub(/\r$/, "", line)
    # skip blank lines, comments and document markers
    if (line ~ /^[ \t]*$/ || line ~ /^[ \t]*#/ || line ~ /^(---|\.\.\.)[ \t]*$/)
        next
    ind = indent_of(line)
    body = substr(line, ind + 1)

    if (ind == 0 && body !~ /^-([ \t]|$)/) {   # top-level key
        flush_entry()
        in_payload = 0
        in_kernels = (body ~ /^kernels:[ \t]*$/)
        kind = -1; prop = -1
        next
    }
    if (!in_kernels)
        next

    # start of a kernel item: first "- " line under kernels: fixes the indent
    if (body ~ /^-[ \t]/ && (kind < 0 || ind == kind)) {
        flush_entry()
        in_payload = 0
        kind = ind
        rest = substr(body, 2)
        m = match(rest, /[^ \t]/)
        prop = ind + 1 + (m > 0 ? m - 1 : 1)
        kseq++
        kname = "?"
        body = substr(rest, m > 0 ? m : 1)
        ind = prop
    }
    if (kind < 0)
        next

    if (ind == prop && body !~ /^-([ \t]|$)/) {   # kernel property line
        flush_entry()
        p = index(body, ":")
        key = (p > 0) ? substr(body, 1, p - 1) : body
        if (key == "name")
            kname = clean(substr(body, p + 1))
        in_payload = (key == "payload_arguments")
        next
    }
    if (ind < prop)                      # something odd; leave the kernel
        next
    if (!in_payload)
        next

    # inside payload_arguments
    if (body ~ /^-[ \t]/ || body == "-") {
        flush_entry()
        body = substr(body, 2)
        sub(/^[ \t]+/, "", body)
        if (body == "")
            next
    }
    take_kv(body)
}
END {
    flush_entry()
    # insertion sort of the collected lines (POSIX awk has no sort)
    for (i = 2; i <= n; i++) {
        x = Q[i]; j = i - 1
        while (j >= 1 && before(x, Q[j])) { Q[j + 1] = Q[j]; j-- }
        Q[j + 1] = x
    }
    for (i = 1; i <= n; i++)
        print L[Q[i]]
}
' |
# an argument split into pieces (source_offset) compares by its total size:
# IGC and the translator may cut the same host value differently
awk '
{
    key = $1 " " $2 " " $3 " " $4
    sub(/ src_off=[0-9]+$/, "")
    split($5, sz, "=")
    if (key == last) {
        total += sz[2]
    } else {
        if (last != "") print out_line(prev, total)
        last = key; prev = $0; total = sz[2]
    }
}
function out_line(l, t,    f) {
    split(l, f, " ")
    sub(/size=[0-9]+/, "size=" t, l)
    return l
}
END { if (last != "") print out_line(prev, total) }
'
