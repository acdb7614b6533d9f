# labelcat — the two commands of the README, and the rest.
#   make demo    installs what is missing, builds, and runs the seeds' demo
#   make test    installs what is missing, builds every target with warnings as errors and runs
#                the test suite (what CI runs)
#   make fuzz    libFuzzer on measure, the importers and the outputs, FUZZ_SECONDS per target (docs/fuzzing.md);
#                make fuzz-reproduce FUZZ_INPUT=FILE runs one saved input again
#   make bench   release benchmarks: the engine against Pango, the catalog against its write
#                ceiling (BENCH_LABELS=1000000 for the issue's million-label catalog) and with
#                three content size categories, how token import scales (5,000 vs 50,000
#                tokens), importing a String Catalog of 100,000 keys x 10 locales against a
#                bare INSERT loop, storyboards of BENCH_SCENES scenes x 20 labels x 10
#                locales x 3 devices recomputed with Auto Layout against the text layout alone,
#                labelcat fit's answers per second against the engine's layouts, and `report`
#                on ~4,000 findings against `check` (new folder, rerun, and the page in
#                headless Chromium against a blank page)
#   make fidelity  line breaks and widths against headless Chromium (FIDELITY_COUNT cases)

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages labelcat builds, tests and runs with (each -dev package brings its library:
# libyaml-dev brings libyaml-0-2, which reads labelcat.yml; libpng-dev brings libpng16 and
# zlib's headers, which encode the report's pictures). The system font (labels that name no
# family) is Inter (fonts-inter), Noto Sans CJK SC, Noto Sans Arabic (fonts-noto-core) and Noto
# Color Emoji. The tests also use the fonts (DejaVu Sans, Liberation Sans 2, and DejaVu Math TeX
# Gyre from fonts-dejavu-extra for a font with a line gap), the sqlite3 shell, python3 (Benchmarks/make_catalog.py fills catalogs;
# the tests read check's formats back), mount and setpriv (util-linux: a tiny full file system,
# read-only mounts, another user), chromium (which opens the HTML report) and python3-kiwisolver
# (the Cassowary solver the constraint solver's tests compare with).
PACKAGES := pkg-config libsqlite3-dev libharfbuzz-dev libicu-dev libfontconfig-dev libfreetype-dev \
            libcairo2-dev libpng-dev libxml2-dev libyaml-dev fonts-noto-cjk fonts-dejavu-core fonts-dejavu-extra fonts-noto-color-emoji fonts-liberation \
            fonts-liberation2 fonts-inter fonts-noto-core \
            sqlite3 python3 python3-kiwisolver mount util-linux chromium
# The benchmarks also need Pango (the peer baseline).
BENCH_PACKAGES := libpango1.0-dev
# The Chromium comparison needs Chromium, fontTools (for Debian's python3) and Liberation 2 (Hebrew).
FIDELITY_PACKAGES := chromium python3 python3-fonttools fonts-liberation2
FIDELITY_PYTHON ?= /usr/bin/python3
FIDELITY_COUNT ?= 2000
BENCH_COUNT ?= 100000
BENCH_LABELS ?= 100000
BENCH_IMPORT_KEYS ?= 100000
BENCH_PROJECT_KEYS ?= 100000
BENCH_SCENES ?= 100
# About 4,000 findings (make_catalog.py's labels give about one each).
BENCH_REPORT_LABELS ?= 4000
BENCH_DIR := .build/bench
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 0
FUZZ_TARGETS ?=
FUZZ_TIMEOUT ?= 1
FUZZ_MAX_LEN ?= 0
FUZZ_FLAGS ?=
# The fuzz targets are a package of their own (Fuzz/), built with libFuzzer and AddressSanitizer;
# lld links them (gold fails on the sanitizers' objects).
FUZZ_BUILD := cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

.PHONY: demo test bench fidelity build deps bench-deps fidelity-deps docs clean

demo: deps build
	.build/release/labelcat demo

# make test builds with warnings as errors, in a build directory of its own (.build/strict), so
# that going between it and a plain `swift build` or `swift test --filter X` (.build) does not
# rebuild everything for the changed compiler flags.
STRICT_BUILD := --scratch-path .build/strict -Xswiftc -warnings-as-errors

test: deps
	swift test $(STRICT_BUILD)

# The release build links Swift's runtime statically: a command starts about 3 ms
# sooner (8 ms, not 11: ten fewer shared libraries to load and look symbols up in), and calls into the
# runtime (retain, release) are direct (docs/benchmarks.md).
RELEASE_BUILD := swift build -c release --static-swift-stdlib

build: deps
	$(RELEASE_BUILD)

deps:
	@scripts/install-packages $(PACKAGES)

bench-deps: deps
	@scripts/install-packages $(BENCH_PACKAGES)

fidelity-deps: deps
	@scripts/install-packages $(FIDELITY_PACKAGES)

fidelity: fidelity-deps build
	$(FIDELITY_PYTHON) Benchmarks/chromium_fidelity.py --labelcat .build/release/labelcat \
	    --work .build/fidelity --count $(FIDELITY_COUNT)

bench: bench-deps build
	@mkdir -p $(BENCH_DIR)
	cc -O2 -Wall -o $(BENCH_DIR)/pango-baseline Benchmarks/pango_baseline.c $$(pkg-config --cflags --libs pangoft2 glib-2.0)
	python3 Benchmarks/run_engine_bench.py --labelcat .build/release/labelcat \
	    --engine-bench .build/release/labelcat-bench --pango $(BENCH_DIR)/pango-baseline \
	    --count $(BENCH_COUNT) --work $(BENCH_DIR)
	python3 Benchmarks/compare_lines.py --labelcat .build/release/labelcat \
	    --pango $(BENCH_DIR)/pango-baseline --work $(BENCH_DIR)
	python3 Benchmarks/run_catalog_bench.py --labelcat .build/release/labelcat \
	    --engine-bench .build/release/labelcat-bench --labels $(BENCH_LABELS) --work $(BENCH_DIR)
	python3 Benchmarks/run_token_bench.py --labelcat .build/release/labelcat --work $(BENCH_DIR)
	python3 Benchmarks/run_import_bench.py --labelcat .build/release/labelcat --keys $(BENCH_IMPORT_KEYS) --work $(BENCH_DIR)
	python3 Benchmarks/run_project_bench.py --labelcat .build/release/labelcat --keys $(BENCH_PROJECT_KEYS) --work $(BENCH_DIR)
	python3 Benchmarks/run_scene_bench.py --labelcat .build/release/labelcat --scenes $(BENCH_SCENES) --work $(BENCH_DIR)
	python3 Benchmarks/run_fit_bench.py --labelcat .build/release/labelcat --work $(BENCH_DIR)
	python3 Benchmarks/run_report_bench.py --labelcat .build/release/labelcat --labels $(BENCH_REPORT_LABELS) --work $(BENCH_DIR)

.PHONY: fuzz fuzz-build fuzz-reproduce
fuzz: fuzz-build
	scripts/fuzz --seconds $(FUZZ_SECONDS) --runs $(FUZZ_RUNS) --targets "$(FUZZ_TARGETS)" \
	    --timeout $(FUZZ_TIMEOUT) --max-len $(FUZZ_MAX_LEN) --flags="$(FUZZ_FLAGS)"

fuzz-reproduce: fuzz-build
	scripts/fuzz --reproduce "$(FUZZ_INPUT)" --timeout $(FUZZ_TIMEOUT)

# The outputs target also runs the command-line tool (a release build, without sanitizers).
fuzz-build: deps
	$(RELEASE_BUILD) --product labelcat
	$(FUZZ_BUILD)

# Rewrites docs/cli.md (the CLI reference) from the commands' --help text, and builds the
# libraries' DocC documentation (Sources/X/Documentation.docc) into .build/docs/X.doccarchive:
# SwiftPM's symbol graphs of the public API, converted by the toolchain's docc (the
# swift-docc-plugin, which `swift package generate-documentation` needs, cannot be fetched).
DOCC_TARGETS := LabelModel LabelLayout LabelCatalog
DOCS_DIR := .build/docs
docs: deps
	swift build --product labelcat
	scripts/update-cli-reference .build/debug/labelcat
	swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members
	@set -e; graphs=$$(find .build -path '*/symbolgraph/*.symbols.json' -newer Package.swift -printf '%h\n' | sort -u | head -1); \
	for target in $(DOCC_TARGETS); do \
	    rm -rf $(DOCS_DIR)/symbols/$$target && mkdir -p $(DOCS_DIR)/symbols/$$target; \
	    cp $$graphs/$$target.symbols.json $$graphs/$$target@*.symbols.json $(DOCS_DIR)/symbols/$$target/ 2>/dev/null || \
	        cp $$graphs/$$target.symbols.json $(DOCS_DIR)/symbols/$$target/; \
	    docc convert Sources/$$target/Documentation.docc --additional-symbol-graph-dir $(DOCS_DIR)/symbols/$$target \
	        --fallback-display-name $$target --fallback-bundle-identifier labelcat.$$target \
	        --output-path $(DOCS_DIR)/$$target.doccarchive --analyze; \
	done
	@echo "DocC archives in $(DOCS_DIR)/ (docc preview, or any static host with docc process-archive)"

clean:
	rm -rf .build Fuzz/.build
