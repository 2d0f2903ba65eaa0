# What the page's browser tests share (web_browser_test.sh, web_page_test.sh), sourced after
# they set $site: the page must be built there and chromium installed, else the test exits 77
# (CTest: skipped). Gives $browser, a fresh $profile removed on exit, fail, and headless ARGS...:
# chromium in the new headless mode with virtual time, which dumps the DOM once the WebAssembly
# has started and the page has drawn (the old mode dumps it before). Virtual time runs ahead of
# the clock while the module compiles and loads the corpus, which on a busy machine took more
# than a minute of it: the budget is ten minutes of virtual time, which ends as soon as the page
# is idle.
[ -f "$site/index.html" ] && [ -f "$site/rooflint.js" ] || {
  echo "SKIP: the page is not built in $site (make web)"
  exit 77
}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (Debian package 'chromium'; make test installs it)"
  exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
headless() {
  timeout 240 "$browser" --headless=new --no-sandbox --disable-gpu \
    --disable-background-networking --disable-component-update --disable-sync --no-first-run \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 --virtual-time-budget=600000 "$@"
}
