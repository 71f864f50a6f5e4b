#!/usr/bin/env bash
# The Debian packages the tests need: chromium (browser tests, driven by Playwright through
# executable_path; nothing is downloaded at run time) and postgresql (the store is tested against a
# real server). Installs what is missing; does nothing when both are there.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "system-deps: missing ${need[*]} and not root: install them with apt-get (the browser, PostgreSQL and cluster tests are skipped)" >&2
        exit 0
    fi
fi
echo "system-deps: installing ${need[*]} from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
