// Claude Code's snake_case hook JSON to a validated camelCase input; the snake_case names stop here.
import { MemoryFabricError } from '../errors.ts';

// The events the context hook answers; `memory-fabric replay` gives a payload of any other event to the sync hook.
export const CONTEXT_EVENTS = ['SessionStart', 'UserPromptSubmit'] as const;

// The fields we read of Claude Code's hook input, camelCase; those an event needs are checked (REQUIRED_BY_EVENT).
export interface HookInput {
  event: string;
  sessionId: string;
  cwd?: string;
  transcriptPath?: string;
  prompt?: string;
  source?: string;
  reason?: string;
  lastAssistantMessage?: string;
  agentTranscriptPath?: string;
}

const REQUIRED_BY_EVENT: Record<string, ReadonlyArray<[string, keyof HookInput]>> = {
  UserPromptSubmit: [['prompt', 'prompt']],
  Stop: [['transcript_path', 'transcriptPath']],
  SessionEnd: [['transcript_path', 'transcriptPath']],
};

const OPTIONAL_STRINGS: ReadonlyArray<[string, keyof HookInput]> = [
  ['cwd', 'cwd'],
  ['transcript_path', 'transcriptPath'],
  ['prompt', 'prompt'],
  ['source', 'source'],
  ['reason', 'reason'],
  ['last_assistant_message', 'lastAssistantMessage'],
  ['agent_transcript_path', 'agentTranscriptPath'],
];

// Validates a parsed JSON value as hook input; unknown fields and unknown events are tolerated.
export function parseHookInput(value: unknown): HookInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MemoryFabricError(
      'INPUT_NOT_OBJECT',
      `expected a JSON object on stdin, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
  }
  const record = value as Record<string, unknown>;
  const event = record.hook_event_name;
  if (typeof event !== 'string' || event.trim() === '') {
    throw new MemoryFabricError(
      'INPUT_INVALID_FIELD',
      `expected "hook_event_name" to be a non-empty string, got ${JSON.stringify(event) ?? 'nothing'}`,
    );
  }
  const sessionId = record.session_id;
  if (sessionId !== undefined && typeof sessionId !== 'string') {
    throw new MemoryFabricError('INPUT_INVALID_FIELD', `expected "session_id" to be a string, got ${typeof sessionId}`);
  }
  const input: HookInput = { event, sessionId: typeof sessionId === 'string' && sessionId !== '' ? sessionId : 'unknown-session' };
  for (const [field, key] of OPTIONAL_STRINGS) {
    const fieldValue = record[field];
    if (fieldValue === undefined || fieldValue === null) {
      continue;
    }
    if (typeof fieldValue !== 'string') {
      throw new MemoryFabricError('INPUT_INVALID_FIELD', `expected "${field}" to be a string, got ${typeof fieldValue}`);
    }
    (input as unknown as Record<string, string>)[key] = fieldValue;
  }
  for (const [field, key] of REQUIRED_BY_EVENT[event] ?? []) {
    if (input[key] === undefined) {
      throw new MemoryFabricError('INPUT_INVALID_FIELD', `${event} input needs "${field}"`);
    }
  }
  return input;
}
