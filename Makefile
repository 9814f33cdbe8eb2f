# Two commands do all the set-up on a fresh machine with python3 and make:
#   make lab   -> .venv with the lab extra, JupyterLab on the repository, opening notebooks/index.ipynb
#   make test  -> .venv with everything the tests need (and Debian's chromium), lint, type check, whole suite
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8888
PYTEST_ARGS ?=
# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lint typecheck venv-lab venv-test chromium benchmark voila clean

venv-lab:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab

venv-test:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab,test,dask,dev

chromium:
	@bash scripts/ensure_chromium.sh

# JupyterLab and Voila read etc/jupyter/ (kernel culling, Lab opening notebooks/index.ipynb) before user config.
JUPYTER_CONFIG := JUPYTER_CONFIG_PATH="$(CURDIR)/etc/jupyter$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH),)"

# Lab serves the whole repository: the lessons (notebooks/) open in Lab, the dashboards (widgets/) at
# /voila/render/widgets/<name>.ipynb; it opens on notebooks/index.ipynb, which links every one.
lab: venv-lab
	$(JUPYTER_CONFIG) $(VENV)/bin/jupyter lab --ServerApp.root_dir="$(CURDIR)" --port=$(PORT) $(ROOT_FLAG)

voila: venv-lab
	$(JUPYTER_CONFIG) $(VENV)/bin/voila widgets/ --port=$(PORT)

lint: venv-test
	$(VENV)/bin/ruff check playbook tests benchmarks
	$(VENV)/bin/ruff format --check playbook tests benchmarks

typecheck: venv-test
	$(VENV)/bin/mypy

test: venv-test chromium lint typecheck
	$(PY) -m pytest -n 2 $(PYTEST_ARGS)

benchmark: venv-test
	@for script in benchmarks/*.py; do $(PY) $$script; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
