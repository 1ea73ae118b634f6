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

# A .venv whose python cannot run pip (one left half-made when the venv module was missing) is made again.
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
  rm -rf "$venv"
  python="$(find_python)"
  if ! "$python" -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    # Debian and Ubuntu ship venv separately, as python3-venv (and python3.N-venv beside another python3).
    version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    packages="python$version-venv python3-venv"
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "cannot create a virtual environment: install the venv module for $python" >&2
      exit 1
    fi
    if [ "$(id -u)" -eq 0 ]; then
      as_root=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      as_root="sudo"
    else
      echo "cannot create a virtual environment: the venv module is missing; install it, then run this again:" >&2
      echo "  sudo apt-get install python$version-venv   (or python3-venv)" >&2
      exit 1
    fi
    echo "installing the Python venv module with apt-get…" >&2
    $as_root apt-get update -qq
    installed=""
    for package in $packages; do
      if $as_root apt-get install -y -qq "$package" >/dev/null 2>&1; then
        installed="$package"
        break
      fi
    done
    if [ -z "$installed" ]; then
      echo "cannot install the venv module (tried: $packages); install it for $python, then run this again" >&2
      exit 1
    fi
    "$python" -m venv "$venv" || { rm -rf "$venv"; exit 1; }
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
