// memory-fabric demo: two short sessions replayed through the built hooks on a temporary file bank.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CliIo } from './cli-io.ts';

// Where the demo finds samples/ and the built hooks: the package it runs from.
export interface DemoPaths {
  packageRoot: string;
}

interface Step {
  title: string;
  hook: 'prompt/memory-fabric-context.mjs' | 'stop/memory-fabric-sync.mjs';
  payload: Record<string, unknown>;
}

// Runs the demo; keeps the bank when --keep is given so it can be inspected.
export async function runDemo(paths: DemoPaths, keep: boolean, io: CliIo): Promise<number> {
  const project = await mkdtemp(path.join(os.tmpdir(), 'memory-fabric-demo-'));
  await mkdir(path.join(project, '.git'));
  const transcript = path.join(project, 'session-1.jsonl');
  await copyFile(path.join(paths.packageRoot, 'samples', 'session-1.jsonl'), transcript);
  const env: Record<string, string | undefined> = { ...io.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
  for (const name of ['MEMORY_FABRIC_BANK_DIR', 'MEMORY_FABRIC_STATE_DIR', 'CLAUDE_PLUGIN_DATA']) {
    delete env[name];
  }

  io.stdout(`memory-fabric demo: a temporary project at ${project}, file bank at ${path.join(project, '.memories')}\n`);
  io.stdout('Writes use the system clock by explicit opt-in (MEMORY_FABRIC_TIME_SOURCE=system), so the demo works offline;\n');
  io.stdout('by default a write asks worldtimeapi for the time and keeps the delta in the outbox while it is unreachable.\n');

  const session1 = { session_id: 'demo-session-1', transcript_path: transcript, cwd: project };
  const session2 = { session_id: 'demo-session-2', transcript_path: path.join(project, 'session-2.jsonl'), cwd: project };
  const steps: Step[] = [
    {
      title: 'Session 1, SessionStart (empty bank)',
      hook: 'prompt/memory-fabric-context.mjs',
      payload: { ...session1, hook_event_name: 'SessionStart', source: 'startup' },
    },
    {
      title: 'Session 1, UserPromptSubmit',
      hook: 'prompt/memory-fabric-context.mjs',
      payload: {
        ...session1,
        hook_event_name: 'UserPromptSubmit',
        prompt: 'We decided to use cursor pagination for the orders API because offset pagination was slow.',
      },
    },
    {
      title: 'Session 1, Stop (sync the transcript)',
      hook: 'stop/memory-fabric-sync.mjs',
      payload: { ...session1, hook_event_name: 'Stop', stop_hook_active: false },
    },
    {
      title: 'Session 1, Stop again (nothing new)',
      hook: 'stop/memory-fabric-sync.mjs',
      payload: { ...session1, hook_event_name: 'Stop', stop_hook_active: false },
    },
    {
      title: 'Session 2, SessionStart',
      hook: 'prompt/memory-fabric-context.mjs',
      payload: { ...session2, hook_event_name: 'SessionStart', source: 'startup' },
    },
    {
      title: 'Session 2, UserPromptSubmit',
      hook: 'prompt/memory-fabric-context.mjs',
      payload: { ...session2, hook_event_name: 'UserPromptSubmit', prompt: 'how do we paginate the orders endpoint?' },
    },
    {
      title: 'Session 2, an unrelated prompt',
      hook: 'prompt/memory-fabric-context.mjs',
      payload: { ...session2, hook_event_name: 'UserPromptSubmit', prompt: 'fix the typo in the login page header' },
    },
  ];
  for (const step of steps) {
    const detail = typeof step.payload.prompt === 'string' ? `: "${step.payload.prompt}"` : '';
    io.stdout(`\n== ${step.title}${detail}\n`);
    const run = await runBuiltHook(path.join(paths.packageRoot, 'hooks', step.hook), step.payload, env, project);
    io.stdout(describeHookOutput(step.hook, run.stdout));
    for (const line of run.stderr.split('\n').filter(Boolean)) {
      io.stdout(`   (stderr) ${line}\n`);
    }
    if (run.exitCode !== 0) {
      io.stdout(`   exit code ${run.exitCode}\n`);
    }
  }
  if (keep) {
    io.stdout(`\nThe bank is kept at ${path.join(project, '.memories')}.\n`);
  } else {
    await rm(project, { recursive: true, force: true });
  }
  return 0;
}

function describeHookOutput(hook: string, stdout: string): string {
  if (stdout.trim() === '') {
    return '   Claude Code receives nothing (the hook printed nothing).\n';
  }
  if (hook.startsWith('stop/')) {
    return `   Sync report (plain text, goes to Claude Code's debug log):\n   ${stdout.trim()}\n`;
  }
  const parsed = JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: string } };
  const context = parsed.hookSpecificOutput?.additionalContext ?? '';
  return `   Claude Code receives additionalContext (${context.length} characters):\n${context.replace(/^/gm, '   | ')}\n`;
}

// Runs one built hook as Claude Code does: a fresh node process, the payload on stdin.
function runBuiltHook(
  hookFile: string,
  payload: unknown,
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [hookFile], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
    child.stdin.end(JSON.stringify(payload));
  });
}
