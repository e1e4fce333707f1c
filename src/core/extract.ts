// Extracts decisions, conventions and technologies from conversation messages, with no LLM (a first version).
import type { GraphDelta, GraphEntity, GraphRelation } from './graph.ts';
import type { TranscriptMessage } from './transcript.ts';

// Known technology names with their canonical spelling; matched on word boundaries.
const TECHNOLOGIES = [
  'PostgreSQL', 'MySQL', 'SQLite', 'MongoDB', 'Redis', 'Memcached', 'Kafka', 'RabbitMQ', 'Elasticsearch', 'DynamoDB', 'Cassandra', 'pgvector',
  'GraphQL', 'gRPC', 'REST', 'WebSocket', 'OAuth', 'JWT', 'Docker', 'Kubernetes', 'Terraform', 'Nginx', 'AWS', 'GCP', 'Azure',
  'React', 'Vue', 'Svelte', 'Angular', 'Next.js', 'Vite', 'Webpack', 'esbuild', 'TypeScript', 'JavaScript', 'Node.js', 'Deno', 'Bun',
  'Python', 'Rust', 'Go', 'Java', 'Kotlin', 'Ruby', 'Django', 'Flask', 'FastAPI', 'Express', 'Fastify', 'Prisma', 'Drizzle',
  'Jest', 'Vitest', 'pytest', 'Playwright', 'Cypress', 'ESLint', 'Prettier', 'Tailwind', 'Zod', 'tRPC', 'Celery', 'Sidekiq',
  'Git', 'GitHub Actions', 'npm', 'pnpm', 'Yarn', 'Poetry', 'uv', 'Cargo', 'tokio', 'serde', 'S3', 'Lambda', 'Supabase', 'Firebase',
];
const TECHNOLOGY_PATTERNS = TECHNOLOGIES.map((name) => ({
  name,
  pattern: new RegExp(`(?<![\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, name.length <= 3 ? '' : 'i'),
}));

const DECISION = /\b(?:we|i|the team)\s+(?:have\s+|had\s+)?(?:decided|agreed|chose|opted|settled|went)\s+(?:to\s+|on\s+|for\s+|with\s+)?(?:use\s+|go\s+with\s+|adopt\s+|switch\s+to\s+|move\s+to\s+|keep\s+)?(.+)/i;
const USER_DECISION = /\b(?:let'?s|we(?:'ll| will| should| are going to|'re going to)|going forward,?\s*(?:we\s+)?)\s+(?:use|go with|adopt|switch to|move to|stick with)\s+(.+)/i;
const CONVENTION = /\b(?:always|never)\b\s+\w+/i;
const CLAUSE_END = /\s+(?:for|because|since|as|instead|rather|over|due|when|so|to avoid|in order|and then|which|but)\b|[,;:()]/i;
const REASON = /\b(?:because|since|due to|as)\s+(.+)$/i;
const ALTERNATIVE = /\b(?:instead of|rather than|over)\s+(?:the\s+|an?\s+)?([\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)(?=\s+(?:because|since|as|for|due)\b|[,.;]|$)/i;
const SCOPE = /\bfor\s+(?:the\s+|our\s+|all\s+)?([\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)(?=\s+(?:because|since|as|instead|rather|over|due|endpoint|endpoints)\b|[,.;]|$)/i;
const INSTALL = /\b(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\s+((?:-{1,2}[\w-]+\s+)*)([@\w./-]+(?:\s+[@\w./-]+)*)/;
const PIP_INSTALL = /\b(?:pip3?|uv pip|poetry)\s+(?:install|add)\s+([\w.[\]=<>-]+(?:\s+[\w.[\]=<>-]+)*)/;

export interface ExtractionStats {
  decisions: number;
  conventions: number;
  installs: number;
}

export interface Extraction {
  delta: GraphDelta;
  stats: ExtractionStats;
}

// Turns messages into a graph delta; only statements that match a confident pattern are kept.
export function extractDelta(messages: readonly TranscriptMessage[]): Extraction {
  const entities = new Map<string, GraphEntity>();
  const relations: GraphRelation[] = [];
  const stats: ExtractionStats = { decisions: 0, conventions: 0, installs: 0 };
  const addEntity = (name: string, entityType: string, observation?: string): string => {
    const key = name.toLowerCase();
    const entity = entities.get(key) ?? { name, entityType, observations: [] };
    if (observation && !entity.observations.includes(observation)) entity.observations.push(observation);
    entities.set(key, entity);
    return entity.name;
  };

  for (const message of messages) {
    for (const sentence of splitSentences(message.text)) {
      const decision = sentence.match(DECISION) ?? (message.role === 'user' ? sentence.match(USER_DECISION) : null);
      if (decision?.[1]) {
        const subject = toEntityName(decision[1].split(CLAUSE_END)[0] ?? '');
        if (subject) {
          stats.decisions += 1;
          const decisionName = addEntity(subject, 'decision', sentence);
          const alternative = sentence.match(ALTERNATIVE)?.[1];
          const alternativeName = alternative ? canonicalName(alternative) : undefined;
          for (const technology of findTechnologies(sentence)) {
            const key = technology.toLowerCase();
            if (key === decisionName || key === alternativeName?.toLowerCase()) continue;
            relations.push({ from: decisionName, to: addEntity(technology, 'technology'), relationType: 'uses' });
          }
          const scope = sentence.match(SCOPE)?.[1];
          const scopeName = scope ? toEntityName(scope) : undefined;
          if (scopeName && scopeName !== decisionName) {
            relations.push({ from: addEntity(scopeName, 'component'), to: decisionName, relationType: 'uses' });
          }
          if (alternativeName && alternativeName.toLowerCase() !== decisionName) {
            const reason = sentence.match(REASON)?.[1];
            const note = reason ? `Rejected in favour of ${decisionName}: ${reason.replace(/[.!]+$/, '')}.` : `Rejected in favour of ${decisionName}.`;
            relations.push({ from: decisionName, to: addEntity(alternativeName, TECHNOLOGIES.includes(alternativeName) ? 'technology' : 'pattern', note), relationType: 'chose_over' });
          }
          continue;
        }
      }
      if (message.role === 'user' && CONVENTION.test(sentence) && sentence.length <= 240) {
        stats.conventions += 1;
        addEntity('project-conventions', 'convention', sentence);
      }
    }
    for (const call of message.toolCalls) {
      const command = typeof call.input.command === 'string' ? call.input.command : undefined;
      if (!command) continue;
      for (const packageName of findInstalledPackages(command)) {
        stats.installs += 1;
        addEntity(packageName, 'package', `Installed with: ${command.split('\n')[0]?.slice(0, 160)}`);
      }
    }
  }
  return { delta: { entities: [...entities.values()], relations }, stats };
}

// Splits prose into sentences, skipping code blocks and lines that look like output rather than prose.
export function splitSentences(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, ' ').replace(/`([^`]*)`/g, '$1');
  return prose
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[\s>*#-]+/, '').replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length >= 12 && sentence.length <= 400 && /[a-z]/i.test(sentence));
}

// Canonical technology names mentioned in a sentence.
export function findTechnologies(sentence: string): string[] {
  return TECHNOLOGY_PATTERNS.filter(({ pattern }) => pattern.test(sentence)).map(({ name }) => name);
}

// A known technology's canonical spelling, else a kebab-case name.
function canonicalName(phrase: string): string | undefined {
  const technologies = findTechnologies(phrase);
  const single = technologies.length === 1 ? technologies[0] : undefined;
  if (single && single.toLowerCase() === phrase.trim().toLowerCase()) return single;
  return toEntityName(phrase);
}

// A short kebab-case name for a phrase (1 to 5 words), or undefined when nothing meaningful is left.
export function toEntityName(phrase: string): string | undefined {
  const words = phrase
    .replace(/^(?:the|a|an|our|their|this|that)\s+/i, '')
    .split(/\s+/)
    .map((word) => word.replace(/^[^\w@]+|[^\w+#]+$/g, ''))
    .filter((word) => word !== '');
  if (words.length === 0 || words.length > 5) return undefined;
  const name = words.join('-').toLowerCase();
  return name.length >= 3 && /[a-z]/.test(name) ? name : undefined;
}

function findInstalledPackages(command: string): string[] {
  const names: string[] = [];
  for (const line of command.split(/&&|;|\n/)) {
    const node = line.match(INSTALL);
    const python = line.match(PIP_INSTALL);
    const list = node?.[2] ?? python?.[1];
    if (!list) continue;
    for (const token of list.split(/\s+/)) {
      if (token === '' || token.startsWith('-') || token.startsWith('.') || token.includes('/') && !token.startsWith('@')) continue;
      const bare = token.replace(/(?<=.)@[^/]*$/, '').replace(/[=<>[].*$/, '');
      if (bare.length >= 2) names.push(bare);
    }
  }
  return names;
}
