#!/usr/bin/env bash
# The site tier runs the shipped nginx configuration (hosting/nginx/novaramp.conf) over HTTP in Debian's nginx
# (nginx-light, the smallest build, where the release has it). Run by `npm run test:site` and .ci/run, next to
# ensure-chromium.sh. Installs it with apt when missing and we are root; otherwise says what to do.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"
nginx_path="${NGINX_PATH:-/usr/sbin/nginx}"
install_nginx() {
  # A fresh machine may have no package lists yet (ensure-chromium.sh updates them only when it installs).
  apt_lists_know nginx || apt-get update -qq
  local package=nginx
  if apt_lists_know nginx-light; then package=nginx-light; fi
  apt_install "$package"
}
if [[ ! -x "$nginx_path" ]]; then
  apt_or_explain "Installing Debian's nginx (the hosting test runs hosting/nginx/novaramp.conf)…" \
    "nginx is needed to test the shipped nginx configuration: install it (sudo apt-get install -y nginx-light) or set NGINX_PATH." \
    install_nginx
fi
