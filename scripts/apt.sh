# Sourced by the scripts/ensure-*.sh scripts: what the tests need from Debian, installed with apt when we are root
# on a machine that has it; otherwise what to do instead.

# apt_or_explain INSTALLING MISSING COMMAND [WORD...]
# As root with apt-get: says INSTALLING and runs COMMAND (which installs, with apt_install). Otherwise says MISSING
# (what to install, or which variable to set) on stderr and fails.
# (No local variables: COMMAND sees the caller's, such as ensure-doc-tools.sh's `missing`.)
apt_or_explain() {
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "$1"
    shift 2
    "$@"
    return
  fi
  echo "$2" >&2
  return 1
}

# apt_install PACKAGE...: installs quietly, asking nothing.
apt_install() {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# apt_lists_know PACKAGE: the package lists have PACKAGE (a fresh machine may have no lists yet).
apt_lists_know() {
  apt-cache show "$1" >/dev/null 2>&1
}
