import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { asksOfItself } from '../../src/core/relation-words.ts';
import { extractTerms, splitWords } from '../../src/core/text.ts';
import { type Candidate, traverseRelations } from '../../src/core/traverse.ts';

const entity = (name: string, entityType = 'component') => ({ name, entityType, observations: [`${name} is part of the shop.`] });

// billing-service -uses-> stripe -documented_in-> stripe-docs; billing-outage -resolved_by-> retry-fix;
// payments-team -owns-> billing-service; billing-service -replaced-> old-gateway (superseded: not live);
// Resolved Tickets Board -resolved_by-> triage-rota.
const GRAPH: KnowledgeGraph = {
  entities: [
    entity('billing-service'),
    entity('stripe', 'technology'),
    entity('stripe-docs', 'document'),
    entity('billing-outage', 'error'),
    entity('retry-fix', 'fix'),
    entity('payments-team', 'team'),
    entity('old-gateway'),
    entity('ledger'),
    entity('Resolved Tickets Board'),
    entity('triage-rota', 'process'),
    entity('FPC4_Format', 'format'),
    entity('Test_Case', 'test'),
  ],
  relations: [
    { from: 'billing-service', to: 'stripe', relationType: 'uses' },
    { from: 'stripe', to: 'stripe-docs', relationType: 'documented_in' },
    { from: 'billing-outage', to: 'retry-fix', relationType: 'resolved_by' },
    { from: 'payments-team', to: 'billing-service', relationType: 'owns' },
    { from: 'billing-service', to: 'old-gateway', relationType: 'replaced' },
    { from: 'Resolved Tickets Board', to: 'triage-rota', relationType: 'resolved_by' },
    { from: 'FPC4_Format', to: 'Test_Case', relationType: 'specifies format for' },
  ],
};
const VIEW = buildGraphView(GRAPH);
const idOf = (name: string): number => {
  const id = VIEW.idOf(name);
  assert.ok(id !== undefined, name);
  return id;
};
const notSuperseded = (ref: number): boolean => VIEW.name(ref) !== 'old-gateway';

interface Case {
  name: string;
  seeds: Array<[string, number]>;
  maxHops?: number;
  seedCount?: number;
  prompt?: string;
  // Entities the prompt names by a hint or a cue.
  named?: string[];
  // Terms too common in the bank to ask a relation type.
  common?: string[];
  // Every candidate found: name -> relevance, hops, and the path as "from relation to" steps.
  found: Record<string, [number, number, string[]]>;
}

const CASES: Case[] = [
  {
    name: 'a seed without relations is found alone, as it was',
    seeds: [['ledger', 0.9]],
    found: { ledger: [0.9, 0, []] },
  },
  {
    name: 'each hop halves the relevance, both directions of a relation are followed, and no further than maxHops',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'two hops: a quarter of the seed, with the whole path',
    seeds: [['billing-service', 1]],
    maxHops: 2,
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
      'stripe-docs': [0.25, 2, ['billing-service uses stripe', 'stripe documented_in stripe-docs']],
    },
  },
  {
    name: 'a relation the prompt asks about keeps the relevance, and the seed it starts from drops to 0.75 of itself',
    seeds: [['billing-outage', 1]],
    maxHops: 1,
    prompt: 'which fix resolved the billing outage?',
    found: {
      'billing-outage': [0.75, 0, []],
      'retry-fix': [1, 1, ['billing-outage resolved_by retry-fix']],
    },
  },
  {
    name: 'when the prompt also asks what the entity named did, it keeps its relevance and the asked relation follows it',
    seeds: [['billing-outage', 1]],
    maxHops: 1,
    prompt: 'remind me what the billing outage did and which fix resolved it',
    found: {
      'billing-outage': [1, 0, []],
      'retry-fix': [0.9, 1, ['billing-outage resolved_by retry-fix']],
    },
  },
  {
    name: 'an entity an asked relation reaches keeps 0.95 when the prompt does not say its type, still above the one named',
    seeds: [['billing-outage', 1]],
    maxHops: 1,
    prompt: 'what resolved the billing outage?',
    found: {
      'billing-outage': [0.75, 0, []],
      'retry-fix': [0.95, 1, ['billing-outage resolved_by retry-fix']],
    },
  },
  {
    name: '"connected", "linked", "related" ask about every relation of the entity named',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what is billing-service connected to?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'the type the prompt says ranks first among what an asked relation reaches',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'which team is billing-service linked to?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [1, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"connected" not beside the name it is asked of, or after a word that is no question, asks nothing',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what happens when billing-service is connected to a slow network?',
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"the cost associated with X" asks about X itself',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: "what's the monthly cost associated with billing-service?",
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'outside a question too: "show me everything billing-service is linked to"',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'show me everything billing-service is linked to',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"connected to" in a bug report asks nothing: "billing-service is connected to the wrong database, fix it"',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'billing-service is connected to the wrong database, fix it',
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: "a name's relationships, written with its possessive, ask about every relation",
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: "what are billing-service's relationships?",
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"tied to" asks about every relation, as "connected to" does',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what is billing-service tied to?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'the verb "link to", before the name',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'which entries link to billing-service?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"how does X relate to" asks, though "how" is no question word of the relation verbs',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'how does billing-service relate to the rest?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"what hangs off X"',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what hangs off billing-service?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"hooked up to X"',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'which of these are hooked up to billing-service?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'the entity\'s kind may stand between its name and "connected" ("the Camera class connected to")',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what is the billing-service component connected to?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'a prompt that names the entity and says "in the graph" asks about its place among the others',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what else in the graph touches billing-service?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.95, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"tied to" in a bug report asks nothing',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'billing-service is tied to the old schema, fix it',
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: '"hangs" without "off" asks nothing',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what hangs when billing-service starts?',
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'a noun of the stem of "connected" asks about no relation ("billing-service leaks a connection")',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what do we know of billing-service, it leaks a connection',
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'a word asks a relation type it begins only with five letters or more ("spec" asks nothing of "specifies")',
    seeds: [['FPC4_Format', 1]],
    maxHops: 1,
    prompt: "what's in the FPC4 format spec?",
    found: {
      FPC4_Format: [1, 0, []],
      Test_Case: [0.5, 1, ['FPC4_Format specifies format for Test_Case']],
    },
  },
  {
    name: 'a term common in the bank asks no relation type that holds it ("format" in a tenth of the statements)',
    seeds: [['Test_Case', 1]],
    maxHops: 1,
    prompt: 'is the Test_Case format right?',
    common: ['format'],
    found: {
      Test_Case: [1, 0, []],
      FPC4_Format: [0.5, 1, ['FPC4_Format specifies format for Test_Case']],
    },
  },
  {
    name: 'a word of five letters or more asks the relation type it begins ("specif" asks "specifies format for")',
    seeds: [['FPC4_Format', 1]],
    maxHops: 1,
    prompt: 'which tests does the FPC4 format specification cover?',
    found: {
      FPC4_Format: [0.75, 0, []],
      Test_Case: [1, 1, ['FPC4_Format specifies format for Test_Case']],
    },
  },
  {
    name: 'a verb of the prompt asks about the relations of its family, though it is a stopword ("use" and uses)',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what does billing-service use?',
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'a relation is asked about only from an entity the prompt names',
    seeds: [['retry-fix', 1]],
    maxHops: 1,
    prompt: 'what resolved the billing outage?',
    found: {
      'retry-fix': [1, 0, []],
      'billing-outage': [0.5, 1, ['billing-outage resolved_by retry-fix']],
    },
  },
  {
    name: 'an asked relation answers on the first hop only: what the answer relates to in turn decays as usual',
    seeds: [['payments-team', 1]],
    maxHops: 2,
    prompt: 'what does billing-service use for payments-team?',
    found: {
      'payments-team': [1, 0, []],
      'billing-service': [0.5, 1, ['payments-team owns billing-service']],
      stripe: [0.25, 2, ['payments-team owns billing-service', 'billing-service uses stripe']],
    },
  },
  {
    name: 'an entity named otherwise than by its words (a hint, a session cue) asks about its relations too',
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'what does it use?',
    named: ['billing-service'],
    found: {
      'billing-service': [0.75, 0, []],
      stripe: [0.95, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: 'an entity the prompt names only in part asks nothing of its relations ("the outage" of billing-outage)',
    seeds: [['billing-outage', 1]],
    maxHops: 1,
    prompt: 'what resolved the outage?',
    found: {
      'billing-outage': [1, 0, []],
      'retry-fix': [0.5, 1, ['billing-outage resolved_by retry-fix']],
    },
  },
  {
    name: "a relation's verb outside a question asks nothing of the relation",
    seeds: [['billing-service', 1]],
    maxHops: 1,
    prompt: 'why does billing-service crash when it depends on stripe',
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
    },
  },
  {
    name: "a word of the seed's own name does not ask about a relation",
    seeds: [['Resolved Tickets Board', 1]],
    maxHops: 1,
    prompt: 'the resolved tickets board',
    found: {
      'Resolved Tickets Board': [1, 0, []],
      'triage-rota': [0.5, 1, ['Resolved Tickets Board resolved_by triage-rota']],
    },
  },
  {
    name: 'an entity matched by its own words keeps its relevance when a relation reaches it more weakly',
    seeds: [
      ['billing-service', 1],
      ['stripe', 0.8],
    ],
    maxHops: 1,
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.8, 0, []],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
      'stripe-docs': [0.4, 1, ['stripe documented_in stripe-docs']],
    },
  },
  {
    name: 'an entity reached more strongly through a relation than by its own words takes the relation',
    seeds: [
      ['billing-service', 1],
      ['stripe', 0.2],
    ],
    maxHops: 1,
    found: {
      'billing-service': [1, 0, []],
      stripe: [0.5, 1, ['billing-service uses stripe']],
      'payments-team': [0.5, 1, ['payments-team owns billing-service']],
      'stripe-docs': [0.1, 1, ['stripe documented_in stripe-docs']],
    },
  },
  {
    name: 'only the first seeds expand',
    seeds: [
      ['ledger', 1],
      ['billing-outage', 0.9],
    ],
    seedCount: 1,
    found: { ledger: [1, 0, []], 'billing-outage': [0.9, 0, []] },
  },
];

for (const testCase of CASES) {
  test(`traverse: ${testCase.name}`, () => {
    const seeds: Candidate[] = testCase.seeds.map(([name, relevance]) => ({
      ref: idOf(name),
      relevance,
      matchedTerms: [],
      hops: 0,
      path: [],
    }));
    const found = traverseRelations(seeds, VIEW, {
      maxHops: testCase.maxHops ?? 2,
      seeds: testCase.seedCount ?? 5,
      queryTerms: extractTerms(testCase.prompt ?? ''),
      queryWords: splitWords(testCase.prompt ?? ''),
      named: new Set((testCase.named ?? []).map(idOf)),
      commonTerms: new Set(testCase.common ?? []),
      asksOfItself: asksOfItself(testCase.prompt ?? ''),
      isLive: notSuperseded,
    });
    const byName = Object.fromEntries(
      found.map((candidate) => [
        VIEW.name(candidate.ref),
        [candidate.relevance, candidate.hops, candidate.path.map((step) => `${step.from} ${step.relation} ${step.to}`)],
      ]),
    );
    assert.deepEqual(byName, testCase.found);
    assert.ok(!('old-gateway' in byName), 'a superseded entity is never reached');
  });
}

test("traverse: a word of the named entity's own name says no type of what its asked relation reaches", () => {
  const graph: KnowledgeGraph = {
    entities: [entity('billing-service'), entity('ledger-service', 'service'), entity('stripe-client', 'client')],
    relations: [
      { from: 'billing-service', to: 'ledger-service', relationType: 'uses' },
      { from: 'billing-service', to: 'stripe-client', relationType: 'uses' },
    ],
  };
  const view = buildGraphView(graph);
  const relevanceOf = (prompt: string): Record<string, number> =>
    Object.fromEntries(
      traverseRelations([{ ref: view.idOf('billing-service') as number, relevance: 1, matchedTerms: [], hops: 0, path: [] }], view, {
        maxHops: 1,
        seeds: 5,
        queryTerms: extractTerms(prompt),
        queryWords: splitWords(prompt),
        isLive: () => true,
      }).map((candidate) => [view.name(candidate.ref), candidate.relevance]),
    );
  assert.deepEqual(relevanceOf('what does billing-service use?'), {
    'billing-service': 0.75,
    'ledger-service': 0.95,
    'stripe-client': 0.95,
  });
  assert.deepEqual(relevanceOf('which client does billing-service use?'), {
    'billing-service': 0.75,
    'ledger-service': 0.95,
    'stripe-client': 1,
  });
});

test('traverse: when the prompt names an entity, another whose words it only says in passing asks nothing of its relations', () => {
  // "For the Camera class, what is it connected to, and which config goes with it?" names Camera; CameraConfig's words
  // are said, apart. Both used to ask: Camera was reached from CameraConfig at full relevance and ranked first, above
  // what it is connected to (spent graph sets: relational MRR 0.96 -> 1.00 on three).
  const graph: KnowledgeGraph = {
    entities: [entity('Camera', 'class'), entity('CameraConfig', 'config'), entity('Instrument', 'class')],
    relations: [
      { from: 'CameraConfig', to: 'Camera', relationType: 'configures' },
      { from: 'Camera', to: 'Instrument', relationType: 'inherits_from' },
    ],
  };
  const view = buildGraphView(graph);
  const prompt = 'For the Camera class, what is it connected to, and which config goes with it?';
  const id = (name: string): number => view.idOf(name) as number;
  const relevanceOf = (named: string[]): Record<string, number> =>
    Object.fromEntries(
      traverseRelations(
        [
          { ref: id('CameraConfig'), relevance: 1, matchedTerms: [], hops: 0, path: [] },
          { ref: id('Camera'), relevance: 0.9, matchedTerms: [], hops: 0, path: [] },
        ],
        view,
        {
          maxHops: 1,
          seeds: 5,
          queryTerms: extractTerms(prompt),
          queryWords: splitWords(prompt),
          named: new Set(named.map(id)),
          isLive: () => true,
        },
      ).map((candidate) => [view.name(candidate.ref), Math.round(candidate.relevance * 1000) / 1000]),
    );
  const answer = relevanceOf(['Camera']);
  assert.ok((answer.Camera as number) < (answer.Instrument as number), JSON.stringify(answer));
  assert.ok((answer.Camera as number) < (answer.CameraConfig as number), JSON.stringify(answer));
  assert.deepEqual(answer, { CameraConfig: 1, Camera: 0.675, Instrument: 0.9 });
  // With no entity named by the parse, the words of a name still make it one a relation is asked of.
  assert.equal(relevanceOf([]).Camera, 1);
});
