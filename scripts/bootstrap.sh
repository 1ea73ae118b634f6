# Sourced by scripts/start and scripts/test: makes .venv and installs kameleon with the extras in $KAMELEON_EXTRAS.
# Reinstalls only when pyproject.toml or the extras change.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
extras="${KAMELEON_EXTRAS:-}"

find_python() {
  for candidate in python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      command -v "$candidate"
      return 0
    fi
  done
  echo "kameleon needs Python 3.11 or newer; install it with your package manager (e.g. apt-get install python3)" >&2
  return 1
}

if [ ! -x "$venv/bin/python" ]; then
  python="$(find_python)"
  if ! "$python" -m venv "$venv" >/dev/null 2>&1; then
    # Debian and Ubuntu ship venv separately.
    if command -v apt-get >/dev/null 2>&1; then
      echo "installing the Python venv module with apt-get…" >&2
      apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
      rm -rf "$venv"
      "$python" -m venv "$venv"
    else
      echo "cannot create a virtual environment: install the venv module for $python" >&2
      exit 1
    fi
  fi
fi

stamp="$venv/.kameleon-install"
want="$(sha256sum "$root/pyproject.toml" | cut -c1-16) [$extras]"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "installing kameleon${extras:+[$extras]} into .venv…" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$root${extras:+[$extras]}"
  echo "$want" >"$stamp"
fi
export PATH="$venv/bin:$PATH"
