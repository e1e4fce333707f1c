// Runs the test suite with Node's own runner (Node 20 has no glob for --test): every test/**/*.test.ts, through tsx.
// Extra arguments are passed on (e.g. --test-name-pattern "bank").
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const files = readdirSync(path.join(root, 'test'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .sort()
  .map((file) => path.join('test', file));
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...process.argv.slice(2), ...files], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
