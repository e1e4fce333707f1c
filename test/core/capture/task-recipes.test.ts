// What a task runner's file says each recipe runs (capture/task-recipes.ts), and how a newer recipe supersedes the
// older statement of the same recipe (capture/slots.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slotsOf } from '../../../src/core/capture/slots.ts';
import { supersedeStatements } from '../../../src/core/capture/supersede-statements.ts';
import { recipeStatement, taskRecipes } from '../../../src/core/capture/task-recipes.ts';

// The Justfile of the corpus's Python-to-Rust port, as the session wrote it.
const JUSTFILE = `# Run all checks (tests with 100% coverage requirement)
check:
    cargo llvm-cov --fail-under-lines 100

# Run tests only
test:
    cargo test

set shell := ["bash", "-c"]
version := "1.0"

# Private helper
_setup:
    echo setup

build target='release': check
    @cargo build --{{target}}
    cargo doc
    echo done
`;

test("a Justfile's recipes: the command, its description from the comment above, not settings, assignments or private recipes", () => {
  assert.deepEqual(taskRecipes('/repo/Justfile', JUSTFILE).map(recipeStatement), [
    '`just check` runs `cargo llvm-cov --fail-under-lines 100` (Run all checks (tests with 100% coverage requirement))',
    '`just test` runs `cargo test` (Run tests only)',
    '`just build` runs `cargo build --{{target}}; cargo doc`',
  ]);
  assert.deepEqual(taskRecipes('justfile', 'lint:\n\truff check .\n'), [{ invocation: 'just lint', command: 'ruff check .' }]);
});

test("a Makefile's targets, with a recipe on the header's line; not .PHONY, variables or a target with no recipe", () => {
  const makefile = 'CC := gcc\nFLAGS = -O2\n.PHONY: test all\nall: build\n# Unit tests\ntest: build\n\tgo test ./...\nfmt: ; gofmt -w .\n';
  assert.deepEqual(taskRecipes('sub/Makefile', makefile).map(recipeStatement), [
    '`make test` runs `go test ./...` (Unit tests)',
    '`make fmt` runs `gofmt -w .`',
  ]);
});

test('a Write of package.json gives its scripts; a fragment that does not parse, or another file, gives nothing', () => {
  const written = JSON.stringify(
    { name: 'todo-app', scripts: { dev: 'next dev --turbopack', build: 'next build', 'odd name!': 'x' } },
    null,
    2,
  );
  assert.deepEqual(taskRecipes('/repo/package.json', written).map(recipeStatement), [
    '`npm run dev` runs `next dev --turbopack`',
    '`npm run build` runs `next build`',
  ]);
  assert.deepEqual(taskRecipes('/repo/package.json', '"scripts": { "dev": "next dev" }'), []);
  assert.deepEqual(taskRecipes('/repo/src/Justfile.ts', JUSTFILE), []);
  assert.deepEqual(taskRecipes('/repo/Justfile', ''), []);
});

test('recipe files as people write them: continued lines, attributes, shebang bodies, banners, define blocks, CRLF', () => {
  const justfile = [
    '#!/usr/bin/env just --justfile',
    '# ---------------------------------',
    '',
    '# Build the release binary',
    'build:',
    '    cargo build \\',
    '        --release --locked',
    '',
    '# Internal helper',
    '[private]',
    'setup:',
    '    ./scripts/setup.sh',
    '',
    'lint:',
    '    #!/usr/bin/env bash',
    '    set -euxo pipefail',
    '    @echo linting',
    '    cargo clippy -- -D warnings',
    '',
    'hello:',
    '    @echo hello',
  ].join('\r\n');
  assert.deepEqual(taskRecipes('justfile', justfile).map(recipeStatement), [
    '`just build` runs `cargo build --release --locked` (Build the release binary)',
    '`just lint` runs `cargo clippy -- -D warnings`',
    '`just hello` runs `echo hello`',
  ]);
  const makefile = [
    '# Makefile for the service',
    '',
    'CC ::= gcc',
    'define USAGE',
    'make test: run tests',
    'endef',
    'main.o: main.c',
    '\t$(CC) -c main.c',
    'test: deps # all; slow',
    '\t-go test ./... \\',
    '\t  --count=1',
    'fmt: ; gofmt -w .',
  ].join('\r\n');
  assert.deepEqual(taskRecipes('Makefile', makefile).map(recipeStatement), [
    '`make test` runs `go test ./... --count=1`',
    '`make fmt` runs `gofmt -w .`',
  ]);
});

test('package.json scripts npm runs without "run" are named as a session types them', () => {
  const written = JSON.stringify({ scripts: { test: 'vitest run', start: 'node server.js', lint: 'biome ci .' } });
  assert.deepEqual(taskRecipes('package.json', written).map(recipeStatement), [
    '`npm test` runs `vitest run`',
    '`npm start` runs `node server.js`',
    '`npm run lint` runs `biome ci .`',
  ]);
  assert.deepEqual(slotsOf('`npm test` runs `vitest run`', 'fact'), [{ key: 'recipe:npm test', value: 'vitest run' }]);
});

test('recipes are bounded: at most twelve, each command clipped, secrets redacted, a text cut short loses its cut line', () => {
  const many = Array.from({ length: 20 }, (_, index) => `r${index}:\n\techo ${index}`).join('\n');
  assert.equal(taskRecipes('Makefile', many).length, 12);
  const long = taskRecipes('Justfile', `deploy:\n    ${'x'.repeat(500)}\n`)[0];
  assert.ok(long && long.command.length <= 160, long?.command);
  const secret = taskRecipes(
    'Justfile',
    'push:\n    curl -H "Authorization: Bearer sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789" https://x\n',
  )[0];
  assert.ok(secret && !secret.command.includes('sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789'), secret?.command);
  const cut = taskRecipes('Justfile', `a:\n    echo a\nb:\n    echo ${'b'.repeat(8_000)}`);
  assert.deepEqual(
    cut.map((recipe) => recipe.invocation),
    ['just a'],
  );
});

test('a recipe fills the slot of its invocation: a newer command for the same recipe supersedes the older statement', () => {
  assert.deepEqual(slotsOf('`just check` runs `pytest --cov`', 'fact'), [{ key: 'recipe:just check', value: 'pytest --cov' }]);
  const graph = {
    entities: [
      {
        name: 'just-check',
        entityType: 'command',
        observations: ['`just check` runs `pytest --cov` [2026-01-20, session aaaa0001, fact]'],
      },
    ],
    relations: [],
  };
  const newer = '`just check` runs `cargo llvm-cov --fail-under-lines 100` [2026-01-21, session bbbb0002, fact]';
  graph.entities[0]?.observations.push(newer);
  assert.equal(supersedeStatements(graph, [{ entityKey: 'just-check', observation: newer, sequence: 0 }]), 1);
  assert.match(graph.entities[0]?.observations[0] ?? '', /superseded 2026-01-21/);
  assert.equal(graph.entities[0]?.observations[1], newer);
});
