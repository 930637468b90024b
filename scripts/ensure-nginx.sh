#!/usr/bin/env bash
# The site tier runs the shipped nginx configuration (hosting/nginx/novaramp.conf) over HTTP in Debian's nginx
# (nginx-light, the smallest build, where the release has it). Run by `npm run test:site` and .ci/run, next to
# ensure-chromium.sh. Installs it with apt when missing and we are root; otherwise says what to do.
set -euo pipefail
nginx_path="${NGINX_PATH:-/usr/sbin/nginx}"
if [[ -x "$nginx_path" ]]; then
  exit 0
fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian's nginx (the hosting test runs hosting/nginx/novaramp.conf)…"
  # A fresh machine may have no package lists yet (ensure-chromium.sh updates them only when it installs).
  apt-cache show nginx >/dev/null 2>&1 || apt-get update -qq
  package=nginx
  if apt-cache show nginx-light >/dev/null 2>&1; then package=nginx-light; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  exit 0
fi
echo "nginx is needed to test the shipped nginx configuration: install it (sudo apt-get install -y nginx-light) or set NGINX_PATH." >&2
exit 1
