// Collects what an extraction pass finds into one delta: entities, observations and relations, each with a confidence;
// only confident ones are kept. Shared by every extractor (conversation, tasks, tool calls) so none imports another.
import { type GraphDelta, type GraphEntity, type GraphRelation, preferType, validateName } from './graph.ts';

// Only items at least this confident are written; the rest are counted as skipped.
const MIN_CONFIDENCE = 0.6;

// Where the messages come from; a message's own session id stands in when sessionId is absent.
export interface ExtractionContext {
  sessionId?: string;
  // The project's name (the folder the session ran in), for "<project> uses <technology>".
  projectName?: string;
}

// What one pass found, by kind; summed over a sync's pieces (sumStats) into the sync report.
export interface ExtractionStats {
  // Statements kept from what was said and written (capture/).
  statements: number;
  decisions: number;
  conventions: number;
  tasks: number;
  technologies: number;
  errors: number;
  files: number;
  commands: number;
  installs: number;
  agents: number;
  lowConfidenceSkipped: number;
}

// Collects entities, observations and relations, each with a confidence; only confident ones are kept.
export class DeltaBuilder {
  readonly stats: ExtractionStats = {
    statements: 0,
    decisions: 0,
    conventions: 0,
    tasks: 0,
    technologies: 0,
    errors: 0,
    files: 0,
    commands: 0,
    installs: 0,
    agents: 0,
    lowConfidenceSkipped: 0,
  };
  readonly #entities = new Map<string, GraphEntity>();
  readonly #relations: GraphRelation[] = [];
  readonly #order: Array<[string, string]> = [];

  // Adds (or finds) an entity and optionally an observation; returns the entity's name, or undefined when refused.
  addEntity(name: string, entityType: string, confidence: number, observation?: string): string | undefined {
    if (confidence < MIN_CONFIDENCE || isJunkName(name)) {
      this.stats.lowConfidenceSkipped += 1;
      return undefined;
    }
    const key = name.toLowerCase();
    const entity = this.#entities.get(key) ?? { name, entityType, observations: [] };
    entity.entityType = preferType(entity.entityType, entityType);
    if (observation && !entity.observations.includes(observation)) {
      entity.observations.push(observation);
      this.#order.push([key, observation]);
    } else if (observation) {
      // Said again: its place in the order is the last time it was said.
      const at = this.#order.findIndex(([heldKey, held]) => heldKey === key && held === observation);
      if (at >= 0) {
        this.#order.splice(at, 1);
        this.#order.push([key, observation]);
      }
    }
    this.#entities.set(key, entity);
    return entity.name;
  }

  // Takes back an observation added to this delta (a plain line replaced by a fuller one); false when it is not here.
  removeObservation(name: string, observation: string): boolean {
    const key = name.toLowerCase();
    const entity = this.#entities.get(key);
    const at = entity ? entity.observations.indexOf(observation) : -1;
    if (!entity || at < 0) {
      return false;
    }
    entity.observations.splice(at, 1);
    const said = this.#order.findIndex(([heldKey, held]) => heldKey === key && held === observation);
    if (said >= 0) {
      this.#order.splice(said, 1);
    }
    return true;
  }

  addRelation(from: string | undefined, relationType: string, to: string | undefined): void {
    if (!from || !to || from.toLowerCase() === to.toLowerCase()) {
      return;
    }
    if (this.#relations.some((relation) => relation.from === from && relation.to === to && relation.relationType === relationType)) {
      return;
    }
    this.#relations.push({ from, to, relationType });
  }

  // The delta; entities with neither an observation nor a relation (e.g. the project when nothing used it) are left out.
  build(): GraphDelta {
    const linked = new Set(this.#relations.flatMap((relation) => [relation.from.toLowerCase(), relation.to.toLowerCase()]));
    const entities = [...this.#entities.values()].filter(
      (entity) => entity.observations.length > 0 || linked.has(entity.name.toLowerCase()),
    );
    const index = new Map(entities.map((entity, position) => [entity.name.toLowerCase(), position] as const));
    const order: Array<[number, number]> = [];
    for (const [key, observation] of this.#order) {
      const position = index.get(key);
      const observationIndex = position === undefined ? -1 : (entities[position]?.observations.indexOf(observation) ?? -1);
      if (position !== undefined && observationIndex >= 0) {
        order.push([position, observationIndex]);
      }
    }
    return { entities, relations: this.#relations, ...(order.length > 0 ? { order } : {}) };
  }
}

// A short kebab-case name for a phrase (1 to 5 words), or undefined when nothing meaningful is left.
export function toEntityName(phrase: string): string | undefined {
  const words = phrase
    .replace(/^(?:the|a|an|our|their|this|that|using)\s+/i, '')
    .split(/\s+/)
    // The lookbehind starts the trailing part only where its run starts (linear on '@@@@x').
    .map((word) => word.replace(/^[^\w@]+|(?<![^\w+#])[^\w+#]+$/g, ''))
    .filter((word) => word !== '');
  if (words.length === 0 || words.length > 5) {
    return undefined;
  }
  const name = words.join('-').toLowerCase();
  return name.length >= 3 && /[a-z]/.test(name) ? name : undefined;
}

// Names no one wants in a graph: too short, pure numbers, temp paths, markup fragments.
export function isJunkName(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed.length < 3 ||
    /^[\d\s.,:-]+$/.test(trimmed) ||
    /^(?:\/tmp\/|\/var\/folders\/|\/private\/tmp\/|[A-Z]:\\Temp\\)/i.test(trimmed) ||
    /[<>{}`*|]/.test(trimmed) ||
    validateName(trimmed) !== undefined ||
    /^(?:it|this|that)$/i.test(trimmed)
  );
}

// A text cut to a length, whitespace flattened, with an ellipsis when cut.
export function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}…`;
}

// One delta from several (the pieces of one sync, in order): entities and relations appended, the order said kept.
export function concatDeltas(parts: readonly GraphDelta[]): GraphDelta {
  const entities: GraphEntity[] = [];
  const relations: GraphRelation[] = [];
  const order: Array<[number, number]> = [];
  for (const part of parts) {
    const offset = entities.length;
    entities.push(...part.entities);
    relations.push(...part.relations);
    for (const [entity, observation] of part.order ??
      part.entities.flatMap((held, index) => held.observations.map((_, at) => [index, at] as [number, number]))) {
      order.push([entity + offset, observation]);
    }
  }
  return { entities, relations, ...(order.length > 0 ? { order } : {}) };
}

// The stats of several extractions, added up.
export function sumStats(all: readonly ExtractionStats[]): ExtractionStats {
  const total = new DeltaBuilder().stats;
  for (const stats of all) {
    for (const key of Object.keys(total) as Array<keyof ExtractionStats>) {
      total[key] += stats[key];
    }
  }
  return total;
}
