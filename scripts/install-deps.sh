#!/usr/bin/env bash
# Installs what hare needs to build, test and benchmark, from Debian 12's
# packages (run as root). Does nothing when everything is present already.
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libabsl-dev libxxhash-dev libboost-iostreams-dev libzstd-dev zlib1g-dev libicu-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  gzip bzip2 xz-utils zstd time
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "install-deps: missing Debian packages: ${missing[*]}" >&2
  echo "install-deps: run this script as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
