#!/usr/bin/env bash
# One run's peak resident memory phase by phase: runs BINARY with RECEIPT_LEDGER_TIMINGS=1,
# samples its resident set every 50 ms, and prints for each phase mark the largest sample since
# the previous mark (a mark's own `peak` column is the run's peak so far, which hides a later
# phase's own). Used for EXPERIMENTS, "One run's peak, phase by phase".
#
#   Benchmarks/phase-peaks.sh BINARY [run options…]
#   e.g. DB=/work/bench-data/receipts-1000000-s1.sqlite Benchmarks/phase-peaks.sh .build/release/receipt-ledger
#
# Input: DB (default: the 1,000,000-record bench file) and CATALOG. The report goes to a
# scratch folder that is removed afterwards.
set -euo pipefail
if [ $# -lt 1 ]; then sed -n '2,11p' "$0" >&2; exit 64; fi
binary=$1; shift
db=${DB:-reports/bench-data/receipts-1000000-s1.sqlite}
catalog=${CATALOG:-reports/bench-data/catalog.csv}
[ -f "$db" ] || { echo "phase-peaks.sh: no input $db (run receipt-ledger bench --records 1000000 first, or set DB)" >&2; exit 66; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
RECEIPT_LEDGER_TIMINGS=1 "$binary" run --db "$db" --catalog "$catalog" --out "$scratch/out" "$@" 2> "$scratch/marks" > /dev/null &
pid=$!
start=$(date +%s.%N)
while kill -0 "$pid" 2> /dev/null; do
    rss=$(awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$pid/status" 2> /dev/null || true)
    [ -n "$rss" ] && echo "$(date +%s.%N) $rss"
    sleep 0.05
done | awk -v start="$start" '{ printf "%.3f %s\n", $1 - start, $2 }' > "$scratch/samples"
wait "$pid"
python3 - "$scratch/marks" "$scratch/samples" <<'PY'
import re, sys
marks = []
for line in open(sys.argv[1]):
    m = re.match(r'\s*([\d.-]+) s .* (\d+) MiB rss\s+(\d+) MiB peak\s+(.*)$', line)
    if m: marks.append((float(m.group(1)), m.group(4).strip(), int(m.group(2)), int(m.group(3))))
samples = [tuple(map(float, l.split())) for l in open(sys.argv[2]) if len(l.split()) == 2]
previous = 0.0
print("    at s  phase peak MiB  rss at mark  run peak  phase ending at the mark")
for at, name, rss, peak in marks:
    inside = [r for (t, r) in samples if previous <= t < at + 0.05]
    print(f"{at:8.2f}  {max(inside) if inside else 0:14.0f}  {rss:11d}  {peak:8d}  {name}")
    previous = at
PY
