#!/usr/bin/env bash
# The fast tier runs the requests of the docs against the mock (tests/spec/docs-snippets.test.ts) in the toolchains a
# reader on Debian has: curl (with uuidgen, from uuid-runtime, for the pages' `$(uuidgen)`), and Python 3 with
# requests (python3-requests); Node is the project's own. Run by `npm run test:spec`, next to ensure-chromium.sh.
# Installs what is missing with apt when we are root; otherwise says what to do.
set -euo pipefail
python_path="${DOCS_PYTHON:-/usr/bin/python3}"
missing=()
command -v curl >/dev/null || missing+=(curl)
command -v uuidgen >/dev/null || missing+=(uuid-runtime)
{ [[ -x "$python_path" ]] && "$python_path" -c 'import requests' 2>/dev/null; } || missing+=(python3 python3-requests)
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} (the docs' requests run against the mock in curl and Python)…"
  apt-cache show "${missing[-1]}" >/dev/null 2>&1 || apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The docs' requests run in curl and Python: install ${missing[*]} (sudo apt-get install -y ${missing[*]}) or set DOCS_PYTHON." >&2
exit 1
