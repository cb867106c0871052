#!/usr/bin/env bash
# Measures what each piece of the pipeline's machinery earns: one release build run with all on
# and with each piece off alone (RECEIPT_LEDGER_MACHINERY_OFF, see EXPERIMENTS.md, "The machinery
# on two shapes"), on both bench shapes, ROUNDS rounds, each round every variant once per shape
# in a rotated order; then per variant the median CPU time and the median of the rounds' paired
# CPU ratios off ÷ on. "control" is all on through the same path, the noise floor.
#
#   Benchmarks/machinery.sh ROUNDS [SIZE] [BINARY]   e.g. Benchmarks/machinery.sh 6 200000
#
# Input: reports/bench-data/{receipts,histories}-SIZE-s1.sqlite (run `receipt-ledger bench` and
# `receipt-ledger bench --shape histories` once to make them).
set -euo pipefail
if [ $# -lt 1 ]; then sed -n '2,11p' "$0" >&2; exit 64; fi
rounds=$1 size=${2:-200000} binary=${3:-.build/release/receipt-ledger}
variants=(all-on control window read-ahead)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for r in $(seq "$rounds"); do
    for shape in receipts histories; do
        for i in "${!variants[@]}"; do
            v=${variants[$(( (i + r) % ${#variants[@]} ))]}
            off=$v; [ "$v" = all-on ] || [ "$v" = control ] && off=
            rm -rf "$scratch/out"
            if [ "$v" = all-on ]; then set -- env -u RECEIPT_LEDGER_MACHINERY_OFF; else set -- env RECEIPT_LEDGER_MACHINERY_OFF="$off"; fi
            "$@" /usr/bin/time -f "$shape $r $v %e %U %S %M" -a -o "$scratch/times" "$binary" run \
                --db "reports/bench-data/$shape-$size-s1.sqlite" --catalog reports/bench-data/catalog.csv \
                --out "$scratch/out" --no-xlsx > /dev/null 2>&1
        done
    done
done
awk '
    { cpu[$1, $3, $2] = $5 + $6; if ($7 > rss[$1, $3]) rss[$1, $3] = $7; names[$3] = 1; shapes[$1] = 1; last = $2 }
    function median(v, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
        return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
    }
    END {
        for (s in shapes) for (v in names) {
            split("", c); split("", q)
            for (r = 1; r <= last; r++) { c[r] = cpu[s, v, r]; q[r] = cpu[s, v, r] / cpu[s, "all-on", r] }
            printf "%s %-10s cpu %.3f s, off/on %.3f, peak RSS %d MiB\n", s, v, median(c, last), median(q, last), rss[s, v] / 1024
        }
    }' "$scratch/times" | sort
