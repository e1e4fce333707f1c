// Questions about the technology that plays a role in the project (docs/retrieval.md, "Roles"): the phrases that
// name a role, and the stems its technologies are indexed under.
import { isEverydayWordName, technologiesOfRole, technologyAliases } from '../technologies.ts';
import { extractTerms } from '../text.ts';

// The phrases that name each role in a prompt (a role of technologies.ts, or `language`, which retrieval alone knows).
// Words that are also everyday words alone ("host", "cloud", "tracing") are left out.
const ROLE_PHRASES: Record<string, readonly string[]> = {
  database: ['database', 'db', 'datastore', 'data store'],
  cache: ['cache', 'caching layer'],
  queue: ['queue', 'message queue', 'job queue', 'message broker', 'background jobs', 'background job', 'task queue', 'job runner'],
  search: ['search engine'],
  'vector store': ['vector store', 'vector database', 'vector db'],
  auth: ['auth provider', 'identity provider'],
  infrastructure: ['infrastructure as code', 'iac tool'],
  cloud: ['cloud provider'],
  hosting: ['hosting', 'hosting provider'],
  'frontend framework': ['frontend framework', 'ui framework', 'front end framework'],
  'web framework': ['web framework', 'backend framework', 'framework'],
  bundler: ['bundler', 'build tool'],
  orm: ['orm', 'db library', 'database library', 'query builder'],
  migrations: ['migration tool', 'migrations tool', 'migration library'],
  'test framework': ['test framework', 'testing framework', 'test runner', 'testing library', 'test library'],
  linter: ['linter', 'lint tool'],
  formatter: ['formatter', 'code formatter'],
  'package manager': ['package manager', 'dependency manager'],
  runtime: ['js runtime', 'javascript runtime'],
  css: ['css framework', 'css library', 'styling library'],
  validation: ['validation library', 'schema library'],
  ci: ['ci', 'ci system', 'continuous integration', 'ci/cd'],
  monitoring: ['error tracking', 'error tracker', 'observability stack', 'monitoring tool'],
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
  'data processing': ['dataframe library', 'dataframe lib', 'data frame library'],
  llm: ['llm provider', 'model provider'],
  'type checker': ['type checker', 'typechecker'],
  language: ['language', 'programming language'],
};
// Languages are not a role of technologies.ts (capture does not supersede one by another). Their names are everyday
// words too (Rust, Swift, Ruby), but a question directed at the project about its language means the language.
const LANGUAGES = ['TypeScript', 'JavaScript', 'Python', 'Rust', 'Go', 'Java', 'Kotlin', 'Ruby', 'Elixir', 'Swift'];

// Each phrase (longest first, so that "test framework" wins over "framework") and its role.
const PHRASE_ROLE = new Map(
  Object.entries(ROLE_PHRASES)
    .flatMap(([role, phrases]) => phrases.map((phrase) => [phrase, role] as const))
    .sort((a, b) => b[0].length - a[0].length),
);
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// "which/what", at most three words, then a role's phrase; or "what do we use for", then the phrase. The gap is
// bounded and the phrases are fixed words, so each "which" or "what" starts one bounded match (linear in the prompt).
const ROLE_QUESTION = new RegExp(
  `\\b(?:which|what(?:['’]s|s)?)\\s+(?:(?:do|did|does|are|is)\\s+(?:we|you|they|it)\\s+(?:use|using)\\s+(?:for|as)\\s+(?:the\\s+|our\\s+|a\\s+)?|(?:[\\w'’-]+\\s+){0,3}?)(${[
    ...PHRASE_ROLE.keys(),
  ]
    .map((phrase) => escape(phrase).replace(/ /g, '\\s+'))
    .join('|')})s?\\b`,
  'gi',
);
// The question is about this project, not technology in general ("what language do they speak in Brazil?", "which
// package manager is best for a monorepo?"): it says we, our, us, or the (todo) app, the project, the server...
const DIRECTED =
  /\b(?:we|our|ours|us|we['’](?:re|ve|d))\b|\b(?:the|this)\s+(?:[\w-]+\s+){0,2}?(?:app|application|project|repo|repository|codebase|server|service|backend|frontend|site|website|api|bot|tool|cli|library|package|system|stack)\b/i;

// The roles a prompt asks for by which or what, when it asks about this project ("which migration tool are we
// using?" -> migrations). Phrases match whatever the whitespace between their words.
export function findRolesAsked(text: string): string[] {
  if (!DIRECTED.test(text)) {
    return [];
  }
  const roles = new Set<string>();
  for (const match of text.matchAll(ROLE_QUESTION)) {
    const role = PHRASE_ROLE.get((match[1] ?? '').toLowerCase().replace(/\s+/g, ' '));
    if (role) {
      roles.add(role);
    }
  }
  return [...roles];
}

// The stems a role's technologies are indexed under: each name and alias of one word, in lowercase ("pnpm",
// "postgres"). Left out: names that are everyday words (Cargo, Poetry, Express: "the poetry page" is no package
// manager), except languages; names of several words ("Next.js" would search "next"); and camelCase names as
// written, which the index holds as their parts ("TypeScript" is type and script: only "typescript" is found).
export function listRoleStems(role: string): string[] {
  const languages = role === 'language';
  const stems = new Set<string>();
  for (const name of languages ? LANGUAGES : technologiesOfRole(role)) {
    if (!languages && isEverydayWordName(name)) {
      continue;
    }
    for (const spelling of [name, ...technologyAliases(name)]) {
      const terms = extractTerms(spelling.toLowerCase());
      if (terms.length === 1 && (terms[0] as string).length >= 2) {
        stems.add(terms[0] as string);
      }
    }
  }
  return [...stems];
}
