#!/bin/sh
# The HTML report in a real browser: renders the bundled corpus's report in headless chromium,
# fails on any console message (the page has no script, so any message is an error), checks
# the DOM chromium built (every chart: both axes, the memory roofs, the compute roof unless the
# caption says it is not computable, one point per record; the MPT-7B trio on one chart), and
# writes a screenshot as an artifact. Exits 77 (CTest: skipped) only when chromium is absent.
# usage: html_browser_test.sh ROOFLINT DATA WORKDIR
set -u
rooflint=$1 data=$2 work=$3

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (Debian package 'chromium'; make test installs it)"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
"$rooflint" sweep "$data" --format html --output "$work/report.html"
rc=$?
[ $rc -le 1 ] || fail "rooflint sweep exited $rc"
[ -s "$work/report.html" ] || fail "no report written"
size=$(wc -c < "$work/report.html")
[ "$size" -lt 2097152 ] || fail "report.html is $size bytes, over 2 MB"

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
run() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
    --enable-logging=stderr --v=0 "$@" "file://$work/report.html"
}
run --dump-dom > "$work/dom.html" 2> "$work/console.log" || fail "chromium --dump-dom failed"
run --hide-scrollbars --window-size=1320,2400 --screenshot="$work/report.png" \
  > /dev/null 2>> "$work/console.log" || fail "chromium --screenshot failed"
[ -s "$work/report.png" ] || fail "no screenshot written"
if grep -E ':CONSOLE|Uncaught|net::ERR' "$work/console.log"; then
  fail "console messages while loading the report (see $work/console.log)"
fi
grep -q '<h1>rooflint report</h1>' "$work/dom.html" || fail "the DOM has no report heading"

# One record per figure: awk splits the DOM at each </figure>.
awk -v RS='</figure>' '
  /<figure class="chart"/ {
    figure = substr($0, index($0, "<figure class=\"chart\""))
    charts++
    match(figure, /data-records="[0-9]+"/)
    want = substr(figure, RSTART + 14, RLENGTH - 15) + 0
    points = gsub(/class="point (per-user|aggregate)/, "&", figure)
    caption = figure; sub(/.*<figcaption>/, "", caption); sub(/<\/figcaption>.*/, "", caption)
    if (points != want || want == 0) { print "FAIL: " caption ": " points " points, " want " records"; bad = 1 }
    n = split("axis x-axis|axis y-axis|roof memory-roof|roof per-user-roof", need, "|")
    for (i = 1; i <= n; i++) {
      if (index(figure, "class=\"" need[i] "\"") == 0) { print "FAIL: " caption ": no " need[i]; bad = 1 }
    }
    if (index(figure, "compute roof not computable") == 0 &&
        (index(figure, "class=\"roof compute-roof\"") == 0 || index(figure, "class=\"crossover\"") == 0)) {
      print "FAIL: " caption ": no compute roof or crossover"; bad = 1
    }
    if (caption ~ /^mpt-7b on 1 x nvidia-a100-40gb/) {
      mpt = 1
      if (want != 3) { print "FAIL: the MPT-7B trio chart has " want " records"; bad = 1 }
    }
  }
  END {
    if (charts == 0) { print "FAIL: no chart"; bad = 1 }
    if (!mpt) { print "FAIL: no MPT-7B on A100 40GB chart"; bad = 1 }
    print charts " charts checked"
    exit bad
  }' "$work/dom.html" || fail "chart checks (see $work/dom.html)"

echo "ok: $size bytes, screenshot $work/report.png"
