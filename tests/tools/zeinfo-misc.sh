#!/bin/sh
# zeinfo-misc.sh - normalise what a host's clGetKernelInfo/clGetKernelArgInfo
# read from a .ze_info YAML text: each kernel's user_attributes and its
# kernels_misc_info args_info.
#
# usage: zeinfo-misc.sh < ze_info.yaml
#
# Prints, per kernel in file order:
#   <kernel> attr <key>=<value>          one line per user_attributes key
#                                        (lists as a,b,c), keys sorted
#   <kernel> arginfo <index> address=<q> access=<q> type=<name;size> quals=<q> name=<n>
#                                        one line per args_info entry, by index
# POSIX sh + awk only.  Exit status: 0, or 2 on a usage error.

if [ $# -ne 0 ]; then
    echo "usage: zeinfo-misc.sh < ze_info.yaml" >&2
    exit 2
fi

exec awk '
function indent_of(s,    t) { t = s; sub(/[^ ].*$/, "", t); return length(t) }
function clean(v) {
    sub(/^[ \t]+/, "", v); sub(/[ \t\r]+$/, "", v)
    if (v ~ /^'\''.*'\''$/ || v ~ /^".*"$/) { v = substr(v, 2, length(v) - 2); gsub(/'\'''\''/, "'\''", v) }
    gsub(/[][ ]/, "", v)  # flow lists [ 8, 2, 1 ] -> 8,2,1 (names never hold blanks here)
    return v
}
function keyval(s,    p) {
    p = index(s, ":"); if (!p) return 0
    K = substr(s, 1, p - 1); sub(/^[ \t-]+/, "", K); sub(/[ \t]+$/, "", K)
    V = substr(s, p + 1)
    return 1
}
function flush_arg() {
    if (have) {
        q = A["type_qualifiers"]; gsub(/ +/, "_", q)
        line[kernel, A["index"] + 0] = sprintf("%s arginfo %s address=%s access=%s type=%s quals=%s name=%s",
            kernel, A["index"], A["address_qualifier"], A["access_qualifier"], A["type_name"], q, A["name"])
        if (A["index"] + 0 > maxi[kernel]) maxi[kernel] = A["index"] + 0
        seen[kernel, A["index"] + 0] = 1
    }
    have = 0; delete A
}
function flush_kernel(    i, n, j, t) {
    if (kernel == "") return
    n = 0
    for (k in attr) { n++; keys[n] = k }
    for (i = 2; i <= n; i++) { t = keys[i]; for (j = i - 1; j >= 1 && keys[j] > t; j--) keys[j + 1] = keys[j]; keys[j + 1] = t }
    for (i = 1; i <= n; i++) printf "%s attr %s=%s\n", kernel, keys[i], attr[keys[i]]
    delete attr; delete keys
}
BEGIN { section = ""; kernel = "" }
/^[^ ]/ {
    flush_arg()
    if (section == "kernels") flush_kernel()
    section = $0; sub(/:.*/, "", section); kernel = ""; sub_ = ""
    if (section == "kernels_misc_info") order_n = 0
    next
}
section == "kernels" {
    ind = indent_of($0)
    if ($0 ~ /^  - name:/) { flush_kernel(); keyval($0); kernel = clean(V); sub_ = ""; next }
    if (ind == 4 && keyval($0)) { sub_ = K; next }
    if (sub_ == "user_attributes" && ind == 6 && keyval($0)) attr[K] = clean(V)
    next
}
section == "kernels_misc_info" {
    if ($0 ~ /^  - name:/) { flush_arg(); keyval($0); kernel = clean(V); order[++order_n] = kernel; next }
    if ($0 ~ /^      - /) { flush_arg(); have = 1 }
    if (have && keyval($0)) {
        v = V; sub(/^[ \t]+/, "", v); sub(/[ \t\r]+$/, "", v)
        if (v ~ /^'\''.*'\''$/) { v = substr(v, 2, length(v) - 2); gsub(/'\'''\''/, "'\''", v) }
        A[K] = v
    }
    next
}
END {
    flush_arg()
    if (section == "kernels") flush_kernel()
    for (o = 1; o <= order_n; o++) {
        kk = order[o]
        for (i = 0; i <= maxi[kk]; i++) if ((kk, i) in seen) print line[kk, i]
    }
}
'
