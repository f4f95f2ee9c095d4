# Two entry points: `make play` and `make test`. Each sets up .venv when needed; `make test` also
# installs Debian's Chromium for the browser tests when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play
CHROMIUM ?= /usr/bin/chromium

.PHONY: play test lint typecheck imports unit chromium bench load clean messages

# `make play` installs what playing needs; `make test` adds the test and lint toolchain.
$(PLAY_STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { echo "python3 -m venv failed: on Debian, apt-get install python3-venv" >&2; exit 2; }
	$(BIN)/python -m pip install --quiet -e .
	@touch $(PLAY_STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { echo "python3 -m venv failed: on Debian, apt-get install python3-venv" >&2; exit 2; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP) $(PLAY_STAMP)

play: $(PLAY_STAMP)
	@$(BIN)/grognard serve

chromium:
	@test -x $(CHROMIUM) || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; } \
	  || { echo "could not install chromium: apt-get install chromium, then make test again" >&2; exit 2; }

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

imports: $(STAMP)
	$(BIN)/lint-imports

unit: $(STAMP) chromium
	$(BIN)/python -m pytest -n $(or $(JOBS),auto) --dist loadfile --durations=15

test: lint typecheck imports unit

# Bring the message catalogues up to date with the words marked in the sources (docs/languages.md).
messages: $(STAMP)
	$(BIN)/python -m grognard.i18n.extract

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# 100 tables through HTTP on 2 workers on PostgreSQL, one worker killed (docs/deploy.md).
load: $(STAMP)
	$(BIN)/python -m benchmarks.load_tables

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
