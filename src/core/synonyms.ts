// Words developers use for the same thing. A query term also matches its synonyms, at a discount.
// General software vocabulary. The last six groups (the words of agent sessions: a conversation is a session, /compact
// summarizes it, a trace is made of spans) were added in session 15 after reading misses of spent benchmark sets; each
// one measured on its own (docs/performance.md).
import { stemWord } from './text.ts';

const GROUPS: readonly string[][] = [
  ['admin', 'root', 'sudo', 'privilege', 'privileged', 'permission', 'superuser', 'elevated'],
  ['battery', 'power', 'charging'],
  ['library', 'package', 'dependency', 'module', 'lib'],
  ['error', 'bug', 'issue', 'failure', 'fault', 'defect', 'problem'],
  ['fix', 'resolve', 'resolved', 'patch', 'workaround'],
  ['deploy', 'deployment', 'release', 'production', 'hosting', 'ship'],
  ['link', 'url', 'route', 'routing', 'path'],
  ['test', 'spec', 'testing'],
  ['database', 'db', 'table', 'sql', 'schema'],
  ['auth', 'authentication', 'login', 'signin', 'credential'],
  ['config', 'configuration', 'settings', 'setting', 'options', 'env'],
  ['doc', 'docs', 'documentation', 'readme'],
  ['speed', 'performance', 'latency', 'slow', 'fast'],
  ['memory', 'ram', 'leak'],
  ['ui', 'component', 'screen', 'view', 'page', 'widget'],
  ['install', 'installed', 'add', 'added'],
  ['remove', 'delete', 'drop'],
  ['picture', 'image', 'photo'],
  ['conversation', 'session', 'chat'],
  ['finish', 'end'],
  ['summarize', 'summary', 'compact'],
  ['trace', 'span', 'tracer'],
  ['idle', 'inactive', 'stale'],
  ['exclude', 'ignore', 'gitignore'],
];

// Stemming every word of every group costs time on every prompt (docs/performance.md); a term can only share a group
// with words that begin with its first two letters (stemming keeps them: test/core/query.test.ts checks it for
// every word here), so only those groups are stemmed, once.
const stemmedGroups = new Map<number, string[]>();

// The stemmed synonyms of a stemmed term (without the term itself).
export function synonymsOf(term: string): string[] {
  const prefix = term.slice(0, 2);
  const found = new Set<string>();
  GROUPS.forEach((group, position) => {
    if (!group.some((word) => word.startsWith(prefix))) {
      return;
    }
    let stems = stemmedGroups.get(position);
    if (!stems) {
      stems = [...new Set(group.map((word) => stemWord(word)))];
      stemmedGroups.set(position, stems);
    }
    if (stems.includes(term)) {
      for (const stem of stems) {
        if (stem !== term) {
          found.add(stem);
        }
      }
    }
  });
  return [...found];
}

// Every listed word: a test checks that stemming keeps their first two letters, which synonymsOf finds groups by.
export const SYNONYM_WORDS: readonly string[] = GROUPS.flat();
