// BM25 over statements: every name, type and observation of the graph is a short document, scored with term
// saturation, length normalization and IDF, so a word of the prompt that matches nothing costs nothing (the old
// coverage score divided by every word of the prompt, and long prompts fell silent). An entity's score comes from
// its name, its type and its best statements. Reads only the postings of the prompt's words and their variants
// (near-misses, synonyms, the lexicon's expansions stored in the index): nothing is loaded or tokenized to score.
import {
  countOf,
  type GraphView,
  isSupersededPosting,
  lengthOf,
  NAME_SLOT,
  POSTING_WIDTH,
  STATEMENT_SLOT,
  TYPE_SLOT,
} from '../graph-view.ts';
import type { ParsedQuery } from '../query.ts';
import { synonymsOf } from '../synonyms.ts';
import { ANSWER_DURATION, DURATION_STEM } from './answer-types.ts';
import { listRoleStems } from './roles-asked.ts';

// BM25's saturation and length normalization (the usual values; names are short, so their length counts less).
export const BM25 = { k1: 1.2, b: 0.75, nameB: 0.3 } as const;
// How much a match counts in each slot, relative to a statement.
export const SLOT_WEIGHTS = { name: 1.5, type: 0.3 } as const;
// An entity's score: its name and type, its best statement, and a little of the next two (an entity whose several
// statements answer is a better answer than one whose single statement does, but not several times better).
export const STATEMENT_WEIGHTS = [1, 0.3, 0.1] as const;
// Coverage, for ranking: an entity also gets each term of the prompt its best statement lacks, by that term's largest
// share in one of its statements (a superseded one at half weight), times this, and times the bank's mean number of
// statements per entity over its own when it has more (a log of a hundred statements holds scattered words of any prompt). A paraphrase says in one sentence
// what an entity says over several, which per-entity BM25 rewards and the best statement alone does not. Ranking only:
// silence is judged on the score without it (`evidence`), as calibrated; counted in silence too, long unrelated
// prompts gathered such words (session 20: docs/ranking.md, docs/performance.md).
export const COVERAGE_WEIGHT = 1;
// What a variant of a word counts, relative to the word itself.
// (A technology's other spelling, "otel" for OpenTelemetry, is the same name: almost the word itself.)
// (An answer type, "how long" for a statement with a duration, counts as a word: retrieval/answer-types.ts.)
export const VARIANT_FACTORS = { near: 0.7, spelling: 0.9, synonym: 0.6, expansion: 0.5, role: 0.9, answer: 1 } as const;

// A statement of an entity whose name matched words of the prompt the statement lacks gets this share of the name's
// score for them: the name is its context ("github.com/xtermjs/xterm.js/issues/1343" says what "resolved through PR
// #2388" is about).
const NAME_CONTEXT = 0.5;

// A superseded statement (history) counts this much: it may bring its entity, whose current statement answers.
export const SUPERSEDED_FACTOR = 0.5;

// How a stem matched a query term: the word itself, a near-miss, a synonym, a lexicon expansion, or a technology of
// the role the prompt asks for (the term `@role:<role>`: roles-asked.ts), or a statement of the answer type it asks
// for (the term `@answer:duration`: answer-types.ts).
export type VariantKind = 'exact' | 'near' | 'spelling' | 'synonym' | 'expansion' | 'role' | 'answer';

// The query term of a role the prompt asks for ("@role:package manager"; no stem holds "@"): its variants are the
// role's technologies that are specific to this bank, each as literal as a word of the prompt ("which package manager
// do we use" names pnpm as "pnpm" would). A role's term is evidence by itself (retrieve.ts, judgeEvidence).
export const ROLE_TERM_PREFIX = '@role:';
// At most this many roles per prompt are searched, in the bits the prompt's own terms leave free.
const MAX_ROLE_TERMS = 3;
const isLiteralKind = (kind: VariantKind): boolean => kind === 'exact' || kind === 'near' || kind === 'spelling' || kind === 'role';

// One scored statement of an entity (index into its observations; -1 is its name).
export interface StatementScore {
  index: number;
  score: number;
  // Bit k: query term k matched it (by the word itself or a variant).
  termMask: number;
  // It is history (superseded): it may bring its entity, but it is not evidence of its own.
  superseded?: boolean;
  // The best answer to one part of a prompt that asks several things: always shown (see pinPartAnswers).
  pinned?: boolean;
}

// An entity that matched the prompt, with its scores and the statements that earned them (retrieve.ts ranks these).
export interface EntityMatch {
  id: number;
  // The raw BM25 score: the sum of its name, type and best statements, and the coverage of the prompt's terms its best
  // statement lacks by its other statements (COVERAGE_WEIGHT).
  raw: number;
  // The same without the coverage: what silence is judged on (calibrate.ts, retrieve.ts).
  evidence: number;
  // raw over the best raw of this prompt, in (0, 1] (a named entity is 1).
  relevance: number;
  matchedTerms: string[];
  // Bit k: it matched query term k, by any variant.
  termMask: number;
  // The query terms it matched by the word itself, a near-miss or a role's technology (not only through synonyms or
  // expansions).
  literalMask: number;
  statements: StatementScore[];
}

// What one query term matched: the silence decision reads its literal IDF, `search --json` prints the rest.
export interface TermReport {
  term: string;
  idf: number;
  documentFrequency: number;
  // The IDF of its rarest literal match (the word itself, a near-miss, or a role's technology); 0 when it matched
  // nothing literally.
  literalIdf: number;
  variants: Array<{ stem: string; kind: VariantKind; weight: number }>;
}

// The matches best first, per-term reports, and the top raw scores that silence is judged and calibrated on.
export interface Scoring {
  matches: EntityMatch[];
  // The COORDINATION_MATCHES best by `evidence` (the score silence is calibrated on), best first: what silence is
  // judged on. Most are among `matches`.
  evidenceMatches: EntityMatch[];
  terms: TermReport[];
  // The best ranking score (coverage included) before a named entity's bonus: the scale of the relevance floor.
  topRaw: number;
  // The best raw score of an entity that matched two query terms or more, and of one that matched a single term
  // (what silence is calibrated on: see calibrate.ts).
  coordinatedTopRaw: number;
  // The best ranking score (coverage included) of an entity that matched two query terms or more.
  coveredTopRaw: number;
  singleTopRaw: number;
  // The bits of the answer types' terms (retrieval/answer-types.ts): no evidence, and not counted among the terms
  // silence counts (they do show among a match's matchedTerms).
  answerMask?: number;
}

// The most terms of a mask (the prompt's terms specific to the bank, less its request verbs) that one statement of the
// first matches holds: a statement that says several of a prompt's rare words at once is evidence that a word
// scattered over a memory is not (calibrate.ts measures what generic prompts reach this way; retrieve.ts judges by it).
// A term counts by any variant, a synonym or an expansion too: generic prompts are counted the same way, and literal
// matches only measured three answers fewer on the spent capture sets, no silence gained (session 14). History
// (superseded statements) does not count: it may bring its entity, but it says what is no longer so.
export const COORDINATION_MATCHES = 5;
export function statementCoordination(matches: readonly EntityMatch[], mask: number): number {
  let most = 0;
  for (const match of matches.slice(0, COORDINATION_MATCHES)) {
    for (const statement of match.statements) {
      if (statement.index >= 0 && statement.superseded !== true) {
        most = Math.max(most, termCount(statement.termMask & mask));
      }
    }
  }
  return most;
}

// How many query terms a mask holds.
export function termCount(mask: number): number {
  let bits = mask >>> 0;
  let count = 0;
  for (; bits !== 0; bits &= bits - 1) {
    count += 1;
  }
  return count;
}

// A named entity scores this much above the prompt's best match: the user said its name.
export const NAMED_BONUS = 1.3;

interface Variant {
  stem: string;
  kind: VariantKind;
  factor: number;
  postings: Int32Array;
}

// A stem in more than this share of the slots (and more than this many: in a small bank every word is rare) is
// common (see scoreStatements); at most that, it is specific to the bank (see calibrate.ts).
export const COMMON_SHARE = 0.03;
const COMMON_MIN_FREQUENCY = 20;
const MAX_COMMON_POSTINGS = 10_000;
// How many slots a stem may be in before it is common, in a bank of `slots` slots (scoring and calibrate.ts agree).
export const commonFrequency = (slots: number): number => Math.max(COMMON_MIN_FREQUENCY, COMMON_SHARE * slots);

// How many statements of each of the best entities are kept for rendering.
const STATEMENTS_KEPT = 16;

// Scores the live entities that match at least one query term (or a variant), best first: the best `wanted`
// (all when not given), each with its best statements.
export function scoreStatements(
  view: GraphView,
  query: ParsedQuery,
  isLive: (id: number) => boolean,
  wanted = Number.POSITIVE_INFINITY,
): Scoring {
  const hinted = new Set(query.entityHints.map((hint) => view.idOf(hint)).filter((id): id is number => id !== undefined && isLive(id)));
  const ownTerms = query.terms.slice(0, 31);
  const roleTerms = (query.roles ?? [])
    .slice(0, Math.min(MAX_ROLE_TERMS, 31 - ownTerms.length))
    .map((role) => `${ROLE_TERM_PREFIX}${role}`);
  // An answer type ("how long": a duration) takes a bit the prompt's terms and roles leave free.
  const answerTerms = (query.answerTypes ?? []).slice(0, Math.max(0, 31 - ownTerms.length - roleTerms.length));
  const terms = [...ownTerms, ...roleTerms, ...answerTerms];
  const answerMask = answerTerms.reduce((mask, _, index) => mask | (1 << (ownTerms.length + roleTerms.length + index)), 0);
  if (terms.length === 0 && hinted.size === 0) {
    return { matches: [], evidenceMatches: [], terms: [], topRaw: 0, coordinatedTopRaw: 0, coveredTopRaw: 0, singleTopRaw: 0 };
  }
  const stats = view.stats();
  const slots = stats.slots;
  const bases = view.slotBases();
  const idfOf = (frequency: number): number => Math.log(1 + (slots - frequency + 0.5) / (frequency + 0.5));
  const slotScore = new Float32Array(slots);
  const slotMask = new Int32Array(slots);
  const literal = new Int32Array(slots);
  const supersededSlot = new Uint8Array(slots);
  const entityTouched = new Uint8Array(view.size);
  const viaEntity = new Uint8Array(slots);
  // The slot's entity, for slots touched: touchedSlots[0 .. touchedCount) and their ids.
  const touchedSlots = new Int32Array(Math.min(slots, 1 << 20));
  const touchedIds = new Int32Array(touchedSlots.length);
  let touchedCount = 0;
  const reports: TermReport[] = [];
  // A stem in more than this many slots is common: it adds to slots a rarer word of the prompt already reached, but
  // reaches none itself (a slot it alone matches could not pass silence, which needs a specific term; and scoring
  // its tens of thousands of postings was most of a prompt's time at 100,000 statements).
  const commonLimit = commonFrequency(slots);
  const passes: Array<{ termIndex: number; variant: Variant; weight: number; common: boolean }> = [];
  terms.forEach((term, termIndex) => {
    const variants = variantsOf(view, term, query.spellings?.[term]);
    const exact = variants.find((variant) => variant.kind === 'exact');
    const documentFrequency = exact ? exact.postings.length / POSTING_WIDTH : 0;
    const weighted = variants
      .map((variant) => ({ variant, weight: variant.factor * idfOf(variant.postings.length / POSTING_WIDTH) }))
      .sort((a, b) => b.weight - a.weight);
    reports.push({
      term,
      idf: idfOf(documentFrequency),
      documentFrequency,
      literalIdf: Math.max(
        0,
        ...variants.filter((variant) => isLiteralKind(variant.kind)).map((variant) => idfOf(variant.postings.length / POSTING_WIDTH)),
      ),
      variants: weighted.map(({ variant, weight }) => ({ stem: variant.stem, kind: variant.kind, weight: round(weight) })),
    });
    for (const { variant, weight } of weighted) {
      passes.push({ termIndex, variant, weight, common: variant.postings.length / POSTING_WIDTH > commonLimit });
    }
  });
  // Only common stems and no entity named: nothing can pass silence (it needs a specific term), so nothing is scored.
  if (hinted.size === 0 && passes.every((pass) => pass.common)) {
    return { matches: [], evidenceMatches: [], terms: reports, topRaw: 0, coordinatedTopRaw: 0, coveredTopRaw: 0, singleTopRaw: 0 };
  }
  // Per entity a statement posting reached, and per term, the largest share of that term in one of its statements (for
  // COVERAGE_WEIGHT): a row per such entity (rowOf[id], from 1), grown as entities are reached, not entities x terms
  // (a long prompt on a bank of 100,000 entities allocated 12 MB per prompt).
  const termCountAll = terms.length;
  const rowOf = new Int32Array(view.size);
  let termBest = new Float32Array(64 * termCountAll);
  let rows = 0;
  const rareTouched = (): boolean => touchedCount > 0;
  // Rare stems first (each term by its best variant first), then the common ones.
  const passOrder = [...passes.filter((pass) => !pass.common), ...passes.filter((pass) => pass.common)];
  let restrict = false;
  passOrder.forEach(({ termIndex, variant, weight, common }, position) => {
    if (common && (position === 0 || !passOrder[position - 1]?.common)) {
      restrict = rareTouched() || hinted.size > 0;
    }
    const onlyTouched = common && restrict;
    // A bound on a prompt's work: a stem in this many slots is so common in a large bank that it is left out once
    // rarer words reached something (it would only nudge their order, at the cost of tens of thousands of postings).
    if (onlyTouched && variant.postings.length / POSTING_WIDTH > MAX_COMMON_POSTINGS) {
      return;
    }
    const bit = 1 << termIndex;
    const postings = variant.postings;
    const isLiteral = isLiteralKind(variant.kind);
    // A rare stem lets the common ones into its entities; an answer type's stem does not (answer-types.ts).
    const touches = !common && variant.kind !== 'answer';
    const supersededWeight = weight * SUPERSEDED_FACTOR;
    const nameNorm = BM25.k1 * (1 - BM25.nameB);
    const nameScale = (BM25.k1 * BM25.nameB) / stats.meanNameLength;
    const statementNorm = BM25.k1 * (1 - BM25.b);
    const statementScale = (BM25.k1 * BM25.b) / stats.meanStatementLength;
    for (let at = 0; at < postings.length; at += POSTING_WIDTH) {
      const id = postings[at] as number;
      const slot = postings[at + 1] as number;
      const global = (bases[id] as number) + slot;
      // A term counts once per slot, by its best variant (the variants of a term come best first).
      // A common stem also reaches the other slots of an entity a rarer word reached: the statement of that entity
      // that answers may hold only the bank's everyday words ("todo", "state"). Such slots count in the entity's
      // score like the others (leaving them out measured worse: docs/performance.md, "Quality choices"), but only a
      // few of them are shown (keepStatements).
      if (global >= slots || ((slotMask[global] as number) & bit) !== 0 || (onlyTouched && entityTouched[id] === 0 && !hinted.has(id))) {
        continue;
      }
      if (onlyTouched && slotMask[global] === 0 && !hinted.has(id)) {
        viaEntity[global] = 1;
      }
      if (touches) {
        entityTouched[id] = 1;
      }
      const packed = postings[at + 2] as number;
      const count = packed & 0xff;
      const length = (packed >>> 8) & 0xff;
      const saturation =
        slot === TYPE_SLOT
          ? 1
          : (count * (BM25.k1 + 1)) /
            (count + (slot === NAME_SLOT ? nameNorm + nameScale * length : statementNorm + statementScale * length));
      if (slotMask[global] === 0 && touchedCount < touchedSlots.length) {
        touchedSlots[touchedCount] = global;
        touchedIds[touchedCount] = id;
        touchedCount += 1;
      }
      const superseded = isSupersededPosting(packed);
      if (superseded) {
        supersededSlot[global] = 1;
      }
      const contribution = (superseded ? supersededWeight : weight) * saturation;
      slotScore[global] = (slotScore[global] as number) + contribution;
      slotMask[global] = (slotMask[global] as number) | bit;
      if (slot !== NAME_SLOT && slot !== TYPE_SLOT) {
        let row = rowOf[id] as number;
        if (row === 0) {
          rows += 1;
          row = rows;
          rowOf[id] = row;
          if (row * termCountAll > termBest.length) {
            const grown = new Float32Array(termBest.length * 2);
            grown.set(termBest);
            termBest = grown;
          }
        }
        const key = (row - 1) * termCountAll + termIndex;
        if (contribution > (termBest[key] as number)) {
          termBest[key] = contribution;
        }
      }
      if (isLiteral) {
        literal[global] = (literal[global] as number) | bit;
      }
    }
  });

  // Per entity: name, type and its three best statements. (These loops run once per process, before V8 optimizes
  // anything: plain typed arrays and no calls.)
  const size = view.size;
  const nameScore = new Float32Array(size);
  const typeScore = new Float32Array(size);
  const best0 = new Float32Array(size);
  const best1 = new Float32Array(size);
  const best2 = new Float32Array(size);
  const best0Mask = new Int32Array(size);
  const entityMask = new Int32Array(size);
  const literalMask = new Int32Array(size);
  const candidates = new Int32Array(size);
  let candidateCount = 0;
  const seen = new Uint8Array(size);
  for (let index = 0; index < touchedCount; index += 1) {
    const global = touchedSlots[index] as number;
    const id = touchedIds[index] as number;
    let state = seen[id] as number;
    // Liveness once per entity (superseded entities' slots were scored, and are dropped here).
    if (state === 0) {
      state = isLive(id) ? 1 : 2;
      seen[id] = state;
      if (state === 1) {
        candidates[candidateCount++] = id;
      }
    }
    if (state === 2) {
      continue;
    }
    const slot = global - (bases[id] as number);
    const score = slotScore[global] as number;
    entityMask[id] = (entityMask[id] as number) | (slotMask[global] as number);
    literalMask[id] = (literalMask[id] as number) | (literal[global] as number);
    if (slot === NAME_SLOT) {
      nameScore[id] = score;
    } else if (slot === TYPE_SLOT) {
      typeScore[id] = score;
    } else if (score > (best2[id] as number)) {
      if (score > (best0[id] as number)) {
        best2[id] = best1[id] as number;
        best1[id] = best0[id] as number;
        best0[id] = score;
        best0Mask[id] = slotMask[global] as number;
      } else if (score > (best1[id] as number)) {
        best2[id] = best1[id] as number;
        best1[id] = score;
      } else {
        best2[id] = score;
      }
    }
  }
  // An entity only the answer type reached is no match: it holds a duration, and nothing the prompt says
  // (answer-types.ts). Left out, it neither ranks nor sets the scale nor stands in for evidence.
  if (answerMask !== 0) {
    let kept = 0;
    for (let index = 0; index < candidateCount; index += 1) {
      const id = candidates[index] as number;
      if (((entityMask[id] as number) & ~answerMask) !== 0 || hinted.has(id)) {
        candidates[kept++] = id;
      }
    }
    candidateCount = kept;
  }
  for (const id of hinted) {
    if (seen[id] === 0) {
      seen[id] = 1;
      candidates[candidateCount++] = id;
    }
  }
  const meanStatements = Math.max(1, (slots - STATEMENT_SLOT * size) / Math.max(1, size));
  const coverage = (id: number, rest: number): number => {
    const row = rowOf[id] as number;
    if (row === 0) {
      return 0;
    }
    let sum = 0;
    for (let termIndex = 0; termIndex < termCountAll; termIndex += 1) {
      if ((rest & (1 << termIndex)) !== 0) {
        sum += termBest[(row - 1) * termCountAll + termIndex] as number;
      }
    }
    const statementCount = (bases[id + 1] as number) - (bases[id] as number) - STATEMENT_SLOT;
    return COVERAGE_WEIGHT * sum * Math.min(1, meanStatements / Math.max(1, statementCount));
  };
  const raw = new Float64Array(size);
  const evidence = new Float64Array(size);
  let topRaw = 0;
  let coordinatedTopRaw = 0;
  let coveredTopRaw = 0;
  let singleTopRaw = 0;
  for (let index = 0; index < candidateCount; index += 1) {
    const id = candidates[index] as number;
    const value =
      SLOT_WEIGHTS.name * (nameScore[id] as number) +
      SLOT_WEIGHTS.type * (typeScore[id] as number) +
      STATEMENT_WEIGHTS[0] * (best0[id] as number) +
      STATEMENT_WEIGHTS[1] * (best1[id] as number) +
      STATEMENT_WEIGHTS[2] * (best2[id] as number);
    evidence[id] = value;
    // Most candidates of a big bank hold one term, or all theirs in the best statement: no call.
    const rest = (entityMask[id] as number) & ~(best0Mask[id] as number);
    raw[id] = rest === 0 ? value : value + coverage(id, rest);
    if ((raw[id] as number) > topRaw) {
      topRaw = raw[id] as number;
    }
    const mask = (entityMask[id] as number) & ~answerMask;
    // Two terms or more: a second bit is set.
    if ((mask & (mask - 1)) !== 0) {
      if (value > coordinatedTopRaw) {
        coordinatedTopRaw = value;
      }
      if ((raw[id] as number) > coveredTopRaw) {
        coveredTopRaw = raw[id] as number;
      }
    } else if (value > singleTopRaw) {
      singleTopRaw = value;
    }
  }
  // An entity named verbatim in the prompt is the most relevant: the user said its name. Unless another entity's
  // name holds more of the prompt's words ("protein logging modal" names Protein Logging, but means
  // ProteinLoggingModal): then the name said is only part of the one meant.
  const unnamedTop = topRaw;
  const unnamedEvidence = Math.max(coordinatedTopRaw, singleTopRaw);
  if (hinted.size > 0) {
    const nameTerms = (id: number): number => termCount(slotMask[bases[id] as number] as number);
    let widestName = 0;
    for (let index = 0; index < candidateCount; index += 1) {
      const id = candidates[index] as number;
      if (!hinted.has(id)) {
        widestName = Math.max(widestName, nameTerms(id));
      }
    }
    // Of two names said, the one that holds more of the prompt's words ("power metrics module" says PowerMetrics and
    // power_metrics_module).
    let widestHinted = 0;
    for (const id of hinted) {
      widestHinted = Math.max(widestHinted, nameTerms(id));
    }
    for (const id of hinted) {
      if (nameTerms(id) >= widestName && nameTerms(id) >= widestHinted) {
        raw[id] = Math.max(raw[id] as number, unnamedTop * NAMED_BONUS);
        evidence[id] = Math.max(evidence[id] as number, unnamedEvidence * NAMED_BONUS);
      }
      topRaw = Math.max(topRaw, raw[id] as number);
    }
  }
  const chosen = selectTop(candidates.subarray(0, candidateCount), raw, Number.isFinite(wanted) ? wanted : candidateCount);
  const evidenceChosen = bestFew(candidates.subarray(0, candidateCount), evidence, COORDINATION_MATCHES);
  const scored = [...chosen, ...evidenceChosen.filter((id) => !chosen.includes(id))];
  // The statements of the chosen entities only (a second pass over the slots touched).
  const position = new Map(scored.map((id, rank) => [id, rank] as const));
  const statements: StatementScore[][] = scored.map(() => []);
  for (let index = 0; index < touchedCount; index += 1) {
    const id = touchedIds[index] as number;
    const rank = position.get(id);
    if (rank === undefined) {
      continue;
    }
    const global = touchedSlots[index] as number;
    const slot = global - (bases[id] as number);
    // A slot reached only through its entity is shown when it holds two words of the prompt or more.
    if (slot === TYPE_SLOT) {
      continue;
    }
    const own = slotMask[global] as number;
    const nameMask = slotMask[bases[id] as number] as number;
    const context =
      slot !== NAME_SLOT && nameMask !== 0 && (nameMask & ~own) !== 0
        ? (NAME_CONTEXT * (nameScore[id] as number) * termCount(nameMask & ~own)) / termCount(nameMask)
        : 0;
    (statements[rank] as StatementScore[]).push({
      index: slot === NAME_SLOT ? -1 : slot - STATEMENT_SLOT,
      score: round((slotScore[global] as number) * (slot === NAME_SLOT ? SLOT_WEIGHTS.name : 1) + context),
      termMask: own,
      ...(supersededSlot[global] === 1 ? { superseded: true } : {}),
    });
  }
  const scale = topRaw > 0 ? topRaw : 1;
  const all = scored.map((id, rank): EntityMatch => {
    const mask = entityMask[id] as number;
    return {
      id,
      raw: round(raw[id] as number),
      evidence: round(evidence[id] as number),
      relevance: Math.min(1, (raw[id] as number) / scale),
      matchedTerms: terms.filter((_, termIndex) => (mask & (1 << termIndex)) !== 0),
      termMask: mask,
      literalMask: literalMask[id] as number,
      statements: keepStatements(
        statements[rank] as StatementScore[],
        (index) => viaEntity[(bases[id] as number) + STATEMENT_SLOT + index] === 1,
      ),
    };
  });
  const matches = all.slice(0, chosen.length);
  const evidenceMatches = evidenceChosen.map((id) => all[position.get(id) as number] as EntityMatch);
  return {
    matches,
    evidenceMatches,
    terms: reports,
    topRaw: unnamedTop,
    coordinatedTopRaw,
    coveredTopRaw,
    singleTopRaw,
    ...(answerMask ? { answerMask } : {}),
  };
}

// An entity's statements best first, at most STATEMENTS_KEPT, of which at most VIA_ENTITY_KEPT reached only through
// the entity (a big entity touched by one rare word does not bring all its everyday statements; why 8:
// docs/performance.md, "Quality choices").
const VIA_ENTITY_KEPT = 8;
function keepStatements(statements: StatementScore[], reachedViaEntity: (index: number) => boolean): StatementScore[] {
  let via = 0;
  return statements
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .filter((entry) => entry.index < 0 || !reachedViaEntity(entry.index) || via++ < VIA_ENTITY_KEPT)
    .slice(0, STATEMENTS_KEPT);
}

// The `count` candidates with the highest raw score, best first (ties: lower id first), without sorting them all
// with a comparator: a native sort of the scores finds the threshold.
function selectTop(candidates: Int32Array, raw: Float64Array, count: number): number[] {
  let threshold = Number.NEGATIVE_INFINITY;
  if (candidates.length > count) {
    const values = new Float64Array(candidates.length);
    for (let index = 0; index < candidates.length; index += 1) {
      values[index] = raw[candidates[index] as number] as number;
    }
    values.sort();
    threshold = values[values.length - count] as number;
  }
  const chosen: number[] = [];
  for (let index = 0; index < candidates.length; index += 1) {
    const id = candidates[index] as number;
    if ((raw[id] as number) >= threshold) {
      chosen.push(id);
    }
  }
  return chosen.sort((a, b) => (raw[b] as number) - (raw[a] as number) || a - b).slice(0, count);
}

// The `count` candidates with the highest score, best first (ties: lower id first), in one pass: for a handful.
function bestFew(candidates: Int32Array, score: Float64Array, count: number): number[] {
  // Whether a ranks before b: the higher score, then the lower id (as selectTop orders).
  const before = (a: number, b: number): boolean =>
    (score[a] as number) > (score[b] as number) || ((score[a] as number) === (score[b] as number) && a < b);
  const best: number[] = [];
  for (let index = 0; index < candidates.length; index += 1) {
    const id = candidates[index] as number;
    if (best.length === count && !before(id, best[count - 1] as number)) {
      continue;
    }
    let at = best.length;
    while (at > 0 && before(id, best[at - 1] as number)) {
      at -= 1;
    }
    best.splice(at, 0, id);
    if (best.length > count) {
      best.pop();
    }
  }
  return best;
}

// A term this long or longer has near-misses.
const MIN_NEAR_MISS_LETTERS = 5;

// The stems a query term matches: itself, near-misses (a longer stem that starts with it, or a stem of 5+ letters
// inside a longer one; a shorter indexed stem it starts with), its other spellings when it names a technology, synonyms,
// and the bank's expansions of it.
function variantsOf(view: GraphView, term: string, spellings: readonly string[] = []): Variant[] {
  const variants: Variant[] = [];
  const taken = new Set<string>();
  const add = (stem: string, kind: VariantKind, factor: number): void => {
    if (taken.has(stem)) {
      return;
    }
    const postings = view.postings(stem);
    if (postings.length === 0) {
      return;
    }
    taken.add(stem);
    variants.push({ stem, kind, factor, postings });
  };
  if (term.startsWith(ROLE_TERM_PREFIX)) {
    const common = commonFrequency(view.stats().slots) * POSTING_WIDTH;
    for (const stem of listRoleStems(term.slice(ROLE_TERM_PREFIX.length))) {
      if (view.postings(stem).length <= common) {
        add(stem, 'role', VARIANT_FACTORS.role);
      }
    }
    return variants;
  }
  if (term === ANSWER_DURATION) {
    add(DURATION_STEM, 'answer', VARIANT_FACTORS.answer);
    return variants;
  }
  add(term, 'exact', 1);
  for (const stem of spellings) {
    add(stem, 'spelling', VARIANT_FACTORS.spelling);
  }
  // Of four letters or fewer, a stem's longer neighbours are other words more often than forms of it ("repo" ->
  // "report", "post" -> "postgr", "vite" -> "vitest"; software-synonyms.txt holds repo ~ repository).
  if (term.length >= MIN_NEAR_MISS_LETTERS) {
    for (const stem of view.stemsContaining(term)) {
      if (stem !== term && (stem.startsWith(term) || term.length >= 5)) {
        add(stem, 'near', VARIANT_FACTORS.near);
      }
    }
    for (let length = 5; length < term.length; length += 1) {
      add(term.slice(0, length), 'near', VARIANT_FACTORS.near);
    }
  }
  for (const synonym of synonymsOf(term)) {
    add(synonym, 'synonym', VARIANT_FACTORS.synonym);
  }
  for (const [stem, weight] of view.expansions(term)) {
    add(stem, 'expansion', VARIANT_FACTORS.expansion * Math.min(1, weight));
  }
  return variants;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
