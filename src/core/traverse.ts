// Expands the best matches through relations, up to two hops, with decaying relevance (the seed's traversal).
import type { GraphView } from './graph-view.ts';
import type { RelationStep } from './memory.ts';
import { ANY_RELATION, asksEveryRelation, findRelationFamilies, isRelationQuestion } from './relation-words.ts';
import { extractTerms, splitWords } from './text.ts';

// What a hop keeps of the relevance it starts with, through a relation the prompt does not ask about.
export const HOP_DECAY = 0.5;
// A hop through a relation the prompt asks about ("what resolved X" -> resolved_by, "what does X use?" -> uses) answers
// the prompt: the entity reached ranks with the one it was reached from (1 when the prompt says its type, else
// ASKED_OTHER_TYPE), and that one, which the prompt only names, below it (below even with the cross-reference boost:
// 0.75 x 1.2 < 0.95). Only from an entity the prompt names, and only on the first hop (what the answer relates to in
// turn is one step further).
export const ASKED_RELATION_DECAY = 1;
// An entity reached through an asked relation whose type the prompt does not say ("which database columns does X
// modify?" reaches its columns and its components) keeps this much: below those of the type asked, above the entity
// named (0.75 x 1.2 < 0.95).
export const ASKED_OTHER_TYPE = 0.95;
// What the entity an asked relation starts from keeps of its relevance (the prompt only names it).
export const ASKED_FROM_FACTOR = 0.75;
// When the prompt also asks what the entity named is or does ("remind me what it does and where it's used",
// relation-words.ts asksOfItself), it keeps its relevance and what an asked relation reaches follows it, at this share
// of the decay above.
export const ITSELF_ASKED_FACTOR = 0.9;
// A word of the prompt asks a relation type whose term it begins (or that begins it) only when it has this many letters
// or more: "the fpc4 format spec" asks nothing of FPC4_Format's "specifies format for" (session 7: tuning-3 variant
// MRR 0.91 -> 0.94 at 5 rather than 4; nothing else changed).
const MIN_PREFIX_LETTERS = 5;

// How far to go: maxHops hops from the best `seeds` candidates; isLive keeps out what retrieval leaves out.
export interface TraverseOptions {
  maxHops: number;
  seeds: number;
  // The query's search terms: relation types that share one are the relations the prompt asks about.
  queryTerms?: readonly string[];
  // The prompt's words, stopwords too: in a question, the verbs of a relation ("use", "touch") ask about it
  // (relation-words.ts).
  queryWords?: readonly string[];
  // Terms of the prompt too common in the bank to ask a relation type that holds them ("the user's training focus"
  // asks nothing of uses_table_for_user_weight, where "user" is in a tenth of the bank's statements).
  commonTerms?: ReadonlySet<string>;
  // Entities the prompt names though their name's words are not its terms (a path, a session a cue placed in time).
  named?: ReadonlySet<number>;
  // The prompt asks what the entity it names is or does, not only its relations (relation-words.ts asksOfItself).
  asksOfItself?: boolean;
  isLive: (ref: number) => boolean;
}

// A candidate before its entity is loaded: where it is, how relevant, how it was reached.
export interface Candidate {
  ref: number;
  relevance: number;
  matchedTerms: string[];
  hops: number;
  path: RelationStep[];
}

// Returns the seeds plus related entities, each with the best relevance it was reached with and the path that reached it.
export function traverseRelations(seeds: readonly Candidate[], view: GraphView, options: TraverseOptions): Candidate[] {
  // The words of the prompt that are not the name of the entity a hop starts from ask about the relation.
  // Each name and each relation type is tokenized once (a hop's frontier shares both).
  const asks = new Map<string, boolean>();
  const typeTerms = new Map<string, { terms: string[]; families: Set<string> }>();
  // Per entity a hop starts from: the prompt's terms that ask about its relations, the families asked, and the terms
  // that may say the type of what an asked relation reaches (the prompt's, but not of its own name).
  const askedFrom = new Map<number, { terms: string[]; families: Set<string>; typeWords: string[] }>();
  const prompted = new Set(options.queryTerms ?? []);
  const question = isRelationQuestion(options.queryWords ?? []);
  // The relation families a prompt asks of an entity it names (called: its name, or a path's file name): in a question,
  // by the verbs not of its name; and every relation when a word of asksEveryRelation stands beside its name ("show me
  // everything X is linked to").
  const relationFamilies = (called: string, ownWords: ReadonlySet<string>): Set<string> => {
    const words = options.queryWords ?? [];
    const families = question ? findRelationFamilies(words.filter((word) => !ownWords.has(word))) : new Set<string>();
    if (asksEveryRelation(words, splitWords(called))) {
      families.add(ANY_RELATION);
    }
    return families;
  };
  // Whether the prompt asks about this relation of the entity a hop starts from.
  const isAskedRelation = (relationType: string, from: number): boolean => {
    const key = `${from}|${relationType}`;
    const known = asks.get(key);
    if (known !== undefined) {
      return known;
    }
    let asking = askedFrom.get(from);
    if (!asking) {
      // Words of its name or type do not ask about a relation ("the X component" names a component).
      const name = view.name(from);
      const own = new Set([...extractTerms(name), ...extractTerms(view.typeOf(from))]);
      const ownWords = new Set(splitWords(`${name} ${view.typeOf(from)}`));
      // A relation is asked about from an entity the prompt names (every word of its name, all but one of a long
      // name; of a path, its file name's): "what inherits from Instrument" asks Instrument's inherits_from relations,
      // not Camera's, which matched only "inherits"; "I think the decoder uses ConvTranspose2d, which class is it?"
      // asks nothing of ProgressiveDecoder's relations.
      const called = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
      const nameTerms = extractTerms(called);
      const named =
        options.named?.has(from) === true ||
        ((options.named === undefined || options.named.size === 0) &&
          nameTerms.length > 0 &&
          nameTerms.filter((term) => prompted.has(term)).length >= nameTerms.length - (nameTerms.length >= 4 ? 1 : 0));
      const ownName = new Set(extractTerms(name));
      asking = named
        ? {
            terms: (options.queryTerms ?? []).filter((term) => !own.has(term) && options.commonTerms?.has(term) !== true),
            families: relationFamilies(called, ownWords),
            typeWords: (options.queryTerms ?? []).filter((term) => !ownName.has(term)),
          }
        : { terms: [], families: new Set(), typeWords: [] };
      askedFrom.set(from, asking);
    }
    let type = typeTerms.get(relationType);
    if (!type) {
      const spaced = relationType.replace(/[_-]+/g, ' ');
      type = { terms: extractTerms(spaced), families: findRelationFamilies(splitWords(spaced)) };
      typeTerms.set(relationType, type);
    }
    const { terms: wantedTerms, families: wantedFamilies } = asking;
    const isAsked =
      wantedFamilies.has(ANY_RELATION) ||
      [...type.families].some((family) => wantedFamilies.has(family)) ||
      type.terms.some((term) =>
        wantedTerms.some(
          (wanted) =>
            wanted === term ||
            (wanted.length >= MIN_PREFIX_LETTERS && term.length >= 4 && (term.startsWith(wanted) || wanted.startsWith(term))),
        ),
      );
    asks.set(key, isAsked);
    return isAsked;
  };
  // Whether the prompt says the type of an entity an asked relation of `from` reaches, by a word not of from's own name
  // ("what does billing-service use?" says no type "service"; "which components is AuthService linked to?" does, though
  // AuthService is a component). Asked only after isAskedRelation(_, from), which filled askedFrom.
  const typeTermsOf = new Map<string, string[]>();
  const typeAsked = (ref: number, from: number): boolean => {
    const type = view.typeOf(ref);
    let terms = typeTermsOf.get(type);
    if (!terms) {
      terms = extractTerms(type);
      typeTermsOf.set(type, terms);
    }
    const typeWords = askedFrom.get(from)?.typeWords ?? [];
    return terms.some((term) => typeWords.includes(term));
  };
  const found = new Map(seeds.map((candidate) => [candidate.ref, candidate] as const));
  const askedThrough = new Set<number>();
  let frontier = seeds.slice(0, options.seeds);
  for (let hop = 1; hop <= options.maxHops; hop += 1) {
    const next: Candidate[] = [];
    for (const candidate of frontier) {
      for (const relation of view.relationsOf(candidate.ref)) {
        const other = relation.from === candidate.ref ? relation.to : relation.from;
        if (other === candidate.ref || !options.isLive(other)) {
          continue;
        }
        const asked = hop === 1 && isAskedRelation(relation.relationType, candidate.ref);
        const decay = asked
          ? (typeAsked(other, candidate.ref) ? ASKED_RELATION_DECAY : ASKED_OTHER_TYPE) *
            (options.asksOfItself === true ? ITSELF_ASKED_FACTOR : 1)
          : HOP_DECAY;
        if (asked && options.asksOfItself !== true) {
          askedThrough.add(candidate.ref);
        }
        const relevance = candidate.relevance * decay;
        const step: RelationStep = { from: view.name(relation.from), relation: relation.relationType, to: view.name(relation.to) };
        const existing = found.get(other);
        if (existing) {
          // Reached more strongly through a relation than by its own words: the relation is why it matters.
          if (existing.relevance < relevance) {
            found.set(other, { ...existing, relevance, hops: hop, path: [...candidate.path, step] });
          }
          continue;
        }
        const reached: Candidate = { ref: other, relevance, matchedTerms: [], hops: hop, path: [...candidate.path, step] };
        found.set(other, reached);
        next.push(reached);
      }
    }
    frontier = next;
  }
  for (const ref of askedThrough) {
    const held = found.get(ref);
    if (held && held.hops === 0) {
      found.set(ref, { ...held, relevance: held.relevance * ASKED_FROM_FACTOR });
    }
  }
  return [...found.values()];
}
