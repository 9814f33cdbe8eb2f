#!/usr/bin/env bash
# Keep the course's notebooks (notebooks/, widgets/) as committed while people open and run them.
# Usage: scripts/prepare_notebooks.sh [PYTHON]   (PYTHON: the interpreter the kernels run on; default python3)
# scripts/bootstrap.sh runs it for make lab and make test, binder/postBuild for Binder. It is quick and safe to
# run again: it never touches a notebook someone edited or ran.
#  1. In a git clone of this repository: git passes notebooks/*.ipynb and widgets/*.ipynb through
#     scripts/notebook_filter.py's clean filter (.gitattributes), so outputs, execution counts and widget
#     state never reach git, git status stays clean after a Run All and git pull brings new lessons
#     without a conflict.
#  2. Each notebook still as git has it gets this Python's version in language_info, which is what
#     JupyterLab writes on opening it: opening a lesson then changes nothing (no "save changes?" on close).
#  3. The dashboards are trusted (jupyter trust), so JupyterLab's "Render with Voila" shows one without
#     asking, and without saving it.
set -euo pipefail
python="${1:-python3}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shopt -s nullglob
notebooks=(notebooks/*.ipynb widgets/*.ipynb)
dashboards=(widgets/*.ipynb)

if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1 \
  && [ "$(cd "$(git rev-parse --show-toplevel)" && pwd -P)" = "$(pwd -P)" ]; then
  git config filter.playbook-notebook.clean "python3 scripts/notebook_filter.py clean"
  "$python" scripts/notebook_filter.py localise --if-pristine "${notebooks[@]}"
else  # no git here (Binder may build without .git): nobody has run these copies yet
  "$python" scripts/notebook_filter.py localise "${notebooks[@]}"
fi

jupyter="$(dirname "$(command -v "$python")")/jupyter"
if [ -x "$jupyter" ] && [ "${#dashboards[@]}" -gt 0 ]; then
  "$jupyter" trust "${dashboards[@]}" >/dev/null
fi
