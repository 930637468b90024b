#!/usr/bin/env bash
# The fast tier runs the Python snippets of the docs against the mock (tests/spec/docs-snippets.test.ts) in Debian's
# Python 3 with Debian's requests (python3-requests), as a reader on Debian would. Run by `npm run test:spec` and
# .ci/run, next to ensure-chromium.sh. Installs it with apt when missing and we are root; otherwise says what to do.
set -euo pipefail
python_path="${DOCS_PYTHON:-/usr/bin/python3}"
if [[ -x "$python_path" ]] && "$python_path" -c 'import requests' 2>/dev/null; then
  exit 0
fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian's python3-requests (the docs' Python snippets run against the mock)…"
  apt-cache show python3-requests >/dev/null 2>&1 || apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-requests >/dev/null
  exit 0
fi
echo "Python 3 with requests is needed to run the docs' Python snippets: install it (sudo apt-get install -y python3-requests) or set DOCS_PYTHON." >&2
exit 1
