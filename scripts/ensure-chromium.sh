#!/usr/bin/env bash
# The tests (and so the build they make) run in Debian's Chromium: Playwright's own browser download is not possible
# on the CI machines. Run by `npm run test:spec`, `npm run test:site` and .ci/run, never by `npm start` or
# `npm run build`, which work without any browser. Installs it with apt when missing and we are root; otherwise
# says what to do.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
install_chromium() {
  apt-get update -qq
  apt_install chromium
}
if [[ ! -x "$chromium_path" ]]; then
  apt_or_explain "Installing Debian's chromium (diagrams at build time, browser tests)…" \
    "Chromium is needed to draw the diagrams at build time and for the browser tests: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." \
    install_chromium
fi
