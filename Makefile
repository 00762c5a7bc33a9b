# sessiond — build, run, test, install. Run `make help` for the targets.
PREFIX ?= /usr/local
PLANNERDIR = $(PREFIX)/share/sessiond/planners
DESTDIR ?=
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
DOCDIR = $(PREFIX)/share/doc/sessiond
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions
# zsh's site-functions is on its default $fpath; fish reads vendor_completions.d under
# each of $XDG_DATA_DIRS.
ZSHCOMPLETIONDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPLETIONDIR = $(PREFIX)/share/fish/vendor_completions.d
UNITDIR ?= $(PREFIX)/lib/systemd/system
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
# Where install-files takes the binaries from.
BUILD_DIR ?= .build/release
SWIFT ?= swift
# groff typesets `plan export --format pdf` (at run time, not at build time); libpq-dev
# is sessiond-sync's PostgreSQL client library.
APT_PACKAGES = libsqlite3-dev libexpat1-dev zlib1g-dev libpq-dev groff
# Arguments for `make run`, e.g. make run ARGS="--socket /tmp/s.sock"
ARGS ?=

.PHONY: help deps test-deps bench-deps build release run test bench fuzz install install-files uninstall clean

help:
	@echo "make run        build (release) and start sessiond in the foreground on its defaults"
	@echo "make test       build and run every test (unit, storage, end-to-end)"
	@echo "make build      debug build;  make release: optimised build"
	@echo "make bench      measure speed and memory against this machine's floors (installs timewarrior and valgrind when missing)"
	@echo "make fuzz       fuzz the input boundaries (JSON, plans, exports, request lines) with libFuzzer + ASan (FUZZ_SECONDS=$(FUZZ_SECONDS) each)"
	@echo "make install    install binaries, units, man pages, completion and docs under DESTDIR/PREFIX ($(PREFIX))"
	@echo "make uninstall  remove what make install put there"
	@echo "make deps       install the Debian packages the build and the PDF export need, when missing"
	@echo "make test-deps  install the tools the tests use (icalendar and fitdecode from PyPI, faketime, curl, jq, rsvg-convert, cmark-gfm, poppler-utils, zsh, fish, openssh-client and -server, postgresql), when missing"

# Installs the Debian packages $(1) that are not installed yet (apt-get, as root or
# through sudo); $(2) runs when the installation fails.
define apt_install_missing
missing=""; \
for pkg in $(1); do \
  dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$pkg"; \
done; \
if [ -n "$$missing" ]; then \
  echo "installing:$$missing"; \
  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
  { $$sudo apt-get update -qq && \
    $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; } || $(2); \
fi
endef

# Installs the C libraries' development packages only when one is missing.
deps:
	@$(call apt_install_missing,$(APT_PACKAGES),exit 1)

# The test suite's outside tools: a calendar parser from PyPI reads the .ics export;
# the planners of contrib/planners run on curl and jq; librsvg's rsvg-convert renders
# the progress chart's SVG; cmark-gfm renders the Markdown export and poppler's
# pdfinfo, pdftotext and pdftocairo read the PDF sheet; zsh and fish run the completion
# scripts generated for them; OpenSSH's client and server carry `sessionctl -H` to a
# private sshd on a loopback port; PostgreSQL's initdb and pg_ctl run a private server for
# the sync tests (Debian keeps them in /usr/lib/postgresql/VERSION/bin, off $PATH). Each
# as TOOL:PACKAGE, installed when TOOL is missing.
PYTHON_TEST_PACKAGES = icalendar fitdecode
APT_TEST_TOOLS = faketime:faketime curl:curl jq:jq rsvg-convert:librsvg2-bin cmark-gfm:cmark-gfm pdftotext:poppler-utils zsh:zsh fish:fish \
	ssh:openssh-client ssh-keygen:openssh-client /usr/sbin/sshd:openssh-server
test-deps:
	@missing=""; \
	for pair in $(APT_TEST_TOOLS); do command -v $${pair%%:*} >/dev/null || missing="$$missing $${pair#*:}"; done; \
	command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@for pkg in $(PYTHON_TEST_PACKAGES); do \
	  python3 -c "import $$pkg" 2>/dev/null || { echo "installing python package $$pkg"; \
	    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore $$pkg; }; \
	done

build: deps
	$(SWIFT) build

# Release builds link the Swift runtime statically, and libstdc++, SQLite, libexpat and zlib
# too when their archives are installed: a process then resolves a few hundred symbols at exec
# instead of thousands (sessionctl starts in about 2 ms instead of 4; a socket-activated
# daemon's first reply comes sooner; resident memory drops by a few MiB). The archives
# are found through a directory of links put first on the linker's path.
# STATIC_C_LIBS=0 links libstdc++, SQLite, libexpat and zlib dynamically, as a distribution package
# would, so that their security updates reach the binaries without a rebuild.
# Cross-module optimisation lets the daemon's modules specialise the generic code of
# the modules below them (a method's params coder, its route, the JSON writer) instead
# of calling it through witness tables and metadata looked up at run time: about 2,700
# fewer instructions per session.log (docs/performance.md). Release builds also leave
# out the dynamic exclusivity checks (about 50 a session.log on the loop's and the
# store's class properties, some 3,000 instructions): the static checks stay, and the
# debug build the test suite runs keeps the dynamic ones, so a conflicting access is
# still caught there (every test daemon is a debug build).
#
# The executables export no dynamic symbols and pack their relative relocations: the
# Swift driver links with --export-dynamic, which put some 65,000 of our own symbols
# in the dynamic table (nothing looks them up; the runtime's start-up dladdr walked
# them all, ~190,000 instructions), and the ~30,000 pointers the loader adjusts at
# every exec cost ~500,000 instructions as RELA entries and ~100,000 as RELR ones
# (-z pack-relative-relocs, which gold cannot write: GNU ld links instead, when it is
# installed). `sessiond --version` then runs ~800,000 instructions instead of 1.1
# million, some 0.3 ms less per exec of each executable (docs/performance.md).
#
# Concrete generic types (a Dictionary keyed by Int32, an array of routes) get their
# metadata through the accessor functions the compiler emits, not by demangling a name
# at run time: each first use of such a type by name checked its conformances with a
# scan of every conformance record in the executable (~130,000 instructions each).
# A socket-activated start to the first reply runs 2.46 million instructions instead
# of 3.34 million, `sessionctl log` 1.19 million instead of 1.30; `session.log` is
# unchanged (docs/performance.md). A frontend flag, so only where the toolchain has it.
METADATA_FLAGS = $(if $(shell $(SWIFT) -frontend -help-hidden 2>/dev/null | grep -e -disable-concrete-type-metadata-mangled-name-accessors),\
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
STATIC_C_LIBS ?= 1
STATIC_LIB_DIR = $(CURDIR)/.build/static-libs
EXPORTS_MAP = $(CURDIR)/.build/no-exports.map
LINK_FLAGS = -Xlinker --version-script=$(EXPORTS_MAP) \
	$(if $(shell command -v ld.bfd),-Xswiftc -use-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs)
release: deps
	@rm -rf $(STATIC_LIB_DIR) && mkdir -p $(STATIC_LIB_DIR)
	@printf '{ local: *; };\n' > $(EXPORTS_MAP)
	@if [ "$(STATIC_C_LIBS)" = 1 ]; then \
	  for lib in libstdc++.a libsqlite3.a libexpat.a libz.a; do \
	    found=$$($(CC) -print-file-name=$$lib 2>/dev/null || clang -print-file-name=$$lib 2>/dev/null); \
	    if [ -f "$$found" ]; then ln -s "$$found" $(STATIC_LIB_DIR)/$$lib; else echo "$$lib not found: linking it dynamically"; fi; \
	  done; \
	fi
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -cross-module-optimization -Xswiftc -enforce-exclusivity=unchecked $(METADATA_FLAGS) $(LINK_FLAGS) $(if $(filter 1,$(STATIC_C_LIBS)),-Xlinker -L$(STATIC_LIB_DIR))

# Fuzzes the input boundary of SessionCore and SessionFormats (Tests/Fuzz/main.swift
# compiled into SessionFormats with libFuzzer and AddressSanitizer, SessionCore and SessionRPC linked), seeded with the example plans and exports and with
# files of impossible numbers (Tests/Fuzz/make_seeds.py: NaN, infinities, 1e300, -5 and
# ±2^63 in each numeric field of FIT, CSV and JSON exports). Not part of
# `make test`: it runs for FUZZ_SECONDS and stops at the first crash, leaving it in .build/fuzz.
FUZZ_SECONDS ?= 60
# JSON, SessionCore, SessionSystem and SessionRPC (the wire coder sessiond's export is
# read with) are built first (instrumented too), then SessionFormats with the fuzzer. One
# package name, as SwiftPM gives its targets: SessionRPC's JSON conformances of
# SessionCore's types are then the package's own, not retroactive.
# The macros' plugin is built as SwiftPM builds it, and each module that uses them loads it.
MACRO_PLUGIN = .build/debug/SessionMacrosPlugin-tool
FUZZ_FLAGS = -parse-as-library -O -sanitize=fuzzer,address -package-name sessiond \
	-load-plugin-executable $(MACRO_PLUGIN)\#SessionMacrosPlugin
fuzz:
	mkdir -p .build/fuzz/corpus
	cp ../shared/examples/plans/* ../shared/examples/exports/* ../shared/examples/health/* .build/fuzz/corpus/ 2>/dev/null || true
	python3 Tests/Fuzz/make_seeds.py .build/fuzz/corpus
	$(SWIFT) build --product SessionMacrosPlugin
	swiftc $(FUZZ_FLAGS) -module-name SessionMacros -emit-module -emit-module-path .build/fuzz/SessionMacros.swiftmodule \
	  -emit-library -static -o .build/fuzz/libSessionMacros.a Sources/SessionMacros/*.swift
	swiftc $(FUZZ_FLAGS) -module-name JSON -emit-module -emit-module-path .build/fuzz/JSON.swiftmodule \
	  -emit-library -static -o .build/fuzz/libJSON.a Sources/JSON/*.swift
	swiftc $(FUZZ_FLAGS) -module-name SessionCore -I .build/fuzz -emit-module -emit-module-path .build/fuzz/SessionCore.swiftmodule \
	  -emit-library -static -o .build/fuzz/libSessionCore.a $$(find Sources/SessionCore -name '*.swift')
	swiftc $(FUZZ_FLAGS) -module-name SessionSystem -I .build/fuzz -emit-module -emit-module-path .build/fuzz/SessionSystem.swiftmodule \
	  -emit-library -static -o .build/fuzz/libSessionSystem.a Sources/SessionSystem/*.swift
	swiftc $(FUZZ_FLAGS) -module-name SessionRPC -I .build/fuzz -emit-module -emit-module-path .build/fuzz/SessionRPC.swiftmodule \
	  -emit-library -static -o .build/fuzz/libSessionRPC.a $$(find Sources/SessionRPC -name '*.swift')
	swiftc $(FUZZ_FLAGS) -module-name SessionFormats -I .build/fuzz -I Sources/CExpat -I Sources/CZlib -I Sources/CLinux -L .build/fuzz -lSessionRPC -lSessionSystem -lSessionCore -lJSON \
	  $$(find Sources/SessionFormats -name '*.swift' ! -name 'SQLiteFile.swift' ! -name 'GadgetbridgeExport.swift') Tests/Fuzz/main.swift \
	  -o .build/fuzz/session-core-fuzzer
	cd .build/fuzz && ./session-core-fuzzer corpus -max_total_time=$(FUZZ_SECONDS) -max_len=4096
	# The daemon's request boundary: SessionRPC with a second entry point, seeded with
	# request lines of the protocol tests' kind.
	swiftc $(FUZZ_FLAGS) -module-name SessionRPC -I .build/fuzz -L .build/fuzz -lSessionSystem -lSessionCore -lJSON \
	  $$(find Sources/SessionRPC -name '*.swift') Tests/Fuzz/RPC/main.swift -o .build/fuzz/session-rpc-fuzzer
	mkdir -p .build/fuzz/rpc-corpus
	printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Squat","reps":5,"weightKg":100,"rpe":8,"kind":"warmup","note":"x","at":"2026-11-30T18:05:00+01:00"}}' > .build/fuzz/rpc-corpus/log
	printf '%s\n' '{"jsonrpc":"2.0","id":"a","method":"history.import","params":{"importId":"i","chunk":0,"workouts":[{"start":"2026-01-05T18:00:00","title":"Legs","durationSeconds":3600,"sets":[{"exercise":"Squat","reps":5,"weightKg":100,"kind":"drop","distanceM":10,"superset":"A"}]}]}}' > .build/fuzz/rpc-corpus/import
	printf '%s\n' '[{"jsonrpc":"2.0","id":1,"method":"health.record","params":{"type":"steps","value":1000,"date":"2026-11-30"}},{"jsonrpc":"2.0","id":2,"method":"session.editSet","params":{"setId":3,"reps":6,"confirm":true}}]' > .build/fuzz/rpc-corpus/batch
	printf '%s\n' '{"jsonrpc":"2.0","id":2,"method":"history.import","params":{"importId":"j","chunk":0,"workouts":[{"start":"2026-01-05T18:00:00","title":"Legs","durationSeconds":1e300,"averageHeartRate":-5,"energyKcal":9223372036854775808,"sets":[{"exercise":"Squat","reps":-9223372036854775808,"weightKg":1e400,"durationSeconds":-5}]}]}}' > .build/fuzz/rpc-corpus/import-bounds
	printf '%s\n' '{"jsonrpc":"2.0","id":3,"method":"health.import","params":{"importId":"h","chunk":0,"samples":[{"type":"bodyMassKg","value":1e300,"date":"2026-11-30","recordedAt":"2026-11-30T07:00:00Z","source":"x"},{"type":"steps","value":-9223372036854775808,"date":"2026-11-30","recordedAt":"2026-11-30T07:00:00Z","source":"x"}],"done":true}}' > .build/fuzz/rpc-corpus/health-bounds
	cd .build/fuzz && ./session-rpc-fuzzer rpc-corpus -max_total_time=$(FUZZ_SECONDS) -max_len=4096

# Measures latency, throughput, start-up and memory; prints JSON lines (see README).
# The bench compares sessionctl log with timewarrior's timew start and counts
# instructions with valgrind; the health import streams against xmllint (libxml2-utils);
# a tool that cannot be installed skips its figures.
BENCH_APT_PACKAGES = timewarrior valgrind libxml2-utils mpc
bench-deps:
	@$(call apt_install_missing,$(BENCH_APT_PACKAGES),echo "could not install$$missing; the figures that need them are skipped")

bench: release bench-deps
	.build/release/sessiond-bench

run: release
	exec .build/release/sessiond $(ARGS)

# The tests that read ../shared/examples (real exports, health files and model output
# beside the checkout) are enabled only when it is there; without it the rest run, and
# these are named before and after the run: each marked
# `.enabled(if: Fixtures.sharedExamplesPresent, …)` ahead of its func.
SHARED_EXAMPLES = ../shared/examples
# Prints those tests as File.test, comma-separated.
SHARED_EXAMPLE_TESTS = grep -rl 'enabled(if: Fixtures.sharedExamplesPresent' Tests --include='*.swift' | grep -v '^Tests/TestSupport/' | sort | \
	xargs awk '/enabled[(]if: Fixtures[.]sharedExamplesPresent/ { want = 1 } \
	  want && match($$0, /func [A-Za-z0-9_]+/) { file = FILENAME; sub(/.*[/]/, "", file); sub(/[.]swift$$/, "", file); \
	    printf "%s%s.%s", (n++ ? ", " : ""), file, substr($$0, RSTART + 5, RLENGTH - 5); want = 0 }'
SHARED_EXAMPLES_NOTE = echo "$(SHARED_EXAMPLES) is not beside the checkout: left out, as they read its example files: $$($(SHARED_EXAMPLE_TESTS))"
test: deps test-deps
	$(SWIFT) build --build-tests
	@[ -d $(SHARED_EXAMPLES) ] || $(SHARED_EXAMPLES_NOTE)
	@# In UTC whatever the machine's zone: the in-process tests place their moments in
	@# UTC hours; a test about another zone sets its own (DaemonZoneTests).
	@TZ=UTC $(SWIFT) test --skip-build; status=$$?; [ -d $(SHARED_EXAMPLES) ] || $(SHARED_EXAMPLES_NOTE); exit $$status

install: release install-files

# Copies what is built; the units' paths follow PREFIX.
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(DOCDIR) \
	  $(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(ZSHCOMPLETIONDIR) $(DESTDIR)$(FISHCOMPLETIONDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(PLANNERDIR)
	install -m 0755 $(BUILD_DIR)/sessiond $(BUILD_DIR)/sessionctl $(BUILD_DIR)/sessiond-sync $(DESTDIR)$(BINDIR)/
	install -m 0755 contrib/planners/openai-compatible contrib/planners/anthropic contrib/planners/ollama $(DESTDIR)$(PLANNERDIR)/
	install -m 0644 docs/sessiond.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 0644 docs/sessionctl.1 docs/sessiond-sync.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 0644 README.md docs/protocol.md docs/plan-import.md docs/plan.schema.json docs/sync.md $(DESTDIR)$(DOCDIR)/
	$(BUILD_DIR)/sessionctl completion bash > $(DESTDIR)$(COMPLETIONDIR)/sessionctl
	$(BUILD_DIR)/sessionctl completion zsh > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_sessionctl
	$(BUILD_DIR)/sessionctl completion fish > $(DESTDIR)$(FISHCOMPLETIONDIR)/sessionctl.fish
	for unit in sessiond.socket sessiond.service sessiond-sync.service; do \
	  sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share/doc|$(PREFIX)/share/doc|g' systemd/$$unit > $(DESTDIR)$(UNITDIR)/$$unit; \
	  sed -e 's|/usr/local/bin|$(BINDIR)|g' systemd/user/$$unit > $(DESTDIR)$(USERUNITDIR)/$$unit; \
	done
	install -m 0644 systemd/sysusers.d/sessiond.conf $(DESTDIR)$(SYSUSERSDIR)/sessiond.conf

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sessiond $(DESTDIR)$(BINDIR)/sessionctl $(DESTDIR)$(BINDIR)/sessiond-sync \
	  $(DESTDIR)$(MANDIR)/man8/sessiond.8 $(DESTDIR)$(MANDIR)/man1/sessionctl.1 $(DESTDIR)$(MANDIR)/man1/sessiond-sync.1 \
	  $(DESTDIR)$(COMPLETIONDIR)/sessionctl $(DESTDIR)$(ZSHCOMPLETIONDIR)/_sessionctl $(DESTDIR)$(FISHCOMPLETIONDIR)/sessionctl.fish \
	  $(DESTDIR)$(SYSUSERSDIR)/sessiond.conf \
	  $(DESTDIR)$(UNITDIR)/sessiond.socket $(DESTDIR)$(UNITDIR)/sessiond.service \
	  $(DESTDIR)$(USERUNITDIR)/sessiond.socket $(DESTDIR)$(USERUNITDIR)/sessiond.service \
	  $(DESTDIR)$(UNITDIR)/sessiond-sync.service $(DESTDIR)$(USERUNITDIR)/sessiond-sync.service
	rm -rf $(DESTDIR)$(DOCDIR) $(DESTDIR)$(PLANNERDIR)

clean:
	$(SWIFT) package clean
