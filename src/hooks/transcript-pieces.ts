// Reads what is new in a transcript piece by piece (PIECE_BYTES each), parsed, redacted and cut for extraction as it
// goes, until it is all read or the caller's time is up: a transcript too slow to sync in one Stop is synced over
// several, its cursor advancing each time, instead of being killed half-way on every Stop.
import { capForExtraction } from '../core/bounds.ts';
import { redactMessages } from '../core/redact.ts';
import { parseTranscriptLines, type ParsedTranscript, type TranscriptMessage } from '../core/transcript.ts';
import { MAX_READ_BYTES, readNewLines, type NewLines, type SessionCursor } from '../state/session-cursor.ts';

// Bytes of transcript per piece: between two pieces the sync looks at its clock.
const PIECE_BYTES = 1024 * 1024;

// What one sync read: the parse counts summed over its pieces, and where the cursor goes next.
export interface TranscriptPieces extends Omit<ParsedTranscript, 'messages'> {
  // Redacted, and cut for extraction (core/bounds.ts).
  messages: TranscriptMessage[];
  redacted: number;
  // The first read's view (reset, missing) with the cursor after the last piece read.
  fresh: NewLines;
  // True when everything written so far was read; false when the time ran out first (the next Stop goes on).
  finished: boolean;
  // Messages read (also when they were handed to onPiece instead of kept).
  messageCount: number;
}

// Reads pieces from the cursor on while timeIsUp() says false (checked between pieces; one piece is always read).
// With onPiece, each piece's messages are handed over as soon as they are read (and not kept), so the work done on
// them counts in the time checked before the next piece.
export async function readTranscriptPieces(
  transcriptPath: string,
  cursor: SessionCursor | undefined,
  timeIsUp: () => boolean,
  pieceBytes = PIECE_BYTES,
  // reset: the transcript was replaced (read from its start; what was carried from the old one no longer holds).
  onPiece?: (messages: TranscriptMessage[], reset: boolean) => Promise<void>,
): Promise<TranscriptPieces> {
  const read: TranscriptPieces = {
    messages: [],
    linesRead: 0,
    malformedLines: 0,
    skippedLines: 0,
    redacted: 0,
    fresh: { lines: [], nextCursor: cursor ?? { transcriptPath, offset: 0, inode: -1, headHash: '', headLength: 0 }, reset: false },
    finished: false,
    messageCount: 0,
  };
  let position = cursor;
  for (let first = true; ; first = false) {
    let piece = await readNewLines(transcriptPath, position, pieceBytes);
    // A single line longer than a piece: read it whole (readNewLines still bounds it by MAX_READ_BYTES).
    if (piece.lines.length === 0 && piece.truncated && pieceBytes < MAX_READ_BYTES) {
      piece = await readNewLines(transcriptPath, position, MAX_READ_BYTES);
    }
    const parsed = parseTranscriptLines(piece.lines);
    const clean = redactMessages(parsed.messages);
    const capped = clean.messages.map(capForExtraction);
    if (onPiece) {
      await onPiece(capped, first && piece.reset);
    } else {
      read.messages.push(...capped);
    }
    read.messageCount += capped.length;
    read.redacted += clean.count;
    read.linesRead += parsed.linesRead;
    read.malformedLines += parsed.malformedLines;
    read.skippedLines += parsed.skippedLines;
    read.fresh = first ? { ...piece, lines: [] } : { ...read.fresh, nextCursor: piece.nextCursor };
    position = piece.nextCursor;
    if (!piece.truncated || piece.lines.length === 0) {
      read.finished = !piece.truncated;
      return read;
    }
    if (timeIsUp()) {
      return read;
    }
  }
}
