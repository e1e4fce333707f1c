// Runs the test suite with Node's own runner (Node 20 has no glob for --test): test/**/*.test.ts through tsx.
// Usage: node scripts/test.mjs [unit|integration|e2e|all] [runner arguments, e.g. --test-name-pattern "bank"]
//   unit         test/core and test/config.test.ts: pure functions, no processes, no network (seconds)
//   integration  everything else but test/e2e: real files, real hook processes, the real memory server, and
//                test/scaling (pure, but each text pass timed from 10 KB to 1 MB on pathological shapes: slow)
//   e2e          test/e2e: the real claude binary against a fake Messages API on loopback
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TIERS = {
  unit: (file) => file.startsWith('core/') || file === 'config.test.ts',
  e2e: (file) => file.startsWith('e2e/'),
  integration: (file) => !TIERS.unit(file) && !TIERS.e2e(file),
  all: () => true,
};
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [first, ...others] = process.argv.slice(2);
const tier = first && first in TIERS ? first : 'all';
const runnerArgs = first && first in TIERS ? others : process.argv.slice(2);
const files = readdirSync(path.join(root, 'test'), { recursive: true })
  .map((file) => String(file).split(path.sep).join('/'))
  .filter((file) => file.endsWith('.test.ts') && TIERS[tier](file))
  .sort()
  .map((file) => path.join('test', file));
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...runnerArgs, ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
