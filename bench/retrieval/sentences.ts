// Benchmark (not a test): retrieval end to end without capture. Every sentence of every message of a project's
// sessions is imported straight into a bank as a statement of that session's entity (session-<id>, dated, tagged);
// each question is asked through the real retrieval (the index's view, calibrated and expanded as the index build
// does, then rendered as the context hook renders it), and counts as answered when the injected text holds at least
// half of the answer's content words (stems). Abstention questions (answer "") are right when nothing is injected.
// Baseline in the same run: BM25 over the same sentences, injecting the best ones up to 9,000 characters.
// Run: node --import tsx bench/retrieval/sentences.ts [--set alpha] [--beta] [--verbose]
// beta is held out: its questions are never printed, only its totals, and only with --beta.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGraphView } from '../../src/core/graph-view.ts';
import type { GraphEntity, KnowledgeGraph } from '../../src/core/graph.ts';
import { renderContext } from '../../src/core/render.ts';
import { calibrateSilence } from '../../src/core/retrieval/calibrate.ts';
import { expansionsFor } from '../../src/core/retrieval/expansions.ts';
import { retrieveFromView } from '../../src/core/retrieve.ts';
import { loadConfig } from '../../src/config.ts';
import { retrieveOptionsOf } from '../../src/stores/search-sources.ts';
import { formatStatement } from '../../src/core/statement.ts';
import { extractTerms } from '../../src/core/text.ts';

interface Session {
  project: string;
  session: string;
  date: string;
  turns: Array<{ role: string; text: string }>;
}
interface Question {
  id?: string;
  question: string;
  answer: string;
  category: string;
  project: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const setsCandidates = [path.join(root, 'bench', 'capture', 'sets'), '/work/main/bench/capture/sets'];
const setsDir = setsCandidates.find((candidate) => existsSync(path.join(candidate, 'alpha'))) ?? (setsCandidates[0] as string);
const NOW = Date.parse('2026-12-01T00:00:00Z');
// The context hook's settings at their defaults (no MEMORY_FABRIC_* variable set).
const OPTIONS = retrieveOptionsOf(loadConfig({}, root).config, NOW);
const BUDGET = 9000;

// The sentences of a message: lines, then sentence ends; markdown emphasis and list marks dropped.
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z0-9`*"'(])/))
    .map((sentence) => sentence.replace(/\*\*|__/g, '').trim())
    .filter((sentence) => /\p{L}/u.test(sentence));
}

function readSet(name: string): { sessions: Session[]; questions: Question[] } {
  const folder = path.join(setsDir, name);
  const sessions = readdirSync(path.join(folder, 'sessions'))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(folder, 'sessions', file), 'utf8')) as Session);
  const parsed = JSON.parse(readFileSync(path.join(folder, 'questions.json'), 'utf8')) as { questions: Question[] } | Question[];
  return { sessions, questions: Array.isArray(parsed) ? parsed : parsed.questions };
}

// One entity per session, its sentences as statements.
function bankOf(sessions: readonly Session[]): KnowledgeGraph {
  const entities: GraphEntity[] = sessions.map((session) => ({
    name: `session-${session.session}`,
    entityType: 'session',
    updatedAt: `${session.date}T12:00:00.000Z`,
    observations: session.turns.flatMap((turn) =>
      splitSentences(turn.text).map((text) => formatStatement({ text, kind: 'fact', date: session.date, session: session.session })),
    ),
  }));
  return { entities, relations: [] };
}

// The baseline: BM25 over sentences, the best ones injected up to the budget.
function bm25Inject(sentences: readonly string[], prompt: string): string {
  const docs = sentences.map((sentence) => extractTerms(sentence));
  const mean = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length);
  const frequency = new Map<string, number>();
  for (const doc of docs) {
    for (const term of new Set(doc)) {
      frequency.set(term, (frequency.get(term) ?? 0) + 1);
    }
  }
  const terms = [...new Set(extractTerms(prompt))];
  const scored = docs
    .map((doc, index) => {
      let score = 0;
      for (const term of terms) {
        const tf = doc.filter((word) => word === term).length;
        if (tf === 0) {
          continue;
        }
        const df = frequency.get(term) ?? 0;
        const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / mean));
      }
      return { index, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const lines: string[] = [];
  let used = 0;
  for (const { index } of scored) {
    const line = `- ${sentences[index]}`;
    if (used + line.length + 1 > BUDGET) {
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join('\n');
}

const holds = (injected: string, answer: string): boolean => {
  const wanted = [...new Set(extractTerms(answer))];
  if (wanted.length === 0) {
    return false;
  }
  const present = new Set(extractTerms(injected));
  return wanted.filter((term) => present.has(term)).length * 2 >= wanted.length;
};

interface Outcome {
  category: string;
  right: boolean;
  chars: number;
}

function evaluate(name: string, verbose: boolean): { ours: Outcome[]; baseline: Outcome[] } {
  const { sessions, questions } = readSet(name);
  const projects = [...new Set(sessions.map((session) => session.project))];
  const views = new Map(
    projects.map((project) => {
      const graph = bankOf(sessions.filter((session) => session.project === project));
      return [project, { view: buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor }), graph }] as const;
    }),
  );
  const ours: Outcome[] = [];
  const baseline: Outcome[] = [];
  for (const question of questions) {
    const bank = views.get(question.project);
    if (!bank) {
      continue;
    }
    const retrieval = retrieveFromView(bank.view, question.question, OPTIONS);
    const injected = renderContext(retrieval.memories, retrieval.mode, BUDGET).text;
    const sentences = bank.graph.entities.flatMap((entity) =>
      entity.observations.map((observation) => observation.replace(/ \[[^\]]*\]$/, '')),
    );
    const peer = bm25Inject(sentences, question.question);
    const abstain = question.answer.trim() === '';
    const right = abstain ? injected === '' : holds(injected, question.answer);
    ours.push({ category: question.category, right, chars: injected.length });
    baseline.push({ category: question.category, right: abstain ? peer === '' : holds(peer, question.answer), chars: peer.length });
    if (verbose && !right) {
      console.log(
        `  miss ${question.category.padEnd(18)} "${question.question}" -> want "${question.answer}"; ${injected.length} chars; ${retrieval.silence.map((report) => report.reason).join('; ')}`,
      );
    }
  }
  return { ours, baseline };
}

function summarize(label: string, outcomes: readonly Outcome[]): string {
  const answerable = outcomes.filter((outcome) => outcome.category !== 'abstention');
  const abstentions = outcomes.filter((outcome) => outcome.category === 'abstention');
  const rate = (list: readonly Outcome[]): string =>
    list.length > 0 ? (list.filter((outcome) => outcome.right).length / list.length).toFixed(2) : '-';
  const categories = [...new Set(answerable.map((outcome) => outcome.category))].sort();
  const injectedSizes = outcomes
    .map((outcome) => outcome.chars)
    .filter((chars) => chars > 0)
    .sort((a, b) => a - b);
  const at = (share: number): number => injectedSizes[Math.min(injectedSizes.length - 1, Math.floor(injectedSizes.length * share))] ?? 0;
  const mean = outcomes.reduce((sum, outcome) => sum + outcome.chars, 0) / Math.max(1, outcomes.length);
  return [
    `${label.padEnd(26)} answered ${rate(answerable)}   abstention silence ${rate(abstentions)}   mean injected ${mean.toFixed(0)} chars (when injecting: median ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)})`,
    `${''.padEnd(26)} ${categories.map((category) => `${category} ${rate(answerable.filter((outcome) => outcome.category === category))}`).join('  ')}`,
  ].join('\n');
}

const argument = (flag: string): string | undefined => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
const setName = argument('--set') ?? 'alpha';
const verbose = process.argv.includes('--verbose') && setName !== 'beta';
const tuning = isMain ? evaluate(setName, verbose) : undefined;
if (tuning) {
  console.log(`sentences imported as statements, set ${setName} (${tuning.ours.length} questions)`);
  console.log(summarize('memory-fabric', tuning.ours));
  console.log(summarize('BM25 over sentences', tuning.baseline));
}
// The held-out set last, totals only.
if (isMain && process.argv.includes('--beta') && existsSync(path.join(setsDir, 'beta', 'questions.json'))) {
  const heldout = evaluate('beta', false);
  console.log(`\nheld-out set beta (${heldout.ours.length} questions)`);
  console.log(summarize('memory-fabric', heldout.ours));
  console.log(summarize('BM25 over sentences', heldout.baseline));
}
