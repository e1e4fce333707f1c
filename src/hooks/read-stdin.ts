// Reads a hook's stdin until one complete JSON value or EOF, bounded in size and time (stdin may never close).
import { MemoryFabricError } from '../errors.ts';

// How much a hook reads from stdin, and how long it waits for one complete JSON value.
export interface StdinLimits {
  maxBytes: number;
  deadlineMs: number;
}

// 8 MiB and 2 s: a prompt with a large paste fits, and a stdin that never closes cannot hold the hook.
export const DEFAULT_STDIN_LIMITS: StdinLimits = { maxBytes: 8 * 1024 * 1024, deadlineMs: 2000 };

// Resolves with the parsed JSON value; rejects with INPUT_* codes. The stream is released either way.
export function readJsonFromStream(stream: NodeJS.ReadableStream, limits: StdinLimits = DEFAULT_STDIN_LIMITS): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const nesting = new NestingTracker();
    const finish = (error: MemoryFabricError | undefined, value?: unknown): void => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      stream.pause();
      if (error) {
        reject(error);
      } else {
        resolve(value);
      }
    };
    const tryParse = (): { ok: true; value: unknown } | { ok: false; error: unknown } => {
      try {
        return { ok: true, value: JSON.parse(Buffer.concat(chunks, size).toString('utf8')) };
      } catch (error) {
        return { ok: false, error };
      }
    };
    const onData = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limits.maxBytes) {
        finish(new MemoryFabricError('INPUT_TOO_LARGE', `hook input exceeds ${limits.maxBytes} bytes`));
        return;
      }
      chunks.push(buffer);
      nesting.scan(buffer);
      // Parsed only once the outermost value may be closed: trying on every chunk that ends in } or ] parsed the
      // whole input again each time (quadratic on a prompt of pasted JSON or braces).
      const last = lastNonSpaceByte(buffer);
      if (nesting.depth <= 0 && (last === 0x7d || last === 0x5d)) {
        const attempt = tryParse();
        if (attempt.ok) {
          finish(undefined, attempt.value);
        }
      }
    };
    const onEnd = (): void => {
      if (size === 0 || Buffer.concat(chunks, size).toString('utf8').trim() === '') {
        finish(new MemoryFabricError('INPUT_EMPTY', 'hook input is empty (expected one JSON object on stdin)'));
        return;
      }
      const attempt = tryParse();
      if (attempt.ok) {
        finish(undefined, attempt.value);
      } else {
        finish(new MemoryFabricError('INPUT_INVALID_JSON', 'hook input is not valid JSON', { cause: attempt.error }));
      }
    };
    const onError = (error: Error): void =>
      finish(new MemoryFabricError('INPUT_INVALID_JSON', 'could not read hook input', { cause: error }));
    const timer = setTimeout(
      () => finish(new MemoryFabricError('INPUT_TIMEOUT', `no complete JSON object on stdin within ${limits.deadlineMs} ms`)),
      limits.deadlineMs,
    );
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.resume();
  });
}

// How deep inside objects and arrays the bytes read so far end, strings and escapes skipped: one pass per chunk.
class NestingTracker {
  depth = 0;
  #inString = false;
  #escaped = false;

  scan(buffer: Buffer): void {
    for (const byte of buffer) {
      if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false;
        } else if (byte === 0x5c) {
          this.#escaped = true;
        } else if (byte === 0x22) {
          this.#inString = false;
        }
      } else if (byte === 0x22) {
        this.#inString = true;
      } else if (byte === 0x7b || byte === 0x5b) {
        this.depth += 1;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.depth -= 1;
      }
    }
  }
}

function lastNonSpaceByte(buffer: Buffer): number | undefined {
  for (let position = buffer.length - 1; position >= 0; position -= 1) {
    const byte = buffer[position];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) {
      return byte;
    }
  }
  return undefined;
}
