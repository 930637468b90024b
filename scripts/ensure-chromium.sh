#!/usr/bin/env bash
# The tests (and so the build they make) run in Debian's Chromium: Playwright's own browser download is not possible
# on the CI machines. Run by `npm run test:spec`, `npm run test:site` and .ci/run, never by `npm start` or
# `npm run build`, which work without any browser. Installs it with apt when missing and we are root; otherwise
# says what to do.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ -x "$chromium_path" ]]; then
  exit 0
fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium (diagrams at build time, browser tests)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is needed to draw the diagrams at build time and for the browser tests: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
