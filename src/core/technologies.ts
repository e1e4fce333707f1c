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
  TimescaleDB: [],
  CockroachDB: [],
  MariaDB: [],
  DuckDB: [],
  Valkey: [],
  SQS: [],
  NATS: [],
  BullMQ: [],
  RQ: [],
  Dramatiq: [],
  Asynq: [],
  OpenSearch: [],
  Meilisearch: [],
  Typesense: [],
  Algolia: [],
  Qdrant: [],
  Pinecone: [],
  Chroma: [],
  Weaviate: [],
  Milvus: [],
  Auth0: [],
  Clerk: [],
  Keycloak: [],
  WebAuthn: [],
  Pulumi: [],
  Ansible: [],
  Helm: [],
  Netlify: [],
  'Fly.io': [],
  Heroku: [],
  Nuxt: [],
  Remix: [],
  Astro: [],
  Hono: [],
  Rails: [],
  Laravel: [],
  Gin: [],
  Phoenix: [],
  Rollup: [],
  Turbopack: [],
  TypeORM: [],
  Sequelize: [],
  Mongoose: [],
  GORM: [],
  Diesel: [],
  sqlx: [],
  Knex: [],
  Ecto: [],
  Alembic: [],
  Flyway: [],
  Liquibase: [],
  'golang-migrate': [],
  dbmate: [],
  Mocha: [],
  Ruff: [],
  Pylint: [],
  'golangci-lint': [],
  Clippy: [],
  oxlint: [],
  rustfmt: [],
  gofmt: [],
  pip: [],
  Sass: [],
  Bootstrap: [],
  Pydantic: [],
  Joi: [],
  Yup: [],
  'GitLab CI': [],
  CircleCI: [],
  Jenkins: [],
  Buildkite: [],
  Datadog: [],
  Prometheus: [],
  Grafana: [],
  Redux: [],
  Zustand: [],
  MobX: [],
  Jotai: [],
  Pinia: [],
  'TanStack Query': [],
  SWR: [],
  SendGrid: [],
  Mailgun: [],
  Resend: [],
  Postmark: [],
  Paddle: [],
  MinIO: [],
  Caddy: [],
  Traefik: [],
  HAProxy: [],
  Gunicorn: [],
  Uvicorn: [],
  Puma: [],
  'React Native': [],
  Flutter: [],
  Electron: [],
  Tauri: [],
  Turborepo: [],
  Nx: [],
  Bazel: [],
  Mosquitto: [],
  EMQX: [],
  bcrypt: [],
  Argon2: [],
  scrypt: [],
  Pandas: [],
  Polars: [],
  NumPy: [],
  Spark: [],
  Airflow: [],
  Dagster: [],
  Prefect: [],
  dbt: [],
  OpenAI: [],
  Anthropic: [],
  Ollama: [],
  LangChain: [],
  mypy: [],
  Pyright: [],
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
  'Remix',
  'Astro',
  'Nuxt',
  'Hono',
  'Gin',
  'Phoenix',
  'Rails',
  'Spark',
  'Chroma',
  'Airflow',
  'Helm',
  'Puma',
  'Nx',
  'Joi',
  'Yup',
  'Jotai',
  'Pinia',
  'Paddle',
  'Resend',
  'Postmark',
  'Mocha',
  'Atlas',
  'Knex',
  'Ecto',
  'Diesel',
  'Flutter',
  'Electron',
  'Tauri',
  'Caddy',
  'Traefik',
  'Redux',
  'Polars',
  'Pandas',
  'Prefect',
  'Dagster',
  'Buildkite',
  'Jenkins',
  'Bootstrap',
  'Sass',
  'Algolia',
  'Milvus',
  'Pinecone',
  'Qdrant',
  'Weaviate',
  'Ruff',
  'Pylint',
  'Clippy',
  'Cargo',
  'Anthropic',
  'Mosquitto',
  'Dramatiq',
  'Railway',
]);
const ALIAS_ONLY = new Set(['Go']);

// The role a technology plays in a project: the slot a switch from one to another replaces ("migrations").
const ROLES: Record<string, string[]> = {
  database: [
    'PostgreSQL',
    'MySQL',
    'SQLite',
    'MongoDB',
    'DynamoDB',
    'Cassandra',
    'ClickHouse',
    'Neo4j',
    'TimescaleDB',
    'CockroachDB',
    'MariaDB',
    'DuckDB',
    'Supabase',
    'Firebase',
  ],
  cache: ['Redis', 'Memcached', 'Valkey'],
  queue: ['Kafka', 'RabbitMQ', 'SQS', 'NATS', 'BullMQ', 'Celery', 'Sidekiq', 'RQ', 'Dramatiq', 'Asynq'],
  search: ['Elasticsearch', 'OpenSearch', 'Meilisearch', 'Typesense', 'Algolia'],
  'vector store': ['pgvector', 'Qdrant', 'Pinecone', 'Chroma', 'Weaviate', 'Milvus'],
  'api style': ['GraphQL', 'gRPC', 'tRPC'],
  auth: ['OAuth', 'JWT', 'Auth0', 'Clerk', 'Keycloak', 'WebAuthn'],
  infrastructure: ['Terraform', 'Pulumi', 'Ansible', 'Helm'],
  cloud: ['AWS', 'GCP', 'Azure'],
  hosting: ['Vercel', 'Netlify', 'Fly.io', 'Heroku', 'Cloudflare'],
  'frontend framework': ['React', 'Vue', 'Svelte', 'Angular'],
  'web framework': [
    'Next.js',
    'Nuxt',
    'Remix',
    'Astro',
    'Django',
    'Flask',
    'FastAPI',
    'Express',
    'Fastify',
    'NestJS',
    'Hono',
    'Rails',
    'Laravel',
    'Gin',
    'Phoenix',
    'Axum',
    'Actix',
  ],
  bundler: ['Vite', 'Webpack', 'esbuild', 'Rollup', 'Turbopack'],
  orm: ['Prisma', 'Drizzle', 'SQLAlchemy', 'TypeORM', 'Sequelize', 'Mongoose', 'GORM', 'Diesel', 'sqlx', 'Knex', 'Ecto'],
  migrations: ['Alembic', 'Flyway', 'Liquibase', 'golang-migrate', 'dbmate'],
  'test framework': ['Jest', 'Vitest', 'pytest', 'Mocha', 'Playwright', 'Cypress'],
  linter: ['ESLint', 'Biome', 'Ruff', 'Pylint', 'golangci-lint', 'Clippy', 'oxlint'],
  formatter: ['Prettier', 'rustfmt', 'gofmt'],
  'package manager': ['npm', 'pnpm', 'Yarn', 'Poetry', 'uv', 'pip', 'Cargo'],
  runtime: ['Node.js', 'Deno', 'Bun'],
  css: ['Tailwind', 'Sass', 'Bootstrap'],
  validation: ['Zod', 'Pydantic', 'Joi', 'Yup'],
  ci: ['GitHub Actions', 'GitLab CI', 'CircleCI', 'Jenkins', 'Buildkite'],
  monitoring: ['Sentry', 'Datadog', 'Prometheus', 'Grafana', 'OpenTelemetry'],
  'state management': ['Redux', 'Zustand', 'MobX', 'Jotai', 'Pinia'],
  'data fetching': ['TanStack Query', 'SWR'],
  email: ['SendGrid', 'Mailgun', 'Resend', 'Postmark'],
  payments: ['Stripe', 'Paddle'],
  'object storage': ['S3', 'MinIO'],
  'web server': ['Nginx', 'Caddy', 'Traefik', 'HAProxy'],
  'app server': ['Gunicorn', 'Uvicorn', 'Puma'],
  containers: ['Docker', 'Kubernetes'],
  mobile: ['React Native', 'Flutter'],
  desktop: ['Electron', 'Tauri'],
  monorepo: ['Turborepo', 'Nx', 'Bazel'],
  'mqtt broker': ['Mosquitto', 'EMQX'],
  'password hashing': ['bcrypt', 'Argon2', 'scrypt'],
  'data processing': ['Pandas', 'Polars', 'NumPy', 'Spark'],
  orchestration: ['Airflow', 'Dagster', 'Prefect', 'dbt'],
  llm: ['OpenAI', 'Anthropic', 'Ollama', 'LangChain'],
  'type checker': ['mypy', 'Pyright'],
};
const ROLE_OF = new Map(Object.entries(ROLES).flatMap(([role, names]) => names.map((name) => [name, role] as const)));

// The technologies that play a role ("migrations" -> Alembic, Flyway, ...).
export const technologiesOfRole = (role: string): readonly string[] => ROLES[role] ?? [];

// Whether a technology's name is also an ordinary English word (Express, Cargo, Poetry): such names match only as
// written, capitalized.
export const isEverydayWordName = (name: string): boolean => CASE_SENSITIVE.has(name);

// The other spellings of a canonical technology ("PostgreSQL" -> postgres, postgresql, psql, pg).
export const technologyAliases = (name: string): readonly string[] => CANONICAL[name] ?? [];

// The role of a canonical technology in a project, when known.
export const technologyRole = (name: string): string | undefined => ROLE_OF.get(name);

// Every alias, keyed as it must be written: case-sensitive aliases as they are, the others lowercase.
const EXACT = new Map<string, string>();
const FOLDED = new Map<string, string>();
// First words of multi-word aliases ("github" of "github actions"), lowercase.
const MULTI_HEADS = new Set<string>();
for (const [name, aliases] of Object.entries(CANONICAL)) {
  for (const alias of [...(ALIAS_ONLY.has(name) ? [] : [name]), ...aliases]) {
    const exact = alias.length <= 3 || alias === name.toUpperCase() || CASE_SENSITIVE.has(alias);
    (exact ? EXACT : FOLDED).set(exact ? alias : alias.toLowerCase(), name);
    if (alias.includes(' ')) {
      MULTI_HEADS.add(alias.split(' ')[0]?.toLowerCase() ?? '');
    }
  }
}

// A word of text as technology names are written: starts with a letter or digit, may hold . + # @ / - inside.
const TOKEN = /[A-Za-z0-9][\w.+#@/-]*/g;

// A technology a text names, by its canonical name, and where the mention starts (attach.ts places it by that).
export interface TechnologyMention {
  name: string;
  // Where the mention starts in the text.
  index: number;
}

// The technologies a text mentions, in order of appearance, each once: one pass over its words (linear).
export function findTechnologyMentions(text: string): TechnologyMention[] {
  const mentions: TechnologyMention[] = [];
  const seen = new Set<string>();
  const words: Array<{ word: string; index: number }> = [];
  for (const match of text.matchAll(TOKEN)) {
    // A word longer than any name is none (and is not trimmed: a trailing-run pattern on it would be quadratic).
    const word = match[0].length > 60 ? '' : match[0].replace(/[.-]+$/, '');
    const before = match.index > 0 ? text[match.index - 1] : '';
    // "@redis/client", "config.redis", "_redis" are not the technology.
    words.push({ word: before === '@' || before === '.' || before === '_' ? '' : word, index: match.index });
  }
  for (let position = 0; position < words.length; position += 1) {
    const { word, index } = words[position] ?? { word: '', index: 0 };
    if (word === '' || word.length > 40) {
      continue;
    }
    let name: string | undefined;
    const lower = word.toLowerCase();
    if (MULTI_HEADS.has(lower) && words[position + 1]) {
      const pair = `${word} ${words[position + 1]?.word ?? ''}`;
      name = EXACT.get(pair) ?? FOLDED.get(pair.toLowerCase());
      if (name) {
        position += 1;
      }
    }
    name ??= EXACT.get(word) ?? FOLDED.get(lower);
    if (name && !seen.has(name)) {
      seen.add(name);
      mentions.push({ name, index });
    }
  }
  return mentions;
}

// Canonical technology names mentioned in a text, each once, in order of appearance.
export function findTechnologies(text: string): string[] {
  return findTechnologyMentions(text).map((mention) => mention.name);
}

// The canonical spelling of a phrase that is exactly a known technology (or one of its aliases).
export function canonicalTechnology(phrase: string): string | undefined {
  const wanted = phrase.trim();
  return EXACT.get(wanted) ?? FOLDED.get(wanted.toLowerCase()) ?? EXACT.get(wanted.toLowerCase());
}
