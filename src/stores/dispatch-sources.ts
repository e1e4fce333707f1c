import { MemoryFabricError } from '../errors.ts';

// The seed's graph query dispatch: every configured source is asked at once ("parallel queries: always"), each
// within its own deadline, and a source that fails or does not answer in time is reported, not fatal: the
// others' answers are used (the seed's best practice: "run parallel graph queries ... but handle partial failures").

// One source to open: its name in reports, and how to open it (started at once with the others).
export interface SourceRequest<T> {
  // The source's name in reports ("bank", "mcp").
  source: string;
  open: () => Promise<T>;
}

// How a source ended, with the time it took: its value, or its error (DEADLINE_EXCEEDED when it ran out of time).
export type SourceOutcome<T> =
  | { source: string; ok: true; value: T; ms: number }
  | { source: string; ok: false; error: unknown; ms: number };

// Starts every request at once and settles when each has answered, failed or run out of time, in request order.
// A request that runs out of time is abandoned, not cancelled (its deadline timer is cleared either way; the
// timer is not unref'd: a request hanging on nothing but a promise must still get its answer, the timeout).
export async function dispatchSources<T>(
  requests: ReadonlyArray<SourceRequest<T>>,
  deadlineMs: number,
  clock: () => number = () => performance.now(),
): Promise<Array<SourceOutcome<T>>> {
  return Promise.all(
    requests.map(async (request): Promise<SourceOutcome<T>> => {
      const started = clock();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new MemoryFabricError('DEADLINE_EXCEEDED', `${request.source} did not answer within ${deadlineMs} ms`)),
          deadlineMs,
        );
      });
      try {
        const value = await Promise.race([Promise.resolve().then(request.open), deadline]);
        return { source: request.source, ok: true, value, ms: clock() - started };
      } catch (error) {
        return { source: request.source, ok: false, error, ms: clock() - started };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}
