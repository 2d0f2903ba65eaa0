#!/bin/sh
# The browser page (make web) used as a user uses it, in headless chromium from file://: files
# dropped on its drop zones and its controls clicked by tests/web/page_harness.js, loaded after
# the page's script in a copy of index.html. What the page shows is compared with the tool:
#   files   real samples dropped on the file view, one of each format and two with many runs:
#           the JSON, byte for byte, and the table's rows (by run, as `rooflint check FILE`
#           groups them, with and without --all) and its summary;
#   conditions  a file dropped, then the conditions it lacks typed into the file view's fields:
#           the JSON, the table, the notes and the warning as `rooflint check FILE --flag ...`
#           gives them, and the terminal command with the flags;
#   claims  each claim of tests/web/claims.json typed into the claim's fields: the JSON, byte
#           for byte, so every verdict and bound to the digit;
#   corpus  every page of the corpus table reached by Next, each record once, and a filter;
#   mine    record files dropped (one with an error, shown located) and a config.json: the claim
#           in the address checked as `check --corpus DIR` and `--model-config` check it.
# No console message in any of them. Exits 77 (skipped) when the page is not built or chromium
# is absent.
# usage: web_page_test.sh WEB_DIR WORKDIR ROOFLINT SOURCE_DIR
set -u
site=$1 work=$2 rooflint=$3 src=$4

. "$(dirname "$0")/web/page_env.sh"

rm -rf "$work" && mkdir -p "$work/site" || fail "cannot create $work"
work=$(cd "$work" && pwd -P)
src=$(cd "$src" && pwd -P)
case $rooflint in /*) ;; *) rooflint=$(pwd -P)/$rooflint ;; esac
cp "$site/rooflint.js" "$site/app.js" "$site/style.css" "$src/tests/web/page_harness.js" "$work/site/" ||
  fail "cannot copy the page"
# The tool as the tests run it: no terminal width, no colour.
tool() { COLUMNS= "$rooflint" "$@" --color never 2> /dev/null; }
tool_json() { COLUMNS= "$rooflint" "$@" --format json 2> /dev/null; }

# page NAME DATA_JS [QUERY]: the page with the harness in scenario NAME, its output in
# $work/NAME.out (one fact a line), its console in $work/NAME.log. Virtual time does not wait
# for the WebAssembly to compile (web/page_env.sh): a page that had not finished when the budget
# ran out is tried again, twice.
page() {
  name=$1 data=$2 query=${3:-}
  printf '%s\n' "$data" > "$work/site/$name-data.js"
  sed "s|<script src=\"app.js\"></script>|<script src=\"app.js\"></script>\\
<script src=\"$name-data.js\"></script><script src=\"page_harness.js\"></script>|" \
    "$site/index.html" > "$work/site/$name.html"
  for attempt in 1 2 3; do
    headless --dump-dom "file://$work/site/$name.html?$query" > "$work/$name.html" 2> "$work/$name.log" ||
      fail "$name: chromium --dump-dom failed"
    grep -q 'HARNESS DONE' "$work/$name.html" && break
    echo "note: $name: the page had not finished when the DOM was dumped (attempt $attempt)"
  done
  if grep -E ':CONSOLE|Uncaught|net::ERR' "$work/$name.log"; then
    fail "$name: console messages (see $work/$name.log)"
  fi
  sed -n '/<pre id="harness-out">/,/HARNESS DONE/p' "$work/$name.html" |
    sed 's/<pre id="harness-out">//; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g' > "$work/$name.out"
  grep -q 'HARNESS DONE' "$work/$name.out" || fail "$name: the harness did not finish (see $work/$name.html)"
  if grep 'HARNESS FAIL' "$work/$name.out"; then fail "$name: the harness failed"; fi
}

# b64 FILE...: window.HARNESS's file entries, [{name, b64}], named by their base names.
b64() {
  printf '['
  sep=''
  for f in "$@"; do
    printf '%s{"name": "%s", "b64": "%s"}' "$sep" "$(basename "$f")" "$(base64 -w0 "$f")"
    sep=', '
  done
  printf ']'
}

# The rows of a table, one a line: a run's header as "run NAME", a figure as its words. Of the
# tool's text, the lines under its FIGURE header (a run's header is indented one space, a
# figure two, and ends in its verdict); of the harness's, its "row" lines.
tool_rows() {
  awk '/^  FIGURE / { on = 1; next }
       on && /^ [^ ]/ { print; next }
       on && /^  [^ ]/ && $NF ~ /^(within|near-roof|exceeds|exceeds-assuming|not-computable)$/ { print; next }
       on { exit }' | normalize
}
normalize() { awk '{ run = ($0 ~ /^ [^ ]/); $1 = $1; print (run ? "run " : "") $0 }'; }
# The summary's counts: "N figures: ... without a bound", and how many more are within.
counts() { sed -n 's/^\(.*[^0-9]\)\{0,1\}\([0-9][0-9]* figures\{0,1\}: .* without a bound\).*/\2/p'; }
more() { sed -n 's/.*(\([0-9][0-9]*\) more within their bounds.*/\1/p'; }

# --- files: real samples dropped one after the other: two with many runs, and the first file
# of each format's folder (the tool prints a table of a file of several figures, and the block
# of one figure, whose JSON alone is compared). ------------------------------------------------
runs="tests/import-samples/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl
tests/import-samples/mlperf-table/brennanlives-FWE_inference_v5.0_fujitsu_primergy-cdi_8xh100nvl.csv"
samples=$( (echo "$runs"
  for d in "$src"/tests/import-samples/*/; do
    find "$d" -maxdepth 1 -type f ! -name SOURCES.md ! -name 'NEGATIVE_*' | sort | head -n 1
  done) | sed "s|^$src/||" | awk '!seen[$0]++')
paths=''
for s in $samples; do paths="$paths $src/$s"; done
# shellcheck disable=SC2086
page files "window.HARNESS = {scenario: 'files', files: $(b64 $paths)};"
n=0
for s in $samples; do
  n=$((n + 1))
  base=$(basename "$s")
  dir=$src/$(dirname "$s")
  # What the page showed for this file: the lines after its "== NAME" header, up to the next.
  awk -v h="== $base" '$0 == h { on = 1; next } /^== / { on = 0 } on' "$work/files.out" > "$work/files.$n.page"
  awk -v h="== $base --all" '$0 == h { on = 1; next } /^== / { on = 0 } on' "$work/files.out" > "$work/files.$n.page-all"
  # The tool, in the file's folder with its base name: the name the page has for it.
  (cd "$dir" && tool check "$base") > "$work/files.$n.tool" || true
  (cd "$dir" && tool check "$base" --all) > "$work/files.$n.tool-all" || true
  (cd "$dir" && tool_json check "$base") > "$work/files.$n.json" || true
  tool_rows < "$work/files.$n.tool" > "$work/files.$n.tool-rows"
  tool_rows < "$work/files.$n.tool-all" > "$work/files.$n.tool-all-rows"
  sed -n 's/^row //p' "$work/files.$n.page" | normalize > "$work/files.$n.page-rows"
  sed -n 's/^row //p' "$work/files.$n.page-all" | normalize > "$work/files.$n.page-all-rows"
  sed -n 's/^json //p' "$work/files.$n.page" | base64 -d > "$work/files.$n.page-json"
  cmp -s "$work/files.$n.json" "$work/files.$n.page-json" ||
    fail "$base: the page's JSON differs from rooflint check --format json's (cmp $work/files.$n.json $work/files.$n.page-json)"
  if ! grep -q '^  FIGURE ' "$work/files.$n.tool"; then
    echo "ok: files: $base: its JSON"
    continue
  fi
  if echo "$runs" | grep -qxF "$s"; then
    [ "$(grep -c '^run ' "$work/files.$n.tool-all-rows")" -ge 2 ] ||
      fail "$base: the tool lists fewer than two runs (see $work/files.$n.tool-all)"
  fi
  cmp -s "$work/files.$n.tool-rows" "$work/files.$n.page-rows" ||
    fail "$base: the page's table differs from rooflint check's: diff $work/files.$n.tool-rows $work/files.$n.page-rows"
  cmp -s "$work/files.$n.tool-all-rows" "$work/files.$n.page-all-rows" ||
    fail "$base: the page's table with every figure differs from rooflint check --all's: diff $work/files.$n.tool-all-rows $work/files.$n.page-all-rows"
  [ "$(counts < "$work/files.$n.tool")" = "$(sed -n 's/^summary //p' "$work/files.$n.page" | counts)" ] &&
    [ "$(more < "$work/files.$n.tool")" = "$(sed -n 's/^summary //p' "$work/files.$n.page" | more)" ] ||
    fail "$base: the page's summary differs from the tool's (see $work/files.$n.page, $work/files.$n.tool)"
  echo "ok: files: $base: its JSON, $(wc -l < "$work/files.$n.page-all-rows") rows, $(counts < "$work/files.$n.tool")"
done

# --- conditions: a trtllm-bench log states its output length (1024) but only a mean input
# length; the file view's Input tokens fills in 8192 for every figure, with a note under the
# setup line, and its Output tokens, 1000, disagrees with the file: one warning, 1024 kept. -----
cond=$src/tests/import-samples/trtllm-bench/shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl8192_osl1024_n400_throughput_stdout.txt
cond_base=$(basename "$cond")
page conditions "window.HARNESS = {scenario: 'conditions', file: $(b64 "$cond" | sed 's/^\[//; s/\]$//'),
  fields: {hardware: '8x H100 SXM', 'input-tokens': '8192', 'output-tokens': '1000'}};" 'view=file'
set -- --hardware '8x H100 SXM' --input-tokens 8192 --output-tokens 1000
(cd "$(dirname "$cond")" && tool_json check "$cond_base" "$@") > "$work/conditions.json"
(cd "$(dirname "$cond")" && COLUMNS= "$rooflint" check "$cond_base" "$@" --color never) \
  > "$work/conditions.tool" 2> "$work/conditions.stderr"
sed -n 's/^json //p' "$work/conditions.out" | base64 -d > "$work/conditions.page-json"
cmp -s "$work/conditions.json" "$work/conditions.page-json" ||
  fail "conditions: the page's JSON differs from rooflint check $*'s (cmp $work/conditions.json $work/conditions.page-json)"
tool_rows < "$work/conditions.tool" > "$work/conditions.tool-rows"
sed -n 's/^row //p' "$work/conditions.out" | normalize > "$work/conditions.page-rows"
[ -s "$work/conditions.tool-rows" ] && cmp -s "$work/conditions.tool-rows" "$work/conditions.page-rows" ||
  fail "conditions: the page's table differs from the tool's: diff $work/conditions.tool-rows $work/conditions.page-rows"
# The notes the tool prints under its setup line, and the page's (the tool's words in data-note).
grep 'stated on the command line' "$work/conditions.tool" | sed 's/^ *//' > "$work/conditions.tool-notes"
sed -n 's/^note //p' "$work/conditions.out" > "$work/conditions.page-notes"
[ "$(cat "$work/conditions.tool-notes")" = 'input_tokens 8192 stated on the command line (--input-tokens): the file does not say' ] &&
  cmp -s "$work/conditions.tool-notes" "$work/conditions.page-notes" ||
  fail "conditions: the page's notes differ from the tool's: diff $work/conditions.tool-notes $work/conditions.page-notes"
grep -qx 'shown input_tokens 8192 stated in the field Input tokens (--input-tokens): the file does not say' "$work/conditions.out" ||
  fail "conditions: the note does not name the field (see $work/conditions.out)"
# The warning, as the tool's stderr words it.
warning=$(grep -o 'warning\[flag-disagrees\]: .*' "$work/conditions.stderr")
[ -n "$warning" ] && grep -qF "diagnostic $warning" "$work/conditions.out" ||
  fail "conditions: the page does not show the tool's '$warning' (see $work/conditions.out)"
grep -qxF "command rooflint check $cond_base --hardware '8x H100 SXM' --input-tokens 8192 --output-tokens 1000" "$work/conditions.out" &&
  grep -qx 'folded true' "$work/conditions.out" ||
  fail "conditions: the terminal command lacks the flags, or the conditions were not folded (see $work/conditions.out)"
echo "ok: conditions: $cond_base with $*: its JSON, $(wc -l < "$work/conditions.page-rows") rows, its note and warning"

# --- corpus: every record reached through the pages. ------------------------------------------
records=$(find "$src/data/benchmarks" -maxdepth 1 -name '*.toml' | wc -l)
page corpus "window.HARNESS = {scenario: 'corpus', metric: 'ttft'};" 'view=corpus'
pages=$(( (records + 99) / 100 ))
grep -qx "pages $pages ids $records unique $records" "$work/corpus.out" ||
  fail "corpus: not every one of the $records records on $pages pages (see $work/corpus.out)"
grep -q "^page 1 rows $(( records < 100 ? records : 100 )) status $records of $records benchmark records; rows 1–" "$work/corpus.out" ||
  fail "corpus: the first page is not 100 rows of $records (see $work/corpus.out)"
grep -qx 'sorted true' "$work/corpus.out" || fail "corpus: the pages are not in the order of the ids"
ttft=$(grep -l '^metric = "ttft"' "$src"/data/benchmarks/*.toml | wc -l)
grep -q "^filtered $(( ttft < 100 ? ttft : 100 )) all true status $ttft of $records " "$work/corpus.out" ||
  fail "corpus: the ttft filter does not give the $ttft ttft records (see $work/corpus.out)"
echo "ok: corpus: $records records on $pages pages, $ttft ttft"

# --- claims: each claim the page, the module and the tool share (tests/web/claims.json), typed
# into the claim's fields: the page's JSON is the tool's, byte for byte, so its verdict and
# every bound are the tool's to the digit. --------------------------------------------------------
page claims "window.HARNESS = {scenario: 'claims', claims: $(cat "$src/tests/web/claims.json")};"
n=0
while IFS= read -r args; do
  n=$((n + 1))
  eval "set -- $args"
  tool_json check "$@" > "$work/claims.$n.json"
  sed -n 's/^json //p' "$work/claims.out" | sed -n "${n}p" | base64 -d > "$work/claims.$n.page-json"
  cmp -s "$work/claims.$n.json" "$work/claims.$n.page-json" ||
    fail "claims: claim $n ($args) differs from rooflint check's (cmp $work/claims.$n.json $work/claims.$n.page-json)"
done <<EOF_CLAIMS
$(python3 -c 'import json, shlex, sys
for c in json.load(open(sys.argv[1])):
    print(" ".join("--%s %s" % (k, shlex.quote(str(v))) for k, v in c.items()))' "$src/tests/web/claims.json")
EOF_CLAIMS
verdicts=$(grep -c '^verdict ' "$work/claims.out")
[ "$n" -ge 10 ] && [ "$(grep -c '^json ' "$work/claims.out")" -eq "$n" ] && [ "$verdicts" -ge 10 ] ||
  fail "claims: fewer than ten claims typed or verdicts drawn (see $work/claims.out)"
echo "ok: claims: $n claims typed, each the tool's JSON; $verdicts verdicts drawn"

# --- mine: the user's records and a config.json. -----------------------------------------------
user=$work/user-corpus
mkdir -p "$user/accelerators" "$user/models" "$user/sources"
base=$src/tests/corpora/base
cp "$base/accelerators/test-gpu-40gb.toml" "$user/accelerators/"
cp "$base/models/test-7b.toml" "$user/models/"
cp "$base/sources/test-source.toml" "$user/sources/"
printf 'id = "broken"\nname = "Broken"\nlayers = "many"\n' > "$user/models/broken.toml"
claim='model=test-7b&hardware=1x%20Test%20GPU%2040GB&value=50%20tok%2Fs&metric=per-user-decode&precision=fp16&batch=1'
config_claim='{model: "my-llama-8b", hardware: "1x H100", value: "90 tok/s per user", precision: "bf16", batch: "1"}'
# The record files without their folders: the page reads each one's kind from its keys.
page mine "window.HARNESS = {scenario: 'mine', records: $(b64 "$user"/*/*.toml),
  config: $(b64 "$src/tests/web/model-config/config.json" | sed 's/^\[//; s/\]$//'),
  configClaim: $config_claim};" "view=mine&$claim"
grep -qx 'records 4 files: 1 accelerator, 1 model, 1 source added to the bundled corpus; 1 model rejected, 7 errors below.' "$work/mine.out" ||
  fail "mine: the records' summary (see $work/mine.out)"
grep -qx 'file test-7b.toml | models/test-7b.toml | its keys' "$work/mine.out" &&
  grep -qx 'file test-gpu-40gb.toml | accelerators/test-gpu-40gb.toml | its keys' "$work/mine.out" ||
  fail "mine: a record file is not read as its kind (see $work/mine.out)"
grep -q '^diagnostic broken.toml:3:10: error\[' "$work/mine.out" ||
  fail "mine: the broken record's error is not shown where it is (see $work/mine.out)"
tool_json check --corpus "$user" --model test-7b --hardware '1x Test GPU 40GB' --value '50 tok/s' \
  --metric per-user-decode --precision fp16 --batch 1 > "$work/mine.claim.json" 2> /dev/null
sed -n 's/^claim //p' "$work/mine.out" | sed -n 1p | base64 -d > "$work/mine.claim.page-json"
cmp -s "$work/mine.claim.json" "$work/mine.claim.page-json" ||
  fail "mine: the claim on the user's records differs from rooflint check --corpus's (cmp $work/mine.claim.json $work/mine.claim.page-json)"
(cd "$src/tests/web/model-config" && tool_json check --corpus "$user" --model my-llama-8b \
  --model-config config.json --hardware '1x H100' --value '90 tok/s per user' --precision bf16 \
  --batch 1) > "$work/mine.config.json" 2> /dev/null
sed -n 's/^claim //p' "$work/mine.out" | sed -n 2p | base64 -d > "$work/mine.config.page-json"
cmp -s "$work/mine.config.json" "$work/mine.config.page-json" ||
  fail "mine: the claim with the config differs from rooflint check --model-config's (cmp $work/mine.config.json $work/mine.config.page-json)"
grep -q '^config config.json: model my-llama-8b ' "$work/mine.out" &&
  grep -q '^command rooflint check --model my-llama-8b .* --model-config config.json --corpus ' "$work/mine.out" ||
  fail "mine: the config's model is not named my-llama-8b, or the command lacks its flags (see $work/mine.out)"
echo "ok: mine: 3 records and a rejected one, a claim on them and one with a config.json as the tool's"
