# Two commands do all the set-up on a fresh machine with python3 and make:
#   make lab   -> .venv with the lab extra, JupyterLab on notebooks/
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

lab: venv-lab
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks --port=$(PORT) $(ROOT_FLAG)

voila: venv-lab
	$(VENV)/bin/voila widgets/ --port=$(PORT)

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
