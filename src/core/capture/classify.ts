// What a statement is (its kind) and how much project knowledge it carries (its salience), by rules: no LLM.
// The rules and their measured effect are in docs/capture.md. Every pattern here runs on one statement of at most
// ~300 characters (segment.ts), has no nested quantifiers, and so costs time linear in the statement.
import type { StatementKind } from '../statement.ts';
import { findTechnologies } from '../technologies.ts';

// Where a statement came from: who said it and in what form.
export type SourceKind = 'user' | 'assistant' | 'summary' | 'commit' | 'pr' | 'plan' | 'todo' | 'subagent' | 'research' | 'doc';

// A statement worth keeping: capture keeps the most salient of each message (MAX_PER_MESSAGE in capture.ts).
export interface Classified {
  // The statement without leading filler ("You're right, the cause was X" -> "the cause was X").
  text: string;
  kind: StatementKind;
  salience: number;
  // What made it salient, for the score breakdown and the docs.
  features: string[];
}

// Statements below this salience are dropped.
const MIN_SALIENCE = 1;

// Interjections and acknowledgements that open a sentence and carry nothing ("Great question!", "You're right,").
const LEADING_FILLER =
  /^(?:(?:great|good|excellent|perfect|nice|awesome|sure|okay|ok|alright|right|yes|yeah|yep|absolutely|exactly|got it|understood|thanks|thank you|hmm|ah|oh|i see|you're (?:absolutely )?right|that's (?:a )?(?:great|good) (?:question|point|idea|catch))[!,.:;\s-]+)+/i;
// A next step that says what it replaces, and why or with what named ("Let me put it in `priv/scripts/` instead since
// that's what Elixir apps package.", "Let me use the full module path inline instead to satisfy the compiler.") is a
// decision, not narration (session 19: 7 such sentences in the corpus's transcripts, three of them answers the spent
// capture sets asked for and missed). Only the narration of a step ("let me", "I'll"): not a courtesy ("Let me know if
// you'd rather use MySQL instead", "Feel free to use yarn instead of npm"), not a trial ("try X instead to see if it is
// faster"), not a bare change of step ("Let me check the logs instead.").
const STEP_OPENER = String.raw`^(?:(?:now|first|next|then),?\s+)?(?:let me|i'll|i will|i'm going to|i am going to)\s+`;
const STEP_NARRATION = new RegExp(`${STEP_OPENER}(?!know\\b)`, 'i');
const CHANGE_OF_APPROACH = /\b(?:instead|rather than)\b/i;
const REASON = /\b(?:since (?:that|this|it|they)(?:'s|'re|\s+(?:is|are)\b)|because|to satisfy|so that)/i;
const TRIAL =
  /\btry(?:ing)?\b.{0,120}\bto see\b|\bif you'd\b|\bmaybe\b|\bperhaps\b|\bfor now\b|\btemporar(?:y|ily)\b|\bquickly\b|\bto unblock\b|\bfor a moment\b/i;
// A step of looking ("Let me grep for `handle_info` instead.", "Then let me read `mix.exs` instead.") changes how the
// session looks, not what the project does: a decision only with its reason.
const LOOKING_STEP = new RegExp(
  `${STEP_OPENER}(?:just\\s+)?(?:grep|search|read|look|check|open|inspect|view|run|explore|examine|find|see|verify|list|cat)\\b`,
  'i',
);
// Openers that narrate what is being looked at; dropped only when nothing of knowledge follows ("Reading the config
// happens once at startup in `loadConfig()`" stays).
const WEAK_NARRATION =
  /^(?:looking at|checking|reading|searching|running|i can see|i see that|i notice|(?:the )?tests? (?:are )?(?:still )?running)\b/i;
// Whole statements that narrate the next step or are pure courtesy.
const NARRATION =
  /^(?:i'll (?!always|never)|i will (?!always|never)|let me|let's (?:take a look|look|check|see|start|begin|run|read|open|verify|explore|examine|try)|i'll (?:now |first |then |start |begin |go ahead and |take a look|look|check|read|run|open|search|explore|examine|verify|investigate|update|create|add|write|fix|make|try)|i will (?:now |first )?(?:check|look|read|run|open|search|update|create|add|write|fix)|i'm going to|i am going to|now (?:let me|i'll|i will|i need to)|first,? (?:let me|i'll)|next,? (?:let me|i'll)|then,? (?:let me|i'll)|i need to (?:check|look|read|see|find|understand)|here's (?:what i|my plan|the plan)|this (?:looks|seems) (?:good|right|correct)|done\.?$|good\.?$|perfect\.?$|great\.?$|let me know|feel free|hope this helps|happy to help|would you like|do you want|shall i|should i)\b/i;

// "TODO" as a marker of work left, in capitals with its colon ("TODO: handle retries", "// TODO(alice): ..."); not the
// noun of a to-do app ("the TODO app", "Todo interface", "add a TODO, edit it"), nor a file (TODO.md), which made 40
// statements of the corpus's to-do app session tasks left, and its session's status a list of them (session 22). A
// statement opening with "Todo:" is a marker in any case.
const TODO_MARKER = /\bTODOs?(?:\([^)\n]{0,40}\))?:/;

const KIND_CUES: ReadonlyArray<[StatementKind, RegExp]> = [
  [
    'cause',
    /\b(?:root cause|the cause|caused by|because of|due to|the culprit|the (?:real )?(?:problem|issue|bug) (?:was|is)|failed because|fails because|was failing because|happens (?:when|because)|the reason (?:was|is)|turned out|it was (?:the|a|an)|comes from)\b/i,
  ],
  [
    'fix',
    /\b(?:fixed (?:by|it|this|the)|the fix (?:was|is)|to fix (?:this|it)|fix(?:ed)? (?:was|is) to|resolved (?:by|it)|solved (?:by|it)|the solution (?:was|is)|workaround|now (?:passes|works|succeeds)|(?:passes|works) (?:now|again)|by (?:adding|changing|raising|lowering|setting|removing|increasing|switching|pinning|upgrading|downgrading|wrapping|moving|using))\b/i,
  ],
  [
    'warning',
    /\b(?:gotcha|careful|beware|watch out|be aware|note that|keep in mind|don't forget|do not forget|important:|caveat|pitfall|warning:|make sure (?:to|that|you)|otherwise|breaks? (?:if|when)|will fail (?:if|when|unless))\b/i,
  ],
  [
    'convention',
    /\b(?:always|never|must(?: not)?|should always|should never|don'?t ever|do not ever|convention|by convention|the rule is|we (?:always|never)|every (?:endpoint|handler|function|test|commit|pr|module))\b/i,
  ],
  [
    'decision',
    /^(?:drop|ditch|settled|going forward|from now on)\b|\b(?:decided|decision|we chose|going forward|from now on|settled:|we move to|we're moving to|moving to|we'll move to|i chose|chose to|opted|settled (?:on|for)|agreed|going with|go with|let'?s (?:use|go|switch|stick|keep|do|drop|move|add|make)|we'?ll (?:use|go|switch|keep|stick)|we will (?:use|go|switch|keep)|i want to use|we want to use|stick with|sticking with|switch(?:ed|ing)? (?:from|to|over)|migrat(?:e|ed|ing) (?:from|to)|instead of|rather than|in favou?r of|replac(?:e|ed|ing) \S+ with|drop(?:ped|ping)? (?:the )?\S+ (?:for|in favou?r)|we use|we're using|we are using|our (?:stack|database|db|cache|queue|backend|frontend|orm|auth) (?:is|will be)|use \S+ for)\b/i,
  ],
  [
    'todo',
    /^(?:todo|to-do)\s*:|\b(?:next step|next steps|next session|next time|up next|next up|still (?:need|needs|have) to|still to do|remaining (?:work|tasks?|items?|steps?|todos?|issues?|bugs?|failures?)|(?:is|are) (?:still )?(?:remaining|pending)|still pending|pending (?:tasks?|work|items?|todos?|review|fixes)|left to do|follow-up|follow up|later we|we should (?:later|eventually)|not (?:yet|done yet)|tomorrow)\b|^(?:remaining|pending)\s*:/i,
  ],
  ['todo', TODO_MARKER],
  [
    'done',
    /^(?:(?:i've|i have|we've|we have) (?:(?:now|just|also|successfully) )?(?:added|created|implemented|fixed|updated|built|written|wired|moved|renamed|removed|refactored|replaced|switched|migrated|set up|configured)|(?:added|created|implemented|fixed|updated|built|wrote|wired|moved|renamed|removed|refactored|replaced|switched|migrated|introduced|configured)\b|done:|completed:|✅)/i,
  ],
];

// The user's preferences about how the assistant works with them (for every session start).
const PREFERENCE =
  /\b(?:i (?:prefer|like|love|hate|dislike|want you to|'d rather|would rather|'d like you to|expect)|i don't (?:like|want)|please (?:always|never|don't|do not|keep|stop|avoid|use|write|answer|respond|be)|don't (?:ever |)(?:give|write|add|use|explain|apologi[sz]e|summari[sz]e|ask)|(?:keep|make) (?:it|answers|responses|replies|explanations) (?:short|brief|concise|terse)|be (?:concise|brief|terse)|no emojis?|(?:concise|short|brief|terse|detailed|verbose) (?:answers|responses|replies|explanations)|bullet points|tests? first|my preference)\b/i;

// What the assistant proposes; the user's answer may make it a decision (capture.ts).
export const PROPOSAL =
  /\b(?:i'd suggest|i suggest|i'd recommend|i recommend|i propose|i'd propose|my recommendation|my suggestion|we could|we should|how about|i'd go with|i would go with|the best option|the simplest option|i'd keep|i'd use|option [a-c1-3]\b|my vote)/i;
const HEDGE = /\b(?:maybe|perhaps|might|not sure|what if|if we|should we|could we|shall we|whether|unless|i wonder)\b/i;
// What a preference is about: how the assistant works with the user (not which library the project uses).
const WORKING_STYLE =
  /\b(?:answers?|responses?|replies|reply|explain\w*|explanations?|summar\w*|format\w*|bullets?|bullet points|emojis?|concise|short|brief|terse|verbose|detail\w*|essays?|tests? first|tdd|commit\w*|comments?|ask\w*|questions?|confirm\w*|docs|documentation|style|naming|tone|markdown|tables?|diffs?|step by step|walkthrough|examples?|code blocks?|typos?|language|english|apologi\w*|prs?|pull requests?|branch\w*|review\w*)\b/i;
const CODE_SPAN = /`[^`\n]{1,120}`/;
// The assistant narrating the moment ("Wait, that's showing 4 files", "Still compiling `phoenix_live_view`.", "I've
// made excellent progress on the epic"). Not the user's words: "Wait, use pnpm instead" is a decision. "Still" only
// with a word or two after it ("Still running into ECONNRESET after the bump" says something).
const MOMENT_NARRATION =
  /^(?:wait(?=,)|still (?:compiling|building|installing|loading|waiting)\.?(?: (?:for |on )?(?:the )?\S+)?$|i(?:'ve| have) made (?:good|great|excellent|solid|significant|real) progress\b)/i;
// A lead-in whose content follows in other lines ("Key changes:", "I ported the library to Rust with the following:"):
// dropped when it names nothing (no code, identifier nor path) and says no step of its own ("Now let's add test
// configuration to disable tracing by default:" stays). Only the assistant's, and only a plain fact: "We decided to use
// Postgres for these reasons:", "The root cause was a race:", a plan's or commit's heading are kept. Measured on
// helper-labelled statements (docs/capture.md).
const LEAD_IN_STEP = /\blet'?s\b/i;
// One name and nothing else: letters, digits and the characters of identifiers and paths, maybe quoted.
const BARE_NAME = /^[`'"]?[\w@./:-]+[`'"]?[.:;,!]?$/;
const IDENTIFIER = /\b(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+|[A-Z][A-Z0-9]{2,}(?:_[A-Z0-9]+)*)\b/;
// A path: a slash between path characters, or a file name with a known extension (no nested quantifiers).
const PATH =
  /[\w@.-]\/[\w@.-]|\w\.(?:ts|tsx|js|mjs|cjs|jsx|py|rs|go|rb|java|kt|swift|json|ya?ml|toml|md|sql|sh|css|scss|html|env|lock|cfg|ini|conf)\b/;
const NUMBER_UNIT =
  /\b\d+(?:\.\d+)?\s?(?:ms|s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?|days?|weeks?|kb|mb|gb|tb|%|px|rem|rps|qps|req|requests|x|k|m|retries|attempts|items|rows|connections|workers|threads|cores|chars|characters|tokens|lines|per)\b/i;
// A setting with its value: "Default port is 1100", "Enforces max 50 hashes per request", "a TTL of 120 seconds",
// "timeout: 30". What a later session asks back ("which port?", "how many per request?"), and too short to pass as a
// sentence about the project (session 13: four questions of the spent sets asked for port 1100, three for "max 50").
// "port" only as a noun: after "on", "default", "dev", "http", "server", or before "is", "=", ":" ("Now port 3 files").
const SETTING_VALUE =
  /\b(?:(?:on |default |dev |http |server )port|port(?=\s?(?:is|of|=|:|to|at|set to|defaults? to)\b|\s?[:=])|max(?:imum)?|min(?:imum)?|limit|timeout|ttl|retries|interval|threshold|cap|capacity|concurrency|quota|batch size|pool size)\b(?:\s(?:is|of|=|:|to|at|set to|defaults? to)){0,2}\s?:?=?\s?\d+/i;
const VERSION = /\bv?\d+\.\d+(?:\.\d+)?\b|\b(?:version|v)\s?\d+\b/i;
const KEY_VALUE = /\b[\w.-]{2,40}\s?(?:=|:)\s?[\w"'./:-]{1,60}/;
// Words of a plain declarative sentence about the project (a design explained in prose).
const DECLARATIVE =
  /\b(?:is|are|was|were|uses|use|stores?|holds?|runs?|handles?|returns?|calls?|reads?|writes?|sends?|keeps?|lives?|sits?|expires?|rotates?|caches?|validates?|needs?|requires?|depends|means|works|takes?|gets?|goes|has|have|contains?|supports?|lets?|points?|maps?|wraps?)\b/i;
const CONTENT_WORD = /\b[a-z][a-z'-]{3,}\b/gi;

// The lines of a compaction summary that retell the conversation rather than state what it found: "Second User
// Message: ...", "My response: Used Read tool on ...", a path "(created in message 2)", "Location: message 5", its
// template's preamble, headings, empty sections and trailer. (A "Location:" or "(created in message 3)" that goes on
// to say something is kept.)
const SUMMARY_RETELLING =
  /^(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|last|final|latest|\d+(?:st|nd|rd|th))\s+user\s+message|my response|explicit request|all user messages|pending tasks|optional next step|analysis)\s*:|^\S+\s+\(created in message \d+\)$|^location:.{0,80}\bin message \d+\W*$|^this session is being continued from a previous conversation|^the conversation is summarized below|chronologically|^no (?:explicit |active |other )?(?:pending|development|further) tasks|read the full transcript at|^["“].*["”]$/i;
// Lines in the shape of the context we inject ("- Migrations run with dbmate (decision, 2026-11-18)", "previously:
// ... (until ...)"): a summary that retells our context would bring it back as new statements.
const OUR_CONTEXT_SHAPE =
  /\((?:(?:fact|decision|done|todo|fix|cause|convention|preference|warning|blocker|error|question),\s*)?\d{4}-\d{2}-\d{2}\)\s*$|^previously:|memory-fabric/i;
// Whether a statement names something: a code span, a path or an identifier (what the narration rules spare).
const namesSomething = (text: string): boolean => CODE_SPAN.test(text) || PATH.test(text) || IDENTIFIER.test(text);

// Classifies a statement; undefined when it is filler, a question, or carries too little to keep.
export function classifyStatement(raw: string, source: SourceKind): Classified | undefined {
  const text = raw.replace(LEADING_FILLER, '').trim();
  // Too short, a question, or one bare name (a list item that only names: "opentelemetry_phoenix", "`x.sh`"; not a
  // sentence written without spaces, in Chinese or Japanese).
  if (text.length < 8 || /\?\s*$/.test(text) || BARE_NAME.test(text)) {
    return undefined;
  }
  // A next step that says what it replaces or why is kept as a decision.
  const narration = NARRATION.test(text);
  const changeOfApproach =
    narration &&
    STEP_NARRATION.test(text) &&
    CHANGE_OF_APPROACH.test(text) &&
    (REASON.test(text) || (namesSomething(text) && !LOOKING_STEP.test(text))) &&
    !TRIAL.test(text);
  if (narration && !/\b(?:because|root cause|the fix|fixed by|decided)\b/i.test(text) && !changeOfApproach) {
    return undefined;
  }
  // A compaction summary retells the conversation message by message ("Second User Message: ...", "My response:
  // Used Read tool on ..."): the retelling is not a statement; what was decided, fixed and learned is.
  if (source === 'summary' && (SUMMARY_RETELLING.test(text) || OUR_CONTEXT_SHAPE.test(text))) {
    return undefined;
  }
  if (WEAK_NARRATION.test(text) && !namesSomething(text) && !/\b(?:because|the bug|the cause|fixed)\b/i.test(text)) {
    return undefined;
  }
  if (source !== 'user' && MOMENT_NARRATION.test(text)) {
    return undefined;
  }
  const features: string[] = [];
  let salience = 0;
  const add = (feature: string, weight: number): void => {
    features.push(feature);
    salience += weight;
  };
  if (CODE_SPAN.test(text)) {
    add('code', 1);
  }
  if (IDENTIFIER.test(text)) {
    add('identifier', 1);
  }
  if (PATH.test(text)) {
    add('path', 1);
  }
  if (findTechnologies(text).length > 0) {
    add('technology', 1);
  }
  if (/\d/.test(text) && (NUMBER_UNIT.test(text) || VERSION.test(text))) {
    add('number', 0.5);
  }
  if (/\d/.test(text) && SETTING_VALUE.test(text)) {
    add('setting', 1);
  }
  if ((text.includes('=') || text.includes(':')) && KEY_VALUE.test(text)) {
    add('key-value', 0.5);
  }
  let kind: StatementKind = 'fact';
  if (source === 'user' && PREFERENCE.test(text) && WORKING_STYLE.test(text)) {
    kind = 'preference';
  } else {
    for (const [cueKind, cue] of KIND_CUES) {
      if (cue.test(text)) {
        kind = cueKind;
        break;
      }
    }
  }
  if (changeOfApproach && kind === 'fact') {
    kind = 'decision';
  }
  // A hedge ("maybe", "not sure", "what if") is no decision, whatever its words.
  if (kind === 'decision' && HEDGE.test(text)) {
    kind = 'fact';
  }
  if (source === 'assistant' && kind === 'fact' && text.endsWith(':') && !namesSomething(text) && !LEAD_IN_STEP.test(text)) {
    return undefined;
  }
  if (kind !== 'fact') {
    add(`cue:${kind}`, 1);
  }
  if (source === 'commit' || source === 'pr' || source === 'plan' || source === 'todo' || source === 'doc') {
    add(`source:${source}`, 1);
    if (kind === 'fact' && (source === 'commit' || source === 'pr')) {
      kind = 'done';
    }
  }
  if (source === 'assistant' && PROPOSAL.test(text)) {
    add('proposal', 0.5);
  }
  const contentWords = text.match(CONTENT_WORD)?.length ?? 0;
  if (contentWords >= 4 && DECLARATIVE.test(text)) {
    add('declarative', source === 'user' ? 0.5 : 0.75);
  }
  if (contentWords >= 8) {
    add('long', 0.25);
  }
  return salience >= MIN_SALIENCE ? { text, kind, salience, features } : undefined;
}
