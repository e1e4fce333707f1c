// The context hook: on SessionStart and UserPromptSubmit, the best memories as additionalContext.
import type { Config } from '../config.ts';
import { renderContext } from '../core/render.ts';
import { retrieveFromView, type Retrieval } from '../core/retrieve.ts';
import type { GraphStore } from '../stores/graph-store.ts';
import { openReader } from '../stores/open-reader.ts';
import { sweepUnfinishedSessions } from './background-spawn.ts';
import type { HookHandler, HookOutcome } from './hook-handler.ts';
import type { HookInput } from './hook-input.ts';

export interface ContextOutcome extends HookOutcome {
  retrieval?: Retrieval;
}

// Searches the store for the prompt (or recent memories at session start) and renders the hook's JSON output.
export async function runContextHook(input: HookInput, config: Config, store: GraphStore, nowMs: number): Promise<ContextOutcome> {
  if (input.event !== 'SessionStart' && input.event !== 'UserPromptSubmit') {
    return { stdout: '', explanation: [`the context hook does nothing on ${input.event}`] };
  }
  const view = await store.openView();
  const prompt = input.event === 'UserPromptSubmit' ? input.prompt ?? '' : '';
  const retrieval = retrieveFromView(view, prompt, {
    nowMs,
    maxResults: config.maxResults,
    dedupThreshold: config.dedupThreshold,
    boostFactor: config.boostFactor,
    includeSuperseded: config.includeSuperseded,
  });
  const rendered = renderContext(retrieval.memories, retrieval.mode, config.contextChars);
  const searched = `${store.description}: ${view.size} entities; terms [${retrieval.query.terms.join(', ')}]`;
  if (rendered.text === '') {
    return { stdout: '', explanation: [searched, 'nothing relevant found: no context injected'], retrieval, logSummary: 'injected nothing' };
  }
  const output = { hookSpecificOutput: { hookEventName: input.event, additionalContext: rendered.text } };
  return {
    logSummary: `injected ${rendered.shown} memories (${rendered.text.length} chars)`,
    stdout: `${JSON.stringify(output)}\n`,
    explanation: [
      searched,
      `injected ${rendered.shown} ${rendered.shown === 1 ? 'memory' : 'memories'} (${rendered.text.length} characters)${rendered.leftOut > 0 ? `, ${rendered.leftOut} left out for the budget` : ''}`,
      ...retrieval.memories.slice(0, rendered.shown).map((memory) => `  ${memory.id}  score ${memory.score.toFixed(3)}  (relevance ${memory.breakdown.relevance.toFixed(2)}, recency ${memory.breakdown.recency.toFixed(2)}, authority ${memory.breakdown.authority.toFixed(2)}, hops ${memory.breakdown.hops})`),
    ],
    retrieval,
  };
}

// The context hook as the runner drives it: reads the configured store, never writes.
export const contextHandler: HookHandler = {
  kind: 'context',
  deadlineMs: (_input, config) => config.contextDeadlineMs,
  run: async (input, config, runtime) => {
    const outcome = await runContextHook(input, config, openReader(config), runtime.nowMs);
    if (input.event === 'SessionStart' && runtime.syncScript) {
      const swept = await sweepUnfinishedSessions(config, input.sessionId, runtime.nowMs, runtime.syncScript);
      if (swept) outcome.explanation.push(swept);
    }
    return outcome;
  },
};
