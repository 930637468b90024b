#!/usr/bin/env bash
# The fast tier runs the requests of the docs against the mock (tests/spec/docs-snippets.test.ts) in the toolchains a
# reader on Debian has: curl (with uuidgen, from uuid-runtime, for the pages' `$(uuidgen)`), and Python 3 with
# requests (python3-requests); Node is the project's own. Run by `npm run test:spec`, next to ensure-chromium.sh.
# Installs what is missing with apt when we are root; otherwise says what to do.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"
python_path="${DOCS_PYTHON:-/usr/bin/python3}"
missing=()
command -v curl >/dev/null || missing+=(curl)
command -v uuidgen >/dev/null || missing+=(uuid-runtime)
{ [[ -x "$python_path" ]] && "$python_path" -c 'import requests' 2>/dev/null; } || missing+=(python3 python3-requests)
install_doc_tools() {
  apt_lists_know "${missing[-1]}" || apt-get update -qq
  apt_install "${missing[@]}"
}
if [[ ${#missing[@]} -gt 0 ]]; then
  apt_or_explain "Installing ${missing[*]} (the docs' requests run against the mock in curl and Python)…" \
    "The docs' requests run in curl and Python: install ${missing[*]} (sudo apt-get install -y ${missing[*]}) or set DOCS_PYTHON." \
    install_doc_tools
fi
