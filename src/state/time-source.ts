// The canonical write time of a bank write cycle: worldtimeapi's utc_datetime, or the system clock by explicit opt-in.
// Fetched with Node's global fetch, which is undici (the copy Node 20 ships). The undici npm package is not bundled:
// it made the sync hook several times larger and slower to start (docs/performance.md).
import { MemoryFabricError } from '../errors.ts';
import type { TimeSourceKind } from '../config.ts';

// The one time a write cycle stamps on all it writes (records, the graph file, the contract).
export interface WriteTime {
  // ISO 8601 UTC, as the source gave it (e.g. 2026-03-24T22:40:05.123456+00:00).
  utcDateTime: string;
  // The seed's file-name prefix (2026-03-24T22-40-05Z).
  utcDateTimePrefix: string;
  // Where the time came from, written into what the cycle records.
  sourceLabel: string;
  // True when the system clock was used (by explicit opt-in) instead of worldtimeapi.
  systemClock: boolean;
}

// Where the time comes from and how long to wait: the config's MEMORY_FABRIC_TIME_SOURCE, _URL and _TIMEOUT_MS.
export interface TimeSourceOptions {
  kind: TimeSourceKind;
  url: string;
  timeoutMs: number;
  // Only for the system clock: milliseconds since the epoch.
  nowMs?: () => number;
}

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]00:?00)$/;

// Fetches the write time; TIME_SOURCE_UNAVAILABLE when the source is down, slow or answers garbage.
export async function fetchWriteTime(options: TimeSourceOptions): Promise<WriteTime> {
  if (options.kind === 'system') {
    const utcDateTime = new Date((options.nowMs ?? Date.now)()).toISOString();
    return {
      utcDateTime,
      utcDateTimePrefix: toUtcPrefix(utcDateTime),
      sourceLabel: 'system-clock (explicit MEMORY_FABRIC_TIME_SOURCE=system)',
      systemClock: true,
    };
  }
  let body: unknown;
  try {
    const response = await fetch(options.url, { signal: AbortSignal.timeout(options.timeoutMs) });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    throw new MemoryFabricError('TIME_SOURCE_UNAVAILABLE', `time source ${options.url} did not answer`, { cause: error });
  }
  const utcDateTime = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).utc_datetime : undefined;
  if (typeof utcDateTime !== 'string' || !ISO_UTC.test(utcDateTime) || Number.isNaN(Date.parse(utcDateTime))) {
    throw new MemoryFabricError('TIME_SOURCE_UNAVAILABLE', `time source ${options.url} answered without a valid utc_datetime`);
  }
  return { utcDateTime, utcDateTimePrefix: toUtcPrefix(utcDateTime), sourceLabel: `worldtimeapi (${options.url})`, systemClock: false };
}

// The seed's normalization: 2026-03-24T22:40:05.123456+00:00 -> 2026-03-24T22-40-05Z.
export function toUtcPrefix(utcDateTime: string): string {
  const match = utcDateTime.match(ISO_UTC);
  if (!match) {
    throw new MemoryFabricError('TIME_SOURCE_UNAVAILABLE', `not a UTC date-time: ${JSON.stringify(utcDateTime)}`);
  }
  const [, year, month, day, hour, minute, second] = match;
  return `${year}-${month}-${day}T${hour}-${minute}-${second}Z`;
}
