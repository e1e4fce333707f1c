// Where things live in the state folder (config.stateDir), as bank/layout.ts says it for the bank: every path under
// it is named here and nowhere else. The names are on disk in users' projects (since 0.1): renaming one loses what
// is there (the cursors would read every transcript again, the outbox would look empty), so they stay as they are.
import path from 'node:path';

// A session id as a file name part (ids come from Claude Code's input: anything but word characters, dots and dashes
// becomes '_').
const sessionFileName = (sessionId: string): string => sessionId.replace(/[^\w.-]/g, '_').slice(0, 100);

// Every path of the state folder, as functions of it: the hooks, the CLI and the stores ask here.
export const statePaths = {
  // One cursor per session and transcript, with the extraction state carried between syncs.
  cursors: (stateDir: string): string => path.join(stateDir, 'cursors'),
  cursor: (stateDir: string, sessionId: string, transcriptPath: string): string => {
    const kind = path
      .basename(transcriptPath)
      .replace(/[^\w.-]/g, '_')
      .slice(0, 80);
    return path.join(stateDir, 'cursors', `${sessionFileName(sessionId) || 'unknown-session'}__${kind}.json`);
  },
  // Hashes of the message uuids already synced.
  seenMessages: (stateDir: string): string => path.join(stateDir, 'seen-messages.txt'),
  // Deltas not written yet.
  outbox: (stateDir: string): string => path.join(stateDir, 'outbox'),
  // The search index of the bank's graph file, and the one of the memory server's local file (both stores may be
  // read by the same context hook).
  bankSearchIndex: (stateDir: string): string => path.join(stateDir, 'search-index'),
  memoryServerSearchIndex: (stateDir: string): string => path.join(stateDir, 'memory-server', 'search-index'),
  // The locks: a bank write cycle, a write through the memory server, the sweep of unfinished sessions.
  bankLock: (stateDir: string): string => path.join(stateDir, 'bank.lock'),
  mcpLock: (stateDir: string): string => path.join(stateDir, 'mcp.lock'),
  sweepLock: (stateDir: string): string => path.join(stateDir, 'sweep.lock'),
  // Every hook run, one JSON line each (rotated to hooks.jsonl.1).
  hookLog: (stateDir: string): string => path.join(stateDir, 'logs', 'hooks.jsonl'),
  // What a session was already told: one marker file per session and problem.
  notice: (stateDir: string, sessionId: string, key: string): string =>
    path.join(stateDir, 'notices', `${sessionFileName(sessionId)}-${key}`),
  // SessionEnd's requests to the detached flusher, one per session.
  flushRequests: (stateDir: string): string => path.join(stateDir, 'flush'),
  flushRequest: (stateDir: string, sessionId: string): string => path.join(stateDir, 'flush', `${sessionFileName(sessionId)}.json`),
};
