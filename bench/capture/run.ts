// Capture, end to end: sessions through the built sync hook (one Stop per session, as Claude Code runs it), then
// every question through the built context hook, in a later session. A question is answered when the injected
// context holds at least half of its ground truth's content words (stems); abstention questions should get
// nothing. Printed beside two plain baselines on the same messages, each injecting up to the same 9,000
// characters: raw-message BM25, and per-term substring search.
//
//   node --import tsx bench/capture/run.ts [--set alpha|beta|real-tuning|real-heldout|real-heldout-2|real-heldout-3|real-heldout-4|real-heldout-5|real-heldout-6|real-heldout-7|real-heldout-8|real-heldout-9|real-heldout-10|real-heldout-11|real-heldout-12|real-heldout-13|real-heldout-14|real-heldout-15|real-heldout-16|real-heldout-17|real-heldout-18|real-heldout-19|real-heldout-20|real-heldout-21|real-heldout-22|real-heldout-23|real-tuning-2|real-tuning-3|real-tasks|real-requests-23|all] [--verbose] [--keep] [--reuse <kept set folder>] [--why-missed] [--quality]
//
// Sets: sets/alpha (tuning) and sets/beta (held out: never read while tuning), synthetic sessions written by hand
// by helpers who had not seen the code; real/tuning.json and real/heldout.json, labels of the real transcripts (real/heldout-2.json: a second held-out set, written later by another helper from the transcripts alone; real/heldout-3.json: a third, sealed for the next session, not in 'all'; real/heldout-4.json: a fourth, written at the start of developer session 5 and sealed until its end, not in 'all'; real/heldout-5.json: a fifth, written the same way at the start of developer session 6, sealed until its end, not in 'all'; real/heldout-6.json: a sixth, written the same way at the start of developer session 7, sealed until its end, not in 'all'; real/heldout-7.json: a seventh, written the same way at the start of developer session 8, sealed until its end, not in 'all'; real/heldout-8.json: an eighth, written the same way at the start of developer session 9, sealed until its end, not in 'all'; real/heldout-9.json: a ninth, written the same way at the start of developer session 10, sealed until its end, not in 'all'; real/heldout-10.json: a tenth, written the same way at the start of developer session 11, sealed until its end, not in 'all'; real/heldout-11.json: an eleventh, written the same way at the start of developer session 12, sealed until its end, not in 'all'; real/heldout-12.json: a twelfth, written the same way at the start of developer session 13, sealed until its end, not in 'all'; real/heldout-13.json: a thirteenth, written the same way at the start of developer session 14, sealed until its end, not in 'all'; real/heldout-14.json: a fourteenth, written the same way at the start of developer session 15, sealed until its end, not in 'all'; real/heldout-15.json: a fifteenth, written the same way at the start of developer session 16, sealed until its end, not in 'all'; real/heldout-16.json: a sixteenth, written the same way at the start of developer session 17, sealed until its end, not in 'all'; real/heldout-17.json: a seventeenth, written the same way at the start of developer session 18, sealed until its end, not in 'all'; real/heldout-18.json: an eighteenth, written the same way at the start of developer session 19, sealed until its end, not in 'all'; real/heldout-19.json: a nineteenth, written the same way at the start of developer session 20, sealed until its end, not in 'all'; real/heldout-20.json: a twentieth, written the same way at the start of developer session 21, sealed until its end, not in 'all'; real/heldout-21.json: a twenty-first, written the same way at the start of developer session 22, sealed until its end, not in 'all'; real/heldout-22.json: a twenty-second, written the same way at the start of developer session 23, sealed until its end, not in 'all'; real/heldout-23.json: a twenty-third, to be written the same way at the start of developer session 24, sealed until its end, not in 'all'; real/tuning-2.json: a second tuning set written by a helper from the transcripts alone in session 5; real/tuning-3.json: a third, 48 facts and 16 unrelated prompts, written the same way in session 7; real/tasks.json: 30 task requests ("add X", "set up Y") that a fact of the earlier sessions helps, a tuning set)
// in ../shared/corpus (written by a helper from the data alone).
//
// --why-missed: for the answers missed while something was injected, whether the injected statements' own messages
// held them: the text around each statement in its source message (NEIGHBOUR_RADIUS characters either side) is
// checked for the answer, for the first 3 statements and for all of them (totals only; a statement's place in its
// message is not stored, so this measures what showing its neighbours would gain). With --verbose, on tuning sets,
// each held answer missed is printed with the statements that hold it and the words they share with the question.
//
// --reuse <folder>: on real sets, ask the questions against copies of banks already synced and kept (--keep prints
// the scratch folder; pass its <set> subfolder, e.g. /tmp/mf-capture-XXXX/real-tuning-2) instead of syncing again.
// Every real set syncs the same transcripts in the same order, so any real set's kept banks serve every other: the
// sync step is skipped (about 30 s a set), the retrieval step is measured the same way. For retrieval changes only:
// a capture change needs a fresh sync.
//
// --quality: on a real set, the share of labelled statements (real/statement-quality.json: "keep" or "drop", by a helper,
// from the statements' text alone) that the capture keeps, per half of the labels.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStatement } from '../../src/core/statement.ts';
import { isStopword, splitWords, stemWord } from '../../src/core/text.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const here = path.join(root, 'bench/capture');
const corpus = path.resolve(root, '../shared/corpus/transcripts');
// MF_BENCH_HOOKS=<folder> measures other built hooks (e.g. a previous commit's, built with --out-dir).
const HOOKS = process.env.MF_BENCH_HOOKS ?? path.join(root, 'hooks');
const CONTEXT_HOOK = path.join(HOOKS, 'prompt/memory-fabric-context.mjs');
const SYNC_HOOK = path.join(HOOKS, 'stop/memory-fabric-sync.mjs');
const BUDGET = 9000;

interface Question {
  id: string;
  project: string;
  category: string;
  question: string;
  answer: string;
}
interface Session {
  project: string;
  session: string;
  date: string;
  turns: Array<{ role: 'user' | 'assistant'; text: string }>;
}
interface Project {
  name: string;
  // Transcript files, in the order they are synced, each with its session id and whether it is a subagent's.
  transcripts: Array<{ file: string; sessionId: string; subagent?: boolean }>;
  // The raw messages the baselines search.
  messages: string[];
}

const args = process.argv.slice(2);
const setArg = args[args.indexOf('--set') + 1] ?? 'alpha';
// Held-out sets up to heldout-22 are spent: each was sealed for one developer session, run at its start and its end and
// reported; since session 10 they are tuning material too, verbose only with --verbose-spent. A set still sealed is
// never verbose: its questions and misses are not printed.
const SPENT = new Set([
  'beta',
  'real-heldout',
  'real-heldout-2',
  'real-heldout-3',
  'real-heldout-4',
  'real-heldout-5',
  'real-heldout-6',
  'real-heldout-7',
  'real-heldout-8',
  'real-heldout-9',
  'real-heldout-10',
  'real-heldout-11',
  'real-heldout-12',
  'real-heldout-13',
  'real-heldout-14',
  'real-heldout-15',
  'real-heldout-16',
  'real-heldout-17',
  'real-heldout-18',
  'real-heldout-19',
  'real-heldout-20',
  'real-heldout-21',
  'real-heldout-22',
]);
const SEALED = new Set(['real-heldout-23']);
const verboseAsked = args.includes('--verbose');
let verbose = verboseAsked;
const keep = args.includes('--keep');
const whyMissed = args.includes('--why-missed');
// --quality: on a real set, how many of the labelled statements the capture keeps (real/statement-quality.json).
const quality = args.includes('--quality');
const reuseAt = args.indexOf('--reuse');
const reuse = reuseAt >= 0 ? path.resolve(args[reuseAt + 1] ?? '') : undefined;
const NEIGHBOUR_RADIUS = 200;
const sets = setArg === 'all' ? ['alpha', 'beta', 'real-tuning', 'real-heldout', 'real-heldout-2'] : setArg.split(',');

const scratch = mkdtempSync(path.join(tmpdir(), 'mf-capture-'));

function main(): void {
  for (const set of sets) {
    runSet(set);
  }
  if (!keep) {
    rmSync(scratch, { recursive: true, force: true });
  } else {
    console.log(`kept ${scratch}`);
  }
}

function runSet(set: string): void {
  verbose = verboseAsked && !SEALED.has(set) && (!SPENT.has(set) || args.includes('--verbose-spent'));
  const { projects, questions } = set.startsWith('real') ? loadReal(set.slice(5)) : loadSynthetic(set);
  if (projects.length === 0) {
    const labels = path.join(here, 'real', `${set.slice(5)}.json`);
    const why = !set.startsWith('real')
      ? 'no sessions'
      : existsSync(corpus)
        ? `${path.relative(process.cwd(), labels)} is not written yet`
        : `no corpus at ${corpus}`;
    console.log(`${set}: skipped (${why})`);
    return;
  }
  const banks = new Map<string, string>();
  const sizes: string[] = [];
  let lateSyncs = 0;
  for (const project of projects) {
    const dir = path.join(scratch, set, project.name);
    banks.set(project.name, dir);
    if (reuse && set.startsWith('real')) {
      const kept = path.join(reuse, project.name);
      if (!existsSync(path.join(kept, '.memories'))) {
        throw new Error(`--reuse: ${kept} holds no synced bank (.memories); pass a set folder of a --keep run`);
      }
      // A copy: the context hook keeps per-session state in the bank, which must not leak into the next set.
      cpSync(kept, dir, { recursive: true });
      sizes.push(`${project.name} reused`);
      continue;
    }
    mkdirSync(path.join(dir, '.git'), { recursive: true });
    let before = 0;
    for (const transcript of project.transcripts) {
      const payload = {
        session_id: transcript.sessionId,
        transcript_path: transcript.file,
        cwd: dir,
        hook_event_name: transcript.subagent ? 'SubagentStop' : 'Stop',
        stop_hook_active: false,
        ...(transcript.subagent ? { agent_transcript_path: transcript.file, agent_id: 'a', agent_type: 'general-purpose' } : {}),
      };
      let run = spawnSync(process.execPath, [SYNC_HOOK], { input: JSON.stringify(payload), env: hookEnv(dir), encoding: 'utf8' });
      // A sync past its deadline (a loaded machine) writes nothing; the client's next Stop syncs that part: so does
      // the bench, once, and it says so (the bank would otherwise differ from run to run).
      if (run.stderr.includes('DEADLINE_EXCEEDED')) {
        lateSyncs += 1;
        run = spawnSync(process.execPath, [SYNC_HOOK], { input: JSON.stringify(payload), env: hookEnv(dir), encoding: 'utf8' });
      }
      if (verbose) {
        console.log(run.stdout.trim());
      }
      const after = bankBytes(path.join(dir, '.memories'));
      sizes.push(`${project.name}/${path.basename(transcript.file).slice(0, 40)} +${Math.round((after - before) / 1024)} KB`);
      before = after;
    }
  }
  const rows = new Map<string, Row>();
  const injectedSizes: number[] = [];
  const neighbours = { missed: 0, first3: 0, first3Chars: 0, all: 0, allChars: 0 };
  for (const question of questions) {
    const dir = banks.get(question.project);
    const project = projects.find((candidate) => candidate.name === question.project);
    if (!dir || !project) {
      continue;
    }
    const injected = askContextHook(dir, question.question);
    const held = !abstainQ(question) && entityTexts(dir).some((text) => answered(text, question.answer));
    injectedSizes.push(injected.length);
    const bm25 = rankBm25(project.messages, question.question);
    // The same BM25 cut to the size of what we injected (silent when we were): the ranking alone, at equal cost.
    const bm25Equal = rankBm25(project.messages, question.question, injected.length);
    const substring = rankSubstring(project.messages, question.question);
    const row = rows.get(question.category) ?? {
      n: 0,
      held: 0,
      ours: 0,
      heldSilent: 0,
      heldMissed: 0,
      bm25: 0,
      bm25Equal: 0,
      substring: 0,
      oursChars: 0,
      bm25Chars: 0,
    };
    row.n += 1;
    row.oursChars += injected.length;
    row.bm25Chars += bm25.length;
    const abstain = abstainQ(question);
    row.held += Number(held);
    const oursAnswered = abstain ? injected === '' : answered(injected, question.answer);
    row.ours += Number(oursAnswered);
    row.heldSilent += Number(held && injected === '');
    row.heldMissed += Number(held && injected !== '' && !oursAnswered);
    row.bm25 += Number(abstain ? bm25 === '' : answered(bm25, question.answer));
    row.bm25Equal += Number(abstain ? bm25Equal === '' : answered(bm25Equal, question.answer));
    row.substring += Number(abstain ? substring === '' : answered(substring, question.answer));
    rows.set(question.category, row);
    if (verbose && !abstain && !held) {
      console.log(`  NOT HELD [${question.category}] ${question.question} -> want "${question.answer}"`);
    }
    if (whyMissed && !abstain && injected !== '' && !answered(injected, question.answer)) {
      const first3 = neighbourText(injected, project.messages, 3);
      const all = neighbourText(injected, project.messages, Number.POSITIVE_INFINITY);
      neighbours.missed += 1;
      neighbours.first3 += Number(answered(first3, question.answer));
      neighbours.first3Chars += first3.length;
      neighbours.all += Number(answered(all, question.answer));
      neighbours.allChars += all.length;
    }
    if (whyMissed && verbose && held && !answered(injected, question.answer)) {
      printHolders(dir, question, injected === '');
    }
    if (verbose && (abstain ? injected !== '' : !answered(injected, question.answer))) {
      console.log(`  MISS [${question.category}] ${question.question} -> want "${question.answer}"; got ${injected.length} chars`);
    }
  }
  printTable(set, rows, injectedSizes);
  if (whyMissed) {
    const mean = (chars: number): number => Math.round(chars / Math.max(1, neighbours.missed));
    console.log(
      `  why missed: ${neighbours.missed} answers missed with statements injected; the text around them in their source messages (±${NEIGHBOUR_RADIUS} chars) holds ${neighbours.first3} for the first 3 statements (+${mean(neighbours.first3Chars)} chars), ${neighbours.all} for all of them (+${mean(neighbours.allChars)} chars)`,
    );
  }
  if (quality && set.startsWith('real')) {
    printQuality([...banks.values()]);
  }
  const entities = countEntities([...banks.values()]);
  console.log(
    `  bank: ${reuse && set.startsWith('real') ? `reused from ${reuse}` : `${sizes.length} syncs`}${lateSyncs > 0 ? ` (${lateSyncs} past the deadline, run again as the next Stop)` : ''}, ${entities.entities} entities, ${entities.statements} statements, ${entities.fileOnly} file-change-only entities (${((100 * entities.fileOnly) / Math.max(1, entities.entities)).toFixed(0)}%)`,
  );
  if (verbose) {
    console.log(`  bytes added per sync: ${sizes.join(', ')}`);
  }
}

interface Row {
  n: number;
  // The answer is held by one entity of the bank (its name and statements): what capture alone makes possible.
  held: number;
  ours: number;
  // Held answers we missed: by staying silent, or by injecting other statements (totals: safe to print for held-out sets).
  heldSilent: number;
  heldMissed: number;
  bm25: number;
  // BM25 cut to the characters we injected for the same question.
  bm25Equal: number;
  substring: number;
  oursChars: number;
  bm25Chars: number;
}

const abstainQ = (question: Question): boolean => question.answer.trim() === '';

const entityTextCache = new Map<string, string[]>();
// Each entity of a project's bank as one text: its name and its statements.
function entityTexts(dir: string): string[] {
  const cached = entityTextCache.get(dir);
  if (cached) {
    return cached;
  }
  const run = spawnSync(process.execPath, [path.join(HOOKS, 'cli/memory-fabric.mjs'), 'export'], {
    cwd: dir,
    env: hookEnv(dir),
    encoding: 'utf8',
  });
  const texts = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type: string; name?: string; observations?: string[] })
    .filter((record) => record.type === 'entity')
    .map((record) => [record.name ?? '', ...(record.observations ?? [])].join('\n'));
  entityTextCache.set(dir, texts);
  return texts;
}

// The injected statements' surroundings in their source messages: for each of the first `count` statements, the text
// NEIGHBOUR_RADIUS characters either side of where its opening appears in a message (markup and spacing flattened).
const flatCache = new WeakMap<readonly string[], string[]>();
function neighbourText(injected: string, messages: readonly string[], count: number): string {
  const flat = flatCache.get(messages) ?? messages.map((message) => message.replace(/[*`]/g, '').replace(/\s+/g, ' '));
  flatCache.set(messages, flat);
  const windows: string[] = [];
  for (const line of injected
    .split('\n')
    .filter((candidate) => candidate.startsWith('  - '))
    .slice(0, count)) {
    const probe = line
      .slice(4)
      .replace(/ \([^()]*\)$/, '')
      .replace(/[*`]/g, '')
      .replace(/\s+/g, ' ')
      .slice(0, 50);
    const message = flat.find((candidate) => candidate.includes(probe));
    if (message) {
      const at = message.indexOf(probe);
      windows.push(message.slice(Math.max(0, at - NEIGHBOUR_RADIUS), at + probe.length + NEIGHBOUR_RADIUS));
    }
  }
  return windows.join('\n');
}

// The statements of the bank that hold a missed answer, each with the words (stems) it shares with the question.
function printHolders(dir: string, question: Question, silent: boolean): void {
  const asked = new Set(contentStems(question.question));
  console.log(`  WHY [${silent ? 'silent' : 'other statements'}] ${question.question} -> want "${question.answer}"`);
  let printed = 0;
  for (const text of entityTexts(dir)) {
    const [name = '', ...observations] = text.split('\n');
    for (const observation of observations) {
      if (printed < 4 && answered(observation, question.answer)) {
        const shared = contentStems(`${name} ${observation}`).filter((stem) => asked.has(stem));
        console.log(`     shares [${shared.join(', ')}]: ${name} | ${observation.slice(0, 140)}`);
        printed += 1;
      }
    }
  }
  if (printed === 0) {
    console.log('     no one statement holds it (its words are spread over an entity)');
  }
}

function printTable(set: string, rows: Map<string, Row>, sizes: number[]): void {
  console.log(
    `\n${set}: answered (abstention: silent) — memory-fabric vs raw-message BM25 (up to 9,000 chars; and cut to what we injected) vs per-term substring`,
  );
  console.log(
    `  ${'category'.padEnd(20)} ${'n'.padStart(4)} ${'held'.padStart(6)} ${'ours'.padStart(6)} ${'bm25'.padStart(6)} ${'bm25=ch'.padStart(7)} ${'substr'.padStart(6)} ${'chars ours'.padStart(11)} ${'chars bm25'.padStart(11)}`,
  );
  const total = {
    n: 0,
    held: 0,
    ours: 0,
    bm25: 0,
    substring: 0,
    oursChars: 0,
    bm25Chars: 0,
    answerable: 0,
    oursAnswerable: 0,
    bm25Answerable: 0,
    bm25EqualAnswerable: 0,
    heldSilent: 0,
    heldMissed: 0,
  };
  for (const [category, row] of [...rows].sort()) {
    console.log(
      `  ${category.padEnd(20)} ${String(row.n).padStart(4)} ${(row.held / row.n).toFixed(2).padStart(6)} ${(row.ours / row.n).toFixed(2).padStart(6)} ${(row.bm25 / row.n).toFixed(2).padStart(6)} ${(row.bm25Equal / row.n).toFixed(2).padStart(7)} ${(row.substring / row.n).toFixed(2).padStart(6)} ${String(Math.round(row.oursChars / row.n)).padStart(11)} ${String(Math.round(row.bm25Chars / row.n)).padStart(11)}`,
    );
    total.n += row.n;
    total.oursChars += row.oursChars;
    total.bm25Chars += row.bm25Chars;
    if (category !== 'abstention' && category !== 'unrelated') {
      total.answerable += row.n;
      total.oursAnswerable += row.ours;
      total.held += row.held;
      total.bm25Answerable += row.bm25;
      total.bm25EqualAnswerable += row.bm25Equal;
      total.heldSilent += row.heldSilent;
      total.heldMissed += row.heldMissed;
    }
  }
  const sorted = [...sizes].sort((a, b) => a - b);
  const pick = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `  answerable: held ${(total.held / Math.max(1, total.answerable)).toFixed(2)}, ours ${(total.oursAnswerable / Math.max(1, total.answerable)).toFixed(2)}, bm25 ${(total.bm25Answerable / Math.max(1, total.answerable)).toFixed(2)}, bm25 cut to our size ${(total.bm25EqualAnswerable / Math.max(1, total.answerable)).toFixed(2)}; mean injected chars ours ${Math.round(total.oursChars / total.n)} vs bm25 ${Math.round(total.bm25Chars / total.n)} (${((100 * total.oursChars) / Math.max(1, total.bm25Chars)).toFixed(0)}%); ours p50 ${pick(0.5)} p90 ${pick(0.9)} max ${pick(1)}`,
  );
  console.log(
    `  held but missed: ${total.heldSilent + total.heldMissed} of ${total.answerable}, silent ${total.heldSilent}, injected other statements ${total.heldMissed}`,
  );
}

function hookEnv(dir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: dir, CLAUDE_PROJECT_DIR: dir, MEMORY_FABRIC_TIME_SOURCE: 'system' };
}

function askContextHook(dir: string, prompt: string): string {
  const payload = {
    session_id: 'later-session-0000',
    transcript_path: path.join(dir, 'none.jsonl'),
    cwd: dir,
    hook_event_name: 'UserPromptSubmit',
    prompt,
  };
  const run = spawnSync(process.execPath, [CONTEXT_HOOK], { input: JSON.stringify(payload), env: hookEnv(dir), encoding: 'utf8' });
  const out = run.stdout.trim();
  if (out === '') {
    return '';
  }
  try {
    const parsed = JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } };
    return parsed.hookSpecificOutput?.additionalContext ?? '';
  } catch {
    return '';
  }
}

function contentStems(text: string): string[] {
  return [
    ...new Set(
      splitWords(text)
        .filter((word) => !isStopword(word) && word.length > 1)
        .map(stemWord),
    ),
  ];
}

// At least half of the answer's content words (as stems) appear in the text.
function answered(text: string, answer: string): boolean {
  if (text === '') {
    return false;
  }
  const wanted = contentStems(answer);
  const have = new Set(contentStems(text));
  return wanted.length > 0 && wanted.filter((stem) => have.has(stem)).length * 2 >= wanted.length;
}

// The best messages by BM25 (k1 1.2, b 0.75), joined up to the budget.
function rankBm25(messages: string[], query: string, budget = BUDGET): string {
  const docs = messages.map((message) => contentStems(message));
  const lengths = messages.map((message) => splitWords(message).length);
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length);
  const df = new Map<string, number>();
  for (const doc of docs) {
    for (const stem of doc) {
      df.set(stem, (df.get(stem) ?? 0) + 1);
    }
  }
  const terms = contentStems(query);
  const scored = messages.map((message, index) => {
    const counts = new Map<string, number>();
    for (const word of splitWords(message)) {
      const stem = stemWord(word);
      counts.set(stem, (counts.get(stem) ?? 0) + 1);
    }
    let score = 0;
    for (const term of terms) {
      const tf = counts.get(term) ?? 0;
      if (tf === 0) {
        continue;
      }
      const n = df.get(term) ?? 0;
      const idf = Math.log(1 + (messages.length - n + 0.5) / (n + 0.5));
      score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * (lengths[index] ?? 0)) / average));
    }
    return { message, score };
  });
  return fill(
    scored
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.message),
    budget,
  );
}

// Messages holding the most distinct query words as substrings, joined up to the budget.
function rankSubstring(messages: string[], query: string): string {
  const words = [...new Set(splitWords(query).filter((word) => !isStopword(word) && word.length > 2))];
  const scored = messages.map((message) => {
    const lower = message.toLowerCase();
    return { message, score: words.filter((word) => lower.includes(word)).length };
  });
  return fill(
    scored
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.message),
  );
}

function fill(ranked: string[], budget = BUDGET): string {
  let out = '';
  for (const message of ranked) {
    const piece = message.slice(0, budget - out.length);
    out += `${piece}\n`;
    if (out.length >= budget) {
      break;
    }
  }
  return out.trim();
}

function loadSynthetic(set: string): { projects: Project[]; questions: Question[] } {
  const dir = path.join(here, 'sets', set);
  if (!existsSync(path.join(dir, 'sessions'))) {
    return { projects: [], questions: [] };
  }
  const sessions = readdirSync(path.join(dir, 'sessions'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, 'sessions', file), 'utf8')) as Session)
    .sort((a, b) => a.date.localeCompare(b.date) || a.session.localeCompare(b.session));
  const projects = new Map<string, Project>();
  for (const session of sessions) {
    const project = projects.get(session.project) ?? { name: session.project, transcripts: [], messages: [] };
    const sessionId = uuidOf(session.session);
    const file = path.join(scratch, set, 'transcripts', `${session.session}.jsonl`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, transcriptOf(session, sessionId));
    project.transcripts.push({ file, sessionId });
    project.messages.push(...session.turns.map((turn) => turn.text));
    projects.set(session.project, project);
  }
  const questions = (JSON.parse(readFileSync(path.join(dir, 'questions.json'), 'utf8')) as { questions: Question[] }).questions;
  return { projects: [...projects.values()], questions };
}

// A session as Claude Code writes it: one user or assistant line per turn, a minute apart, on the session's date.
function transcriptOf(session: Session, sessionId: string): string {
  let parent: string | null = null;
  return session.turns
    .map((turn, index) => {
      const uuid = `${sessionId.slice(0, 24)}${String(index).padStart(12, '0')}`;
      const time = new Date(Date.parse(`${session.date}T10:00:00Z`) + index * 60_000).toISOString();
      const message =
        turn.role === 'user'
          ? { role: 'user', content: turn.text }
          : { role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: turn.text }] };
      const line = {
        parentUuid: parent,
        isSidechain: false,
        type: turn.role,
        message,
        uuid,
        timestamp: time,
        cwd: '/project',
        sessionId,
        version: '2.1.197',
      };
      parent = uuid;
      return `${JSON.stringify(line)}\n`;
    })
    .join('');
}

function uuidOf(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  const hex = (hash.toString(16).padStart(8, '0') + name.length.toString(16).padStart(4, '0')).padEnd(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function loadReal(half: string): { projects: Project[]; questions: Question[] } {
  const file = path.join(here, 'real', `${half}.json`);
  if (!existsSync(corpus) || !existsSync(file)) {
    return { projects: [], questions: [] };
  }
  const labels = JSON.parse(readFileSync(file, 'utf8')) as {
    items: Array<{ id: string; project: string; question: string; answer: string; label: string }>;
    unrelated: Array<{ id: string; project: string; question: string }>;
  };
  const byProject: Record<string, string[]> = {
    spotter: readdirSync(corpus).filter((name) => name.startsWith('marot__spotter__')),
    'claude-code-viewer': readdirSync(corpus).filter((name) => name.startsWith('d-kimuson__')),
    'claude-reliability': readdirSync(corpus).filter((name) => name.startsWith('DRMacIver__')),
    fasthooks: readdirSync(corpus).filter((name) => name.startsWith('oneryalcin__')),
  };
  const projects: Project[] = Object.entries(byProject).map(([name, files]) => {
    const ordered = [...files].sort(
      (a, b) => Number(a.includes('__subagents__')) - Number(b.includes('__subagents__')) || a.localeCompare(b),
    );
    return {
      name,
      transcripts: ordered.map((file) => ({
        file: path.join(corpus, file),
        sessionId: sessionIdOf(path.join(corpus, file)),
        subagent: file.includes('__subagents__'),
      })),
      messages: ordered.flatMap((file) => proseOf(path.join(corpus, file))),
    };
  });
  const questions: Question[] = [
    ...labels.items.map((item) => ({
      id: item.id,
      project: item.project,
      category: 'labelled',
      question: item.question,
      answer: item.answer,
    })),
    ...labels.unrelated.map((item) => ({ id: item.id, project: item.project, category: 'unrelated', question: item.question, answer: '' })),
  ];
  return { projects, questions };
}

function sessionIdOf(file: string): string {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const record = JSON.parse(line) as { sessionId?: unknown };
      if (typeof record.sessionId === 'string') {
        return record.sessionId;
      }
    } catch {
      // not JSON
    }
  }
  return uuidOf(path.basename(file));
}

// The prose of a transcript's user and assistant lines (what a raw-message search would index).
function proseOf(file: string): string[] {
  const messages: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    let record: { type?: unknown; message?: { content?: unknown } };
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if ((record.type !== 'user' && record.type !== 'assistant') || !record.message) {
      continue;
    }
    const content = record.message.content;
    const text =
      typeof content === 'string'
        ? content
        : Array.isArray(content)
          ? content.map((block: { type?: string; text?: string }) => (block.type === 'text' ? (block.text ?? '') : '')).join('\n')
          : '';
    if (text.trim() !== '') {
      messages.push(text);
    }
  }
  return messages;
}

function bankBytes(dir: string): number {
  if (!existsSync(dir)) {
    return 0;
  }
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const full = path.join(dir, String(entry));
    if (!String(entry).startsWith('.state') && statSync(full).isFile()) {
      total += statSync(full).size;
    }
  }
  return total;
}

// Statement quality: 998 statements of the real banks (session 9's capture), labelled by a helper from their text
// alone: "keep" (a developer would want it shown) or "drop" (narration, a lead-in, a line that needs its context).
// Per half: how many of each the capture keeps now (matched by their letters and digits, tags left out). A change that
// rewrites a statement's text counts it as not kept; new statements are not labelled (counted apart).
interface QualityLabels {
  labels: Record<string, { label: 'keep' | 'drop'; half: 'tuning' | 'held-out' }>;
}
function printQuality(dirs: string[]): void {
  const file = path.join(here, 'real', 'statement-quality.json');
  if (!existsSync(file)) {
    console.log('  statement quality: real/statement-quality.json is not here');
    return;
  }
  const { labels } = JSON.parse(readFileSync(file, 'utf8')) as QualityLabels;
  const key = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const captured = new Set<string>();
  for (const dir of dirs) {
    for (const text of bankStatements(dir)) {
      captured.add(key(text));
    }
  }
  const counts = new Map<string, { total: number; kept: number }>();
  const labelledKeys = new Set<string>();
  for (const [text, { label, half }] of Object.entries(labels)) {
    labelledKeys.add(key(text));
    const count = counts.get(`${half} ${label}`) ?? { total: 0, kept: 0 };
    count.total += 1;
    count.kept += Number(captured.has(key(text)));
    counts.set(`${half} ${label}`, count);
  }
  const unlabelled = [...captured].filter((text) => !labelledKeys.has(text)).length;
  for (const half of ['tuning', 'held-out']) {
    const keep = counts.get(`${half} keep`) ?? { total: 0, kept: 0 };
    const drop = counts.get(`${half} drop`) ?? { total: 0, kept: 0 };
    console.log(
      `  statement quality, ${half} half: "keep" kept ${keep.kept}/${keep.total} (${(keep.kept / Math.max(1, keep.total)).toFixed(2)}), "drop" kept ${drop.kept}/${drop.total} (${(drop.kept / Math.max(1, drop.total)).toFixed(2)})`,
    );
  }
  console.log(`  statement quality: ${unlabelled} statements of the banks are not labelled (new or rewritten)`);
}

// Every statement of a bank, without its tag.
function bankStatements(dir: string): string[] {
  return bankEntities(dir).flatMap((entity) => entity.observations.map((text) => parseStatement(text).text));
}

// The entities of a bank's graph file (none when it has not been written).
function bankEntities(dir: string): Array<{ entityType: string; observations: string[] }> {
  const file = path.join(dir, '.memories/context/knowledge-graph.index.jsonc');
  if (!existsSync(file)) {
    return [];
  }
  const graph = JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as {
    entities: Array<{ entityType: string; observations: string[] }>;
  };
  return graph.entities;
}

function countEntities(dirs: string[]): { entities: number; statements: number; fileOnly: number } {
  let entities = 0;
  let statements = 0;
  let fileOnly = 0;
  for (const entity of dirs.flatMap(bankEntities)) {
    entities += 1;
    statements += entity.observations.length;
    if (entity.entityType === 'file' && entity.observations.every((text) => /Changed in this session|^Changed /.test(text))) {
      fileOnly += 1;
    }
  }
  return { entities, statements, fileOnly };
}

main();
