// Where things live in a bank, and the guard that keeps every path inside the memory root.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { MemoryFabricError } from '../../errors.ts';

// The seed's record kinds; records are written for decisions, errors, plans and session overviews (no executions).
export type RecordKind = 'session' | 'plan' | 'execution' | 'error' | 'decision';

// The folder of each kind under the bank root, as the seed lays them out; a record's kind is read from its folder.
export const RECORD_FOLDERS: Record<RecordKind, string> = {
  session: 'sessions',
  plan: 'plans',
  execution: 'executions',
  error: 'errors',
  decision: 'architecture/decisions',
};

// The record list and the graph file keep the seed's names ("index"): users have them, and the seed's tools read them.
export const RECORD_LIST = 'index.md';
// The project's context: created once with a Constraints section, then the user's; retrieve reads the constraints.
export const PROJECT_MD = 'context/project.md';
// The graph file: every entity and relation; the records are views of it, the search index is built from it.
export const GRAPH_FILE = 'context/knowledge-graph.index.jsonc';
// Every folder the seed's layout has, created by bootstrap.
export const BANK_FOLDERS = ['context', ...Object.values(RECORD_FOLDERS)];

// The record kind an entity type is written as, if any (other entities live in the graph file only).
export function recordKindFor(entityType: string): RecordKind | undefined {
  const type = entityType.toLowerCase();
  if (type === 'decision' || type === 'convention') {
    return 'decision';
  }
  if (type === 'error' || type === 'blocker') {
    return 'error';
  }
  if (type === 'plan') {
    return 'plan';
  }
  return undefined;
}

// An intention-revealing file name part: lowercase words joined by hyphens, at most 80 characters.
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'untitled' : slug;
}

// The seed's record file name: <YYYY-MM-DDTHH-MM-SSZ>__<intention-revealing-name>.md.
export const recordFileName = (utcDateTimePrefix: string, name: string): string => `${utcDateTimePrefix}__${slugify(name)}.md`;

// The name part of a record file (after the prefix), or undefined when the file does not follow the standard.
export function recordNameOf(fileName: string): string | undefined {
  return fileName.match(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z__(.+)\.md$/)?.[1];
}

// Resolves a bank-relative path, refusing '..', absolute paths, and symlinks that lead out of the root.
export function resolveInsideRoot(root: string, relative: string): string {
  if (path.isAbsolute(relative) || relative.split(/[\\/]/).includes('..') || relative.includes('\0')) {
    throw new MemoryFabricError('PATH_OUTSIDE_ROOT', `${JSON.stringify(relative)} is not a path inside the memory root ${root}`);
  }
  const resolved = path.resolve(root, relative);
  const realRoot = realpathOrSelf(root);
  // The deepest existing ancestor decides: a symlink anywhere on the way is followed and checked.
  let existing = resolved;
  while (existing !== root && !exists(existing)) {
    existing = path.dirname(existing);
  }
  const real = realpathOrSelf(existing);
  if (real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`)) {
    throw new MemoryFabricError(
      'PATH_OUTSIDE_ROOT',
      `${JSON.stringify(relative)} leads outside the memory root ${root} (through a symlink to ${real})`,
    );
  }
  return resolved;
}

function realpathOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

function exists(file: string): boolean {
  try {
    realpathSync(file);
    return true;
  } catch {
    return false;
  }
}
