# Two commands do all the set-up on a fresh machine with python3 and make:
#   make lab   -> .venv with the lab extra, JupyterLab on the student edition (build/student), opening
#                 notebooks/index.ipynb; make lab EDITION=teacher serves the repository (the teacher's sources)
#   make test  -> .venv with everything the tests need (and Debian's chromium), lint, type check, whole suite
# Both install the versions pinned in binder/constraints.txt (Binder's) and keep the tracked notebooks as
# committed (scripts/prepare_notebooks.sh: git leaves outputs out; opening a lesson changes nothing).
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8888
PYTEST_ARGS ?=
# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lint typecheck venv-lab venv-test chromium benchmark voila pins clean student teacher book handouts

venv-lab:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab

venv-test:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab,test,dask,dev

chromium:
	@bash scripts/ensure_chromium.sh

# JupyterLab and Voila read etc/jupyter/ (kernel culling, Lab opening notebooks/index.ipynb) before user config.
JUPYTER_CONFIG := JUPYTER_CONFIG_PATH="$(CURDIR)/etc/jupyter$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH),)"

# Lab opens on notebooks/index.ipynb (etc/jupyter/), which links every lesson and dashboard with links relative
# to itself (they work at the site's root, on Binder and behind JupyterHub). By default it serves the student
# edition, build/student (made by make student first): the lessons without the teacher's answers, solutions or
# hidden tests, and the dashboards, and nothing else (docs/editions.md). EDITION=teacher (make lab EDITION=teacher)
# serves the whole repository instead: the teacher's sources with their answers, the docs and the teacher/ folder.
EDITION ?= student
ifeq ($(filter student teacher,$(EDITION)),)
$(error EDITION must be student or teacher, not "$(EDITION)")
endif
LAB_ROOT := $(if $(filter teacher,$(EDITION)),$(CURDIR),$(CURDIR)/build/student)
lab: venv-lab $(if $(filter student,$(EDITION)),student,)
# An empty default workspace first: Lab would reopen every tab the last session left open, each with a kernel.
	@printf '{"data": {}, "metadata": {"id": "default"}}' | $(JUPYTER_CONFIG) $(VENV)/bin/jupyter lab workspaces import --Application.log_level=WARN -
	$(JUPYTER_CONFIG) $(VENV)/bin/jupyter lab --ServerApp.root_dir="$(LAB_ROOT)" --port=$(PORT) $(ROOT_FLAG)

# Standalone Voila on widgets/: etc/jupyter/voila.json lets a closed or reloaded dashboard shut its kernel down.
voila: venv-lab
	$(JUPYTER_CONFIG) $(VENV)/bin/voila widgets/ --port=$(PORT)

# The course site (book/README.md): every lesson executed once (cached in book/_build/cache, a timeout per
# cell), then Sphinx; open book/_build/html/index.html. About 3-6 minutes from a fresh clone on 2 cores.
book:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab,book
	$(PY) scripts/build_book.py

# Editions of every lesson (docs/editions.md). make student: no teacher cells, no answers, no hidden tests, in
# build/student/notebooks (the dashboards in build/student/widgets, so the index's links work there); a notebook a
# student edited since the last build is kept. make teacher: the sources as written, in build/teacher/notebooks.
student: venv-lab
	$(PY) -m playbook.editions student notebooks/*.ipynb --localise --out build/student/notebooks
	$(PY) -m playbook.editions student widgets/*.ipynb --localise --out build/student/widgets
	$(VENV)/bin/jupyter trust build/student/widgets/*.ipynb >/dev/null
	mkdir -p build/student/docs/course && cp docs/course/glossary.md build/student/docs/course/  # the lessons link it

teacher: venv-lab
	$(PY) -m playbook.editions teacher notebooks/*.ipynb --out build/teacher/notebooks

# After upgrading .venv and seeing make test pass: write its versions to binder/constraints.txt (binder/README.md).
# No venv prerequisite: reinstalling with the old pins first would undo the upgrade.
pins:
	$(PY) scripts/refresh_binder_pins.py

lint: venv-test
	$(VENV)/bin/ruff check playbook tests benchmarks scripts etc/jupyter
	$(VENV)/bin/ruff format --check playbook tests benchmarks scripts etc/jupyter

typecheck: venv-test
	$(VENV)/bin/mypy

test: venv-test chromium lint typecheck
	$(PY) -m pytest -n 2 $(PYTEST_ARGS)

# Every figure of issue 20 beside its goal (benchmarks/README.md). The openspiel extra gives the yardstick;
# BENCHMARK_ARGS passes options, e.g. make benchmark BENCHMARK_ARGS="--quick --no-browser".
benchmark:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab,test,dask,dev,openspiel
	$(PY) benchmarks/run_all.py $(BENCHMARK_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# A printable handout per lesson (docs/course/README.md): the rules in brief, a picture of the board and the executed
# lesson (the student edition, no code), one HTML page each in build/handouts/. Reuses make book's executed lessons.
handouts:
	@VENV=$(VENV) bash scripts/bootstrap.sh lab,book
	$(PY) scripts/build_handouts.py
