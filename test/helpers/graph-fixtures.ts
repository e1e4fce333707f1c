// Small graphs for core tests.
import type { KnowledgeGraph } from '../../src/core/graph.ts';

export const PAGINATION_GRAPH: KnowledgeGraph = {
  entities: [
    {
      name: 'cursor-pagination',
      entityType: 'decision',
      observations: ['We decided to use cursor pagination for the orders API because offset pagination was slow.'],
      updatedAt: '2026-11-29T10:00:00.000Z',
    },
    {
      name: 'orders-api',
      entityType: 'component',
      observations: ['Serves GET /orders with filters by customer and status.'],
      updatedAt: '2026-11-29T10:00:00.000Z',
    },
    {
      name: 'database-engineer',
      entityType: 'agent',
      observations: ['Reviews schema changes and query plans.'],
      updatedAt: '2026-10-01T10:00:00.000Z',
    },
    {
      name: 'PostgreSQL',
      entityType: 'technology',
      observations: ['Primary database, version 16.'],
      updatedAt: '2026-09-01T10:00:00.000Z',
    },
    { name: 'login-page', entityType: 'component', observations: ['Uses the shared AuthForm component.'] },
  ],
  relations: [
    { from: 'orders-api', to: 'cursor-pagination', relationType: 'uses' },
    { from: 'database-engineer', to: 'cursor-pagination', relationType: 'recommends' },
    { from: 'orders-api', to: 'PostgreSQL', relationType: 'depends_on' },
  ],
};
