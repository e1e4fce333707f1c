// The real claude binary in a scratch HOME and project, against the fake API and a loopback time source.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { execa } from 'execa';
import { PACKAGE_ROOT, hookEnv } from '../helpers/temp-project.ts';
import { startTimeServer, type TimeServer } from '../helpers/time-server.ts';
import { startFakeApi, type FakeApi } from './fake-anthropic-api.ts';

export const CLAUDE = path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'claude');
export const DECISION = 'We decided to use cursor pagination for the orders API because offset pagination was slow.';
export const QUESTION = 'how do we paginate the orders endpoint?';
export const claudeMissing = existsSync(CLAUDE) ? false : `the claude binary is not installed at ${CLAUDE} (npm ci installs it)`;

export interface Scratch {
  scratch: string;
  home: string;
  project: string;
  api: FakeApi;
  time: TimeServer;
  env: Record<string, string>;
}

export async function makeScratch(t: TestContext): Promise<Scratch> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'mf-e2e-'));
  if (!process.env.KEEP_E2E) {
    t.after(() => rm(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
  }
  const home = path.join(scratch, 'home');
  const project = path.join(scratch, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(path.join(project, '.git'), { recursive: true });
  const api = await startFakeApi(t, 'Understood: the orders API keeps cursor pagination, and new list endpoints should follow it.');
  const time = await startTimeServer(t, { kind: 'ok', utcDateTime: '2026-11-30T09:00:00.000000+00:00' });
  const env: Record<string, string> = {
    ...hookEnv(project),
    HOME: home,
    ANTHROPIC_BASE_URL: api.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test-not-a-real-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    MEMORY_FABRIC_TIME_URL: time.url,
  };
  delete env.CLAUDE_PROJECT_DIR;
  return { scratch, home, project, api, time, env };
}

// Runs `claude -p <prompt> <args>` in the project; returns the debug log.
export async function runClaude(scratch: Scratch, prompt: string, args: string[], debugName: string): Promise<string> {
  const debugFile = path.join(scratch.scratch, `${debugName}.log`);
  const run = await execa(CLAUDE, ['-p', prompt, ...args, '--debug-file', debugFile], {
    cwd: scratch.project,
    env: scratch.env,
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: 120_000,
  });
  assert.equal(run.exitCode, 0, `claude failed: ${run.stderr}`);
  return readFile(debugFile, 'utf8');
}

export interface LoggedRun {
  event: string;
  hook: string;
  errors: string[];
  sessionId: string;
}

// The hook log lines of the foreground hook runs (background flushes left out).
export async function readRuns(logFile: string): Promise<LoggedRun[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedRun)
    .filter((run) => !run.event.includes('background'));
}

// Waits until every SessionEnd's detached flush has logged its line (so the folders can be removed).
export async function waitForFlushes(logFile: string): Promise<void> {
  for (let waited = 0; waited < 200; waited += 1) {
    const lines = (await readFile(logFile, 'utf8').catch(() => '')).split('\n');
    const ends = lines.filter((line) => line.includes('"event":"SessionEnd"')).length;
    if (lines.filter((line) => line.includes('background flush')).length >= ends) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The hook log of the plugin's per-project state folder under the scratch HOME.
export async function findPluginLog(home: string): Promise<string | undefined> {
  const root = path.join(home, '.claude', 'plugins', 'data');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const found = entries.map(String).find((entry) => entry.endsWith(path.join('logs', 'hooks.jsonl')));
  return found ? path.join(root, found) : undefined;
}
