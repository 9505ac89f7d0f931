# Mzansi Predicts — the two commands: `make up` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
NPM_FLAGS := --no-audit --no-fund --loglevel=error

# Node 24 LTS runs every target (Node 20 is end of life): scripts/install-node24.sh puts the pinned binary in
# .tools/ once and prints its bin dir. First on PATH, it runs npm, npx, tsx and vitest (shebang `env node`) and,
# through process.execPath, every process they spawn: the stack, the bench's baselines, vitest's workers.
# nodedir: node-gyp builds against Node 24's headers (the machine's npmrc points at /usr, Node 20's).
NODE24_BIN := $(shell bash scripts/install-node24.sh)
ifeq ($(NODE24_BIN),)
$(error scripts/install-node24.sh failed: Node 24 is required)
endif
export PATH := $(NODE24_BIN):$(PATH)
export npm_config_nodedir := $(patsubst %/bin,%,$(NODE24_BIN))

.PHONY: help install build infra up dev test test-unit test-e2e test-manifests test-rules monitoring typecheck lint clean chromium go-sprig images bench bench-ab bench-profile bench-heap test-faults test-security up-cluster test-cluster lighthouse

help:
	@echo "make up    - install, build, start PostgreSQL/Redis/NATS if needed, run everything on http://localhost:8080"
	@echo "make dev   - the same for development: services and gateway restart on change (tsx watch), the web hot-reloads (Vite)"
	@echo "make test  - type check, lint, unit + integration tests (real PostgreSQL/Redis/NATS), browser tests, manifests"
	@echo "make test-manifests - render k8s/ overlays and the Helm chart, validate and policy-check them"
	@echo "make test-rules - promtool check + unit tests of every alert, amtool checks of the Alertmanager routing"
	@echo "make test-faults - fault injection: kill -9, NATS/PostgreSQL outages, slow services, poison events (~10 min)"
	@echo "make up-cluster - the same on a cluster: HAProxy, 2 gateways, 2 replicas of each service, 3 NATS, PostgreSQL + replica"
	@echo "make test-cluster - cluster scenarios: cross-replica truth, kill -9 gateway / voting + NATS node, rolling restart, Redis/PostgreSQL down, backup + restore"
	@echo "make images - docker build one image per component (needs a Docker engine)"

node_modules/.package-lock.json: package-lock.json
	npm ci $(NPM_FLAGS)
	@touch node_modules/.package-lock.json

install: node_modules/.package-lock.json

build: install
	npm run build

infra:
	@bash scripts/ensure-infra.sh

up: build infra
	npx tsx scripts/up.ts

# Development: every service and the gateway from source under `tsx watch` (restart on change), the web
# from Vite's dev server behind the gateway on http://localhost:8080 (hot module replacement; WEB_DEV_SERVER_URL).
# `build` first: the workspace packages (proto, kit) are imported from their dist/ (`npx tsc -b` after changing them).
dev: build infra
	npx tsx scripts/up.ts --dev

# The cluster topology from Debian's packages: HAProxy → 2 gateways, 2 replicas of every service, a
# 3-node NATS JetStream cluster, PostgreSQL primary + streaming replica, Redis; Ctrl-C stops it all.
up-cluster: build infra monitoring
	npx tsx scripts/up-cluster.ts

typecheck: install
	npm run gen
	npx tsc -b
	npx tsc -p tsconfig.test.json
	npm run typecheck -w @mzansi/web
	npm run typecheck:e2e -w @mzansi/web
	npx tsc -p load-tests/tsconfig.json
	npx tsc -p load-tests/bench/tsconfig.json

lint: install
	npm run lint

test-unit: build infra
	npx vitest run

# Fault injection (kill -9, NATS / PostgreSQL outages, slow services, poison events): private NATS and PostgreSQL
# servers, the whole system as real processes; about 10 minutes. Not part of `make test`.
test-faults: build infra
	npx vitest run --config tests/faults/vitest.config.ts

# Cluster scenarios: replicas, kill -9, rolling restarts, Redis / PostgreSQL outages, backup + restore.
test-cluster: build infra monitoring
	npx vitest run --config tests/cluster/vitest.config.ts

# Security tests: IDOR, admin routes, CSRF, headers, sessions, images, fuzzing, websocket, stored XSS.
test-security: build infra chromium
	npx vitest run --config tests/security/vitest.config.ts

test-e2e: build infra chromium
	cd web && npx vitest run --config vitest.e2e.config.ts

chromium:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || bash scripts/install-chromium.sh

# Kubernetes manifests: kustomize overlays (kubectl kustomize) and the chart (test-only renderer on Go's
# text/template + sprig, Helm's engine; Helm itself is not installed here), schema + policy + agreement checks.
go-sprig:
	@bash scripts/install-go-sprig.sh

test-manifests: install go-sprig
	npx vitest run --config tests/manifests/vitest.config.ts

# Prometheus, Alertmanager and the exporters from Debian's packages (promtool, amtool; a no-op when present).
monitoring:
	@bash scripts/install-monitoring.sh

# The alerts as tested code: the rules rendered from their one source (kustomize's copy, production `for:`), checked
# and unit-tested by promtool (tests/monitoring/*.test.yaml); every alert needs a firing and a quiet case;
# Alertmanager's routing (kustomize's copy) checked by amtool: pages to the page receiver, the rest to tickets.
test-rules: install monitoring
	npx tsx scripts/monitoring-rules.ts test-results/monitoring/rules.yaml
	promtool check rules test-results/monitoring/rules.yaml
	promtool test rules tests/monitoring/*.test.yaml
	npx tsx tests/monitoring/coverage.ts
	amtool check-config test-results/monitoring/alertmanager.yaml
	amtool config routes test --config.file=test-results/monitoring/alertmanager.yaml --verify.receivers=page severity=page alertname=PostgresUnavailable
	amtool config routes test --config.file=test-results/monitoring/alertmanager.yaml --verify.receivers=ticket severity=warn alertname=ConsumerBacklog
	amtool config routes test --config.file=test-results/monitoring/alertmanager.yaml --verify.receivers=ticket alertname=Unlabelled

COMPONENTS := gateway identity questions voting social notification
IMAGE_PREFIX ?= mzansi-predicts
IMAGE_TAG ?= $(shell awk '/^appVersion:/ {gsub(/"/, "", $$2); print $$2}' charts/mzansi-predicts/Chart.yaml)

# Fails loudly when it built nothing: no Docker engine, or no component asked for (COMPONENTS= …).
images:
	@if ! docker info >/dev/null 2>&1; then \
	  echo "make images: no Docker engine is reachable here (docker info failed); nothing built." >&2; \
	  echo "  On a machine with Docker: make images [IMAGE_PREFIX=registry/prefix] [IMAGE_TAG=x.y.z]" >&2; \
	  exit 1; \
	else \
	  set -e; built=0; for c in $(COMPONENTS); do \
	    dir=services/$$c; [ $$c = gateway ] && dir=gateway; \
	    echo ">> $(IMAGE_PREFIX)/$$c:$(IMAGE_TAG)"; \
	    docker build --build-arg SERVICE=$$c --build-arg SERVICE_DIR=$$dir -t $(IMAGE_PREFIX)/$$c:$(IMAGE_TAG) . ; \
	    built=$$((built + 1)); \
	  done; \
	  if [ $$built -eq 0 ]; then echo "make images: built nothing (COMPONENTS is empty)." >&2; exit 1; fi; \
	  echo "make images: built $$built images."; \
	fi

# The publish burst on this machine against a stack it starts itself (or `make up`'s with BENCH_BASE_URL=…);
# BENCH_WS_CLIENTS=10000 for the full target. See load-tests/README.md.
bench: build infra chromium
	npx tsx load-tests/bench/run.ts

# Two checkouts against each other: AB_BASE (a built checkout, e.g. a worktree of main) and this one, AB_RUNS (5)
# interleaved `make bench` runs each, figures as ratios to each run's own baselines, compared by median; writes
# load-tests/results/<date>-ab.md. AB_QUICK=1 checks the script in a few minutes. See load-tests/README.md.
bench-ab: build infra
	npx tsx load-tests/bench/ab.ts

# Lighthouse (mobile preset, Debian's Chromium) on the landing page and the signed-in /vote, with the demo data and a
# ~5 MB image comment on today's question: its own stack and databases, a few minutes. Not part of `make test`.
lighthouse: build infra chromium
	npx tsx load-tests/bench/lighthouse.ts

# The vote path alone under V8's profiler (gateway + voting): CPU per vote by process and the heaviest functions;
# the .cpuprofile files land in test-results/profiles/ (Chrome DevTools or speedscope draw the flame graphs).
bench-profile: build infra
	npx tsx load-tests/bench/profile-votes.ts

# The gateway's heap per live socket: heap snapshots before and after BENCH_WS_CLIENTS (2000) signed-in sockets,
# compared by constructor (snapshots in test-results/heap/, for Chrome DevTools' Memory tab).
bench-heap: build infra
	npx tsx load-tests/bench/heap-sockets.ts

test: typecheck lint test-unit test-e2e test-manifests test-rules
	@echo "make test: all green"

clean:
	rm -rf node_modules */node_modules services/*/node_modules */dist services/*/dist proto/src/gen test-results
