// memory-fabric replay <payload.json>: a hook payload through exactly the hook's code path.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { MemoryFabricError } from '../errors.ts';
import { CONTEXT_EVENTS } from '../hooks/hook-input.ts';
import { contextHandler } from '../hooks/context-hook.ts';
import { runHook } from '../hooks/run-hook.ts';
import { syncHandler } from '../hooks/sync-hook.ts';

type HookKind = 'context' | 'sync';
import type { CliIo } from './cli-io.ts';

// Prints on stdout exactly what Claude Code would receive, and a short explanation on stderr.
export async function runReplay(payloadFile: string | undefined, hookFlag: string | true | undefined, io: CliIo): Promise<number> {
  if (!payloadFile) {
    throw new MemoryFabricError('USAGE', 'replay needs a payload file: memory-fabric replay <payload.json>');
  }
  const kind = typeof hookFlag === 'string' ? toKind(hookFlag) : await detectKind(payloadFile);
  const run = await runHook(kind === 'context' ? contextHandler : syncHandler, {
    stdin: createReadStream(payloadFile),
    env: io.env,
    cwd: io.cwd,
    nowMs: io.nowMs,
  });
  io.stdout(run.stdout);
  io.stderr(`[replay] ${kind} hook, exit code ${run.exitCode}${run.stdout === '' ? ', no stdout' : ''}\n`);
  for (const line of [...run.stderr, ...run.explanation]) {
    io.stderr(`[replay] ${line}\n`);
  }
  return run.exitCode;
}

function toKind(flag: string): HookKind {
  if (flag === 'context' || flag === 'sync') {
    return flag;
  }
  throw new MemoryFabricError('USAGE', `--hook: expected context or sync, got ${JSON.stringify(flag)}`);
}

// The hook a payload belongs to, from its event (unreadable payloads go to the context hook, which fails open).
async function detectKind(payloadFile: string): Promise<HookKind> {
  try {
    const event = (JSON.parse(await readFile(payloadFile, 'utf8')) as { hook_event_name?: unknown }).hook_event_name;
    return typeof event === 'string' && !(CONTEXT_EVENTS as readonly string[]).includes(event) ? 'sync' : 'context';
  } catch {
    return 'context';
  }
}
