// Extracts what is worth remembering from conversation messages, with no LLM: decisions (with rationale and the
// alternatives rejected), conventions, the project's stack, and structured facts from tool calls (see extract-tools.ts).
import { DeltaBuilder, type ExtractionContext, type ExtractionStats, toEntityName } from './delta-builder.ts';

// The builder's types and name helpers, re-exported so callers of the extraction import one module.
export { type ExtractionContext, type ExtractionStats, isJunkName, toEntityName } from './delta-builder.ts';
import type { GraphDelta } from './graph.ts';
import { canonicalTechnology, findTechnologies } from './technologies.ts';
import { type CaptureState, captureStatements } from './capture/capture.ts';
import { normalizeSentence } from './normalize-sentence.ts';
import { formatStatement } from './statement.ts';
import { extractToolFacts, type ToolState } from './extract-tools.ts';
import type { TranscriptMessage } from './transcript.ts';

// Carried from one sync of a session to the next (kept with the session's cursor).
export interface ExtractionState {
  tools?: ToolState;
  capture?: CaptureState;
}

// What extractDelta returns: the delta to merge, its counts for the sync report, the state for the next sync.
export interface Extraction {
  delta: GraphDelta;
  stats: ExtractionStats;
  state: ExtractionState;
}

const HYPOTHETICAL = /\b(should we|shall we|could we|can we|would it|what if|if we|maybe|perhaps|might|unless|whether)\b/i;
const DECISION =
  /\b(?:we|i|the team)\s+(?:have\s+|had\s+|finally\s+)?(?:decided|agreed|chose|opted|settled)\s+(?:to\s+|on\s+|for\s+|with\s+)?(?:use\s+|go\s+with\s+|adopt\s+|switch\s+to\s+|move\s+to\s+|keep\s+|stick\s+with\s+)?(.+)/i;
const USER_DECISION =
  /\b(?:let'?s|we(?:'ll| will| are going to|'re going to| should)|going forward,?\s*(?:we\s+)?)\s+(?:use|go with|adopt|switch to|move to|stick with|standardi[sz]e on)\s+(.+)/i;
const SWITCH =
  /\b(?:we|let'?s|i)\s+(?:have\s+|had\s+|will\s+|'ll\s+)?(?:switch(?:ed)?|migrat(?:e|ed)|mov(?:e|ed))\s+(?:\w+\s+)?from\s+(.+?)\s+to\s+(.+)/i;
const REPLACE = /\b(?:we|let'?s|i)\s+(?:have\s+|had\s+|will\s+|'ll\s+)?replace[ds]?\s+(.+?)\s+with\s+(.+)/i;
const CLAUSE_END =
  /\s+(?:for|because|since|as|instead|rather|over|due|when|so|to avoid|in order|and then|which|but|from|on|in)\b|[,;:()]|\.(?:\s|$)/i;
const REASON = /\b(?:because|since|due to|as)\s+(.+)$/i;
const ALTERNATIVE =
  /\b(?:instead of|rather than|over)\s+(?:the\s+|an?\s+|using\s+)?([\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)(?=\s+(?:because|since|as|for|due)\b|[,.;]|$)/i;
const SCOPE =
  /\bfor\s+(?:the\s+|our\s+|all\s+)?([\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)(?=\s+(?:because|since|as|instead|rather|over|due|endpoints?)\b|[,.;]|$)/i;

// Turns messages into a graph delta.
export function extractDelta(
  messages: readonly TranscriptMessage[],
  context: ExtractionContext = {},
  state: ExtractionState = {},
): Extraction {
  const builder = new DeltaBuilder();
  const project = context.projectName ? builder.addEntity(context.projectName, 'project', 1) : undefined;
  // Message by message, in order: the decision patterns first (a sentence they take lives on the decision entity,
  // not twice), then capture, so the order statements were said in is the order they are added.
  const captureContext = { ...(context.sessionId ? { sessionId: context.sessionId } : {}), ...(project ? { projectName: project } : {}) };
  let captureState = state.capture;
  let statementsKept = 0;
  for (const message of messages) {
    const taken = new Set<string>();
    // (Not in a compaction summary, which retells what was decided when it was said, nor in a hook's feedback.)
    if (message.origin === undefined) {
      const date = message.timestamp?.slice(0, 10);
      const session = context.sessionId ?? message.sessionId;
      // A decision stated on the command line (no date, no session) is kept as written.
      const tag = (text: string): string =>
        date || session ? formatStatement({ text, kind: 'decision', ...(date ? { date } : {}), ...(session ? { session } : {}) }) : text;
      for (const sentence of splitSentences(message.text)) {
        if (sentence.endsWith('?') || HYPOTHETICAL.test(sentence)) {
          continue;
        }
        if (extractDecision(builder, sentence, message.role, tag)) {
          taken.add(normalizeSentence(sentence));
        }
      }
    }
    const captured = captureStatements(builder, [message], captureContext, captureState, taken);
    captureState = captured.state;
    statementsKept += captured.stats.statementsKept;
  }
  const tools = extractToolFacts(builder, messages, { ...context, ...(project ? { projectName: project } : {}) }, state.tools);
  builder.stats.statements = statementsKept;
  const next: ExtractionState = {
    ...(Object.keys(tools).length > 0 ? { tools } : {}),
    ...(captureState && Object.keys(captureState).length > 0 ? { capture: captureState } : {}),
  };
  return { delta: builder.build(), stats: builder.stats, state: next };
}

function extractDecision(builder: DeltaBuilder, sentence: string, role: 'user' | 'assistant', tag: (text: string) => string): boolean {
  const switched = sentence.match(SWITCH) ?? sentence.match(REPLACE);
  if (switched?.[1] && switched[2]) {
    const confidence = role === 'user' ? 0.8 : 0.65;
    const newer = decisionName(switched[2]);
    const older = canonicalName(switched[1].split(CLAUSE_END)[0] ?? '');
    if (!newer) {
      return false;
    }
    builder.stats.decisions += 1;
    const decision = builder.addEntity(newer, 'decision', confidence, tag(sentence));
    const replaced = older
      ? builder.addEntity(
          older,
          canonicalTechnology(older) ? 'technology' : 'pattern',
          confidence,
          tag(`Replaced by ${newer}${reasonOf(sentence)}.`),
        )
      : undefined;
    builder.addRelation(decision, 'chose_over', replaced);
    linkTechnologies(builder, decision, sentence, [older, newer], confidence);
    return true;
  }
  const explicit = sentence.match(DECISION);
  const match = explicit ?? (role === 'user' ? sentence.match(USER_DECISION) : null);
  if (!match?.[1]) {
    return false;
  }
  const subject = decisionName(match[1]);
  if (!subject) {
    return false;
  }
  const confidence = explicit ? (role === 'user' ? 0.9 : 0.7) : 0.75;
  builder.stats.decisions += 1;
  const decision = builder.addEntity(subject, 'decision', confidence, tag(sentence));
  const alternative = canonicalName(sentence.match(ALTERNATIVE)?.[1] ?? '');
  linkTechnologies(builder, decision, sentence, [alternative, subject], confidence);
  const scope = toEntityName(sentence.match(SCOPE)?.[1] ?? '');
  if (scope && scope !== subject) {
    builder.addRelation(builder.addEntity(scope, 'component', confidence), 'uses', decision);
  }
  if (alternative && alternative.toLowerCase() !== subject) {
    const kind = canonicalTechnology(alternative) ? 'technology' : 'pattern';
    builder.addRelation(
      decision,
      'chose_over',
      builder.addEntity(alternative, kind, confidence, tag(`Rejected in favour of ${subject}${reasonOf(sentence)}.`)),
    );
  }
  return true;
}

function linkTechnologies(
  builder: DeltaBuilder,
  decision: string | undefined,
  sentence: string,
  exclude: Array<string | undefined>,
  confidence: number,
): void {
  const skip = new Set(exclude.filter((name): name is string => !!name).map((name) => name.toLowerCase()));
  for (const technology of findTechnologies(sentence)) {
    if (skip.has(technology.toLowerCase())) {
      continue;
    }
    builder.addRelation(decision, 'uses', builder.addEntity(technology, 'technology', confidence));
  }
}

const reasonOf = (sentence: string): string => {
  const reason = sentence.match(REASON)?.[1]?.replace(/[.!]+$/, '');
  return reason ? `: ${reason}` : '';
};

const decisionName = (phrase: string): string | undefined => toEntityName(phrase.split(CLAUSE_END)[0] ?? '');

// A known technology's canonical spelling, else a kebab-case name.
function canonicalName(phrase: string): string | undefined {
  const cleaned = phrase.trim().replace(/^(?:the|a|an|our|using)\s+/i, '');
  return canonicalTechnology(cleaned) ?? toEntityName(cleaned);
}

// Splits prose into sentences, skipping code blocks and lines that look like output rather than prose.
export function splitSentences(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, ' ').replace(/`([^`]*)`/g, '$1');
  return prose
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) =>
      sentence
        .replace(/^[\s>*#-]+/, '')
        .replace(/\*\*|__/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((sentence) => sentence.length >= 12 && sentence.length <= 400 && /[a-z]/i.test(sentence) && !/^[\w./-]+:\d+/.test(sentence));
}
