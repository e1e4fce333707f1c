// Asserts that a pure text function takes time linear in its input: for each x10 step of size (10 KB -> 100 KB ->
// 1 MB), the time per call may grow at most maxRatio times (x30 by default: x10 is linear, the margin absorbs a
// shared machine's noise and garbage collection; a quadratic pass grows x100). Each size is timed over enough calls
// to last minSampleMs, so timer resolution does not matter. A step that exceeds its ratio still passes when the
// whole span from the smallest size grows at most maxRatio per x10 (x900 from 10 KB to 1 MB, where a quadratic pass
// grows x10,000): a megabyte no longer fits the processor's caches and costs a linear pass a few times more per
// character. The same holds the other way: 10 KB can fit the caches when 100 KB does not, so a first step a little
// over its ratio is judged at the next size, by the span (a linear pass that took x31 from 10 KB to 100 KB takes
// about x300 to 1 MB; a quadratic one x10,000). A step more than half again over its ratio (over x45 per x10: a quadratic pass grows x100), or the
// last step, fails at once, so a quadratic function is not run on a larger input.
import assert from 'node:assert/strict';

export interface ScalingOptions {
  sizes?: readonly number[];
  maxRatio?: number;
  minSampleMs?: number;
  // A single call slower than this fails at once, whatever the ratio.
  maxCallMs?: number;
  // The time per call of fn on an input, instead of timing it (the helper's own tests give a cost model, so that
  // what they check does not depend on the machine).
  measure?: (input: string) => number;
}

export interface ScalingSample {
  size: number;
  msPerCall: number;
}

const DEFAULTS = { sizes: [10_000, 100_000, 1_000_000], maxRatio: 30, minSampleMs: 20, maxCallMs: 5_000 } as const;

// Times fn on one input: calls it until minSampleMs have passed (at least once), returns the time per call.
export function timePerCall(
  fn: (text: string) => unknown,
  input: string,
  minSampleMs: number,
  maxCallMs = Number.POSITIVE_INFINITY,
): number {
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (calls < 1 || elapsed < minSampleMs) {
    const callStarted = performance.now();
    fn(input);
    const callMs = performance.now() - callStarted;
    calls += 1;
    elapsed = performance.now() - started;
    if (callMs > maxCallMs) {
      return callMs;
    }
  }
  return elapsed / calls;
}

// Below this, a time per call says more about caches and the machine than about the function: times are counted
// from this floor (a quadratic pass still shows, one step later). 0.1, not 0.05: under the full suite's load a pass
// of 0.053 ms at 10 KB and 2.4 ms at 100 KB (1.1 ms alone, 11 ms at 1 MB: linear) failed as x46 (session 13).
const FLOOR_MS = 0.1;

// The best time per call of `samples` samples (a garbage collection in the middle of one does not count).
function bestTimePerCall(fn: (text: string) => unknown, input: string, samples: number, minSampleMs: number, maxCallMs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let sample = 0; sample < samples; sample += 1) {
    const sampled = timePerCall(fn, input, minSampleMs, maxCallMs);
    best = Math.min(best, sampled);
    if (sampled > maxCallMs) {
      break;
    }
  }
  return best;
}

// Fails (with every timing in the message) unless fn scales near-linearly on texts made by shape. A step that
// looks super-linear is measured again up to three times, best of three for both sizes, before it fails (the
// suite runs two test files at once, and other engineers share the machine).
export function assertLinearTime(
  label: string,
  fn: (text: string) => unknown,
  shape: (size: number) => string,
  options: ScalingOptions = {},
): ScalingSample[] {
  const { sizes, maxRatio, minSampleMs, maxCallMs, measure } = { ...DEFAULTS, ...options };
  const timeOf = (input: string, samples: number): number =>
    measure ? measure(input) : bestTimePerCall(fn, input, samples, minSampleMs, maxCallMs);
  const samples: ScalingSample[] = [];
  fn(shape(sizes[0] ?? 1000));
  const report = (): string => samples.map((sample) => `${sample.size / 1000} KB: ${sample.msPerCall.toFixed(3)} ms`).join(', ');
  const ratioOf = (larger: number, smaller: number): number => Math.max(larger, FLOOR_MS) / Math.max(smaller, FLOOR_MS);
  let previousInput: string | undefined;
  // A step over its ratio, waiting for the next size's span to clear it.
  let pending: string | undefined;
  for (const size of sizes) {
    const input = shape(size);
    assert.equal(input.length, size, `${label}: the shape must make exactly ${size} characters`);
    const sample: ScalingSample = { size, msPerCall: timeOf(input, 1) };
    samples.push(sample);
    assert.ok(
      sample.msPerCall <= maxCallMs,
      `${label}: one call took ${sample.msPerCall.toFixed(0)} ms at ${size / 1000} KB (${report()})`,
    );
    const previous = samples.at(-2);
    if (previous && previousInput !== undefined) {
      const growth = size / previous.size;
      const allowed = (maxRatio * growth) / 10;
      for (let retry = 0; retry < 3 && ratioOf(sample.msPerCall, previous.msPerCall) > allowed; retry += 1) {
        previous.msPerCall = Math.min(previous.msPerCall, timeOf(previousInput, 3));
        sample.msPerCall = Math.min(sample.msPerCall, timeOf(input, 3));
      }
      const ratio = ratioOf(sample.msPerCall, previous.msPerCall);
      const first = samples[0] as ScalingSample;
      const spanAllowed = maxRatio ** Math.log10(size / first.size);
      const span = ratioOf(sample.msPerCall, first.msPerCall);
      const failure = `${label}: x${growth} input took x${ratio.toFixed(1)} time (expected at most x${allowed.toFixed(0)}, or x${spanAllowed.toFixed(0)} from ${first.size / 1000} KB)`;
      // A step waiting to be cleared is cleared by the span alone (x40 then x25 is x1,000 over the span).
      if (pending === undefined ? ratio <= allowed || span <= spanAllowed : span <= spanAllowed) {
        pending = undefined;
      } else {
        // A little over: at most half again what is allowed (a quadratic pass measured x94 from 10 KB to 100 KB, and
        // would take a minute on a megabyte).
        const quadratic = ratio > 1.5 * allowed;
        assert.ok(pending === undefined && !quadratic && size !== sizes.at(-1), `${pending ?? failure}: ${report()}`);
        pending = failure;
      }
    }
    previousInput = input;
  }
  return samples;
}
