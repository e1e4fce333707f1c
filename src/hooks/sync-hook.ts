// The sync hook: on Stop, SubagentStop and SessionEnd, the new part of the transcript into the store.
import type { Config } from '../config.ts';
import { extractDelta } from '../core/extract.ts';
import { parseTranscriptLines, type TranscriptMessage } from '../core/transcript.ts';
import type { GraphStore, WriteReport } from '../stores/graph-store.ts';
import { cursorFile, loadCursor, readNewLines, saveCursor } from '../stores/session-cursor.ts';
import { openStore } from '../stores/open-store.ts';
import type { HookHandler } from './hook-handler.ts';
import type { HookInput } from './hook-input.ts';

export interface SyncReport {
  event: string;
  sessionId: string;
  transcriptPath: string;
  linesRead: number;
  messages: number;
  malformedLines: number;
  cursorReset: boolean;
  write: WriteReport;
}

export interface SyncOutcome {
  // Plain text for Claude Code's debug log; never JSON.
  stdout: string;
  explanation: string[];
  report?: SyncReport;
}

// Reads what is new in the transcript, extracts, writes, then moves the cursor (so a crash re-reads, never skips).
export async function runSyncHook(input: HookInput, config: Config, store: GraphStore): Promise<SyncOutcome> {
  const transcriptPath = input.event === 'SubagentStop' ? input.agentTranscriptPath ?? input.transcriptPath : input.transcriptPath;
  if (!['Stop', 'SubagentStop', 'SessionEnd'].includes(input.event) || !transcriptPath) {
    return { stdout: '', explanation: [`the sync hook does nothing on ${input.event}${transcriptPath ? '' : ' without a transcript'}`] };
  }
  const cursorPath = cursorFile(config.stateDir, input.sessionId, transcriptPath);
  const fresh = await readNewLines(transcriptPath, await loadCursor(cursorPath));
  const parsed = parseTranscriptLines(fresh.lines);
  const messages: TranscriptMessage[] = [...parsed.messages];
  const last = input.lastAssistantMessage?.trim();
  if (input.event === 'Stop' && last && !messages.some((message) => message.role === 'assistant' && message.text.includes(last))) {
    messages.push({ role: 'assistant', text: last, toolCalls: [] });
  }
  const { delta } = extractDelta(messages);
  const write = await store.writeDelta(delta, { sessionId: input.sessionId });
  await saveCursor(cursorPath, fresh.nextCursor);
  const report: SyncReport = {
    event: input.event,
    sessionId: input.sessionId,
    transcriptPath,
    linesRead: parsed.linesRead,
    messages: parsed.messages.length,
    malformedLines: parsed.malformedLines,
    cursorReset: fresh.reset,
    write,
  };
  const text = renderSyncReport(report, store.description);
  return { stdout: `${text}\n`, explanation: [text], report };
}

// The plain-text sync report.
export function renderSyncReport(report: SyncReport, storeDescription: string): string {
  const { counts } = report.write;
  const read = `read ${report.linesRead} new lines (${report.messages} messages${report.malformedLines > 0 ? `, ${report.malformedLines} malformed skipped` : ''}${report.cursorReset ? ', transcript was replaced: read from the start' : ''})`;
  const delta = `+${counts.entitiesAddedCount} entities, +${counts.relationsAddedCount} relations, +${counts.observationsAddedCount} observations, ${counts.supersededRecordsCount} superseded`;
  let outcome: string;
  if (report.write.written) {
    const drained = report.write.outboxDrained > 0 ? `, ${report.write.outboxDrained} outbox deltas written` : '';
    outcome = `${delta}${drained}; written to ${storeDescription}; time source: ${report.write.timeSourceLabel}`;
  } else if (report.write.deferredBecause) {
    outcome = `not written yet (${report.write.deferredBecause}); ${report.write.outboxPending} deltas wait in the outbox for the next sync`;
  } else {
    outcome = 'nothing new to write';
  }
  const rejected = report.write.rejected.length > 0 ? `; ${report.write.rejected.length} records refused (${report.write.rejected.slice(0, 3).join('; ')})` : '';
  return `memory-fabric sync (${report.event}, session ${report.sessionId.slice(0, 8)}): ${read}; ${outcome}${rejected}`;
}

// The sync hook as the runner drives it; SessionEnd gets the short deadline Claude Code allows it.
export const syncHandler: HookHandler = {
  kind: 'sync',
  deadlineMs: (input, config) => (input.event === 'SessionEnd' ? config.sessionEndDeadlineMs : config.syncDeadlineMs),
  run: (input, config) => runSyncHook(input, config, openStore(config)),
};
