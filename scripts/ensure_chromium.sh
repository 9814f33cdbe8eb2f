#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
# Install it when missing; as root directly, otherwise through sudo when that works without a password.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif sudo -n true 2>/dev/null; then
  sudo="sudo -n"
else
  echo "chromium is missing and this user cannot install it: run 'apt-get install -y chromium' as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
