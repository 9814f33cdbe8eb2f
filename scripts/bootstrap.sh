#!/usr/bin/env bash
# Create or update .venv with the project and the extras named in $1 (e.g. "lab" or "lab,test,dask,dev").
# Uses uv when it is on PATH (seconds), else python3 -m venv + pip (about a minute). Every install is
# constrained to binder/constraints.txt, the versions Binder installs, so make lab, make test and Binder run
# the same packages. A stamp keyed on pyproject.toml, the constraints and the extras skips the install when
# nothing changed. Then scripts/prepare_notebooks.sh keeps the tracked notebooks as committed (git filter,
# language_info for this Python, trusted dashboards).
set -euo pipefail
extras="${1:-lab}"
venv="${VENV:-.venv}"
python="${PYTHON:-python3}"
constraints="binder/constraints.txt"
stamp="$venv/.playbook-installed"
want="$(cat pyproject.toml "$constraints" | sha256sum | cut -c1-16) $extras"

if ! { [ -f "$stamp" ] && grep -qxF "$want" "$stamp" && [ -x "$venv/bin/python" ]; }; then
  if command -v uv >/dev/null 2>&1; then
    [ -x "$venv/bin/python" ] || uv venv --quiet --python "$python" "$venv"
    uv pip install --quiet --python "$venv/bin/python" -c "$constraints" -e ".[$extras]"
  else
    [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -c "$constraints" -e ".[$extras]"
  fi
  touch "$stamp"
  grep -vxF "$want" "$stamp" > "$stamp.tmp" || true
  echo "$want" >> "$stamp.tmp"
  mv "$stamp.tmp" "$stamp"
fi
bash scripts/prepare_notebooks.sh "$venv/bin/python"
