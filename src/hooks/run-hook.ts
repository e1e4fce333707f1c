// The one place that catches: runs a hook end to end and turns every failure into exit 0 with one clear line.
import { loadConfig, type Config } from '../config.ts';
import { recordNotice } from '../state/notices.ts';
import { describeError, isUserFacing, isMemoryFabricError, MemoryFabricError } from '../errors.ts';
import type { HookHandler } from './hook-handler.ts';
import { parseHookInput, type HookInput } from './hook-input.ts';
import { DEFAULT_STDIN_LIMITS, readJsonFromStream, type StdinLimits } from './read-stdin.ts';

// What runHook takes from its process, so that `memory-fabric replay` can run a hook on a saved payload.
export interface HookEnvironment {
  stdin: NodeJS.ReadableStream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  nowMs: () => number;
  stdinLimits?: StdinLimits;
  // See HookRuntime.syncScript.
  syncScript?: string;
}

// A hook run as the process edge (hook-main.ts) uses it: what to print and log, and the exit code.
export interface HookRun {
  // Always 0: a memory hook must never block or erase the user's prompt.
  exitCode: 0;
  stdout: string;
  // One line per problem, for Claude Code's debug log.
  stderr: string[];
  // A human account of what happened, for `memory-fabric replay`.
  explanation: string[];
  // What the run was about, once the input was understood (for the hook log).
  logSummary?: string;
  event?: string;
  sessionId?: string;
  stateDir?: string;
}

// Runs a hook on stdin within its deadline.
export async function runHook(handler: HookHandler, environment: HookEnvironment): Promise<HookRun> {
  const stderr: string[] = [];
  let input: HookInput;
  let config: Config;
  try {
    input = parseHookInput(await readJsonFromStream(environment.stdin, environment.stdinLimits ?? DEFAULT_STDIN_LIMITS));
    const loaded = loadConfig(environment.env, input.cwd ?? environment.cwd);
    config = loaded.config;
    stderr.push(...loaded.warnings.map((warning) => `memory-fabric: ${warning}`));
  } catch (error) {
    return failOpen(handler, undefined, error, stderr, undefined);
  }

  const deadlineMs = handler.deadlineMs(input, config);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new MemoryFabricError('DEADLINE_EXCEEDED', `${handler.kind} hook took longer than ${deadlineMs} ms; gave up without output`),
        ),
      deadlineMs,
    );
  });
  try {
    const outcome = await Promise.race([
      handler.run(input, config, { nowMs: environment.nowMs(), ...(environment.syncScript ? { syncScript: environment.syncScript } : {}) }),
      deadline,
    ]);
    let stdout = outcome.stdout;
    const notices: string[] = [];
    for (const problem of outcome.problems ?? []) {
      stderr.push(problem.line);
      if (await recordNotice(config.stateDir, input.sessionId, problem.key)) {
        notices.push(problem.notice);
      }
    }
    if (notices.length > 0) {
      stdout = withSystemMessage(stdout, notices.join(' '));
    }
    return {
      exitCode: 0,
      stdout,
      stderr,
      explanation: [...outcome.explanation, ...notices.map((notice) => `notice shown to the user: ${notice}`)],
      ...(outcome.logSummary ? { logSummary: outcome.logSummary } : {}),
      ...about(input, config),
    };
  } catch (error) {
    return { ...(await failOpen(handler, input, error, stderr, config.stateDir)), ...about(input, config) };
  } finally {
    clearTimeout(timer);
  }
}

// A failure: nothing Claude Code would act on, except a systemMessage when the user must know (once per session
// and problem: a dead memory server must not nag on every prompt).
function failOpen(
  handler: HookHandler,
  input: HookInput | undefined,
  error: unknown,
  stderr: string[],
  stateDir: string | undefined,
): HookRun;
function failOpen(handler: HookHandler, input: HookInput, error: unknown, stderr: string[], stateDir: string): Promise<HookRun>;
function failOpen(
  handler: HookHandler,
  input: HookInput | undefined,
  error: unknown,
  stderr: string[],
  stateDir: string | undefined,
): HookRun | Promise<HookRun> {
  const line = `memory-fabric ${handler.kind} hook: ${describeError(error)}`;
  stderr.push(line);
  const code = isMemoryFabricError(error) ? error.code : undefined;
  const quiet: HookRun = { exitCode: 0, stdout: '', stderr, explanation: [line] };
  if (handler.kind !== 'context' || code === undefined || !isUserFacing(code) || input === undefined || stateDir === undefined) {
    return quiet;
  }
  return recordNotice(stateDir, input.sessionId, code).then((first) =>
    first
      ? {
          ...quiet,
          stdout: `${JSON.stringify({ systemMessage: `memory-fabric: no memories were injected: ${describeError(error)}. Run \`memory-fabric doctor\` for help.` })}\n`,
        }
      : quiet,
  );
}

// Adds a systemMessage (a warning the user sees, Claude does not) to the hook's JSON output, or makes it the output.
function withSystemMessage(stdout: string, message: string): string {
  const output = stdout.trim() === '' ? {} : (JSON.parse(stdout) as Record<string, unknown>);
  return `${JSON.stringify({ systemMessage: message, ...output })}\n`;
}

const about = (input: HookInput, config: Config) => ({ event: input.event, sessionId: input.sessionId, stateDir: config.stateDir });
