// "Which package manager does the todo app use?" asks for a technology by its role, and the answer ("Using pnpm")
// shares no word with the question. When a prompt asks which or what plays a role, the technologies of that role
// (technologies.ts) are searched as well, as if the prompt had named them: a bank that says "pnpm" answers. Only
// after "which" or "what" (or "what do we use for"), so that "the database is slow" is not a question about the
// database.
import { technologiesOfRole, technologyAliases } from '../technologies.ts';
import { extractTerms } from '../text.ts';

// The phrases that name each role in a prompt (a role of technologies.ts, or `language`, which retrieval alone knows).
const ROLE_PHRASES: Record<string, readonly string[]> = {
  database: ['database', 'databases', 'db', 'datastore', 'data store'],
  cache: ['cache', 'caching layer'],
  queue: ['queue', 'message queue', 'job queue', 'message broker', 'background jobs'],
  search: ['search engine'],
  'vector store': ['vector store', 'vector database', 'vector db'],
  auth: ['auth provider', 'identity provider'],
  infrastructure: ['infrastructure as code', 'iac tool'],
  cloud: ['cloud', 'cloud provider'],
  hosting: ['hosting', 'hosting provider', 'host'],
  'frontend framework': ['frontend framework', 'ui framework', 'front end framework'],
  'web framework': ['web framework', 'backend framework', 'framework'],
  bundler: ['bundler', 'build tool'],
  orm: ['orm', 'db library', 'database library', 'query builder'],
  migrations: ['migration tool', 'migrations tool', 'migration library'],
  'test framework': ['test framework', 'testing framework', 'test runner', 'testing library', 'test library'],
  linter: ['linter', 'lint tool'],
  formatter: ['formatter', 'code formatter'],
  'package manager': ['package manager', 'dependency manager'],
  runtime: ['runtime', 'js runtime', 'javascript runtime'],
  css: ['css framework', 'css library', 'styling library'],
  validation: ['validation library', 'schema library'],
  ci: ['ci', 'ci system', 'continuous integration', 'ci/cd'],
  monitoring: ['monitoring', 'error tracking', 'error tracker', 'observability', 'tracing'],
  'state management': ['state management', 'state library', 'state manager'],
  'data fetching': ['data fetching library'],
  email: ['email provider', 'email service', 'mail provider'],
  payments: ['payment provider', 'payments provider', 'payment processor'],
  'object storage': ['object storage', 'file storage', 'blob storage'],
  'web server': ['web server', 'reverse proxy'],
  'app server': ['app server', 'application server'],
  'mqtt broker': ['mqtt broker'],
  'password hashing': ['password hashing', 'password hash'],
  orchestration: ['orchestrator', 'workflow engine'],
  llm: ['llm', 'llm provider', 'model provider'],
  'type checker': ['type checker', 'typechecker'],
  language: ['language', 'programming language'],
};
const LANGUAGES = ['TypeScript', 'JavaScript', 'Python', 'Rust', 'Go', 'Java', 'Kotlin', 'Ruby', 'Elixir', 'Swift'];

// Each phrase (longest first, so that "test framework" wins over "framework") and its role.
const PHRASE_ROLE = Object.entries(ROLE_PHRASES)
  .flatMap(([role, phrases]) => phrases.map((phrase) => [phrase, role] as const))
  .sort((a, b) => b[0].length - a[0].length);
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// "which/what", at most three words, then a role's phrase; or "what do we use for", then the phrase. The gap is
// bounded, and the phrases are fixed words: a match is tried from each "which" or "what" only (linear in the prompt).
const ROLE_QUESTION = new RegExp(
  `\\b(?:which|what(?:'s|s)?)\\s+(?:(?:do|did|does|are|is)\\s+(?:we|you|they|it)\\s+(?:use|using)\\s+(?:for|as)\\s+(?:the\\s+|our\\s+|a\\s+)?|(?:[\\w'-]+\\s+){0,3}?)(${PHRASE_ROLE.map(([phrase]) => escape(phrase)).join('|')})s?\\b`,
  'gi',
);

// The roles a prompt asks for by which or what ("which migration tool are we using?" -> migrations).
export function rolesAsked(text: string): string[] {
  const roles = new Set<string>();
  for (const match of text.matchAll(ROLE_QUESTION)) {
    const phrase = (match[1] ?? '').toLowerCase();
    const role = PHRASE_ROLE.find(([candidate]) => candidate === phrase)?.[1];
    if (role) {
      roles.add(role);
    }
  }
  return [...roles];
}

// The stems a role's technologies are indexed under: each name and alias written in lowercase ("typescript",
// "postgres"; a camelCase "TypeScript" is indexed as its parts, too common to search: type, script); of a name of
// several words, the first when it is not short ("GitHub Actions" -> github; not "fly" of Fly.io).
export function roleStems(role: string): string[] {
  const names = role === 'language' ? LANGUAGES : technologiesOfRole(role);
  const stems = new Set<string>();
  for (const name of names) {
    for (const spelling of [name, ...technologyAliases(name)]) {
      const terms = extractTerms(spelling.toLowerCase());
      const first = terms[0];
      if (first !== undefined && (terms.length === 1 ? first.length >= 2 : first.length >= 4)) {
        stems.add(first);
      }
    }
  }
  return [...stems];
}
