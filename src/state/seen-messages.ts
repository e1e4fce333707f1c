// Message uuids already synced, per bank: a resumed or forked session copies history under a new file or id,
// and its old messages are skipped instead of being read again.
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.ts';
import { statePaths } from './state-layout.ts';

const KEEP_AFTER_COMPACTION = 100_000;
const COMPACT_ABOVE = 200_000;

// The synced uuids as 12-hex-digit hashes, one a line: read once, appended to, compacted when the file grows large.
export class SeenMessages {
  readonly #file: string;
  #hashes: Set<string> | undefined;

  constructor(stateDir: string) {
    this.#file = statePaths.seenMessages(stateDir);
  }

  // The messages whose uuid was not synced before (messages without a uuid are kept).
  async filterUnseen<T extends { uuid?: string }>(messages: readonly T[]): Promise<{ unseen: T[]; skipped: number }> {
    if (!messages.some((message) => message.uuid)) {
      return { unseen: [...messages], skipped: 0 };
    }
    const hashes = await this.#load();
    const unseen = messages.filter((message) => !message.uuid || !hashes.has(hashUuid(message.uuid)));
    return { unseen, skipped: messages.length - unseen.length };
  }

  // Remembers the messages as synced (after their delta was written or put in the outbox).
  async remember(messages: ReadonlyArray<{ uuid?: string }>): Promise<void> {
    const hashes = await this.#load();
    const fresh = [
      ...new Set(
        messages
          .map((message) => message.uuid)
          .filter((uuid): uuid is string => !!uuid)
          .map(hashUuid),
      ),
    ].filter((hash) => !hashes.has(hash));
    if (fresh.length === 0) {
      return;
    }
    for (const hash of fresh) {
      hashes.add(hash);
    }
    await mkdir(path.dirname(this.#file), { recursive: true });
    if (hashes.size > COMPACT_ABOVE) {
      await writeFileAtomic(this.#file, `${[...hashes].slice(-KEEP_AFTER_COMPACTION).join('\n')}\n`);
    } else {
      await appendFile(this.#file, `${fresh.join('\n')}\n`);
    }
  }

  async #load(): Promise<Set<string>> {
    if (this.#hashes) {
      return this.#hashes;
    }
    const text = await readFile(this.#file, 'utf8').catch(() => '');
    this.#hashes = new Set(text.split('\n').filter((line) => line.length === 12));
    return this.#hashes;
  }
}

const hashUuid = (uuid: string): string => createHash('sha1').update(uuid).digest('hex').slice(0, 12);
