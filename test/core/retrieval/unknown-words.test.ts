import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  findUnknownWords as findWith,
  findUnseenTechnologies,
  findOnlyUnseenTechnologies,
  isInstruction,
  isRequestForNewWork,
  requestVerbStems,
  isTypoOfVocabulary as isTypoWith,
} from '../../../src/core/retrieval/unknown-words.ts';
import { extractTerms } from '../../../src/core/text.ts';
import { isVocabularyStem, isVocabularyWord as isVocabulary } from '../../../src/stores/search-index/vocabulary.ts';

const findUnknownWords = (text: string, isUnmatched: (stem: string) => boolean): string[] => findWith(text, isUnmatched, isVocabularyStem);
const isTypoOfVocabulary = (word: string): boolean => isTypoWith(word, isVocabularyStem);
// Every word taken for one the bank does not hold: the worst case.
const unheld = (): boolean => true;

test('a product or name the vocabulary lacks is unknown; English and software words are not', () => {
  assert.deepEqual(findUnknownWords("I'd like to import runs from Strava so cardio shows up", unheld), ['strava']);
  assert.deepEqual(findUnknownWords('add a Prometheus exporter endpoint', unheld), ['prometheus']);
  assert.deepEqual(findUnknownWords('add mypy type checking to the CI', unheld), ['mypy']);
  assert.deepEqual(findUnknownWords('refactor the config loader, the utils and the dashboard tooltip', unheld), []);
  for (const word of ['config', 'refactor', 'frontend', 'localhost', 'timestamp', 'database', 'whether']) {
    assert.ok(isVocabulary(word), word);
  }
  for (const word of ['strava', 'prometheus', 'mypy']) {
    assert.ok(!isVocabulary(word), word);
  }
});

test('how people write to an assistant is no name: its name, chat, acronyms, error codes, the browser, compounds', () => {
  for (const prompt of [
    'hey Claude, could the cache also hold the rate limits?',
    'idk, could the cache hold the rate limits? thx, lol',
    'FYI the TTL of the LRU cache is off, ENOENT when it starts, asap pls',
    'the booking page breaks on Firefox and on macOS, checked in VSCode',
    'the datepicker and the dataclass isnt right, dunno why',
  ]) {
    assert.deepEqual(findUnknownWords(prompt, unheld), [], prompt);
  }
});

test('a typo of a word is no name; a capitalized word inside a sentence gets no typo reading', () => {
  assert.deepEqual(findUnknownWords('waht did we decide about the databse? recieve it', unheld), []);
  for (const typo of ['waht', 'databse', 'recieve', 'dattabase', 'datsbase']) {
    assert.ok(isTypoOfVocabulary(typo), typo);
  }
  // vercel is one slip from a word of the vocabulary; written as a name, it is one.
  assert.ok(isTypoOfVocabulary('vercel'));
  assert.deepEqual(findUnknownWords('should we deploy on vercel', unheld), []);
  assert.deepEqual(findUnknownWords('should we deploy on Vercel', unheld), ['vercel']);
  // At the start of a sentence, or of a line, a capital says nothing.
  assert.deepEqual(findUnknownWords('Waht now. Databse?\nClikc the login button', unheld), []);
});

test('code, quoted phrases, ids, words the bank holds and prompts in another language have no unknown words', () => {
  assert.deepEqual(findUnknownWords('run `mypy` on torch.cuda.amp and a100 nodes, "Strava" too', unheld), []);
  assert.deepEqual(findUnknownWords('search the logs for "runs from Strava today"', unheld), []);
  assert.deepEqual(findUnknownWords('it fails here:\n```python\ndef handler(req, ctx):\n    kwargs = pydantic.load(req)\n```', unheld), []);
  assert.deepEqual(
    findUnknownWords('import runs from Strava', (stem) => stem !== 'strava'),
    [],
  );
  // Three such words or more: another language, or jargon; the prompt is not silenced for them.
  assert.deepEqual(findUnknownWords('zorblat quixxel zyxwq blorptang', unheld), []);
  assert.deepEqual(findUnknownWords('we asked Zorblat and Quixxel', unheld), ['zorblat', 'quixxel']);
});

test('only a request for new work is silenced for a new name, not a question about what was done', () => {
  for (const prompt of [
    'add a Prometheus exporter endpoint',
    'can we set up Sentry for the worker?',
    "I'd like to import runs from Strava",
    // A sentence that opens with an imperative to make something (session 16).
    'Write Playwright end-to-end tests covering adding and deleting a todo.',
    'Create Storybook stories for the TodoItem component',
  ]) {
    assert.ok(isRequestForNewWork(prompt), prompt);
  }
  for (const prompt of [
    'what did Priya say about the cron on Friday?',
    'why did we pick Kafka?',
    'does the Strava import still time out?',
    // "setup" after our/the is a noun; a console that can't connect reports a bug.
    "what's our Playwright setup for e2e",
    "the Rails console can't connect to the replica",
    // Not inside a sentence, nor another form of the verb.
    'what did we write about the cache?',
    'the tests we write never cover the retry',
    'rewrite the handler so the worker stops retrying',
  ]) {
    assert.ok(!isRequestForNewWork(prompt), prompt);
  }
});

test('a request verb is one only as a word of its own: not its noun, another form of it, or a part of a name', () => {
  assert.deepEqual([...requestVerbStems('Can we add a barcode scanner? Write a Dockerfile too')].sort(), ['add', 'write']);
  assert.deepEqual([...requestVerbStems('implement it, then integrate it')].sort(), ['implement', 'integr']);
  assert.deepEqual([...requestVerbStems('the barcode scanner, please add.')], ['add']);
  assert.deepEqual([...requestVerbStems('open add.ts and write/ the docs, no verb here')], []);
  assert.deepEqual([...requestVerbStems('nothing to do here')], []);
  for (const prompt of [
    'why does the integration test integrate nothing?',
    'the write-up says to write it later, writing is slow',
    'need create_annular for a central obstruction',
    'what does addExercise add?',
  ]) {
    const stems = requestVerbStems(prompt);
    assert.ok(!stems.has('integr') && !stems.has('write') && !stems.has('creat') && !stems.has('add'), `${prompt}: ${[...stems]}`);
  }
});

test('a technology the bank has never seen is found after the request verb, written as a name; one the bank holds is not', () => {
  // The stems the bank holds, as its index reads them.
  const bank = new Set(extractTerms('Redis caches it; SQLite and PostgreSQL store it; GitHub hosts it; Kubernetes runs it'));
  const isHeld = (stem: string): boolean => bank.has(stem);
  assert.deepEqual(findUnseenTechnologies('Add Playwright end-to-end tests for adding and deleting todos.', isHeld), ['Playwright']);
  // A sentence that opens with "Write", "Create", "Build"...: the technology right after it (not only after "adding").
  assert.deepEqual(findUnseenTechnologies('Write Playwright end-to-end tests covering adding and deleting a todo.', isHeld), [
    'Playwright',
  ]);
  assert.deepEqual(findUnseenTechnologies('Create the Redis cache warmer', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('add a paywall with Stripe, and move the todos to Supabase', isHeld), ['Stripe', 'Supabase']);
  // Held by its proper name or an alias: pg is PostgreSQL, k8s Kubernetes; a name of two words by one of them.
  assert.deepEqual(findUnseenTechnologies('add a pg index on the rate limits', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('set up k8s for the workers', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('set up a GitHub Actions workflow', isHeld), []);
  // Held as one lowercase word, as paths and file names write it (the bank indexes GraphQL as graph and ql).
  const lowercase = new Set(
    extractTerms('The orders-api serves /graphql from schema.graphql, ci in .github/workflows, written in typescript'),
  );
  const isHeldLowercase = (stem: string): boolean => lowercase.has(stem);
  assert.deepEqual(findUnseenTechnologies('Add GraphQL subscriptions to the orders-api', isHeldLowercase), []);
  assert.deepEqual(findUnseenTechnologies('Add TypeScript path aliases to the orders-api', isHeldLowercase), []);
  assert.deepEqual(findUnseenTechnologies('Add a GitHub Actions job for the orders-api', isHeldLowercase), []);
  assert.deepEqual(findUnseenTechnologies('Add Playwright tests for the orders-api', isHeldLowercase), ['Playwright']);
  // Not written as a name: a tool name that is an everyday word, in lowercase.
  assert.deepEqual(findUnseenTechnologies('add a clerk override to the map, tailwind and headwind', isHeld), []);
  // Its own lowercase spelling is a name's.
  assert.deepEqual(findUnseenTechnologies('switch to pnpm', isHeld), ['pnpm']);
  // Only after the verb, in its sentence; not a noun "install", not a question about the past; not quoted or in code.
  assert.deepEqual(findUnseenTechnologies('Docker keeps failing. Please add retries to the cache', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('the install step fails in Docker', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('did we add Playwright before?', isHeld), []);
  // Nor a name the request puts aside.
  assert.deepEqual(findUnseenTechnologies("Add a retry; don't touch Docker", isHeld), []);
  assert.deepEqual(findUnseenTechnologies('add a cache to the API (see the Supabase docs)', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('Add caching to the API with an in-memory LRU rather than Memcached', isHeld), []);
  assert.deepEqual(findUnseenTechnologies('add client state to the dashboard, avoid Redux', isHeld), []);
  // Only the name right after the contrast: what the request uses instead is brought in.
  assert.deepEqual(findUnseenTechnologies('add client state to the dashboard; avoid Redux, use Zustand', isHeld), ['Zustand']);
  assert.deepEqual(findUnseenTechnologies('Add a queue to avoid blocking, using RabbitMQ', isHeld), ['RabbitMQ']);
  assert.deepEqual(findUnseenTechnologies('add a cache rather than polling via Memcached', isHeld), ['Memcached']);
  assert.deepEqual(findUnseenTechnologies('add client state to the dashboard with Redux', isHeld), ['Redux']);
  assert.deepEqual(findUnseenTechnologies("add the `Playwright` flag and 'Supabase' to the docs", isHeld), []);
});

test('a question that names only technologies the bank has never seen asks what it cannot know', () => {
  const held = new Set(['postgresql', 'postgr', 'stripe', 'webhook', 'redi', 'slip']);
  const cases: Array<[question: string, unseen: string[]]> = [
    ['How do we configure Kubernetes liveness probes for the booking API?', ['Kubernetes']],
    ["What's our GraphQL schema versioning policy?", ['GraphQL']],
    // One the bank holds is asked about (MySQL is only its alternative), in any spelling.
    ['why did we pick PostgreSQL over MySQL?', []],
    ['why did we pick postgres over MySQL?', []],
    // An identifier the bank holds is what it asks about.
    ['the stripe-webhook kept failing on Kubernetes, what verifies the signature?', []],
    // No technology named as a name, or put aside, or quoted: nothing.
    ['how do we cache slip availability?', []],
    ['how do we cache slips without Docker?', []],
    ['what does the `Kubernetes` flag do?', []],
  ];
  for (const [question, unseen] of cases) {
    assert.deepEqual(
      findOnlyUnseenTechnologies(question, (stem) => held.has(stem)),
      unseen,
      question,
    );
  }
  // A word of underscores that is no identifier at its end (a_a_..._a-) is read once, not in every way its parts
  // split (the pattern backtracked exponentially: 31 parts took 20 s).
  const key = `a${'_a'.repeat(38)}-`;
  assert.deepEqual(
    findOnlyUnseenTechnologies(`how do we set up Kubernetes, the key is ${key}?`, (stem) => stem !== 'kubernet' && stem !== 'k8'),
    ['Kubernetes'],
  );
});

test('an instruction opens with a verb that starts one; a bug report does not', () => {
  for (const text of [
    'Make the validation functions async with tokio.',
    'cache hook results in Redis',
    'please configure Sentry',
    'can you persist todos in Postgres?',
  ]) {
    assert.ok(isInstruction(text), text);
  }
  for (const text of ['the mix quality alias fails in Docker', 'stale sessions are never swept under Docker', 'Docker keeps failing']) {
    assert.ok(!isInstruction(text), text);
  }
});

test('a question whose first technology is unseen asks about it, though it names one the bank holds after it', () => {
  const holds = (stems: string[]) => (stem: string) => stems.includes(stem);
  const phoenix = holds(['phoenix', 'next', 'js', 'nextj']);
  assert.deepEqual(findOnlyUnseenTechnologies('Which Kubernetes namespace is the Phoenix app deployed to?', phoenix), ['Kubernetes']);
  assert.deepEqual(findOnlyUnseenTechnologies('How did we set up Prisma migrations for the Next.js app?', phoenix), ['Prisma']);
  // The first is held: the question is about it ("why did we pick postgres over MySQL?").
  assert.deepEqual(findOnlyUnseenTechnologies('Why did the Phoenix app move off Kubernetes?', phoenix), []);
  // A technology at a sentence's start, written as a word, is the sentence's: not taken.
  assert.deepEqual(findOnlyUnseenTechnologies('Express the Phoenix timeout in seconds?', phoenix), []);
  // Only mentioned, not asked about: where something runs, or where a request came from.
  assert.deepEqual(findOnlyUnseenTechnologies('Why does the Phoenix app crash in Kubernetes?', phoenix), []);
  assert.deepEqual(findOnlyUnseenTechnologies('Per the Jira ticket, how does the Phoenix app retry?', phoenix), []);
  // With topicOnly (the question names an entity), the same holds though the bank holds no technology it mentions.
  const none = holds([]);
  assert.deepEqual(findOnlyUnseenTechnologies('What Playwright tests did we write for the todo filter?', none, true), ['Playwright']);
  assert.deepEqual(findOnlyUnseenTechnologies('Did we add Playwright tests for the todo filter?', none, true), ['Playwright']);
  assert.deepEqual(findOnlyUnseenTechnologies('Why does the todo filter reset in Docker?', none, true), []);
  assert.deepEqual(findOnlyUnseenTechnologies('Why does the todo filter reset in Docker?', none), ['Docker']);
  // Where something runs, is built or deployed is no topic, nor what a relative "which" or "what" introduces; a
  // comparison asks about the other side too (session 23, from a review).
  for (const question of [
    'Why does the todo filter reset when run in Docker?',
    'Why does the todo filter build on Vercel fail?',
    'Which port does the todo filter use on Docker?',
    'Why does the todo filter reset when deployed to Vercel?',
    'Why does the todo filter, which Docker restarts nightly, lose its state?',
    'Is the duplicate event what Sentry flagged in the todo filter?',
    'Should the todo filter use Prisma instead of Drizzle?',
  ]) {
    assert.deepEqual(findOnlyUnseenTechnologies(question, none, true), [], question);
  }
  assert.deepEqual(findOnlyUnseenTechnologies("What's the Docker setup for the todo filter?", none, true), ['Docker']);
  assert.deepEqual(findOnlyUnseenTechnologies('Did we migrate to Prisma for the todo filter?', none, true), ['Prisma']);
});
