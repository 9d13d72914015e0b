#!/usr/bin/env bash
# First step of `npm test`: makes sure the machine has what the tests run besides Node, installing
# it from Debian's registry when it can (root, or sudo without a password, with apt-get, as on CI), and
# otherwise failing at once with the command that installs it. The browser tests launch Chromium
# (Debian's headless build of it, chromium-headless-shell: the same engine without the window
# machinery, a third faster to drive; the full chromium package only when that cannot be installed);
# the sample tests run every code sample of the docs as a reader would: curl through bash, Python
# with requests, Go; the hosting tests serve the build with Caddy and nginx (with its brotli_static
# module) from the configurations the build writes; the feedback tests start a PostgreSQL server of
# their own (tests/support/postgres.ts).
set -euo pipefail

# Where Debian puts nginx and its modules (the script's own tests point these at stubs).
sbin_dir=${TEST_TOOLS_SBIN:-/usr/sbin}
nginx_modules=${TEST_TOOLS_NGINX_MODULES:-/usr/lib/nginx/modules}
# Where Debian puts PostgreSQL's server programs, a folder per version.
postgres_root=${TEST_TOOLS_POSTGRES:-/usr/lib/postgresql}

# The Debian packages of what is missing (empty when nothing is).
missing_packages() {
  local missing=()
  # Chromium: CHROMIUM_PATH, or Debian's chromium-headless-shell on PATH (Playwright cannot download
  # browsers here). playwright.config.ts finds it the same way.
  # (`command -v` alone also names a file that is there but cannot run.)
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x "$(command -v chromium-headless-shell || true)" ]; then
    missing+=(chromium-headless-shell)
  fi
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  command -v go >/dev/null 2>&1 || missing+=(golang-go)
  # Python samples import requests: any python3 on PATH that has it, or Debian's.
  if ! python3 -c 'import requests' >/dev/null 2>&1 && ! /usr/bin/python3 -c 'import requests' >/dev/null 2>&1; then
    missing+=(python3-requests)
  fi
  command -v caddy >/dev/null 2>&1 || missing+=(caddy)
  # nginx lives in /usr/sbin, which is not on every user's PATH.
  command -v nginx >/dev/null 2>&1 || [ -x "$sbin_dir/nginx" ] || missing+=(nginx)
  [ -f "$nginx_modules/ngx_http_brotli_static_module.so" ] || missing+=(libnginx-mod-http-brotli-static)
  compgen -G "$postgres_root/*/bin/initdb" >/dev/null || missing+=(postgresql)
  echo "${missing[*]}"
}

if [ -n "${CHROMIUM_PATH:-}" ] && [ ! -x "$CHROMIUM_PATH" ]; then
  echo "test-tools: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable: point it at a Chromium, or unset it to use Debian's" >&2
  exit 1
fi

read -r -a missing <<<"$(missing_packages)"
[ ${#missing[@]} -eq 0 ] && exit 0

# Root runs apt-get itself; anyone else through sudo, if sudo needs no password (never a prompt).
as_root=()
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then as_root=(sudo -n); else as_root=(none); fi
fi
if [ "${as_root[0]:-}" != none ] && command -v apt-get >/dev/null 2>&1; then
  echo "test-tools: installing ${missing[*]} from Debian's registry"
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
  read -r -a still <<<"$(missing_packages)"
  [ ${#still[@]} -eq 0 ] && exit 0
  echo "test-tools: apt-get ran, but these are still missing: ${still[*]}" >&2
  exit 1
fi

# Plain builtins from here on: this must print even where little else is installed.
# Without the headless build, Debian's full chromium does the same job, only slower.
if [ -x "$(command -v chromium || true)" ]; then
  rest=()
  for package in "${missing[@]}"; do [ "$package" = chromium-headless-shell ] || rest+=("$package"); done
  if [ ${#rest[@]} -lt ${#missing[@]} ]; then
    echo "test-tools: using chromium; 'sudo apt-get install -y chromium-headless-shell' makes the browser tests faster" >&2
  fi
  missing=("${rest[@]}")
  [ ${#missing[@]} -eq 0 ] && exit 0
fi
{
  echo "test-tools: the tests need these Debian packages, and this user cannot install them"
  echo "(not root, no sudo without a password, or no apt-get): ${missing[*]}"
  echo "Install them with:"
  echo "  sudo apt-get install -y ${missing[*]}"
  echo "or, for the browser, point CHROMIUM_PATH at an existing Chromium (CHROMIUM_PATH=/path/to/chromium npm test)."
} >&2
exit 1
