#!/usr/bin/env bash
# Two builds of rooflint side by side on one corpus: RUNS rounds, each running build A then
# build B (interleaved, so that a busy spell of the host falls on both), under
# /usr/bin/time; prints each build's median wall time, CPU time (user + system) and peak
# memory, and every wall time. How the steps of docs/PERFORMANCE.md were measured.
#
# usage: bench/paired.sh FORMAT RUNS CORPUS BUILD_A BUILD_B
#   e.g. bench/paired.sh text 7 corpus-100k ./rooflint-before build/bench/rooflint
#   (a corpus from `build/bench/bench/synthetic_corpus N DIR`; files in the page cache)
set -euo pipefail

if [ $# -ne 5 ]; then
  echo "usage: $0 FORMAT RUNS CORPUS BUILD_A BUILD_B" >&2
  exit 2
fi
format=$1 runs=$2 corpus=$3
builds=("$4" "$5")
out=$(mktemp -t rooflint-paired.XXXXXX)
trap 'rm -f "$out" "$out.time"' EXIT
for ((i = 0; i < runs; i++)); do
  for k in 0 1; do
    status=0
    /usr/bin/time -o "$out.time" -f '%e %U %S %M' "${builds[$k]}" sweep --format "$format" \
      "$corpus" > /dev/null 2>&1 || status=$?
    # 1 is a sweep with findings; anything else spoils the comparison.
    if [ "$status" -gt 1 ]; then
      echo "paired.sh: ${builds[$k]} exited with status $status" >&2
      exit 1
    fi
    echo "$k $(tail -n 1 "$out.time")" >> "$out"
  done
done
for k in 0 1; do
  awk -v k="$k" -v name="${builds[$k]}" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
        t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
      }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    $1 == k { n++; wall[n] = $2; cpu[n] = $3 + $4; rss[n] = $5; walls = walls " " $2 }
    END {
      printf "%s  wall %.2f s  CPU %.2f s  peak %.0f MiB  walls%s\n", name, median(wall, n),
             median(cpu, n), median(rss, n) / 1024, walls
    }' "$out"
done
