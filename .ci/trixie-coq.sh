#!/usr/bin/env bash
# Debian 13's Coq toolchain (Coq 8.20, MathComp 2.3) in a chroot, for a Debian 12 machine: makes
# DIR (default $QUARKS_TRIXIE, else /srv/trixie) when it is missing, installs the Coq packages in it,
# and marks it ready (DIR/.quarks-ready).  Idempotent: a ready chroot is left as it is; a half-made one
# (no marker) is completed.  Then QUARKS_COQC=.ci/trixie-coqc runs its coqc.  Needs root, debootstrap
# (installed here when missing) and about 2.4 GB.
set -euo pipefail
dir="${1:-${QUARKS_TRIXIE:-/srv/trixie}}"
pkgs="coq libcoq-mathcomp libcoq-mathcomp-finmap libcoq-coquelicot libcoq-interval libcoq-mathcomp-multinomials"
if [ -e "$dir/.quarks-ready" ] && [ -x "$dir/usr/bin/coqc" ]; then
    echo "trixie-coq: $dir is ready ($(chroot "$dir" coqc --version | head -n 1))"
    exit 0
fi
if ! command -v debootstrap >/dev/null; then
    apt-get install -y -q debootstrap >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q debootstrap >/dev/null; }
fi
if [ ! -x "$dir/usr/bin/apt-get" ]; then
    echo "trixie-coq: debootstrap --variant=minbase trixie $dir"
    mkdir -p "$dir"
    debootstrap --variant=minbase trixie "$dir" >/dev/null
fi
mountpoint -q "$dir/proc" || mount -t proc proc "$dir/proc"
echo "trixie-coq: installing $pkgs in $dir"
# shellcheck disable=SC2086
chroot "$dir" apt-get install -y -q $pkgs >/dev/null \
    || { chroot "$dir" apt-get update -q >/dev/null && chroot "$dir" apt-get install -y -q $pkgs >/dev/null; }
chroot "$dir" coqc --version | head -n 1
touch "$dir/.quarks-ready"
