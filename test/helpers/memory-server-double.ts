// A server with the memory server's nine tools over an in-memory graph, built on the SDK's server side: for the
// Streamable HTTP case and for the failure modes the real server cannot be made to show (text-only answers, isError,
// a hang, a death in the middle of a call).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export type Behaviour = 'normal' | 'text-only' | 'is-error' | 'hang' | 'die' | 'garbage';

interface Entity {
  name: string;
  entityType: string;
  observations: string[];
}
interface Relation {
  from: string;
  to: string;
  relationType: string;
}

const TOOLS = [
  'create_entities',
  'create_relations',
  'add_observations',
  'delete_entities',
  'delete_observations',
  'delete_relations',
  'read_graph',
  'search_nodes',
  'open_nodes',
];

export interface DoubleGraph {
  entities: Entity[];
  relations: Relation[];
}

export function createMemoryServerDouble(
  behaviour: { current: Behaviour; onDie?: () => void },
  graph: DoubleGraph = { entities: [], relations: [] },
): { server: Server; graph: DoubleGraph } {
  const server = new Server({ name: 'memory-double', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((name) => ({ name, inputSchema: { type: 'object' as const } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (behaviour.current === 'hang') {
      return new Promise(() => undefined);
    }
    if (behaviour.current === 'die') {
      behaviour.onDie?.();
      return new Promise(() => undefined);
    }
    if (behaviour.current === 'garbage') {
      return { content: [{ type: 'text', text: '<html>502 Bad Gateway</html>' }] };
    }
    if (behaviour.current === 'is-error') {
      return { isError: true, content: [{ type: 'text', text: `Entity with name nowhere not found` }] };
    }
    const result = run(graph, request.params.name, args);
    const text = JSON.stringify(result, null, 2);
    return behaviour.current === 'text-only'
      ? { content: [{ type: 'text', text }] }
      : { content: [{ type: 'text', text }], structuredContent: result as Record<string, unknown> };
  });
  return { server, graph };
}

function run(graph: { entities: Entity[]; relations: Relation[] }, tool: string, args: Record<string, unknown>): unknown {
  const byName = (name: string) => graph.entities.find((entity) => entity.name === name);
  switch (tool) {
    case 'create_entities': {
      const created = (args.entities as Entity[]).filter((entity) => !byName(entity.name));
      graph.entities.push(...created.map((entity) => ({ ...entity, observations: [...entity.observations] })));
      return { entities: created };
    }
    case 'create_relations': {
      const fresh = (args.relations as Relation[]).filter(
        (relation) =>
          !graph.relations.some(
            (other) => other.from === relation.from && other.to === relation.to && other.relationType === relation.relationType,
          ),
      );
      graph.relations.push(...fresh);
      return { relations: fresh };
    }
    case 'add_observations':
      return {
        results: (args.observations as Array<{ entityName: string; contents: string[] }>).map((item) => {
          const entity = byName(item.entityName);
          if (!entity) {
            throw new Error(`Entity with name ${item.entityName} not found`);
          }
          const added = item.contents.filter((text) => !entity.observations.includes(text));
          entity.observations.push(...added);
          return { entityName: item.entityName, addedObservations: added };
        }),
      };
    case 'delete_observations':
      for (const item of args.deletions as Array<{ entityName: string; observations: string[] }>) {
        const entity = byName(item.entityName);
        if (entity) {
          entity.observations = entity.observations.filter((text) => !item.observations.includes(text));
        }
      }
      return { success: true };
    case 'read_graph':
      return graph;
    case 'open_nodes': {
      const names = new Set(args.names as string[]);
      return {
        entities: graph.entities.filter((entity) => names.has(entity.name)),
        relations: graph.relations.filter((relation) => names.has(relation.from) || names.has(relation.to)),
      };
    }
    case 'search_nodes': {
      const query = String(args.query ?? '').toLowerCase();
      const entities = graph.entities.filter(
        (entity) =>
          entity.name.toLowerCase().includes(query) ||
          entity.entityType.toLowerCase().includes(query) ||
          entity.observations.some((text) => text.toLowerCase().includes(query)),
      );
      const names = new Set(entities.map((entity) => entity.name));
      return { entities, relations: graph.relations.filter((relation) => names.has(relation.from) && names.has(relation.to)) };
    }
    default:
      return { success: true };
  }
}
