// What a session set out to do and what it reports as done: the user's task request and the closing summary.
import { tagProvenance } from './graph.ts';
import { clip, type DeltaBuilder, toEntityName } from './delta-builder.ts';
import { findTechnologies } from './technologies.ts';
import { isStopword, splitWords } from './text.ts';
import type { TranscriptMessage } from './transcript.ts';

const TASK_VERB =
  /^(?:please\s+)?(create|implement|add|fix|port|refactor|update|remove|delete|migrate|build|write|rewrite|convert|set up|setup|introduce|replace|rename|upgrade|integrate|optimi[sz]e|document)\b/i;
const DONE =
  /\b(done|complete[d]?|finished|summary|i(?:'ve| have) (?:added|created|implemented|fixed|updated|ported|removed|written|refactored))\b/i;
const BULLET = /^\s*(?:[-*]|\d+\.)\s+(.{12,220})$/;
const MAX_DONE_ITEMS = 6;

// Adds a task entity per task request, with what the assistant reported as done, and the technologies the request names.
// Returns the task still current at the end (carried to the next sync of the session).
export function extractTasks(
  builder: DeltaBuilder,
  messages: readonly TranscriptMessage[],
  sessionId: string | undefined,
  project: string | undefined,
  carried?: string,
): string | undefined {
  let current = carried;
  for (const message of messages) {
    const date = message.timestamp?.slice(0, 10);
    const session = sessionId ?? message.sessionId;
    if (message.role === 'user' && message.text !== '') {
      const request = message.text.split('\n')[0]?.trim() ?? '';
      const verb = request.match(TASK_VERB);
      if (!verb || request.endsWith('?') || request.length < 15) {
        continue;
      }
      const name = taskName(request);
      if (!name) {
        continue;
      }
      current = builder.addEntity(name, 'task', 0.7, tagProvenance(`Requested: ${clip(request, 200)}`, date, session));
      for (const technology of findTechnologies(message.text)) {
        builder.stats.technologies += 1;
        builder.addRelation(project, 'uses', builder.addEntity(technology, 'technology', 0.7));
      }
      continue;
    }
    if (message.role !== 'assistant' || !current || !DONE.test(message.text)) {
      continue;
    }
    const items = message.text
      .split('\n')
      .map((line) => line.match(BULLET)?.[1])
      .filter((line): line is string => !!line)
      .map((line) =>
        line
          .replace(/\*\*|__|`/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((line) => /[a-z]{3}/i.test(line) && !/^[✅❌⚠]/.test(line));
    for (const item of items.slice(0, MAX_DONE_ITEMS)) {
      builder.addEntity(current, 'task', 0.7, tagProvenance(`Done: ${clip(item, 200)}`, date, session));
    }
  }
  return current;
}

// "Port this Python project to Rust." -> "port-python-project-rust".
function taskName(request: string): string | undefined {
  const words = splitWords(request.replace(/`[^`]*`/g, ' '))
    .filter((word) => !isStopword(word) && word.length > 1)
    .slice(0, 5);
  return toEntityName(words.join(' '));
}
