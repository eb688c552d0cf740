# Architecture Playground — the two commands: `make run` and `make test`.
# Both install what is missing first (Debian packages need root: otherwise the exact command is printed).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8080
ARGS ?=
PLAYWRIGHT_VERSION ?= 1.65.2
SCHEMATHESIS_VERSION ?= 4.32.5
PROMETHEUS_CLIENT_VERSION ?= 0.26.0
AXE_PLAYWRIGHT_VERSION ?= 0.1.8
SERVER_PACKAGES := libmicrohttpd-dev libsqlite3-dev libdeflate-dev libssl-dev pkg-config
PYTHON_PACKAGES := "playwright==$(PLAYWRIGHT_VERSION)" "schemathesis==$(SCHEMATHESIS_VERSION)" \
	"prometheus-client==$(PROMETHEUS_CLIENT_VERSION)" "axe-playwright-python==$(AXE_PLAYWRIGHT_VERSION)" pytest

.PHONY: help run test build test-swift test-browser check-seam deps-server deps-browser clean bench bench-search

help:
	@echo "make run    build (release) and serve the playground on http://$(HOST):$(PORT)/  (ARGS='--threads 2 …' passes flags)"
	@echo "make test   every test: Swift unit + integration tests, then the browser tests (Chromium + Playwright)"
	@echo "make check-seam  a copy of the tree with a throw-away sixth app added as the README says, built and checked"
	@echo "make bench-search  the movie search: start-up (load + index) and query-time percentiles"
	@echo "make bench  the fan-out benchmark (release server with default settings + its own load client; see BENCHMARKS.md)"

run: deps-server
	swift build -c release --product playground
	.build/release/playground --host $(HOST) --port $(PORT) $(ARGS)

test: deps-server deps-browser
	swift build --build-tests
	$(MAKE) --no-print-directory test-swift test-browser

# On failure the failing tests' lines are repeated at the end, so a log's tail names them.
test-swift:
	@swift test --skip-build --parallel 2>&1 | tee .build/swift-test.log || { \
	  echo; echo "=== failing Swift tests (full log: .build/swift-test.log) ==="; \
	  grep -E "✘|error:|Fatal error|Crash" .build/swift-test.log | head -40; exit 1; }

test-browser:
	python3 -m pytest -q -p no:cacheprovider Tests/Browser

# The README's "Adding an architecture" holds: a copy of the tree (in .build/seam-check, kept so its build is
# incremental) gets the counter app of Tests/SeamCheck the way the README says, and the registry-driven checks
# (OpenAPI and schemathesis, journal witnesses, export, the page's index) run green against it.
check-seam: deps-server deps-browser
	Tests/SeamCheck/check-seam.sh

build: deps-server
	swift build

# Starts a release server, runs every fan-out case with Benchmarks/sse-bench.c, prints a table, stops the server.
bench: deps-server
	Benchmarks/run.sh

# The MVI movie search's catalog: start-up (load + index) and p50/p99 query time over the whole catalog.
bench-search:
	swift build -c release --product movie-search-bench
	.build/release/movie-search-bench Data/movies.csv

# Installs the Debian packages the server needs, or says exactly how.
deps-server:
	@missing=""; \
	pkg-config --exists libmicrohttpd sqlite3 libdeflate 2>/dev/null || missing="$(SERVER_PACKAGES)"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing $$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing Debian packages; run:  sudo apt-get update && sudo apt-get install -y $$missing"; exit 1; \
	  fi; \
	fi

# Chromium and nginx from Debian; Playwright (it drives the Debian browser), schemathesis (it checks the live
# server against /openapi.json), prometheus-client (its parser reads /metrics), axe-playwright-python (axe-core's
# accessibility rules, run in that browser) and pytest from PyPI.
deps-browser:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	{ command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } || missing="$$missing nginx-light"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing Debian packages; run:  sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@python3 -c 'import playwright, pytest, schemathesis, prometheus_client, axe_playwright_python' 2>/dev/null || python3 -m pip install -q $(PYTHON_PACKAGES)

clean:
	rm -rf .build
