// Technology names with their canonical spelling and aliases, matched on word boundaries.
const CANONICAL: Record<string, string[]> = {
  PostgreSQL: ['postgres', 'postgresql', 'psql', 'pg'],
  MySQL: [],
  SQLite: ['sqlite3'],
  MongoDB: ['mongo'],
  Redis: [],
  Memcached: [],
  Kafka: [],
  RabbitMQ: ['rmq'],
  Elasticsearch: ['elastic search'],
  DynamoDB: ['dynamo'],
  Cassandra: [],
  pgvector: [],
  ClickHouse: [],
  Neo4j: [],
  GraphQL: [],
  gRPC: [],
  WebSocket: ['websockets'],
  OAuth: ['oauth2'],
  JWT: ['jwts'],
  Docker: [],
  Kubernetes: ['k8s'],
  Terraform: [],
  Nginx: [],
  AWS: [],
  GCP: [],
  Azure: [],
  React: ['reactjs'],
  Vue: ['vuejs'],
  Svelte: ['sveltekit'],
  Angular: [],
  'Next.js': ['nextjs'],
  Vite: [],
  Webpack: [],
  esbuild: [],
  TypeScript: [],
  JavaScript: [],
  'Node.js': ['nodejs'],
  Deno: [],
  Bun: [],
  Python: [],
  Rust: [],
  Go: ['golang'],
  Java: [],
  Kotlin: [],
  Ruby: [],
  Elixir: [],
  Swift: [],
  Django: [],
  Flask: [],
  FastAPI: [],
  Express: ['expressjs'],
  Fastify: [],
  NestJS: [],
  Prisma: [],
  Drizzle: [],
  SQLAlchemy: [],
  Jest: [],
  Vitest: [],
  pytest: [],
  Playwright: [],
  Cypress: [],
  ESLint: [],
  Prettier: [],
  Biome: [],
  Tailwind: ['tailwindcss'],
  Zod: [],
  tRPC: [],
  Celery: [],
  Sidekiq: [],
  tokio: [],
  serde: [],
  Axum: [],
  Actix: [],
  'GitHub Actions': ['gh actions'],
  npm: [],
  pnpm: [],
  Yarn: [],
  Poetry: [],
  uv: [],
  Cargo: [],
  S3: [],
  Lambda: [],
  Supabase: [],
  Firebase: [],
  Vercel: [],
  Cloudflare: [],
  Stripe: [],
  Sentry: [],
  OpenTelemetry: ['otel'],
};

// Names that are also ordinary English words match only as written (capitalized); "Go" only through "golang".
const CASE_SENSITIVE = new Set([
  'Express',
  'Swift',
  'Rust',
  'Bun',
  'Lambda',
  'Jest',
  'React',
  'Angular',
  'Flask',
  'Celery',
  'Vite',
  'Cargo',
  'Poetry',
  'Yarn',
  'Biome',
  'Zod',
  'Drizzle',
  'Actix',
  'Axum',
  'Stripe',
  'Sentry',
  'Elixir',
  'Ruby',
  'Java',
  'Python',
  'Prettier',
]);
const ALIAS_ONLY = new Set(['Go']);

const ENTRIES = Object.entries(CANONICAL).flatMap(([name, aliases]) =>
  [...(ALIAS_ONLY.has(name) ? [] : [name]), ...aliases].map((alias) => ({
    name,
    pattern: new RegExp(
      `(?<![\\w.@/-])${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-]|\\.\\w)`,
      alias.length <= 3 || alias === name.toUpperCase() || CASE_SENSITIVE.has(alias) ? '' : 'i',
    ),
  })),
);

// Canonical technology names mentioned in a text, each once, in canonical-name order.
export function findTechnologies(text: string): string[] {
  const found = new Set<string>();
  for (const { name, pattern } of ENTRIES) {
    if (!found.has(name) && pattern.test(text)) {
      found.add(name);
    }
  }
  return [...found];
}

// The canonical spelling of a phrase that is exactly a known technology (or one of its aliases).
export function canonicalTechnology(phrase: string): string | undefined {
  const wanted = phrase.trim().toLowerCase();
  for (const [name, aliases] of Object.entries(CANONICAL)) {
    if (name.toLowerCase() === wanted || aliases.includes(wanted)) {
      return name;
    }
  }
  return undefined;
}
