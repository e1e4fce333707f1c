// A hash of every source file, written into each bundle by the build, so that a stale build can be told apart.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// 16 hex digits over every .ts and .json file under sourceRoot (the lexicon's table is bundled), names and contents:
// the build writes it, doctor compares.
export function hashSources(sourceRoot: string): string {
  const hash = createHash('sha1');
  const files = readdirSync(sourceRoot, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts') || name.endsWith('.json'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(sourceRoot, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

// The hash a built bundle was made from (its "// source-hash:" banner line), if it has one.
export function bundleSourceHash(bundleText: string): string | undefined {
  return bundleText.slice(0, 400).match(/^\/\/ source-hash: ([0-9a-f]{16})$/m)?.[1];
}
