#!/usr/bin/env bash
# Compares two builds of receipt-ledger on the same input, in alternation, so that the shared
# machine's drift hits both alike: A, B, A, B, … then the median wall time, the median CPU time
# (user + system) and the largest peak RSS of each.
#
#   Benchmarks/ab.sh RUNS BINARY_A BINARY_B [run options…]
#   e.g. cp .build/release/receipt-ledger /tmp/before; …change, swift build -c release…
#        Benchmarks/ab.sh 5 /tmp/before .build/release/receipt-ledger
#
# Input: DB (default: the 200,000-record bench file; run `receipt-ledger bench` once to make it)
# and CATALOG. Each run writes its report to a scratch folder that is removed afterwards.
set -euo pipefail
if [ $# -lt 3 ]; then sed -n '2,11p' "$0" >&2; exit 64; fi
runs=$1 a=$2 b=$3; shift 3
db=${DB:-reports/bench-data/receipts-200000-s1.sqlite}
catalog=${CATALOG:-reports/bench-data/catalog.csv}
[ -f "$db" ] || { echo "ab.sh: no input $db (run receipt-ledger bench first, or set DB)" >&2; exit 66; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for _ in $(seq "$runs"); do
    for binary in "$a" "$b"; do
        rm -rf "$scratch/out"
        /usr/bin/time -f "$binary %e %U %S %M" -a -o "$scratch/times" \
            "$binary" run --db "$db" --catalog "$catalog" --out "$scratch/out" "$@" > /dev/null
    done
done
for binary in "$a" "$b"; do
    grep -F "$binary " "$scratch/times" | awk -v name="$binary" '
        { wall[NR] = $2; cpu[NR] = $3 + $4; if ($5 > rss) rss = $5; walls = walls sprintf(" %.2f", $2) }
        function median(v, n,   i, j, t) {
            for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
            return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
        }
        END { printf "%s: wall %.3f s, cpu %.3f s, peak RSS %d MiB (%d runs:%s)\n", name, median(wall, NR), median(cpu, NR), rss / 1024, NR, walls }'
done
