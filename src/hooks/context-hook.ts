// The context hook: on SessionStart and UserPromptSubmit, the best memories as additionalContext.
import type { Config, StoreKind } from '../config.ts';
import { renderContext } from '../core/render.ts';
import type { Retrieval } from '../core/retrieve.ts';
import type { GraphStore } from '../stores/graph-store.ts';
import { openSources } from '../stores/open-reader.ts';
import { searchSources, type SourceReport } from '../stores/search-sources.ts';
import { startSearchIndexRebuild, sweepUnfinishedSessions } from './background-spawn.ts';
import type { HookHandler, HookOutcome } from './hook-handler.ts';
import type { HookInput } from './hook-input.ts';

// The context hook's outcome, with the retrieval it rendered.
export interface ContextOutcome extends HookOutcome {
  retrieval?: Retrieval;
}

// Searches the stores for the prompt (or recent memories at session start) and renders the hook's JSON output.
// One store or several (MEMORY_FABRIC_SOURCES): they are searched at once, and one that fails while another
// answers costs only its own memories.
async function runContextHook(
  input: HookInput,
  config: Config,
  stores: ReadonlyArray<{ source: string; store: GraphStore }>,
  nowMs: number,
): Promise<ContextOutcome> {
  if (input.event !== 'SessionStart' && input.event !== 'UserPromptSubmit') {
    return { stdout: '', explanation: [`the context hook does nothing on ${input.event}`] };
  }
  const prompt = input.event === 'UserPromptSubmit' ? (input.prompt ?? '') : '';
  const { retrieval, reports, failed } = await searchSources(stores, prompt, config, nowMs);
  const rendered = renderContext(retrieval.memories, retrieval.mode, config.contextChars);
  const searched = [
    ...reports.map(describeReport),
    `terms [${retrieval.query.terms.join(', ')}]`,
    ...retrieval.silence.map((report) => `${report.source}: ${report.answered ? 'answered' : 'silent'}: ${report.reason}`),
  ];
  const problems = failed.map((report) => ({
    key: `SOURCE_FAILED-${report.source}`,
    line: `memory-fabric context hook: ${report.description} could not be searched: ${report.error ?? 'unknown error'}`,
    notice: `memory-fabric: ${report.description} could not be searched (${report.error ?? 'unknown error'}); memories came from the other ${reports.length - failed.length === 1 ? 'store' : 'stores'} only. Run \`memory-fabric doctor\` for help.`,
  }));
  if (rendered.text === '') {
    return {
      stdout: '',
      explanation: [...searched, 'nothing relevant found: no context injected'],
      retrieval,
      logSummary: 'injected nothing',
      problems,
    };
  }
  const output = { hookSpecificOutput: { hookEventName: input.event, additionalContext: rendered.text } };
  return {
    logSummary: `injected ${rendered.shown} memories (${rendered.text.length} chars)`,
    stdout: `${JSON.stringify(output)}\n`,
    problems,
    explanation: [
      ...searched,
      `injected ${rendered.shown} ${rendered.shown === 1 ? 'memory' : 'memories'} (${rendered.text.length} characters)${rendered.leftOut > 0 ? `, ${rendered.leftOut} left out for the budget` : ''}`,
      ...retrieval.memories
        .slice(0, rendered.shown)
        .map(
          (memory) =>
            `  ${memory.id}  score ${memory.score.toFixed(3)}  (bm25 ${memory.breakdown.raw.toFixed(2)}, relevance ${memory.breakdown.relevance.toFixed(2)}, recency ${memory.breakdown.recency.toFixed(2)}, authority ${memory.breakdown.authority.toFixed(2)}, hops ${memory.breakdown.hops})`,
        ),
    ],
    retrieval,
  };
}

function describeReport(report: SourceReport): string {
  if (report.error !== undefined) {
    return `${report.description}: could not be searched (${report.error}) after ${report.ms} ms`;
  }
  const behind = report.behind
    ? ' (from the previous search index: the graph file changed, the index is being rebuilt in the background)'
    : '';
  return `${report.description}: ${report.entities ?? 0} entities, ${report.results} of the results${behind}`;
}

// The context hook as the runner drives it: reads the configured stores and never writes a memory (a search index
// found behind its graph file is rebuilt by a detached process it starts).
export const contextHandler: HookHandler = {
  kind: 'context',
  deadlineMs: (_input, config) => config.contextDeadlineMs,
  run: async (input, config, runtime) => {
    const { syncScript } = runtime;
    const rebuildInBackground = syncScript
      ? (kind: StoreKind): Promise<void> => startSearchIndexRebuild(config, syncScript, kind)
      : undefined;
    const outcome = await runContextHook(
      input,
      config,
      openSources(config, rebuildInBackground ? { rebuildInBackground } : {}),
      runtime.nowMs,
    );
    if (input.event === 'SessionStart' && runtime.syncScript) {
      const swept = await sweepUnfinishedSessions(config, input.sessionId, runtime.nowMs, runtime.syncScript);
      if (swept) {
        outcome.explanation.push(swept);
      }
    }
    return outcome;
  },
};
