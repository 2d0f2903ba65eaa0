#!/bin/sh
# The HTML report in a real browser: renders the bundled corpus's report in headless chromium,
# fails on any console message from the report (it has no script, so any message is an error),
# checks the DOM chromium built, measures the laid-out page, and writes screenshots as artifacts.
#  - the serving plane is drawn (axes, a memory bound, points), and every serving record of the
#    corpus (per-user decode, aggregate output, TPOT, ITL: counted here from the record files)
#    has a point on it or a stated reason under it;
#  - every batch-space chart has both axes, the memory roofs, the compute roof unless the caption
#    says it is not computable, one point per record; the MPT-7B trio is on one chart;
#  - nothing overflows sideways at a 1000 px window, and the page is under 15 screens of
#    1400 x 1000 px. The report keeps no script: a harness page beside it (the test's, not the
#    report's) holds it in a frame of that width and writes the frame's scroll sizes into its
#    own DOM, which --dump-dom prints.
# Exits 77 (CTest: skipped) only when chromium is absent.
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
grep -qi '<script' "$work/report.html" && fail "the report holds a script"

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
run() {
  page=$1
  shift
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
    --enable-logging=stderr --v=0 "$@" "file://$work/$page"
}
run report.html --dump-dom > "$work/dom.html" 2> "$work/console.log" ||
  fail "chromium --dump-dom failed"
run report.html --hide-scrollbars --window-size=1400,1000 --screenshot="$work/report.png" \
  > /dev/null 2>> "$work/console.log" || fail "chromium --screenshot failed"
[ -s "$work/report.png" ] || fail "no screenshot written"
if grep -E ':CONSOLE|Uncaught|net::ERR' "$work/console.log"; then
  fail "console messages while loading the report (see $work/console.log)"
fi
grep -q '<h1>rooflint report</h1>' "$work/dom.html" || fail "the DOM has no report heading"

# The layout, measured: the harness frames the report at a window's width.
for width in 1000 1400; do
  cat > "$work/measure-$width.html" <<EOF
<!DOCTYPE html><html><body style="margin:0">
<iframe id="report" src="report.html" style="width:${width}px;height:1000px;border:0"></iframe>
<script>
window.addEventListener("load", function () {
  var d = document.getElementById("report").contentDocument, e = d.documentElement;
  var wide = [];
  d.querySelectorAll("body *").forEach(function (n) {
    var r = n.getBoundingClientRect();
    if (r.width > 0 && r.right > e.clientWidth + 0.5 && wide.length < 5) {
      wide.push(n.tagName + "#" + n.id + "." + (n.getAttribute("class") || ""));
    }
  });
  var out = document.createElement("pre");
  out.id = "measured";
  out.textContent = "scrollWidth=" + e.scrollWidth + " clientWidth=" + e.clientWidth +
      " scrollHeight=" + e.scrollHeight + " wide=" + wide.join(",");
  document.body.appendChild(out);
});
</script></body></html>
EOF
  run "measure-$width.html" --allow-file-access-from-files --hide-scrollbars \
    --window-size=$width,1000 --virtual-time-budget=10000 --dump-dom \
    > "$work/measure-$width.dom" 2>> "$work/measure.log" || fail "chromium (measure) failed"
  measured=$(sed -n 's/.*<pre id="measured">\([^<]*\)<\/pre>.*/\1/p' "$work/measure-$width.dom")
  [ -n "$measured" ] || fail "the harness measured nothing at $width px (see $work/measure.log)"
  echo "at $width px: $measured"
  scroll_width=$(echo "$measured" | sed 's/.*scrollWidth=\([0-9]*\).*/\1/')
  client_width=$(echo "$measured" | sed 's/.*clientWidth=\([0-9]*\).*/\1/')
  height=$(echo "$measured" | sed 's/.*scrollHeight=\([0-9]*\).*/\1/')
  [ "$scroll_width" -le "$client_width" ] ||
    fail "the page overflows sideways at $width px: $measured"
  if [ "$width" = 1400 ]; then
    [ "$height" -lt 15000 ] || fail "the page is $height px high at 1400 px: 15 screens or more"
    echo "page: $height px high at 1400 x 1000 = $(awk "BEGIN { printf \"%.1f\", $height / 1000 }") screens"
  fi
done

# The serving plane. The serving records, counted from the corpus's own files.
expected=$(grep -lE '^metric = "(per-user-decode|aggregate-output|tpot|itl)"' \
  "$data"/benchmarks/*.toml | wc -l)
heading=$(grep -o '<h2 id="serving-plane"[^>]*>' "$work/dom.html")
[ -n "$heading" ] || fail "no serving plane"
attr() { echo "$heading" | sed "s/.*$1=\"\([0-9]*\)\".*/\1/"; }
stated=$(attr data-serving-records) points=$(attr data-points) unplaced=$(attr data-unplaced)
[ "$stated" = "$expected" ] ||
  fail "the plane accounts for $stated serving records; the corpus has $expected"
[ $((points + unplaced)) = "$expected" ] ||
  fail "$points points + $unplaced reasons for $expected serving records"
# Each record once: as a point in a plane figure, or as a reason under the plane.
awk -v RS='</figure>' '/<figure class="plane/ { print substr($0, index($0, "<figure class=\"plane")) }' \
  "$work/dom.html" | grep -o 'class="point [^"]*" data-record="[^"]*"' |
  sed 's/.*data-record="//; s/"$//' > "$work/plane-points.txt"
sed -n '/<h3 id="not-on-plane">/,/<\/ul>/p' "$work/dom.html" |
  grep -o 'class="unplaced"[^>]*data-record="[^"]*"' | sed 's/.*data-record="//; s/"$//' \
  > "$work/plane-reasons.txt"
drawn=$(sort -u "$work/plane-points.txt" | wc -l)
listed=$(sort -u "$work/plane-reasons.txt" | wc -l)
[ "$drawn" = "$points" ] || fail "$drawn records drawn on the plane, the heading says $points"
[ "$listed" = "$unplaced" ] || fail "$listed records listed with a reason, the heading says $unplaced"
both=$(sort -u "$work/plane-points.txt" "$work/plane-reasons.txt" | wc -l)
[ "$both" = "$expected" ] || fail "$both distinct serving records on or under the plane, not $expected"
for f in "$data"/benchmarks/*.toml; do
  grep -qE '^metric = "(per-user-decode|aggregate-output|tpot|itl)"' "$f" || continue
  id=$(sed -n 's/^id = "\(.*\)"$/\1/p' "$f" | head -n 1)
  grep -qxF "$id" "$work/plane-points.txt" "$work/plane-reasons.txt" ||
    fail "serving record $id has neither a point nor a reason"
done
awk -v RS='</figure>' '
  /<figure class="plane/ {
    figure = substr($0, index($0, "<figure class=\"plane"))
    planes++
    match(figure, /data-points="[0-9]+"/)
    want = substr(figure, RSTART + 13, RLENGTH - 14) + 0
    points = gsub(/<a [^>]*class="point /, "&", figure)
    caption = figure; sub(/.*<figcaption>/, "", caption); sub(/<\/figcaption>.*/, "", caption)
    if (points != want || want == 0) { print "FAIL: " caption ": " points " points, " want " records"; bad = 1 }
    if (index(figure, "class=\"axis x-axis\"") == 0 || index(figure, "class=\"axis y-axis\"") == 0) {
      print "FAIL: " caption ": no axes"; bad = 1
    }
    if (figure ~ /<figure class="plane"/) {
      full++
      if (index(figure, "No memory bound") == 0 && index(figure, "class=\"bound memory-bound\"") == 0) {
        print "FAIL: " caption ": no memory bound"; bad = 1
      }
      if (index(figure, "class=\"bound memory-bound\"") > 0) bounded++
    }
  }
  END {
    if (planes == 0) { print "FAIL: no serving plane chart"; bad = 1 }
    if (bounded == 0) { print "FAIL: no plane with its memory bound drawn"; bad = 1 }
    print planes " plane charts (" full " full, " bounded " with a memory bound) checked"
    exit bad
  }' "$work/dom.html" || fail "serving plane checks (see $work/dom.html)"
echo "serving plane: $expected serving records: $points points, $unplaced with a reason"

# The batch-space charts: awk splits the DOM at each </figure>.
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
