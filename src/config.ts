// Every knob of memory-fabric, read from the environment once, validated, then passed down.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fingerprint } from './core/fingerprint.ts';

// worldtimeapi by default; the system clock only when MEMORY_FABRIC_TIME_SOURCE=system asks for it.
export type TimeSourceKind = 'worldtimeapi' | 'system';

// The two stores: the file bank in the project, or a memory MCP server.
export type StoreKind = 'bank' | 'mcp';

// The one configuration object: loadConfig builds it from the environment, and everything else is handed it.
export interface Config {
  // The PATH a spawned memory server inherits (the child gets no other variable of ours).
  searchPath: string;
  // Where the sync writes (and, by default, the one store the context hook searches).
  store: StoreKind;
  // The stores the context hook and `search` search, all at once (MEMORY_FABRIC_SOURCES, e.g. "bank,mcp"):
  // a project's bank beside a team's memory server. Writes go to store only.
  sources: StoreKind[];
  // The memory server when store is mcp: an entry of .mcp.json, or a Streamable HTTP URL.
  mcpServer: string;
  mcpUrl?: string;
  mcpTimeoutMs: number;
  projectRoot: string;
  bankDir: string;
  stateDir: string;
  timeSource: TimeSourceKind;
  timeUrl: string;
  timeTimeoutMs: number;
  dedupThreshold: number;
  boostFactor: number;
  maxResults: number;
  contextChars: number;
  contextDeadlineMs: number;
  syncDeadlineMs: number;
  sessionEndDeadlineMs: number;
  includeSuperseded: boolean;
}

// A bad setting does not stop loading: it falls back to its default and is reported in warnings.
export interface LoadedConfig {
  config: Config;
  // One line per bad setting: the variable, the bad value, the expected form, the default used.
  warnings: string[];
}

type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_TIME_URL = 'http://worldtimeapi.org/api/timezone/UTC';

// Builds the configuration from an environment and the session's working folder.
export function loadConfig(env: Env, cwd: string): LoadedConfig {
  const warnings: string[] = [];
  const readNumber = (name: string, fallback: number, min: number, max: number, integer = false): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      return fallback;
    }
    const value = Number(raw);
    const valid = Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
    if (valid) {
      return value;
    }
    const form = integer ? `an integer from ${min} to ${max}` : `a number from ${min} to ${max}`;
    warnings.push(`${name}: expected ${form}, got ${JSON.stringify(raw)}; using ${fallback}`);
    return fallback;
  };
  const readChoice = <T extends string>(name: string, choices: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      return fallback;
    }
    const value = raw.trim().toLowerCase();
    if ((choices as readonly string[]).includes(value)) {
      return value as T;
    }
    warnings.push(`${name}: expected one of ${choices.join(', ')}, got ${JSON.stringify(raw)}; using ${fallback}`);
    return fallback;
  };

  const store = readChoice('MEMORY_FABRIC_STORE', ['bank', 'mcp'] as const, 'bank');
  const sources = readSources(env.MEMORY_FABRIC_SOURCES, store, warnings);
  const mcpUrl = env.MEMORY_FABRIC_MCP_URL?.trim() || undefined;
  if (mcpUrl && !/^https?:\/\//i.test(mcpUrl)) {
    warnings.push(`MEMORY_FABRIC_MCP_URL: expected an http(s) URL, got ${JSON.stringify(mcpUrl)}; using the .mcp.json entry`);
  }
  const projectRoot = resolveProjectRoot(env.CLAUDE_PROJECT_DIR, cwd);
  const bankDir = absolutePath(env.MEMORY_FABRIC_BANK_DIR, projectRoot) ?? path.join(projectRoot, '.memories');
  // The plugin's data folder is shared by every project: each project gets its own state folder inside it
  // (an outbox or a cursor must never reach another project's bank).
  const pluginData = absolutePath(env.CLAUDE_PLUGIN_DATA, projectRoot);
  const stateDir =
    absolutePath(env.MEMORY_FABRIC_STATE_DIR, projectRoot) ??
    (pluginData ? path.join(pluginData, 'projects', projectStateName(projectRoot)) : undefined) ??
    path.join(bankDir, '.state');

  const timeUrl = env.MEMORY_FABRIC_TIME_URL?.trim() || DEFAULT_TIME_URL;
  if (!/^https?:\/\//i.test(timeUrl)) {
    warnings.push(`MEMORY_FABRIC_TIME_URL: expected an http(s) URL, got ${JSON.stringify(timeUrl)}; using ${DEFAULT_TIME_URL}`);
  }

  const config: Config = {
    searchPath: env.PATH ?? '',
    store,
    sources,
    mcpServer: env.MEMORY_FABRIC_MCP_SERVER?.trim() || 'memory',
    ...(mcpUrl && /^https?:\/\//i.test(mcpUrl) ? { mcpUrl } : {}),
    mcpTimeoutMs: readNumber('MEMORY_FABRIC_MCP_TIMEOUT_MS', 5000, 100, 120_000, true),
    projectRoot,
    bankDir,
    stateDir,
    timeSource: readChoice('MEMORY_FABRIC_TIME_SOURCE', ['worldtimeapi', 'system'] as const, 'worldtimeapi'),
    timeUrl: /^https?:\/\//i.test(timeUrl) ? timeUrl : DEFAULT_TIME_URL,
    timeTimeoutMs: readNumber('MEMORY_FABRIC_TIME_TIMEOUT_MS', 2000, 50, 60_000, true),
    dedupThreshold: readNumber('MEMORY_FABRIC_DEDUP_THRESHOLD', 0.85, 0.5, 1),
    boostFactor: readNumber('MEMORY_FABRIC_BOOST_FACTOR', 1.2, 1, 3),
    maxResults: readNumber('MEMORY_FABRIC_MAX_RESULTS', 20, 1, 200, true),
    contextChars: readNumber('MEMORY_FABRIC_CONTEXT_CHARS', 9000, 500, 9500, true),
    contextDeadlineMs: readNumber('MEMORY_FABRIC_CONTEXT_DEADLINE_MS', 3000, 200, 60_000, true),
    syncDeadlineMs: readNumber('MEMORY_FABRIC_SYNC_DEADLINE_MS', 20_000, 500, 600_000, true),
    sessionEndDeadlineMs: readNumber('MEMORY_FABRIC_SESSION_END_DEADLINE_MS', 1200, 200, 60_000, true),
    includeSuperseded: env.MEMORY_FABRIC_INCLUDE_SUPERSEDED === '1',
  };
  return { config, warnings };
}

// MEMORY_FABRIC_SOURCES: a comma-separated list of bank and mcp; unknown names are ignored with a warning, and
// an empty or wholly invalid list means the store alone.
function readSources(raw: string | undefined, store: StoreKind, warnings: string[]): StoreKind[] {
  if (raw === undefined || raw.trim() === '') {
    return [store];
  }
  const names = raw
    .split(/[\s,]+/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const valid = [...new Set(names.filter((name): name is StoreKind => name === 'bank' || name === 'mcp'))];
  const invalid = names.filter((name) => name !== 'bank' && name !== 'mcp');
  if (invalid.length > 0 || valid.length === 0) {
    const using = valid.length > 0 ? valid.join(',') : store;
    warnings.push(`MEMORY_FABRIC_SOURCES: expected a comma-separated list of bank and mcp, got ${JSON.stringify(raw)}; using ${using}`);
  }
  return valid.length > 0 ? valid : [store];
}

// The project root: CLAUDE_PROJECT_DIR, else the nearest folder above cwd holding .git, else cwd.
export function resolveProjectRoot(claudeProjectDir: string | undefined, cwd: string): string {
  if (claudeProjectDir && claudeProjectDir.trim() !== '') {
    return path.resolve(cwd, claudeProjectDir);
  }
  const start = path.resolve(cwd);
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, '.git'))) {
      return folder;
    }
    if (path.dirname(folder) === folder) {
      return start;
    }
  }
}

// A readable, unique folder name for a project: its folder name and a hash of its full path.
function projectStateName(projectRoot: string): string {
  const base =
    path
      .basename(projectRoot)
      .replace(/[^\w.-]/g, '_')
      .slice(0, 40) || 'root';
  return `${base}-${fingerprint(projectRoot).slice(0, 8)}`;
}

function absolutePath(value: string | undefined, base: string): string | undefined {
  if (value === undefined || value.trim() === '') {
    return undefined;
  }
  return path.resolve(base, value.trim());
}
