// The sync hook: on Stop, SubagentStop and SessionEnd, the new part of the transcript into the store.
import path from 'node:path';
import type { Config } from '../config.ts';
import { extractDelta, type ExtractionState, type ExtractionStats } from '../core/extract.ts';
import { capForExtraction } from '../core/bounds.ts';
import { concatDeltas, sumStats } from '../core/delta-builder.ts';
import type { GraphDelta } from '../core/graph.ts';
import { redactDelta, redactMessages } from '../core/redact.ts';
import type { TranscriptMessage } from '../core/transcript.ts';
import { MemoryFabricError } from '../errors.ts';
import type { GraphStore, WriteReport } from '../stores/graph-store.ts';
import { openStore } from '../stores/open-store.ts';
import { SeenMessages } from '../state/seen-messages.ts';
import { loadCursor, saveCursor } from '../state/session-cursor.ts';
import { statePaths } from '../state/state-layout.ts';
import { handOffFlush, startSearchIndexRebuild } from './background-spawn.ts';
import type { HookHandler } from './hook-handler.ts';
import type { HookInput } from './hook-input.ts';
import { readTranscriptPieces } from './transcript-pieces.ts';

// Everything one sync did: rendered as the hook's one line of output, printed whole by `sync --json`.
export interface SyncReport {
  event: string;
  sessionId: string;
  transcriptPath: string;
  linesRead: number;
  messages: number;
  malformedLines: number;
  // Messages already synced from another transcript (a fork, a resume) and skipped.
  alreadySeen: number;
  redacted: number;
  cursorReset: boolean;
  transcriptMissing: boolean;
  extraction: ExtractionStats;
  write: WriteReport;
}

// The sync hook's outcome; `memory-fabric sync --json` prints its report.
export interface SyncOutcome {
  // Plain text for Claude Code's debug log; never JSON.
  stdout: string;
  explanation: string[];
  report?: SyncReport;
  logSummary?: string;
}

// When a sync must stop: reading (the rest waits for the next sync), and writing (too late to finish a write cycle
// before the deadline: nothing is written, the cursor stays, and the next sync does the same part again).
export interface SyncClock {
  readingIsOver(): boolean;
  tooLateToWrite(): boolean;
}

// The file name of a compaction agent's transcript, as the client writes it under the session's subagents folder.
const COMPACTION_AGENT = /(?:^|_)agent-acompact-[\w-]*\.jsonl$/;

const UNHURRIED: SyncClock = { readingIsOver: () => false, tooLateToWrite: () => false };

// Reads what is new in the transcript, extracts, writes, then moves the cursor (so a crash re-reads, never skips).
// Reading goes piece by piece until clock.readingIsOver(); what is left is read by the next sync.
export async function runSyncHook(input: HookInput, config: Config, store: GraphStore, clock: SyncClock = UNHURRIED): Promise<SyncOutcome> {
  const transcriptPath = input.event === 'SubagentStop' ? (input.agentTranscriptPath ?? input.transcriptPath) : input.transcriptPath;
  if (!['Stop', 'SubagentStop', 'SessionEnd'].includes(input.event) || !transcriptPath) {
    return { stdout: '', explanation: [`the sync hook does nothing on ${input.event}${transcriptPath ? '' : ' without a transcript'}`] };
  }
  // A compaction agent's transcript (subagents/agent-acompact-*.jsonl) retells the session, whose own transcript holds
  // the summary it wrote; read as a subagent's report, it would also escape the rule that a session with a private
  // part has no summary read (capture.ts).
  if (input.event === 'SubagentStop' && COMPACTION_AGENT.test(path.basename(transcriptPath))) {
    return { stdout: '', explanation: ["the sync hook skips a compaction agent's transcript: the session's own holds its summary"] };
  }
  const cursorPath = statePaths.cursor(config.stateDir, input.sessionId, transcriptPath);
  const cursor = await loadCursor(cursorPath);
  const seen = new SeenMessages(config.stateDir);
  const projectName = path.basename(config.projectRoot || input.cwd || '');
  const context = { sessionId: input.sessionId, projectName };
  let state = (cursor?.extractionState ?? {}) as ExtractionState;
  const parts: GraphDelta[] = [];
  const stats: ExtractionStats[] = [];
  const synced: TranscriptMessage[] = [];
  const assistantTexts: string[] = [];
  let skipped = 0;
  // Each piece is extracted as it is read (its state carried to the next), so the reading clock counts extraction too.
  const extract = async (messages: TranscriptMessage[]): Promise<void> => {
    const fresh = await seen.filterUnseen(messages);
    skipped += fresh.skipped;
    synced.push(...fresh.unseen);
    for (const message of fresh.unseen) {
      if (message.role === 'assistant' && assistantTexts.length < 200) {
        assistantTexts.push(message.text);
      }
    }
    const extraction = extractDelta(fresh.unseen, context, state);
    parts.push(extraction.delta);
    stats.push(extraction.stats);
    state = extraction.state;
  };
  const parsed = await readTranscriptPieces(transcriptPath, cursor, clock.readingIsOver, undefined, async (messages, reset) => {
    if (reset) {
      state = {};
    }
    if (messages.length > 0) {
      await extract(messages);
    }
  });
  const { fresh } = parsed;
  let redacted = parsed.redacted;
  const last = input.lastAssistantMessage?.trim();
  // When the time ran out before the end, the last reply is in the part left for the next sync.
  if (input.event === 'Stop' && last && parsed.finished) {
    const reply = redactMessages([{ role: 'assistant' as const, text: last, toolCalls: [] }]);
    const text = reply.messages[0]?.text ?? '';
    if (!assistantTexts.some((assistant) => assistant.includes(text))) {
      await extract([capForExtraction({ role: 'assistant', text, toolCalls: [] })]);
      redacted += reply.count;
    }
  }
  const extraction = { delta: concatDeltas(parts), stats: sumStats(stats), state };
  const cleanDelta = redactDelta(extraction.delta);
  if (clock.tooLateToWrite()) {
    throw new MemoryFabricError(
      'DEADLINE_EXCEEDED',
      'sync hook ran out of time before its write; nothing written, the next sync reads the same part',
    );
  }
  const write = await store.writeDelta(cleanDelta.delta, { sessionId: input.sessionId, mergeNearDuplicates: true });
  await seen.remember(synced);
  const nextCursor = {
    ...fresh.nextCursor,
    sessionId: input.sessionId,
    ...(Object.keys(extraction.state).length > 0 ? { extractionState: extraction.state } : {}),
  };
  // A Stop with nothing new leaves the cursor as it was (no write, no fsync on the hot path).
  if (!fresh.missing && JSON.stringify(nextCursor) !== JSON.stringify(cursor)) {
    await saveCursor(cursorPath, nextCursor);
  }
  const report: SyncReport = {
    event: input.event,
    sessionId: input.sessionId,
    transcriptPath,
    linesRead: parsed.linesRead,
    messages: parsed.messageCount,
    malformedLines: parsed.malformedLines,
    alreadySeen: skipped,
    redacted: redacted + cleanDelta.count,
    cursorReset: fresh.reset,
    transcriptMissing: fresh.missing === true,
    extraction: extraction.stats,
    write,
  };
  const text = renderSyncReport(report, store.description);
  const { counts } = write;
  const logSummary = write.written
    ? `wrote +${counts.entitiesAddedCount} entities, +${counts.relationsAddedCount} relations, +${counts.observationsAddedCount} observations`
    : write.deferredBecause
      ? `deferred to the outbox (${write.outboxPending} waiting)`
      : 'nothing new';
  return { stdout: `${text}\n`, explanation: [text], report, logSummary };
}

// The plain-text sync report.
function renderSyncReport(report: SyncReport, storeDescription: string): string {
  const { counts } = report.write;
  const extras = [
    report.malformedLines > 0 ? `${report.malformedLines} malformed skipped` : '',
    report.alreadySeen > 0 ? `${report.alreadySeen} already synced` : '',
    report.redacted > 0 ? `${report.redacted} secrets redacted` : '',
    report.cursorReset ? 'transcript was replaced: read from the start' : '',
    report.transcriptMissing ? 'the transcript does not exist yet' : '',
  ].filter(Boolean);
  const read = `read ${report.linesRead} new lines (${report.messages} messages${extras.length > 0 ? `, ${extras.join(', ')}` : ''})`;
  const merged = report.write.observationsMerged ? `, ${report.write.observationsMerged} merged` : '';
  const skipped = report.extraction.lowConfidenceSkipped > 0 ? `, ${report.extraction.lowConfidenceSkipped} low-confidence skipped` : '';
  const statementsSuperseded = report.write.statementsSuperseded
    ? `, ${report.write.statementsSuperseded} older statements superseded`
    : '';
  const delta = `+${counts.entitiesAddedCount} entities, +${counts.relationsAddedCount} relations, +${counts.observationsAddedCount} observations${merged}, ${counts.supersededRecordsCount} superseded${statementsSuperseded}${skipped}`;
  let outcome: string;
  if (report.write.written) {
    const drained = report.write.outboxDrained > 0 ? `, ${report.write.outboxDrained} outbox deltas written` : '';
    outcome = `${delta}${drained}; written to ${storeDescription}; time source: ${report.write.timeSourceLabel}`;
  } else if (report.write.deferredBecause) {
    outcome = `not written yet (${report.write.deferredBecause}); ${report.write.outboxPending} deltas wait in the outbox for the next sync`;
  } else {
    outcome = 'nothing new to write';
  }
  const rejected =
    report.write.rejected.length > 0
      ? `; ${report.write.rejected.length} records refused (${report.write.rejected.slice(0, 3).join('; ')})`
      : '';
  return `memory-fabric sync (${report.event}, session ${report.sessionId.slice(0, 8)}): ${read}; ${outcome}${rejected}`;
}

// Reading the transcript stops after this share of the deadline (the rest waits for the next sync), leaving the
// rest of it for extraction and the write.
const READ_SHARE = 0.3;
// A write cycle that would start after this share of the deadline is not started (the runner would give up in
// the middle of it).
const WRITE_BY_SHARE = 0.8;

// The sync hook as the runner drives it; SessionEnd gets the short deadline Claude Code allows it.
export const syncHandler: HookHandler = {
  kind: 'sync',
  deadlineMs: (input, config) => (input.event === 'SessionEnd' ? config.sessionEndDeadlineMs : config.syncDeadlineMs),
  run: async (input, config, runtime) => {
    // SessionEnd shares 1.5 s with every other SessionEnd hook: the final flush goes to a detached process.
    if (input.event === 'SessionEnd' && runtime.syncScript && input.transcriptPath) {
      const handed = await handOffFlush(input, config, runtime.syncScript);
      const text = `memory-fabric sync (SessionEnd, session ${input.sessionId.slice(0, 8)}): final flush handed to a background process (pid ${handed.pid ?? 'unknown'})`;
      return { stdout: `${text}\n`, explanation: [text] };
    }
    const { syncScript } = runtime;
    const started = performance.now();
    const deadlineMs = syncHandler.deadlineMs(input, config);
    return runSyncHook(
      input,
      config,
      openStore(config, syncScript ? () => startSearchIndexRebuild(config, syncScript, 'bank') : undefined),
      {
        readingIsOver: () => performance.now() - started > deadlineMs * READ_SHARE,
        tooLateToWrite: () => performance.now() - started > deadlineMs * WRITE_BY_SHARE,
      },
    );
  },
};
