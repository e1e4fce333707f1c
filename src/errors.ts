// One error class for the whole package: a stable string code decides what the hook runner does.
export type ErrorCode =
  | 'INPUT_EMPTY'
  | 'INPUT_INVALID_JSON'
  | 'INPUT_NOT_OBJECT'
  | 'INPUT_TOO_LARGE'
  | 'INPUT_TIMEOUT'
  | 'INPUT_INVALID_FIELD'
  | 'TRANSCRIPT_UNREADABLE'
  | 'STORE_UNREADABLE'
  | 'STORE_CORRUPT'
  | 'STORE_WRITE_FAILED'
  | 'TIME_SOURCE_UNAVAILABLE'
  | 'LOCK_TIMEOUT'
  | 'PATH_OUTSIDE_ROOT'
  | 'DEADLINE_EXCEEDED'
  | 'USAGE';

// Codes whose failure the user must see (as a systemMessage), not only the debug log.
const USER_MUST_KNOW: ReadonlySet<ErrorCode> = new Set(['STORE_UNREADABLE', 'STORE_CORRUPT', 'STORE_WRITE_FAILED']);

// The package's one error class: the runner decides by code, the message is for people, the cause is kept.
export class MemoryFabricError extends Error {
  override readonly name = 'MemoryFabricError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

// Whether a value is one of our errors. Checked by name and code, not instanceof: the MCP store is a separately
// bundled file (hooks/lib/mcp-store.mjs) with its own copy of this class.
export function isMemoryFabricError(error: unknown): error is MemoryFabricError {
  return error instanceof Error && error.name === 'MemoryFabricError' && typeof (error as { code?: unknown }).code === 'string';
}

// Whether a failure with this code should be surfaced to the user in Claude Code's UI.
export function isUserFacing(code: ErrorCode): boolean {
  return USER_MUST_KNOW.has(code);
}

// Turns anything thrown into a one-line description, keeping the code when there is one.
export function describeError(error: unknown): string {
  if (isMemoryFabricError(error)) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.code}: ${error.message}${cause}`.replace(/\s+/g, ' ');
  }
  if (error instanceof Error) {
    return `UNEXPECTED: ${error.message}`.replace(/\s+/g, ' ');
  }
  return `UNEXPECTED: ${String(error)}`;
}
