#!/usr/bin/env bash
# The side-by-side measure: on one synthetic corpus of N benchmark records, in one run,
# the wall time, CPU time and peak memory of
#   rooflint sweep CORPUS (text)  |  rooflint sweep --format json CORPUS  |  the Python peer
#   (bench/peer_sweep.py)  |  find CORPUS -name '*.toml' -exec cat {} +  (reading the files)
# each run REPEATS times, interleaved, files in the page cache; the medians, and the ratios the
# issue sets goals for: python / rooflint (goal >= 10) and rooflint / cat (goal <= 1.5).
#
# usage: bench/compare.sh [N [SHAPE]]  (N defaults to 100000; SHAPE is mixed, the default, where
#        under half the records have a finding, or findings, where every record has one: 70% past a roof,
#        30% a capacity finding; bench/synthetic_corpus.h)
# environment: ROOFLINT, SYNTHETIC_CORPUS (the two binaries; default: build/bench/...),
#              PYTHON (3.11 or later, for tomllib), REPEATS (3), TMPDIR (where the corpus goes)
# `make bench-compare` builds the binaries and runs it (BENCH_N=... for another size).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
n=${1:-100000}
shape=${2:-mixed}
repeats=${REPEATS:-3}
rooflint=${ROOFLINT:-$here/../build/bench/rooflint}
generator=${SYNTHETIC_CORPUS:-$here/../build/bench/bench/synthetic_corpus}
gnu_time=/usr/bin/time
# The interpreter itself, not a launcher script in front of it (its start-up would be counted).
python=$("${PYTHON:-python3}" -c 'import sys, tomllib; print(sys.executable)')

for f in "$rooflint" "$generator" "$gnu_time"; do
  [ -x "$f" ] || { echo "compare.sh: $f is missing (make bench-compare builds it)" >&2; exit 2; }
done

work=$(mktemp -d -t rooflint-compare.XXXXXX)
trap 'rm -rf "$work"' EXIT
corpus=$work/corpus

echo "generating $n benchmark records of the $shape shape ..."
"$generator" "$n" "$corpus" "$shape"
files=$(find "$corpus" -name '*.toml' | wc -l)
bytes=$(find "$corpus" -name '*.toml' -printf '%s\n' | awk '{s += $1} END {print s}')
echo "corpus: $files files, $((bytes / 1000000)) MB of TOML"
# Warm the page cache: every file read twice.
find "$corpus" -name '*.toml' -exec cat {} + > /dev/null
find "$corpus" -name '*.toml' -exec cat {} + > /dev/null

names=(text json python cat)
run() {  # run NAME: one measured run, appended to $work/NAME as "wall user sys maxrss_kib"
  local out=$work/time.out status=0
  local timed=("$gnu_time" -o "$out" -f '%e %U %S %M')
  case $1 in
    text) "${timed[@]}" "$rooflint" sweep "$corpus" > /dev/null || status=$? ;;
    json) "${timed[@]}" "$rooflint" sweep --format json "$corpus" > /dev/null || status=$? ;;
    python) "${timed[@]}" "$python" "$here/peer_sweep.py" "$corpus" > /dev/null || status=$? ;;
    cat) "${timed[@]}" find "$corpus" -name '*.toml' -exec cat {} + > /dev/null || status=$? ;;
  esac
  # rooflint exits 1 when the sweep has findings (GNU time then writes a status line first);
  # anything else (invalid input, a crash) spoils the comparison.
  if [ "$status" -gt 1 ] || { [ "$status" = 1 ] && [ "$1" != text ] && [ "$1" != json ]; }; then
    echo "compare.sh: the $1 run exited with status $status" >&2
    exit 1
  fi
  tail -n 1 "$out" >> "$work/$1"
}
for ((i = 1; i <= repeats; i++)); do
  for name in "${names[@]}"; do run "$name"; done
done

median() {  # median FILE COLUMN...: the median of the sum of the columns over the runs
  local file=$1
  shift
  awk -v cols="$*" '{n = split(cols, c, " "); s = 0; for (i = 1; i <= n; i++) s += $c[i]; print s}' \
    "$file" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
}
declare -A wall cpu rss
for name in "${names[@]}"; do
  wall[$name]=$(median "$work/$name" 1)
  cpu[$name]=$(median "$work/$name" 2 3)
  rss[$name]=$(median "$work/$name" 4)
done

mb() { echo $(($1 * 1024 / 1000000)); }  # GNU time's %M is in KiB; MB = 10^6 bytes
echo
echo "$n benchmark records ($shape), $files files, medians of $repeats interleaved runs ($(nproc) CPUs)"
printf '%-34s %7s %7s %8s  %s\n' command "wall s" "CPU s" "peak MB" "every wall"
label() {
  case $1 in
    text) echo "rooflint sweep (text)" ;;
    json) echo "rooflint sweep --format json" ;;
    python) echo "python3 bench/peer_sweep.py" ;;
    cat) echo "find -exec cat (reading the files)" ;;
  esac
}
for name in "${names[@]}"; do
  printf '%-34s %7.2f %7.2f %8d  %s\n' "$(label "$name")" "${wall[$name]}" "${cpu[$name]}" \
    "$(mb "${rss[$name]}")" "$(cut -d' ' -f1 "$work/$name" | paste -sd' ')"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "inf"}'; }
echo
echo "python / rooflint text: $(ratio "${wall[python]}" "${wall[text]}")   (goal: at least 10)"
echo "python / rooflint json: $(ratio "${wall[python]}" "${wall[json]}")   (goal: at least 10)"
echo "rooflint text / cat:    $(ratio "${wall[text]}" "${wall[cat]}")   (goal: at most 1.5)"
echo "rooflint json / cat:    $(ratio "${wall[json]}" "${wall[cat]}")   (goal: at most 1.5)"
echo "the same on CPU time (user + system), less sensitive to other jobs on the machine:" \
  "python / text $(ratio "${cpu[python]}" "${cpu[text]}"), python / json" \
  "$(ratio "${cpu[python]}" "${cpu[json]}"), text / cat $(ratio "${cpu[text]}" "${cpu[cat]}")," \
  "json / cat $(ratio "${cpu[json]}" "${cpu[cat]}")"
echo "peak memory: rooflint text $(mb "${rss[text]}") MB, json $(mb "${rss[json]}") MB" \
  "(goal: at most 200 MB); python $(mb "${rss[python]}") MB; cat $(mb "${rss[cat]}") MB"
