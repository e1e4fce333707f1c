// memory-fabric doctor: checks the setup and explains each problem with its fix.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { cacheFolder, isTrustedFolder } from '../entrypoints/code-cache.ts';
import { loadConfig, type Config, type StoreKind } from '../config.ts';
import { describeError } from '../errors.ts';
import { writeFileAtomic } from '../state/atomic-write.ts';
import { readOutbox } from '../state/outbox.ts';
import { checkHealth } from '../stores/bank/commands/health.ts';
import { listRecords } from '../stores/bank/records.ts';
import { fetchWriteTime } from '../state/time-source.ts';
import { openBank, openStore } from '../stores/open-store.ts';
import { openReader } from '../stores/open-reader.ts';
import { loadCursor } from '../state/session-cursor.ts';
import { statePaths } from '../state/state-layout.ts';
import type { CliIo } from './cli-io.ts';
import { readHookLog } from '../state/hook-log.ts';
import { renderTimings, summarizeTimings } from './hook-log-stats.ts';
import {
  CONTEXT_BUNDLE,
  CONTEXT_CODE,
  SYNC_CODE,
  SYNC_BUNDLE,
  enablesPlugin,
  eventsWithOurHooks,
  parseSettings,
  type HookEvent,
  HOOK_EVENTS,
} from './settings-hooks.ts';
import { settingsFileFor } from './install-command.ts';
import { bundleSourceHash, hashSources } from './source-hash.ts';

// One line of doctor's report (and of --json): a fail makes doctor exit 1, a warn does not.
export interface Check {
  name: string;
  status: 'pass' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

const EVENTS: readonly HookEvent[] = HOOK_EVENTS;

// Runs every check and prints them; exit 1 when one fails, so that a script can rely on it.
export async function runDoctor(asJson: boolean, io: CliIo, packageRoot: string): Promise<number> {
  const { config, warnings } = loadConfig(io.env, io.cwd);
  const checks: Check[] = [];
  if (warnings.length > 0) {
    checks.push({
      name: 'configuration',
      status: 'warn',
      detail: warnings.join('; '),
      fix: 'correct the variable or unset it to use the default',
    });
  }
  checks.push(checkNode());
  checks.push(await checkHooks(config, io.env.HOME ?? ''));
  checks.push(await checkBundles(packageRoot));
  checks.push(...(config.store === 'mcp' ? [await checkMcp(config)] : await checkBank(config)));
  for (const source of config.sources.filter((kind) => kind !== config.store)) {
    checks.push(await checkExtraSource(config, source));
  }
  checks.push(await checkTimeSource(config));
  checks.push(await checkOutbox(config, io.nowMs()));
  checks.push(await checkSessions(config, io.nowMs()));
  checks.push(await checkTimings(config));
  checks.push(await checkCodeCache(io.env));
  if (asJson) {
    io.stdout(`${JSON.stringify({ checks }, null, 2)}\n`);
  } else {
    io.stdout(renderChecks(checks));
  }
  return checks.some((check) => check.status === 'fail') ? 1 : 0;
}

// Where the hooks keep V8's compiled code (src/entrypoints/code-cache.ts), and whether they can use it: a folder others
// may write to is never used, so every prompt and reply compiles the hooks again (~9 ms) without saying so.
async function checkCodeCache(env: NodeJS.ProcessEnv): Promise<Check> {
  const name = 'code cache';
  if (env.MEMORY_FABRIC_CODE_CACHE === '0') {
    return { name, status: 'pass', detail: 'off (MEMORY_FABRIC_CODE_CACHE=0): each run compiles the hooks' };
  }
  const folder = cacheFolder(env, () => env.HOME ?? os.homedir());
  if (!folder) {
    return {
      name,
      status: 'warn',
      detail: 'no folder for it (no absolute CLAUDE_PLUGIN_DATA, XDG_CACHE_HOME or home): each run compiles the hooks (~9 ms)',
      fix: 'set XDG_CACHE_HOME to an absolute folder of yours',
    };
  }
  if (!existsSync(folder)) {
    return { name, status: 'pass', detail: `${folder} (written after the hooks' first run)` };
  }
  if (!isTrustedFolder(folder)) {
    return {
      name,
      status: 'warn',
      detail: `${folder} is not a folder of yours that only you may write to: the hooks do not use it, and compile on every run (~9 ms)`,
      fix: `chmod 700 ${folder} (owned by you), or remove it: the hooks make it again`,
    };
  }
  const caches = (await readdir(folder)).filter((file) => /^(?:context|sync)-.*\.bin$/.test(file));
  let bytes = 0;
  for (const file of caches) {
    bytes += (await stat(path.join(folder, file))).size;
  }
  return {
    name,
    status: 'pass',
    detail: `${folder}: ${caches.length} cache${caches.length === 1 ? '' : 's'}, ${Math.round(bytes / 1024)} KB`,
  };
}

function renderChecks(checks: readonly Check[]): string {
  const mark = { pass: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;
  const lines = checks.map(
    (check) => `${mark[check.status]}  ${check.name}: ${check.detail}${check.fix ? `\n      fix: ${check.fix}` : ''}`,
  );
  const failed = checks.filter((check) => check.status === 'fail').length;
  return `${lines.join('\n')}\n\n${failed === 0 ? 'No problems that stop memory-fabric from working.' : `${failed} problem${failed === 1 ? '' : 's'} to fix.`}\n`;
}

function checkNode(): Check {
  const major = Number(process.versions.node.split('.')[0]);
  return major >= 20
    ? { name: 'node', status: 'pass', detail: `Node ${process.versions.node}` }
    : { name: 'node', status: 'fail', detail: `Node ${process.versions.node}`, fix: 'install Node 20 or newer' };
}

// Every event should run our hook exactly once across the settings files and the plugin.
async function checkHooks(config: Config, home: string): Promise<Check> {
  const counts = new Map<HookEvent, string[]>(EVENTS.map((event) => [event, []]));
  let plugin: string | undefined;
  for (const scope of ['user', 'project', 'local'] as const) {
    const file = settingsFileFor(scope, config.projectRoot, home);
    if (!existsSync(file)) {
      continue;
    }
    try {
      const settings = parseSettings(await readFile(file, 'utf8'));
      for (const event of eventsWithOurHooks(settings)) {
        counts.get(event)?.push(file);
      }
      if (enablesPlugin(settings)) {
        plugin = file;
      }
    } catch (error) {
      return { name: 'hooks', status: 'fail', detail: `${file}: ${describeError(error)}`, fix: `fix the JSON of ${file}` };
    }
  }
  if (plugin) {
    for (const event of EVENTS) {
      counts.get(event)?.push(`the plugin (enabled in ${plugin})`);
    }
  }
  const missing = EVENTS.filter((event) => (counts.get(event) ?? []).length === 0);
  const doubled = EVENTS.filter((event) => (counts.get(event) ?? []).length > 1);
  if (doubled.length > 0) {
    return {
      name: 'hooks',
      status: 'fail',
      detail: `${doubled.join(', ')} run twice (${[...new Set(doubled.flatMap((event) => counts.get(event) ?? []))].join(' and ')})`,
      fix: 'use the plugin or install.ts, not both: `npx tsx install.ts --uninstall` or disable the plugin',
    };
  }
  if (missing.length === EVENTS.length) {
    return {
      name: 'hooks',
      status: 'warn',
      detail:
        'no memory-fabric hooks in the user, project or local settings, and no enabled plugin (fine if you start claude with --plugin-dir)',
      fix: `npx tsx install.ts --project ${config.projectRoot}`,
    };
  }
  if (missing.length > 0) {
    return {
      name: 'hooks',
      status: 'fail',
      detail: `missing for ${missing.join(', ')}`,
      fix: `npx tsx install.ts --project ${config.projectRoot}`,
    };
  }
  return {
    name: 'hooks',
    status: 'pass',
    detail: `each event runs memory-fabric once (${[...new Set(EVENTS.flatMap((event) => counts.get(event) ?? []))].join(', ')})`,
  };
}

async function checkBundles(packageRoot: string): Promise<Check> {
  const files = [CONTEXT_BUNDLE, CONTEXT_CODE, SYNC_BUNDLE, SYNC_CODE].map((file) => path.join(packageRoot, file));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    return { name: 'entrypoints', status: 'fail', detail: `missing ${missing.join(', ')}`, fix: 'npm run build' };
  }
  const sources = path.join(packageRoot, 'src');
  if (!existsSync(sources)) {
    return { name: 'entrypoints', status: 'pass', detail: 'built bundles present (no sources here to compare with)' };
  }
  const current = hashSources(sources);
  const stale = [];
  for (const file of files) {
    if (bundleSourceHash(await readFile(file, 'utf8')) !== current) {
      stale.push(path.relative(packageRoot, file));
    }
  }
  return stale.length === 0
    ? { name: 'entrypoints', status: 'pass', detail: 'built and fresh (match src/)' }
    : { name: 'entrypoints', status: 'fail', detail: `${stale.join(', ')} built from older sources`, fix: 'npm run build' };
}

async function checkBank(config: Config): Promise<Check[]> {
  const bank = openBank(config);
  let graph;
  try {
    graph = await bank.readGraph();
  } catch (error) {
    return [
      {
        name: 'store',
        status: 'fail',
        detail: `${describeError(error)}`,
        fix: 'memory-fabric reconcile (it keeps the broken file beside the repaired one)',
      },
    ];
  }
  const bankExists = existsSync(config.bankDir);
  try {
    // The probe goes into the state folder, or the nearest folder above it that exists: doctor creates nothing.
    let folder = config.stateDir;
    while (!existsSync(folder) && path.dirname(folder) !== folder) {
      folder = path.dirname(folder);
    }
    const probe = path.join(folder, `.doctor-${process.pid}`);
    await writeFileAtomic(probe, 'probe');
    await rm(probe);
  } catch (error) {
    return [
      {
        name: 'store',
        status: 'fail',
        detail: `the state folder ${config.stateDir} is not writable: ${describeError(error)}`,
        fix: 'fix its permissions or set MEMORY_FABRIC_STATE_DIR',
      },
    ];
  }
  const store: Check = {
    name: 'store',
    status: 'pass',
    detail: `file bank at ${config.bankDir}: ${graph.entities.length} entities, ${graph.relations.length} relations; state in ${config.stateDir}`,
  };
  if (!bankExists) {
    return [
      {
        ...store,
        status: 'warn',
        detail: `no bank yet at ${config.bankDir}`,
        fix: 'memory-fabric bootstrap (or let the first sync create it)',
      },
    ];
  }
  const { records, problems } = await listRecords(config.bankDir);
  const health = await checkHealth(config.bankDir, records, problems, graph);
  const bankHealth: Check =
    health.warnings.length === 0 && health.recordListSynced
      ? { name: 'bank health', status: 'pass', detail: `${records.length} records, index.md in sync` }
      : {
          name: 'bank health',
          status: 'warn',
          detail: health.warnings.slice(0, 5).join('; ') || 'index.md is not in sync',
          fix: 'memory-fabric reconcile',
        };
  return [store, bankHealth];
}

async function checkMcp(config: Config): Promise<Check> {
  const store = openStore(config);
  try {
    const graph = await store.readGraph();
    return {
      name: 'store',
      status: 'pass',
      detail: `${store.description} answered: ${graph.entities.length} entities, ${graph.relations.length} relations; state in ${config.stateDir}`,
    };
  } catch (error) {
    return {
      name: 'store',
      status: 'fail',
      detail: describeError(error),
      fix: 'check the "memory" entry of .mcp.json (npx tsx install.ts --store mcp writes one) or MEMORY_FABRIC_MCP_URL; `npm ls @modelcontextprotocol/server-memory` shows whether the server is installed',
    };
  }
}

// A store the context hook searches besides the one the sync writes (MEMORY_FABRIC_SOURCES). When it cannot be
// read, the hooks still work from the others: a warning, not a failure.
async function checkExtraSource(config: Config, source: StoreKind): Promise<Check> {
  const store = openReader(config, source);
  try {
    const graph = await store.readGraph();
    return {
      name: `search source ${source}`,
      status: 'pass',
      detail: `${store.description} answered: ${graph.entities.length} entities, ${graph.relations.length} relations (searched, never written)`,
    };
  } catch (error) {
    const fix =
      source === 'mcp'
        ? 'check the "memory" entry of .mcp.json or MEMORY_FABRIC_MCP_URL, or drop mcp from MEMORY_FABRIC_SOURCES'
        : 'memory-fabric reconcile, or drop bank from MEMORY_FABRIC_SOURCES';
    return {
      name: `search source ${source}`,
      status: 'warn',
      detail: `${store.description} cannot be read: ${describeError(error)}; prompts get memories from ${config.store} only`,
      fix,
    };
  }
}

async function checkTimeSource(config: Config): Promise<Check> {
  if (config.timeSource === 'system') {
    return { name: 'time source', status: 'pass', detail: 'system clock (explicit MEMORY_FABRIC_TIME_SOURCE=system)' };
  }
  try {
    const time = await fetchWriteTime({ kind: config.timeSource, url: config.timeUrl, timeoutMs: config.timeTimeoutMs });
    return { name: 'time source', status: 'pass', detail: `${config.timeUrl} answered ${time.utcDateTime}` };
  } catch (error) {
    return {
      name: 'time source',
      status: 'fail',
      detail: `${describeError(error)}; syncs keep their deltas in the outbox until it answers`,
      fix: 'check the network, set MEMORY_FABRIC_TIME_URL, or set MEMORY_FABRIC_TIME_SOURCE=system to use the system clock',
    };
  }
}

async function checkOutbox(config: Config, nowMs: number): Promise<Check> {
  const { entries, unreadable } = await readOutbox(statePaths.outbox(config.stateDir));
  if (entries.length === 0 && unreadable.length === 0) {
    return { name: 'outbox', status: 'pass', detail: 'empty' };
  }
  const oldest = entries[0] ? (await stat(entries[0].file)).mtimeMs : nowMs;
  const age = Math.round((nowMs - oldest) / 60_000);
  return {
    name: 'outbox',
    status: unreadable.length > 0 ? 'fail' : 'warn',
    detail: `${entries.length} deltas waiting (oldest ${age} min)${unreadable.length > 0 ? `, ${unreadable.length} unreadable: ${unreadable.join(', ')}` : ''}`,
    fix: 'memory-fabric drain (writes them once the time source answers)',
  };
}

async function checkSessions(config: Config, nowMs: number): Promise<Check> {
  const folder = statePaths.cursors(config.stateDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  if (names.length === 0) {
    return {
      name: 'last syncs',
      status: 'warn',
      detail: 'no session synced yet',
      fix: 'use Claude Code with the hooks enabled; or memory-fabric sync --transcript <file>',
    };
  }
  const rows = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const cursor = await loadCursor(file);
    const info = await stat(file);
    const size = cursor
      ? await stat(cursor.transcriptPath).then(
          (transcript) => transcript.size,
          () => undefined,
        )
      : undefined;
    rows.push({
      at: info.mtimeMs,
      text: `${cursor?.sessionId?.slice(0, 8) ?? name.slice(0, 8)} ${Math.round((nowMs - info.mtimeMs) / 60_000)} min ago${size !== undefined && cursor && size > cursor.offset ? ` (${size - cursor.offset} bytes not synced yet)` : ''}`,
    });
  }
  rows.sort((a, b) => b.at - a.at);
  return {
    name: 'last syncs',
    status: 'pass',
    detail: `${names.length} sessions; latest: ${rows
      .slice(0, 3)
      .map((row) => row.text)
      .join('; ')}`,
  };
}

async function checkTimings(config: Config): Promise<Check> {
  const records = await readHookLog(config.stateDir);
  if (records.length === 0) {
    return { name: 'hook timings', status: 'warn', detail: 'no hook runs logged yet' };
  }
  const rows = summarizeTimings(records);
  const slow = rows.filter((row) => row.key.startsWith('context') && row.p95 > 1000);
  const failing = records.slice(-20).filter((record) => record.errors.length > 0);
  const detail = `\n${renderTimings(rows).trimEnd().replace(/^/gm, '      ')}`;
  if (failing.length > 0) {
    return {
      name: 'hook timings',
      status: 'warn',
      detail: `${failing.length} of the last 20 runs reported a problem (latest: ${failing.at(-1)?.errors[0]})${detail}`,
      fix: 'memory-fabric log shows each run',
    };
  }
  if (slow.length > 0) {
    return {
      name: 'hook timings',
      status: 'warn',
      detail: `the context hook is slow (p95 over 1 s)${detail}`,
      fix: 'memory-fabric reconcile, and see bench/hook-latency.mjs',
    };
  }
  return { name: 'hook timings', status: 'pass', detail };
}
