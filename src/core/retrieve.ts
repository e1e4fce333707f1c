// The context pipeline over the graph views of one or more sources: parse, score, traverse, merge, dedupe, boost, rank (the seed's unified search).
import { buildGraphView, POSTING_WIDTH, type GraphView } from './graph-view.ts';
import type { KnowledgeGraph } from './graph.ts';
import { normalizeEntity, type Memory } from './memory.ts';
import { capPerSource, linkResults, mergeSameEntities, type SourceView, tagSource } from './merge-sources.ts';
import { parseQuery, type ParsedQuery } from './query.ts';
import { boostCrossReferences, rankMemories } from './rank.ts';
import { asksOfItself } from './relation-words.ts';
import { bucketOf, calibrateSilence, specificMaskOf } from './retrieval/calibrate.ts';
import {
  COORDINATION_MATCHES,
  type EntityMatch,
  ROLE_TERM_PREFIX,
  type Scoring,
  scoreStatements,
  statementCoordination,
  type TermReport,
  termCount,
} from './retrieval/score-statements.ts';
import { findSessionCue } from './retrieval/session-cue.ts';
import {
  findUnknownWords,
  findOnlyUnseenTechnologies,
  isInstruction,
  findUnseenTechnologies,
  type IsVocabulary,
  isRequestForNewWork,
  requestVerbStems,
} from './retrieval/unknown-words.ts';
import { selectSessionStart } from './retrieval/session-start.ts';
import { canonicalTechnology } from './technologies.ts';
import { compoundHead, extractTerms, identifierParts, splitWords, stemWord } from './text.ts';
import { traverseRelations, type Candidate } from './traverse.ts';
import { dedupeMemories } from './dedupe.ts';

// The type of retrieveFromSources' sources, so that a caller need not import merge-sources.ts.
export type { SourceView } from './merge-sources.ts';

// One retrieval's settings (the config's, or the bank retrieve mode's) and the time now: the core reads no clock.
export interface RetrieveOptions {
  nowMs: number;
  maxResults: number;
  dedupThreshold: number;
  boostFactor: number;
  includeSuperseded: boolean;
  // Whether a word is English or software vocabulary (stores/search-index/vocabulary.ts): with it, a prompt that
  // names what the bank has never seen is answered only by a named entity; without it, never silenced for that.
  isVocabulary?: IsVocabulary;
}

// Why a source answered a prompt or stayed silent: its best raw score against what generic prompts of the same
// length reach on this bank, and the terms specific to this bank that the prompt matched.
export interface SilenceReport {
  source: string;
  topRaw: number;
  threshold: number;
  specificTerms: string[];
  named: string[];
  // Words of the prompt that name what this bank has never seen (retrieval/unknown-words.ts): with one, only a named
  // entity answers.
  unknown: string[];
  answered: boolean;
  reason: string;
}

// What a retrieval found and why: the memories to render, each source's silence decision, each term's matches.
export interface Retrieval {
  query: ParsedQuery;
  mode: 'search' | 'recent';
  memories: Memory[];
  // Per source, for prompts (not at session start).
  silence: SilenceReport[];
  terms: TermReport[];
}

// A direct match below this share of the prompt's best is noise next to it.
export const RELEVANCE_FLOOR = 0.3;
// How many candidates beyond the results are kept for dedupe, boost and ranking (each is loaded).
const DEDUPE_POOL_EXTRA = 5;

// Finds the memories worth showing for a prompt in a graph held in memory (calibrated on the graph itself; without
// the lexicon's expansions, which only the index build loads: buildGraphView with expand gives them).
export function retrieveMemories(graph: KnowledgeGraph, prompt: string, options: RetrieveOptions): Retrieval {
  return retrieveFromView(buildGraphView(graph, { calibrate: calibrateSilence }), prompt, options);
}

// Finds the memories worth showing for a prompt in one graph; an empty prompt (SessionStart) gives recent,
// well-connected memories.
export function retrieveFromView(view: GraphView, prompt: string, options: RetrieveOptions, source = 'graph'): Retrieval {
  return retrieveFromSources([{ source, view }], prompt, options);
}

// The same over several sources at once (the bank and a memory server): each source is searched and traversed
// on its own graph, capped at maxResults; then the candidates of all sources are merged (the same entity in two
// sources is one memory, cross-validated), deduplicated, boosted and ranked together.
export function retrieveFromSources(sources: readonly SourceView[], prompt: string, options: RetrieveOptions): Retrieval {
  const nameOf = (candidate: string, joined = false): string | undefined => {
    for (const { view } of sources) {
      const id = view.idOf(candidate) ?? (joined ? idOfJoined(view, candidate) : undefined);
      if (id !== undefined) {
        return view.name(id);
      }
    }
    return undefined;
  };
  const heads =
    sources.length === 1 ? (sources[0] as SourceView).view.nameHeads() : new Set(sources.flatMap(({ view }) => [...view.nameHeads()]));
  // The prompt's runs of words are also looked up joined (an identifier spelled as words); the statements' runs, for
  // the cross-reference boost, only as they are (joined, they cost the answered prompt ~15 ms on a 10,000-entity bank).
  const query = parseQuery(prompt, (candidate) => nameOf(candidate, true), heads);
  const sourceOrder = (source: string): number => sources.findIndex((entry) => entry.source === source);
  const liveIn =
    (view: GraphView) =>
    (ref: number): boolean =>
      options.includeSuperseded || !view.isSuperseded(ref);
  if (prompt.trim() === '') {
    const recent = sources.flatMap((source, origin) =>
      selectSessionStart(source.view, liveIn(source.view), options).map((memory) => tagSource(memory, source.source, origin)),
    );
    const merged = mergeSameEntities(recent, sourceOrder);
    return { query, mode: 'recent', memories: merged, silence: [], terms: [] };
  }
  // A prompt with no content words ("ok", "continue") injects nothing: SessionStart already gave the recent
  // memories, and repeating them after every short reply is the token bloat users of other tools complain of.
  if (
    query.terms.length === 0 &&
    query.entityHints.length === 0 &&
    !sources.some(({ view }) => findSessionCue(view, query.text, liveIn(view)) !== undefined)
  ) {
    return { query, mode: 'search', memories: [], silence: [], terms: [] };
  }
  const silence: SilenceReport[] = [];
  let terms: TermReport[] = [];
  const candidates = sources.flatMap((source, origin) => {
    const searched = searchSource(source.view, query, liveIn(source.view), options);
    silence.push({ source: source.source, ...searched.report });
    if (terms.length === 0) {
      terms = searched.terms;
    }
    return searched.memories.map((memory) => tagSource(memory, source.source, origin));
  });
  const unique = dedupeMemories(mergeSameEntities(candidates, sourceOrder), options.dedupThreshold);
  const boosted = boostCrossReferences(unique, nameOf, options.boostFactor, heads);
  const ranked = pinPartAnswers(rankMemories(boosted, options.nowMs), query);
  return { query, mode: 'search', memories: linkResults(capPerSource(ranked, options.maxResults), sources), silence, terms };
}

// A prompt that asks several things ("why cursor pagination for orders, and which session cache do we use?"): the
// best statement for each part is pinned, so that the context answers every part, not only the one whose words
// score most. BM25 needs no per-part scoring (words of one part cost the other nothing); rendering needs this.
function pinPartAnswers(memories: Memory[], query: ParsedQuery): Memory[] {
  if (!query.segments) {
    return memories;
  }
  for (const segment of query.segments) {
    const mask = segment.reduce((bits, index) => (index < 31 ? bits | (1 << index) : bits), 0);
    let best: { memory: number; statement: number; value: number } | undefined;
    memories.forEach((memory, position) => {
      memory.statements.forEach((entry, index) => {
        const value = entry.index >= 0 && (entry.termMask & mask) !== 0 ? entry.score * termCount(entry.termMask & mask) : 0;
        if (value > 0 && (!best || value > best.value)) {
          best = { memory: position, statement: index, value };
        }
      });
    });
    if (best) {
      const { memory, statement } = best;
      const held = memories[memory] as Memory;
      memories[memory] = {
        ...held,
        statements: held.statements.map((entry, index) => (index === statement ? { ...entry, pinned: true } : entry)),
      };
    }
  }
  return memories;
}

// One source's candidates: scored by statements, checked against the bank's silence calibration, traversed, and
// the strongest normalized (only they are loaded: the rest could not reach the output).
function searchSource(
  view: GraphView,
  prompted: ParsedQuery,
  isLive: (ref: number) => boolean,
  options: RetrieveOptions,
): { memories: Memory[]; report: Omit<SilenceReport, 'source'>; terms: TermReport[] } {
  let query = prompted;
  // A session placed in time ("what did we do last time?") is named by the prompt, though no word of it matches.
  const cue = findSessionCue(view, query.text, isLive);
  if (cue !== undefined) {
    query = { ...query, entityHints: [...query.entityHints, view.name(cue)] };
  }
  const scoring = scoreStatements(view, query, isLive, options.maxResults * 3);
  const verdict = judgeEvidence(view, query, scoring, options.isVocabulary);
  if (!verdict.report.answered) {
    return { memories: [], report: verdict.report, terms: scoring.terms };
  }
  const byRef = new Map(scoring.matches.map((match) => [match.id, match] as const));
  const seeds: Candidate[] = scoring.matches
    .filter((match) => verdict.keep(match))
    .map((match) => ({ ref: match.id, relevance: match.relevance, matchedTerms: match.matchedTerms, hops: 0, path: [] }));
  const expanded = traverseRelations(seeds, view, {
    maxHops: 2,
    seeds: 5,
    queryTerms: query.terms,
    commonTerms: commonTermsOf(scoring, verdict.report.specificTerms),
    queryWords: splitWords(query.text),
    named: cue === undefined ? verdict.named : new Set([...verdict.named, cue]),
    asksOfItself: asksOfItself(query.text),
    isLive,
  });
  const memories = expanded
    .filter((candidate) => candidate.relevance >= RELEVANCE_FLOOR * HOP_FLOOR_SHARE || candidate.hops === 0)
    .sort((a, b) => b.relevance - a.relevance || a.ref - b.ref)
    .slice(0, options.maxResults + DEDUPE_POOL_EXTRA)
    .map((candidate) => {
      const match = candidate.hops === 0 ? byRef.get(candidate.ref) : undefined;
      const memory = normalizeEntity(
        candidate.ref,
        view.entity(candidate.ref),
        candidate.relevance,
        candidate.matchedTerms,
        candidate.hops,
        candidate.path,
        match?.statements ?? byRef.get(candidate.ref)?.statements ?? [],
        match?.raw ?? 0,
      );
      return verdict.named.has(candidate.ref) ? { ...memory, named: true } : memory;
    });
  return { memories, report: verdict.report, terms: scoring.terms };
}

// Prompts of at most this many terms may be answered by a memory that matched one of them.
const SINGLE_TERM_PROMPT = 2;
// A term in at most this many statement slots (or this share of them, in a large bank) is rare.
const RARE_SLOTS = 3;
const RARE_SHARE = 0.002;
// A question: a question mark, or a question word first ("why did the sync double the rows"). Not "Write a Helm
// chart for ...", "Make the dashboard ...": requests NEW_WORK does not list (a review, session 13).
const QUESTION =
  /\?|^\W{0,3}(?:what|why|how|where|when|which|who|whose|is|are|was|were|does|do|did|can|could|should|would|will|has|have)\b/i;
// At least this many of a question's specific terms in one statement answer it whatever its score (judgeEvidence).
const MIN_STATEMENT_TERMS = 3;
// A question of at most this many terms may be answered by a memory's statements together (judgeEvidence): the
// upper end of calibrate.ts's fourth bucket of prompt length.
const COVERED_QUESTION_TERMS = 11;
// A memory reached through a relation is kept down to this share of the floor (two hops of 0.5 from the best).
const HOP_FLOOR_SHARE = 0.8;

// Silence by evidence: a source answers when an entity is named, or when its best match beats what generic prompts
// of the same length reach on this bank and matched a term specific to it. Then a direct match is kept when it is
// named, or within the floor of the best and either specific or above the generic threshold itself.
function judgeEvidence(
  view: GraphView,
  query: ParsedQuery,
  scoring: Scoring,
  isVocabulary: IsVocabulary | undefined,
): { report: Omit<SilenceReport, 'source'>; keep: (match: EntityMatch) => boolean; named: ReadonlySet<number> } {
  const calibration = view.calibration();
  const threshold = calibration ? (calibration.thresholds[bucketOf(query.terms.length)] ?? 0) : 0;
  const singleThreshold = calibration?.singleThreshold ?? 0;
  const specificIdf = calibration?.specificIdf ?? 0;
  const verbs = requestVerbStems(query.text);
  const specificMask = specificMaskOf(scoring.terms, specificIdf, verbs);
  // The request verbs' bits: they neither are the specific term nor count among the terms a match coordinates.
  let verbMask = 0;
  scoring.terms.forEach((term, index) => {
    if (verbs.has(term.term)) {
      verbMask |= 1 << index;
    }
  });
  const termsOf = (match: EntityMatch): number => termCount(match.termMask & ~verbMask & ~(scoring.answerMask ?? 0));
  // The project's own entity is no evidence: every prompt in the project is about it ("does fasthooks support async
  // handlers?" in the fasthooks bank names nothing the bank knows about handlers).
  const named = new Set(
    query.entityHints
      .map((hint) => view.idOf(hint))
      .filter(
        (id): id is number =>
          id !== undefined &&
          view.typeOf(id) !== 'project' &&
          (isDistinctiveName(view, id, specificIdf) || isTechnologyAskedAbout(view, id, query)),
      ),
  );
  const specificTerms = scoring.terms.filter((_, index) => (specificMask & (1 << index)) !== 0).map((term) => term.term);
  // A match is evidence when it holds a specific term and beats what generic prompts reach with as many terms.
  // One matched word is evidence only for a short prompt: of a longer one, a single word is what generic prompts
  // hit by chance (a name that shares one word with the question).
  const singleAllowed = query.terms.length <= SINGLE_TERM_PROMPT;
  // A word this rare in the bank (in a handful of statements) is evidence by itself in a short prompt: generic
  // prompts reach the single-word threshold through everyday words in names, not through such words. (Not in longer
  // prompts: it broke silence, docs/performance.md, "Quality choices".)
  const slots = view.stats().slots;
  const rare = Math.max(RARE_SLOTS, slots * RARE_SHARE);
  const rareIdf = Math.log(1 + (slots - rare + 0.5) / (rare + 0.5));
  let rareMask = 0;
  scoring.terms.forEach((term, index) => {
    if (term.literalIdf > 0 && term.literalIdf >= rareIdf) {
      rareMask |= 1 << index;
    }
  });
  // A technology of the role a prompt asks about this project ("which package manager do we use?", and the bank says
  // pnpm) answers it, in a prompt of any length: the question is directed at the project and names the role, and only
  // the role's technologies specific to this bank are searched (roles-asked.ts, score-statements.ts).
  let roleMask = 0;
  scoring.terms.forEach((term, index) => {
    if (term.term.startsWith(ROLE_TERM_PREFIX)) {
      roleMask |= 1 << index;
    }
  });
  const isEvidence = (match: EntityMatch): boolean =>
    (match.literalMask & roleMask & specificMask) !== 0 ||
    ((match.literalMask & specificMask) !== 0 &&
      (termsOf(match) >= 2
        ? match.evidence > threshold
        : singleAllowed && (match.evidence > singleThreshold || (match.literalMask & rareMask) !== 0)));
  // A question (not a request for new work) of up to COVERED_QUESTION_TERMS terms whose words one memory holds between
  // its statements: its ranking score (with the coverage of score-statements.ts) beats what generic prompts reach with
  // coverage on this bank. A paraphrase rarely finds two of its words in one statement. (Not longer prompts: "I'd
  // like to run the tests on GitHub Actions ... do we already have a workflow yaml somewhere?" gathered words over
  // an entity's statements; not requests, whose project words meet by chance: docs/performance.md, session 20.)
  // Whether the prompt is a question, not a request for new work (read once, when a rule below asks).
  let question: boolean | undefined;
  const asksAQuestion = (): boolean => {
    question ??= QUESTION.test(query.text) && !isRequestForNewWork(query.text);
    return question;
  };
  const evidenceMatchesAnswer = scoring.evidenceMatches.some(isEvidence);
  const coveredThreshold = calibration?.coveredThresholds?.[bucketOf(query.terms.length)];
  const byCoverage =
    !evidenceMatchesAnswer &&
    coveredThreshold !== undefined &&
    query.terms.length <= COVERED_QUESTION_TERMS &&
    scoring.matches
      .slice(0, COORDINATION_MATCHES)
      .some((match) => (match.literalMask & specificMask) !== 0 && termsOf(match) >= 2 && match.raw > coveredThreshold) &&
    asksAQuestion();
  const byScore = evidenceMatchesAnswer || byCoverage;
  // A question (not a request for new work) one statement of which holds more of its specific terms than one
  // statement held of any generic prompt's, and at least three, is answered whatever its score: "why did the second
  // sync double the message rows in the idempotency check?" falls below its length's generic score, but a statement
  // says "idempotency", "second" and "rows" together. (In requests, the project's own words co-occur by chance: "add
  // a theme toggle to the spotter dashboard header": docs/performance.md, session 13.)
  // Whether one statement holds more of the prompt's specific terms than generic prompts reach (computed once, when
  // asked).
  let statementHolds: boolean | undefined;
  const oneStatementHolds = (): boolean => {
    statementHolds ??=
      calibration !== undefined &&
      statementCoordination(scoring.evidenceMatches, specificMask) >= Math.max(MIN_STATEMENT_TERMS, calibration.statementTerms + 1);
    return statementHolds;
  };
  const coordinated = !byScore && asksAQuestion() && oneStatementHolds();
  const evidence = byScore || coordinated;
  // A request that names something new to this bank ("import runs from Strava", "add a Prometheus exporter", "add
  // Playwright tests") asks for new work, though its other words are this project's own: evidence by those words is
  // chance. Looked for only when it would change the answer: in a request for new work that names no entity, unknown
  // words and unseen technologies; in a question or an instruction, technologies only, when all it names are unseen, or
  // the one it asks about is (unknown-words.ts).
  // A named entity answers a request or an instruction whatever new it brings in: "Set up a GitHub Actions workflow
  // that runs just check", and the bank says what `just check` runs; what it holds of the entity helps the new work
  // (session 21, docs/performance.md). Not a question about an unseen technology: "What Playwright tests did we write
  // for the todo filter?", "How did we set up Prisma migrations for the Next.js app?" ask what the memory cannot know,
  // whatever else they name; but "Why does the TodoItem flicker in Docker?" asks about the TodoItem (session 23).
  const isUnmatched = (stem: string): boolean => scoring.terms.some((term) => term.term === stem && term.literalIdf === 0);
  const isHeld = (stem: string): boolean => view.postings(stem).length > 0;
  const looked = isVocabulary !== undefined && (evidence || named.size > 0);
  // A question or an instruction (not a bug report: "the mix quality alias fails in Docker" is about the alias); with
  // an entity named, a question only. Unless one statement holds its words (it asks about what the bank knows, naming
  // only where it runs).
  const asks = (): boolean =>
    (named.size === 0 ? QUESTION.test(query.text) || isInstruction(query.text) : QUESTION.test(query.text) && !isInstruction(query.text)) &&
    !oneStatementHolds();
  const unknown =
    !looked || !isVocabulary
      ? []
      : isRequestForNewWork(query.text)
        ? named.size > 0
          ? []
          : [
              ...new Set([
                ...findUnknownWords(query.text, isUnmatched, isVocabulary),
                ...findUnseenTechnologies(query.text, isHeld).map((name) => name.toLowerCase()),
              ]),
            ]
        : asks()
          ? findOnlyUnseenTechnologies(query.text, isHeld, named.size > 0).map((name) => name.toLowerCase())
          : [];
  const answered = (named.size > 0 || evidence) && unknown.length === 0;
  const best = scoring.evidenceMatches[0];
  const bar = best && termsOf(best) >= 2 ? threshold : singleThreshold;
  const reason =
    unknown.length > 0
      ? `the prompt names what this bank has never seen (${unknown.join(', ')})${named.size > 0 ? '' : ', and no entity'}`
      : named.size > 0
        ? 'an entity is named'
        : answered && byCoverage
          ? "a memory's statements together hold the question's terms, beating what generic prompts reach on this bank that way"
          : answered && coordinated
            ? `one statement holds ${statementCoordination(scoring.evidenceMatches, specificMask)} of the prompt's terms specific to this bank, more than of any generic prompt`
            : answered
              ? 'a memory with a term specific to this bank beats what generic prompts reach on this bank'
              : specificMask === 0
                ? 'no term specific to this bank matched'
                : best && (best.literalMask & specificMask) === 0
                  ? "the best memory matched none of the prompt's terms specific to this bank as written (only common words, synonyms or related words)"
                  : best && termsOf(best) < 2 && !singleAllowed
                    ? `the best memories matched one word of a prompt of ${query.terms.length} terms`
                    : `best score ${round(best?.evidence ?? 0)} does not beat ${round(bar)}, what generic prompts reach on this bank`;
  // Once the prompt is answered, a further match is kept when it is close enough to the best and holds a specific term.
  // The best before a named entity's bonus (scoring.topRaw; a named entity scores 1.3 x the best other): the bonus
  // lifts the scale, and would push answers on other entities below the floor. (Against the best entity not named,
  // which also leaves out the named one's own statements: no answer more on any set, more lines shown:
  // docs/performance.md.)
  const keep = (match: EntityMatch): boolean =>
    named.has(match.id) || (match.raw >= RELEVANCE_FLOOR * scoring.topRaw && (match.literalMask & specificMask) !== 0);
  return {
    report: {
      // The best score silence reads (without coverage, before a named entity's bonus), beside the threshold.
      // Answered by the statements together: that score and its bar.
      topRaw: round(byCoverage ? scoring.topRaw : Math.max(scoring.coordinatedTopRaw, scoring.singleTopRaw)),
      threshold: round(byCoverage ? (coveredThreshold as number) : bar),
      specificTerms,
      named: [...named].map(view.name),
      unknown,
      answered,
      reason,
    },
    keep,
    named,
  };
}

// A name the prompt says is evidence when it cannot be an everyday word: several words, an identifier (digits,
// dots, dashes, underscores, inner capitals), or a word rare in this bank.
function isDistinctiveName(view: GraphView, id: number, specificIdf: number): boolean {
  const name = view.name(id).trim();
  if (name.length < 3) {
    return false;
  }
  if (/[\s._/\d-]|[a-z][A-Z]/.test(name)) {
    return true;
  }
  const postings = view.postings(stemWord(name.toLowerCase())).length / POSTING_WIDTH;
  const slots = view.stats().slots;
  return Math.log(1 + (slots - postings + 0.5) / (postings + 0.5)) >= specificIdf;
}

// A short prompt about a technology of the project ("remind me what redis is there for"): its name is evidence though
// the bank says it often. Only a technology, and only when its name is all the prompt asks about: the bank's
// everyday words that also name entities ("tests?", "update?", "stop") are no question about them.
function isTechnologyAskedAbout(view: GraphView, id: number, query: ParsedQuery): boolean {
  const name = view.name(id);
  if (query.terms.length === 0 || query.terms.length > SINGLE_TERM_PROMPT || name.length < 3 || canonicalTechnology(name) === undefined) {
    return false;
  }
  const stems = new Set(extractTerms(name));
  return query.terms.every((term) => stems.has(term));
}

// A name written as one identifier that a prompt spells as words: "the use todos hook" names useTodos, "power
// metrics module" power_metrics_module (runs of such words start at the identifiers' first parts: compoundHead); so
// does an identifier written in another case style, "drone_scenario_config" or "drone-scenario-config" for
// DroneScenarioConfig (session 20; not a hyphenated word of two parts). Only an identifier's name matches so: "set up"
// names no entity "setup".
function idOfJoined(view: GraphView, run: string): number | undefined {
  // Words, or one identifier of snake_case or of three kebab-case parts or more: "follow-up", "real-time" are English
  // words that would name followUp, realTime (a review, session 20); or one camelCase identifier, which names the same
  // words in snake_case or kebab-case ("GetPowerSourceInfo" names get_power_source_info; session 21, from the spent
  // heldout-20).
  const camel = /^[\p{L}\p{N}]+$/u.test(run) && /\p{Ll}\p{Lu}/u.test(run);
  const words = camel ? identifierParts(run).map((word) => word.toLowerCase()) : run.split(/[ _-]+/);
  if (words.length < 2 || (!camel && !/[ _]/.test(run) && words.length < 3)) {
    return undefined;
  }
  for (const separator of ['', '_', '-']) {
    const id = view.idOf(words.join(separator));
    if (id !== undefined && compoundHead(view.name(id)) !== undefined) {
      return id;
    }
  }
  return undefined;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

// The prompt's terms the bank holds but not specifically (judgeEvidence's specific terms are the others).
function commonTermsOf(scoring: Scoring, specificTerms: readonly string[]): Set<string> {
  const specific = new Set(specificTerms);
  return new Set(scoring.terms.filter((term) => term.literalIdf > 0 && !specific.has(term.term)).map((term) => term.term));
}
