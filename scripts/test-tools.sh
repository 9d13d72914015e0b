#!/usr/bin/env bash
# First step of `npm test`: makes sure the machine has what the tests run besides Node, installing
# it from Debian's registry when it can (root with apt-get, as on CI), and otherwise saying what to
# install. The browser tests launch Chromium; the sample tests run every code sample of the docs as a
# reader would: curl through bash, Python with requests, Go.
set -euo pipefail

missing=()
# Chromium: CHROMIUM_PATH, or Debian's /usr/bin/chromium (Playwright cannot download browsers here).
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "test-tools: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
elif [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium)
fi
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
# Python samples import requests: any python3 on PATH that has it, or Debian's.
if ! python3 -c 'import requests' >/dev/null 2>&1 && ! /usr/bin/python3 -c 'import requests' >/dev/null 2>&1; then
  missing+=(python3-requests)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test-tools: installing ${missing[*]} from Debian's registry"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "test-tools: the tests need these Debian packages: ${missing[*]}" >&2
echo "test-tools: install them with: sudo apt-get install -y ${missing[*]} (or set CHROMIUM_PATH to a Chromium)" >&2
exit 1
