// Capture: the statements of a session, attached to the entities they are about. For each text source
// (sources.ts): split into statements (segment.ts), keep the salient ones with their kind (classify.ts), attach
// each to its subject (attach.ts) as an observation tagged with its date, session and kind (statement.ts).
// Besides: the user's preferences in one entity, the stack with each technology's role, decisions proposed by
// one side and confirmed by the other, what the session did. Supersession of older statements happens when the
// delta is merged into the graph (supersede-statements.ts), where the older statements are.
import { clip, type DeltaBuilder } from '../delta-builder.ts';
import { normalizeSentence } from '../normalize-sentence.ts';
import { formatStatement, type StatementKind } from '../statement.ts';
import { redactSecrets } from '../redact.ts';
import { extractTerms } from '../text.ts';
import { CONVENTIONS_ENTITY, hookRuleConvention, PREFERENCES_ENTITY } from '../retrieval/session-start.ts';
import { findTechnologyMentions } from '../technologies.ts';
import type { TranscriptMessage } from '../transcript.ts';
import { sessionEntityName } from '../extract-tools.ts';
import { answeredLine, askedLine, type OpenAsk, replyOpening } from './ask-log.ts';
import { findMentions, pickSubject, relationsBetween } from './attach.ts';
import { type Classified, classifyStatement, PROPOSAL, type SourceKind } from './classify.ts';
import { MAX_STATEMENT_CHARS, splitStatements } from './segment.ts';
import { isNegatedOrCompared } from './slots.ts';
import { scriptOf } from './hook-script.ts';
import { readSources, type SourceState } from './sources.ts';

// At most this many statements are kept from one session (the bank stays reviewable in git), and this many more from
// the documents it writes.
const MAX_STATEMENTS_PER_SESSION = 400;
const MAX_DOC_STATEMENTS_PER_SESSION = 60;
// At most this many statements of one source are classified (bounds the work on a pasted log).
const MAX_CONSIDERED = 150;
// At most this many statements are kept from one message, the most salient first.
const MAX_PER_MESSAGE: Record<SourceKind, number> = {
  user: 6,
  assistant: 10,
  summary: 30,
  commit: 8,
  pr: 12,
  plan: 20,
  todo: 40,
  subagent: 15,
  // What a web fetch found, as the fetching model summarized the page for Claude's question.
  research: 8,
  // A document the session wrote (a README's sections, a CLAUDE.md), per edit.
  doc: 15,
};

// The session (its entity gets what it asked and did) and the project (the subject when there is no session).
export interface CaptureContext {
  sessionId?: string;
  projectName?: string;
}

// Carried from one sync of a session to the next (kept with the session's cursor).
export interface CaptureState extends SourceState {
  // What the assistant last proposed, waiting for the user's answer.
  proposal?: { statements: string[]; subject?: string; subjectType?: string };
  // Statements kept so far in this session, and of the documents it wrote (counted apart: a session that writes thirty
  // documents would otherwise leave no room for what it said).
  kept?: number;
  docsKept?: number;
  // What the last cause was about, which a fix of the next sources is tied to.
  error?: { name: string; left: number };
  // The user's last question, waiting for the reply that answers it (ask-log.ts).
  ask?: OpenAsk;
  // The session had a <private> block: its compaction summaries are not read (the model retells what it saw,
  // private parts too, without the tags that mark them).
  privateSeen?: true;
  // A hook just blocked the session: what Claude says and does next, up to the user's next prompt, is how it met the
  // hook's rule; its first statements that share a word with the rule are kept on the hook's script too, as "In
  // response: ..." (a statement is held once in the graph: the same text would leave the entity it is about). `left`:
  // how many still to take; `words`: the rule's stems (the output's other lines, "git add <files>", take any "Add X").
  hookBlock?: { script: string; type: 'file' | 'hook'; left: number; words: string[] };
  // The user's last request ("Requested: ..."), logged as a task to do until the session does work after it (a file
  // edited or written, a commit) and before the next request; then it is logged again as done, which takes the task's
  // place (merge.ts). A request no work followed, the session's last, stays to do.
  request?: { text: string; date?: string; session?: string };
}

// Markup of a web page: a tag with a name ("<Step title=...>", "</div>"), an image's srcset.
const PAGE_MARKUP = /<\/?[A-Za-z][\w-]{0,30}(?:\s[^<>\n]{0,200})?>|\bsrcset=/;

// A <private> block, as the user wrote it or as redaction left it.
const PRIVATE_MARK = /<private>|\[private\]/i;

// What one capture pass saw and kept; extract.ts adds statementsKept to the sync's stats.
export interface CaptureStats {
  statementsSeen: number;
  statementsKept: number;
  byKind: Partial<Record<StatementKind, number>>;
}

const CONFIRMATION =
  /^(?:yes|yep|yeah|yup|right|exactly|correct|agreed|agree|sounds good|sounds right|perfect|great|good call|ok(?:ay)?[,.!]?\s+(?:do|go|let's|ship)|do (?:it|that)|go (?:ahead|for it|with (?:it|that|option))|ship it|settled|lgtm|looks good|that works|makes sense|let's do (?:it|that)|fine by me|works for me)\b/i;
const REPORT =
  /^[ \t]*(?:#{1,4}[ \t]*|\*\*)?(?:summary|what (?:i|we) (?:did|built|changed)|what changed|changes made|done|built(?: today)?(?: on)?|completed|all done|here's what (?:i|we) (?:did|built|changed))\b|\b(?:i've|i have) (?:now )?(?:added|implemented|built|fixed|finished|completed)\b/im;
const TASK_REQUEST =
  /^(?:please\s+|can you\s+|could you\s+|let's\s+|i want (?:you )?to\s+|i need (?:you )?to\s+)?(?:create|implement|add|fix|port|refactor|update|remove|delete|migrate|build|write|rewrite|convert|set up|setup|introduce|replace|rename|upgrade|integrate|optimi[sz]e|document|make|wire|hook up|investigate|debug|review)\b/i;
const CORRECTION =
  /^(?:(?:no|nope|not quite|not really|actually|instead|rather|hmm,? no|wait)\b[,.!]?|(?:yes|yeah|yep|ok(?:ay)?|sure|right),? but)\s*(.{6,})$/i;
// Openings that look like a yes or a no and are neither.
const NOT_AN_ANSWER =
  /^(?:right now|right after|no worries|no problem|no idea|not now|perfect is|great,? (?:thanks|now)|(?:yes|yeah|yep|ok(?:ay)?|sure|right),? but)\b/i;

// Whether the user's answer confirms the proposal: a short yes, not "great, thanks! now let's do X".
const confirms = (answer: string): boolean =>
  !NOT_AN_ANSWER.test(answer) &&
  CONFIRMATION.test(answer) &&
  (answer.length <= 60 || !/\b(?:but|now|next|instead|although|however)\b/i.test(answer));
// Whether it corrects the proposal, and with which words.
const correctionOf = (answer: string): string | undefined =>
  /^(?:no worries|no problem|no idea|not now)\b/i.test(answer) ? undefined : CORRECTION.exec(answer)?.[1];

// Adds the session's statements to the builder; returns the state to carry and what was kept.
export function captureStatements(
  builder: DeltaBuilder,
  messages: readonly TranscriptMessage[],
  context: CaptureContext,
  state: CaptureState = {},
  // Normalized sentences another extractor already stored (normalizeSentence), not written twice.
  taken: ReadonlySet<string> = new Set(),
): { state: CaptureState; stats: CaptureStats } {
  const stats: CaptureStats = { statementsSeen: 0, statementsKept: 0, byKind: {} };
  const { sources, state: sourceState } = readSources(messages, state);
  let proposal = state.proposal;
  let openError = state.error;
  let kept = state.kept ?? 0;
  let docsKept = state.docsKept ?? 0;
  let openAsk = state.ask;
  let privateSeen = state.privateSeen === true;
  let hookBlock = state.hookBlock;
  let openRequest = state.request;
  const sessionName = sessionEntityName(context.sessionId);
  const project = context.projectName;

  for (const source of sources) {
    if (source.kind === 'user' && PRIVATE_MARK.test(source.text)) {
      privateSeen = true;
    }
    if (source.kind === 'summary' && (privateSeen || PRIVATE_MARK.test(source.text))) {
      continue;
    }
    if (openError) {
      openError = openError.left > 1 ? { ...openError, left: openError.left - 1 } : undefined;
    }
    const date = source.message.timestamp?.slice(0, 10);
    const session = context.sessionId ?? source.message.sessionId;
    const write: Write = (entity, entityType, text, kind) => writeStatement(builder, stats, entity, entityType, text, kind, date, session);

    // A hook that blocked the session ("Stop hook feedback: [.../stop.sh]: ... Cannot exit with unstaged changes.")
    // states a rule the project's tooling enforces: kept as a warning on the hook's script, not read as a prompt
    // nor as the user's answer to a proposal.
    if (source.message.origin === 'hook') {
      const blocked = hookFeedbackOf(source.text, source.message.cwd);
      if (blocked) {
        write(blocked.script, blocked.scriptType, `${blocked.event} hook: ${blocked.rule}`, 'warning');
        if (blocked.escape) {
          write(
            blocked.script,
            blocked.scriptType,
            `${blocked.event} hook: ${blocked.escape.when}, it lets you through when you say "${blocked.escape.say}"`,
            'fact',
          );
        }
        // A rule the project's tooling enforces is one of its conventions (shown at session start).
        if (blocked.convention) {
          write(CONVENTIONS_ENTITY, 'convention', hookRuleConvention(blocked.event, blocked.script, blocked.rule), 'convention');
        }
        hookBlock = { script: blocked.script, type: blocked.scriptType, left: HOOK_RESPONSE_STATEMENTS, words: blocked.words };
      }
      openAsk = undefined;
      continue;
    }
    if (source.kind === 'user') {
      hookBlock = undefined;
    }

    // A user's answer to the assistant's last proposal turns it into a decision (or amends it).
    if (source.kind === 'user' && proposal) {
      const answer = source.text.trim();
      const correction = correctionOf(answer);
      if (confirms(answer)) {
        for (const text of proposal.statements) {
          write(proposal.subject ?? sessionName, proposal.subjectType ?? 'session', `Agreed: ${withoutProposalCue(text)}`, 'decision');
        }
      } else if (correction) {
        const first = proposal.statements[0] ?? '';
        write(
          proposal.subject ?? sessionName,
          proposal.subjectType ?? 'session',
          `${clip(withoutProposalCue(first), 150)} — amended by the user: ${clip(correction, 140)}`,
          'decision',
        );
      }
      proposal = undefined;
    }

    // The user's question waits for the first reply that keeps a statement (ask-log.ts); the next prompt or a
    // compaction summary closes it unanswered.
    if (source.kind === 'user' || source.kind === 'summary') {
      openAsk = undefined;
    }

    // A request of the user is what the session set out to do.
    let request: string | undefined;
    let pendingAsk: OpenAsk | undefined;
    let storedFromSource = 0;
    if (source.kind === 'user' && sessionName) {
      const line = source.text.split('\n')[0]?.trim() ?? '';
      // What the user asked for, in their words, is the session's log: explicit tasks and short requests alike.
      const asked = line.replace(/^(?:ok(?:ay)?|so|now|alright|great|nice|cool|thanks|hmm)[,.!]?\s+/i, '');
      if (asked.length >= 10 && !confirms(line) && /\p{L}{3}/u.test(asked)) {
        if (TASK_REQUEST.test(asked) && !asked.endsWith('?')) {
          request = normalizeSentence(line);
          // A new request leaves the last one as it is, logged or not (a request the decision patterns stored whole
          // is not logged, and no work after it closes an earlier one).
          openRequest = undefined;
          // Not a request the decision patterns stored whole ("Let's replace offset pagination with cursor
          // pagination."), and not past the session's cap (as the prompt's line below).
          if (!taken.has(request) && kept < MAX_STATEMENTS_PER_SESSION) {
            const text = `Requested: ${clip(asked, 200)}`;
            write(sessionName, 'session', text, 'todo');
            openRequest = { text, ...(date ? { date } : {}), ...(session ? { session } : {}) };
          }
        } else {
          // Logged after its statements, and only when none of them was kept elsewhere (no sentence twice).
          pendingAsk = {
            question: asked,
            marked: asked.endsWith('?'),
            ...(date ? { date } : {}),
            ...(session ? { session } : {}),
          };
        }
      }
    }

    const candidates: Array<Classified & { order: number; lead?: string }> = [];
    // A pasted log or a dump yields thousands of statements: only the first MAX_CONSIDERED are classified.
    for (const raw of splitStatements(source.text, { document: source.kind === 'doc' }).slice(0, MAX_CONSIDERED)) {
      stats.statementsSeen += 1;
      const classified = classifyStatement(raw.text, source.kind);
      if (classified) {
        candidates.push({ ...classified, order: candidates.length, ...(raw.lead ? { lead: raw.lead } : {}) });
      }
    }
    // A report of what was done ("Built today on `feat/auth`:", "## Summary") says what the session did: its
    // statements are kept in greater number, its plain facts count as done, and the session holds them too.
    const report = source.kind === 'assistant' && REPORT.test(source.text);
    const chosen = candidates
      .sort((a, b) => b.salience - a.salience || a.order - b.order)
      .slice(0, MAX_PER_MESSAGE[source.kind] + (report ? 10 : 0))
      .sort((a, b) => a.order - b.order);

    const proposals: string[] = [];
    const subjects: string[] = [];
    let proposalSubject: { name: string; type: string } | undefined;
    const reply =
      openAsk && sessionName && source.kind === 'assistant' && kept < MAX_STATEMENTS_PER_SESSION
        ? replyOpening(chosen.map((statement) => statement.text))
        : undefined;
    if (openAsk && sessionName && reply) {
      answerAsk(builder, stats, openAsk, sessionName, reply);
      openAsk = undefined;
    }
    for (const statement of chosen) {
      if (source.kind === 'doc' ? docsKept >= MAX_DOC_STATEMENTS_PER_SESSION : kept >= MAX_STATEMENTS_PER_SESSION) {
        break;
      }
      // A fetched page's markup that its answer quotes (an HTML tag, an image's srcset) says nothing.
      if (source.kind === 'research' && PAGE_MARKUP.test(statement.text)) {
        continue;
      }
      storedFromSource += 1;
      if (taken.has(normalizeSentence(statement.text))) {
        // The decision patterns stored it; the technologies it says the project uses still join the stack.
        recordStack(builder, statement.text, 'decision', source.kind, project, write);
        continue;
      }
      if (source.kind === 'doc') {
        docsKept += 1;
      } else {
        kept += 1;
      }
      stats.statementsKept += 1;
      const mentions = findMentions(statement.text);
      // A sentence of a list item that names nothing itself is about what the item opens with (since session 13; the
      // text stays as written: session 11's prefix raised every such sentence's salience and displaced others).
      const subject = pickSubject(mentions) ?? (statement.lead ? pickSubject(findMentions(statement.lead)) : undefined);
      // A compaction summary retells the session it follows: what it calls decided was decided (and captured) when it
      // was said, and may have been replaced since; its restatement is a fact, not a new decision.
      // What a fetched page says is a fact about the page, whatever its words: not the project's decision, convention,
      // preference or task (a page may even be written to read as instructions).
      // A document describes the project: what it says is no preference of the user's, and no task of the session's (an
      // API reference's "Add a new todo", a feature list's "✅ Full TypeScript support").
      const kind =
        source.kind === 'research' || (source.kind === 'doc' && ['preference', 'todo', 'done'].includes(statement.kind))
          ? 'fact'
          : report && statement.kind === 'fact'
            ? 'done'
            : source.kind === 'summary' && statement.kind === 'decision'
              ? 'fact'
              : statement.kind;
      if (kind === 'preference') {
        write(PREFERENCES_ENTITY, 'preference', statement.text, 'preference');
      } else if (kind === 'convention' && source.kind === 'user') {
        write(CONVENTIONS_ENTITY, 'convention', statement.text, 'convention');
      } else if (source.kind === 'todo') {
        write(sessionName, 'session', statement.text, /^Done:/.test(statement.text) ? 'done' : 'todo');
      } else if (subject) {
        // Everything the statement names, its subject first: the session's log of what it worked on.
        for (const name of [subject.name, ...mentions.map((mention) => mention.name)]) {
          if (!subjects.includes(name)) {
            subjects.push(name);
          }
        }
        const type =
          subject.entityType === 'component' && /(?:Error|Exception)$|^E[A-Z]{3,}$/.test(subject.name) ? 'error' : subject.entityType;
        write(subject.name, type, statement.text, kind);
        // A cause opens an error; the fix said next (this message or the next two) is tied to it: "<fix's subject>
        // fixes <cause's subject>". (One error entity holding both measured worse: docs/performance.md.)
        if (kind === 'cause') {
          openError = { name: subject.name, left: ERROR_SPAN };
        } else if (kind === 'fix' && openError && openError.name.toLowerCase() !== subject.name.toLowerCase()) {
          builder.addRelation(subject.name, 'fixes', builder.addEntity(openError.name, 'component', 0.8));
        }
        if (sessionName && (kind === 'done' || kind === 'todo')) {
          write(sessionName, 'session', statement.text, kind);
        }
      } else if (source.about) {
        // What a fetched page says, on the page; what a document says, on its file.
        write(source.about, source.kind === 'doc' ? 'file' : 'reference', statement.text, kind);
      } else if (normalizeSentence(statement.text) !== request) {
        // (A request the session already logged is not written to it twice.)
        write(sessionName ?? project, sessionName ? 'session' : 'project', statement.text, kind);
      }
      for (const relation of relationsBetween(statement.text, mentions)) {
        // Both ends become entities, so the relation holds whatever the next sync adds.
        const from = mentions.find((mention) => mention.name === relation.from);
        const to = mentions.find((mention) => mention.name === relation.to);
        builder.addRelation(
          from ? builder.addEntity(from.name, from.entityType, 0.8) : undefined,
          relation.relationType,
          to ? builder.addEntity(to.name, to.entityType, 0.8) : undefined,
        );
      }
      // (A fetched page's technologies are not the project's stack.)
      if (source.kind !== 'research') {
        recordStack(builder, statement.text, kind, source.kind, project, write);
      }
      if (hookBlock && kind !== 'preference' && subject?.name !== hookBlock.script && answersRule(statement.text, hookBlock.words)) {
        write(hookBlock.script, hookBlock.type, `In response: ${statement.text}`, kind);
        hookBlock = hookBlock.left > 1 ? { ...hookBlock, left: hookBlock.left - 1 } : undefined;
      }
      if (source.kind === 'assistant' && PROPOSAL.test(statement.text)) {
        proposals.push(statement.text);
        proposalSubject ??= subject ? { name: subject.name, type: subject.entityType } : undefined;
      }
    }
    // Not past the session's cap either (the statements after it are not read, so one the decision patterns stored
    // would come back as the prompt's line), nor a prompt the decision patterns stored whole.
    if (
      pendingAsk &&
      sessionName &&
      storedFromSource === 0 &&
      kept < MAX_STATEMENTS_PER_SESSION &&
      !taken.has(normalizeSentence(pendingAsk.question))
    ) {
      if (!pendingAsk.marked) {
        write(sessionName, 'session', askedLine(pendingAsk), 'todo');
      }
      openAsk = pendingAsk;
    }
    // What the session worked on, message by message: the things its kept statements are about.
    if (sessionName && (source.kind === 'assistant' || source.kind === 'subagent') && subjects.length > 0) {
      write(sessionName, 'session', `Worked on ${subjects.slice(0, 8).join(', ')}`, 'done');
    }
    if (source.kind === 'assistant') {
      proposal =
        proposals.length > 0
          ? {
              statements: proposals.slice(-3),
              ...(proposalSubject ? { subject: proposalSubject.name, subjectType: proposalSubject.type } : {}),
            }
          : undefined;
    }
  }

  // Work after the open request closes it: an edit of a file or a commit, by the assistant or a subagent (what Claude
  // says it did is no evidence: "Added in React 18.3, `useId` ..."; nor a plan, nor a task list's "Done:" that an
  // earlier request's work may have set). Logged again as done; an earlier sync's line gives way at merge.
  if (openRequest && sessionName && messages.some((message) => message.role === 'assistant' && message.toolCalls.some(isWorkCall))) {
    builder.removeObservation(sessionName, statementOf(openRequest.text, 'todo', openRequest.date, openRequest.session));
    writeStatement(builder, stats, sessionName, 'session', openRequest.text, 'done', openRequest.date, openRequest.session);
    openRequest = undefined;
  }

  const next: CaptureState = {
    ...(openAsk ? { ask: openAsk } : {}),
    ...sourceState,
    ...(proposal ? { proposal } : {}),
    ...(kept > 0 ? { kept } : {}),
    ...(docsKept > 0 ? { docsKept } : {}),
    ...(openError ? { error: openError } : {}),
    ...(privateSeen ? { privateSeen: true as const } : {}),
    ...(hookBlock ? { hookBlock } : {}),
    ...(openRequest ? { request: openRequest } : {}),
  };
  return { state: next, stats };
}

// A tool call that changes the project: a file written or edited, or a commit.
const WORK_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const isWorkCall = (call: TranscriptMessage['toolCalls'][number]): boolean =>
  WORK_TOOLS.has(call.name) ||
  (call.name === 'Bash' &&
    typeof call.input.command === 'string' &&
    /\bgit\s+(?:-\S+\s+)*commit\b/.test(call.input.command.slice(0, 2000)));

// Feedback of a hook that blocked, as Claude Code writes it in a user line: "<Event> hook feedback:" then
// "[<command>]: <its output>" (Stop, SubagentStop), or "<Event>:<Tool> hook blocking error from command: "<command>":
// <its output>" (PreToolUse, with the output's line breaks escaped). Anchored at the start, each part bounded: one
// linear pass.
const HOOK_FEEDBACK = /^(\w{3,30}) hook feedback:\s*\n?\[([^\]\n]{1,200})\]:\s?([\s\S]*)$/;
const HOOK_BLOCKING = /^(\w{3,30})(?::\w{1,30})? hook blocking error from command:\s*"([^\n]{1,300}?)":\s([\s\S]*)$/;
// Lines of the hook's output that say nothing of the rule: headings, a line that introduces the next ("Pre-commit
// validation failed:"), "Running quality checks...", rules of dashes.
const HOOK_NOISE =
  /^(?:#|-{3,}|={3,}|running\b|checking\b|no stderr output)|\.\.\.$|:$|\bline \d+:|command not found|syntax error|no such file or directory/i;

// The hook, its script (scriptOf; "<Event> hook" when the command names none), the first line of its output that
// states the rule, the rule's stems, and whether it is a convention; undefined when the text is not hook feedback or
// says no rule. (cwd: the session's folder, which a script's absolute path is made relative to.)
export function hookFeedbackOf(
  text: string,
  cwd?: string,
):
  | {
      event: string;
      script: string;
      scriptType: 'file' | 'hook';
      rule: string;
      words: string[];
      convention: boolean;
      // The words the hook asks for to be let through, when its output says ("If you've hit a problem you cannot solve
      // without user input:" then "I have run into a problem I can't solve without user input.").
      escape?: { when: string; say: string };
    }
  | undefined {
  const head = text.slice(0, MAX_STATEMENT_CHARS * 20);
  const match = HOOK_FEEDBACK.exec(head) ?? HOOK_BLOCKING.exec(head);
  if (!match) {
    return undefined;
  }
  const [, event = '', command = '', raw = ''] = match;
  // Unescaped, then redacted again (a secret right after an escaped line break was not in the shape redaction saw).
  const output = redactSecrets(raw.replace(/\\n/g, '\n')).text;
  const rule = output
    .split('\n')
    .map((line) => line.trim().replace(/^\[[^\]\n]{0,300}\]:\s*/, ''))
    .find((line) => line.length >= 12 && !HOOK_NOISE.test(line));
  if (!rule) {
    return undefined;
  }
  const clipped = clip(rule, 200);
  const script = scriptOf(command, cwd);
  const escape = escapeOf(output);
  return {
    event,
    script: script ?? `${event} hook`,
    scriptType: script ? 'file' : 'hook',
    rule: clipped,
    words: [...new Set(extractTerms(clipped))],
    // A rule that counts something ("3 tests failed in src/parser.test.ts") is the state of one run, not a convention.
    convention: !/\d/.test(clipped),
    ...(escape ? { escape } : {}),
  };
}

// A line of a hook's output that says when ("If ...:") followed by the phrase to say, quoted, on the next line.
const ESCAPE_WHEN = /^if\b.{8,200}:$/i;
const ESCAPE_SAY = /^["“]([^"”\n]{8,200})["”]$/;
function escapeOf(output: string): { when: string; say: string } | undefined {
  const lines = output
    .split('\n', 400)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const say = ESCAPE_WHEN.test(lines[index] as string) ? ESCAPE_SAY.exec(lines[index + 1] as string)?.[1] : undefined;
    if (say) {
      return { when: (lines[index] as string).slice(0, -1), say };
    }
  }
  return undefined;
}

// Whether a statement of Claude's response meets a hook's rule: it shares a word with it ("Add Python and coverage
// files to gitignore" for "Cannot exit with untracked files"). Two words were tried: "... committed the changes" is no
// longer taken for "unstaged changes", but neither is the .gitignore commit (real tuning-3 answered 0.65 -> 0.63).
function answersRule(text: string, ruleWords: readonly string[]): boolean {
  return extractTerms(text).some((stem) => ruleWords.includes(stem));
}

type Write = (entity: string | undefined, entityType: string, text: string, kind: StatementKind) => string | undefined;

function writeStatement(
  builder: DeltaBuilder,
  stats: CaptureStats,
  entity: string | undefined,
  entityType: string,
  text: string,
  kind: StatementKind,
  date: string | undefined,
  session: string | undefined,
): string | undefined {
  if (!entity) {
    return undefined;
  }
  stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
  return builder.addEntity(entity, entityType, 0.8, statementOf(text, kind, date, session));
}

// A statement as the graph holds it: its text within a statement's length, and its tag.
const statementOf = (text: string, kind: StatementKind, date: string | undefined, session: string | undefined): string =>
  formatStatement({ text: clip(text, MAX_STATEMENT_CHARS), kind, ...(date ? { date } : {}), ...(session ? { session } : {}) });

// Logs the user's question on the session with the opening of its reply, dated when it was asked; the plain line
// written for it (a question without a question mark), if this sync holds it, gives way.
function answerAsk(builder: DeltaBuilder, stats: CaptureStats, ask: OpenAsk, session: string, reply: string): void {
  if (!ask.marked) {
    builder.removeObservation(session, statementOf(askedLine(ask), 'todo', ask.date, ask.session));
  }
  writeStatement(builder, stats, session, 'session', answeredLine(ask, reply), 'fact', ask.date, ask.session);
}

const ROLE_AFTER =
  /^\s*(?:\d[\w.]*\s+)?(?:\([^)]{0,40}\)\s*)?(?:for|as (?:the|our|a|an))\s+([a-z][\w /-]{2,40}?)(?=[,.;:)]|\s+(?:and (?:a |an |the )?[A-Z]|with|because|since|so|but|instead|rather|in|on)\b|$)/;
const LABEL_BEFORE = /(?:^|: )([A-Z][\w /-]{2,30}): $/;
// Headings and labels that name a part of a message or a document, not a role in the project (a document's headings
// lead its paragraphs and rows: "Architecture: Phoenix controllers: ..." gives Phoenix no role).
const GENERIC_LABEL =
  /^(?:summary|overview|notes?|features?|key features|highlights|details|changes|status|result|results|next steps?|todo|done|stack|tech stack|the stack|example|usage|context|background|plan|step \d+|phase \d+|option \w+|architecture|troubleshooting|introduction|getting started|quick ?start|api reference|reference|faq|contents|layers?)$/i;
const USE_VERB =
  /\b(?:use|uses|using|used|with|on|chose|pick|go with|switch|stick with|standardi[sz]e on|adopt|running|run|built|our|stack)\b/i;

// The stack: each technology the session says the project uses, with its role ("Redis: caching and rate limits").
function recordStack(
  builder: DeltaBuilder,
  text: string,
  kind: StatementKind,
  source: SourceKind,
  project: string | undefined,
  write: (entity: string | undefined, entityType: string, text: string, kind: StatementKind) => string | undefined,
): void {
  const plain = text.replace(/`/g, '');
  const mentions = findTechnologyMentions(plain);
  if (mentions.length === 0) {
    return;
  }
  // A negated or compared mention ("we won't use MongoDB", "MySQL is slower") is no use and no role.
  if (isNegatedOrCompared(plain)) {
    return;
  }
  const stated = kind === 'decision' || source === 'user' || source === 'summary' || USE_VERB.test(plain);
  for (const mention of mentions) {
    const after = plain.slice(mention.index + mention.name.length, mention.index + mention.name.length + 80);
    const before = plain.slice(Math.max(0, mention.index - 40), mention.index);
    // (Not a label before it in a document, where headings lead every paragraph: "Install: `npm ci`" gives npm no role.)
    const role = ROLE_AFTER.exec(after)?.[1] ?? (source === 'doc' ? undefined : LABEL_BEFORE.exec(before)?.[1]);
    if (role && !GENERIC_LABEL.test(role)) {
      write(mention.name, 'technology', `${mention.name}: ${role.trim().replace(/^(?:the|our|a|an|all|its)\s+/i, '')}`, 'fact');
    }
    if (project && (stated || role)) {
      builder.addRelation(project, 'uses', builder.addEntity(mention.name, 'technology', 0.8));
    }
  }
}

// "I'd suggest we keep the limit at 7" -> "keep the limit at 7".
const withoutProposalCue = (text: string): string =>
  text.replace(
    /^(?:(?:so|ok|okay),?\s+)?(?:i'd suggest|i suggest|i'd recommend|i recommend|i propose|my recommendation is|my suggestion is|how about|we should|we could|i'd|i would)\s+(?:that\s+)?(?:we\s+)?/i,
    '',
  );

// Sources after a cause in which a fix still joins its error.
const ERROR_SPAN = 3;
// How many statements of Claude's response to a blocking hook are kept on the hook's script.
const HOOK_RESPONSE_STATEMENTS = 3;
