# Mzansi Predicts — the two commands: `make up` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
NPM_FLAGS := --no-audit --no-fund --loglevel=error

.PHONY: help install build infra up test test-unit test-e2e typecheck lint clean chromium

help:
	@echo "make up    - install, build, start PostgreSQL/Redis/NATS if needed, run everything on http://localhost:8080"
	@echo "make test  - type check, lint, unit + integration tests (real PostgreSQL/Redis/NATS), browser tests"

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

typecheck: install
	npm run gen
	npx tsc -b
	npx tsc -p tsconfig.test.json
	npm run typecheck -w @mzansi/web
	npm run typecheck:e2e -w @mzansi/web

lint: install
	npm run lint

test-unit: build infra
	npx vitest run

test-e2e: build infra chromium
	cd web && npx vitest run --config vitest.e2e.config.ts

chromium:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || bash scripts/install-chromium.sh

test: typecheck lint test-unit test-e2e
	@echo "make test: all green"

clean:
	rm -rf node_modules */node_modules services/*/node_modules */dist services/*/dist proto/src/gen test-results
