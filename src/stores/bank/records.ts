// Markdown memory records with the seed's YAML frontmatter, read and written with gray-matter.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { MemoryFabricError } from '../../errors.ts';
import { writeFileAtomic } from '../../state/atomic-write.ts';
import { RECORD_FOLDERS, recordNameOf, resolveInsideRoot, type RecordKind } from './layout.ts';

// The seed's frontmatter: its three time keys first, then what the writer adds (entity_name, status, session_id).
export interface RecordFrontmatter {
  created_at: string;
  updated_at: string;
  utc_datetime_prefix: string;
  // 'system-clock' when updated_at came from the system clock by explicit opt-in; absent for worldtimeapi.
  time_source?: string;
  [extra: string]: unknown;
}

// A record file as read back: its path, its kind (from its folder), its frontmatter and its markdown body.
export interface MemoryRecord {
  // Path relative to the memory root, with forward slashes.
  relativePath: string;
  kind?: RecordKind;
  frontmatter: RecordFrontmatter;
  body: string;
}

// Renders a record: frontmatter (the seed's three keys first) and a markdown body.
function renderRecord(frontmatter: RecordFrontmatter, body: string): string {
  const { created_at, updated_at, utc_datetime_prefix, ...rest } = frontmatter;
  const ordered = {
    created_at,
    updated_at,
    utc_datetime_prefix,
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
  };
  return matter.stringify(body.endsWith('\n') ? body : `${body}\n`, ordered);
}

// Parses a record; a missing or invalid created_at/updated_at is a STORE_CORRUPT error naming the file.
function parseRecord(text: string, relativePath: string): MemoryRecord {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(text, {});
  } catch (error) {
    throw new MemoryFabricError('STORE_CORRUPT', `${relativePath}: invalid YAML frontmatter`, { cause: error });
  }
  const data = Object.fromEntries(
    Object.entries(parsed.data as Record<string, unknown>).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
  for (const key of ['created_at', 'updated_at']) {
    if (typeof data[key] !== 'string' || Number.isNaN(Date.parse(data[key] as string))) {
      throw new MemoryFabricError('STORE_CORRUPT', `${relativePath}: frontmatter needs a valid ${key}`);
    }
  }
  const kind = (Object.entries(RECORD_FOLDERS) as Array<[RecordKind, string]>).find(([, folder]) =>
    relativePath.startsWith(`${folder}/`),
  )?.[0];
  return { relativePath, ...(kind ? { kind } : {}), frontmatter: data as RecordFrontmatter, body: parsed.content };
}

// Every readable record of the bank, and the files that could not be read (the health check reports them).
export interface RecordListing {
  records: MemoryRecord[];
  // Files that could not be read as records, each with the reason.
  problems: string[];
}

// Reads every record of the bank's record folders (sessions, plans, executions, errors, decisions).
export async function listRecords(root: string): Promise<RecordListing> {
  const records: MemoryRecord[] = [];
  const problems: string[] = [];
  for (const folder of Object.values(RECORD_FOLDERS)) {
    let names: string[];
    try {
      names = (await readdir(path.join(root, folder))).filter((name) => name.endsWith('.md')).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const relativePath = `${folder}/${name}`;
      if (!recordNameOf(name)) {
        problems.push(`${relativePath}: the file name does not start with a UTC prefix (YYYY-MM-DDTHH-MM-SSZ__name.md)`);
        continue;
      }
      try {
        records.push(parseRecord(await readFile(resolveInsideRoot(root, relativePath), 'utf8'), relativePath));
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  return { records, problems };
}

// Reads one record by its relative path, or undefined when it does not exist.
export async function readRecord(root: string, relativePath: string): Promise<MemoryRecord | undefined> {
  try {
    return parseRecord(await readFile(resolveInsideRoot(root, relativePath), 'utf8'), relativePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}

// Writes a record atomically, inside the root only; the written text must parse back as a record.
export async function writeRecord(root: string, relativePath: string, frontmatter: RecordFrontmatter, body: string): Promise<void> {
  const text = renderRecord(frontmatter, body);
  await writeFileAtomic(resolveInsideRoot(root, relativePath), text, (written) => {
    if (written !== text) {
      throw new Error('read-back differs from what was written');
    }
    parseRecord(written, relativePath);
  });
}

// Frontmatter for a record written in this cycle, keeping created_at when the record already exists.
export function stampFrontmatter(
  existing: RecordFrontmatter | undefined,
  time: { utcDateTime: string; utcDateTimePrefix: string; systemClock: boolean },
  extra: Record<string, unknown> = {},
): RecordFrontmatter {
  return {
    ...(existing ?? {}),
    ...extra,
    created_at: existing?.created_at ?? time.utcDateTime,
    updated_at: time.utcDateTime,
    utc_datetime_prefix: existing?.utc_datetime_prefix ?? time.utcDateTimePrefix,
    // says where updated_at came from when that was not worldtimeapi
    time_source: time.systemClock ? 'system-clock' : undefined,
  };
}

// The bullet list under "## Observations" in an entity record's body.
export function recordObservations(record: MemoryRecord): string[] {
  const section = record.body.split(/^## Observations\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).trim())
    .filter((line) => line !== '(none yet)');
}

// Existing records by "<kind>|<name part of the file name>", from the folder listings alone (nothing is parsed).
export async function findRecordPaths(root: string): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  for (const [kind, folder] of Object.entries(RECORD_FOLDERS) as Array<[RecordKind, string]>) {
    const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const recordName = recordNameOf(name);
      if (recordName && !byName.has(`${kind}|${recordName}`)) {
        byName.set(`${kind}|${recordName}`, `${folder}/${name}`);
      }
    }
  }
  return byName;
}
