// The slot a statement fills, so a newer statement about the same slot supersedes the older one: "Alembic:
// migrations" and "We switched from Alembic to Flyway" both fill the slot "role:migrations" (values Alembic, then
// Flyway); "set the Redis timeout to 5s" fills "value:redis timeout". A statement naming several technologies
// fills several slots. Every pattern is bounded and runs on one statement (~300 characters).
import type { StatementKind } from '../statement.ts';
import { constantSlot } from './code-constants.ts';
import { stemWord } from '../text.ts';
import { canonicalTechnology, findTechnologyMentions, technologyRole } from '../technologies.ts';

// A slot and what fills it ("role:migrations" = "alembic"): the same key with another value supersedes.
export interface Slot {
  key: string;
  value: string;
}

// Role words people use for the same slot, to one key ("migration tool", "db migrations" -> "migrations").
const ROLE_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bmigrat/i, 'migrations'],
  [/\borm\b|object.relational/i, 'orm'],
  [/\bcach/i, 'cache'],
  [/\b(?:database|db|datastore|data store|primary store)\b/i, 'database'],
  [/\b(?:queue|broker|message bus|background jobs?|job runner|task queue|workers?)\b/i, 'queue'],
  [/\b(?:auth|authentication|login|sign.?in|sessions?)\b/i, 'auth'],
  [/\b(?:tests?|testing|test runner|test framework)\b/i, 'test framework'],
  [/\b(?:lint|linter|linting)\b/i, 'linter'],
  [/\b(?:format|formatter|formatting)\b/i, 'formatter'],
  [/\b(?:deploy|deployment|deploys|hosting|host)\b/i, 'hosting'],
  [/\b(?:package manager|packages|dependencies)\b/i, 'package manager'],
  [/\b(?:monitoring|error tracking|observability|metrics|tracing|logging)\b/i, 'monitoring'],
  [/\b(?:search|full.text)\b/i, 'search'],
  [/\b(?:frontend|front end|ui)\b/i, 'frontend framework'],
  [/\b(?:backend|api framework|web framework|server framework)\b/i, 'web framework'],
  [/\b(?:state management|store)\b/i, 'state management'],
  [/\b(?:validation|schemas?)\b/i, 'validation'],
  [/\b(?:ci|pipeline|continuous integration)\b/i, 'ci'],
  [/\b(?:email|mail)\b/i, 'email'],
  [/\b(?:payments?|billing)\b/i, 'payments'],
  [/\b(?:bundler|bundling|build tool)\b/i, 'bundler'],
  [/\b(?:password hashing|hashing)\b/i, 'password hashing'],
];

// The slot key of a role phrase ("caching and rate limits" -> "cache"), else its first content word's stem.
function roleKey(phrase: string): string | undefined {
  for (const [pattern, key] of ROLE_WORDS) {
    if (pattern.test(phrase)) {
      return key;
    }
  }
  const word = /[a-z][a-z-]{2,}/i.exec(phrase)?.[0];
  return word ? stemWord(word.toLowerCase()) : undefined;
}

const TECH_ROLE_STATEMENT = /^([\w.+# -]{2,40}): ([^,;.]{3,60})$/;
const SWITCH =
  /\b(?:switch(?:ed|ing)?|migrat(?:e|ed|ing)|mov(?:e|ed|ing)|chang(?:e|ed|ing)|went)\s{1,4}(?:\w+\s{1,4}){0,3}?from\s{1,4}(.{2,60}?)\s{1,4}(?:to|over to)\s{1,4}(.{2,60})/i;
const REPLACE = /\breplac(?:e|ed|ing)\s{1,4}(.{2,60}?)\s{1,4}with\s{1,4}(.{2,60})/i;
const INSTEAD =
  /\b(?:use|using|go with|going with|pick|chose|picked|adopt)\s{1,4}(.{2,60}?)\s{1,4}(?:instead of|rather than|over)\s{1,4}(.{2,60})/i;
const FOR_ROLE =
  /\bfor\s{1,4}((?:the |our |all |its )?[a-z][\w -]{2,40}?)(?=[,.;:)]|\s{1,4}(?:and|with|because|since|so|but|instead|rather)\b|$)/i;
const AS_ROLE = /\bas\s{1,4}(?:the|our|a|an)\s{1,4}([a-z][\w -]{2,40}?)(?=[,.;:)]|\s{1,4}(?:and|with|because|since|so|but)\b|$)/i;
const SET_VALUE =
  /\b(?:set|raise[ds]?|raising|lower(?:ed|ing)?|increase[ds]?|increasing|decrease[ds]?|bump(?:ed)?|change[ds]?|reduce[ds]?|keep|leave|moved?)\s{1,4}(?:the\s{1,4})?([a-z][\w .-]{2,40}?)\s{1,4}(?:from\s{1,4}\S{1,20}\s{1,4})?(?:to|at)\s{1,4}(\d[\w.%/]{0,12}(?:\s?(?:ms|s|seconds?|minutes?|min|hours?|h|days?|mb|gb|kb|%|requests?|attempts|retries|per \w+))?)/i;
const KEY_VALUE = /`([A-Za-z][\w.-]{2,40})\s?(?:=|: )\s?([^`\s]{1,40})`/;

const MAX_SLOT_TEXT = 400;
const ROLE_KINDS: ReadonlySet<StatementKind> = new Set(['decision', 'fact', 'convention', 'preference']);
const TASK = /^(Done|To do): (.{4,})$/;
// A task runner's recipe (task-recipes.ts): "`just check` runs `cargo test`" fills the slot of `just check`.
const RECIPE = /^`((?:just|make|npm run|npm) [\w:.-]{1,40})` runs `([^`]{1,200})`/;

// A statement that says a technology is used: not one that compares, rejects or negates ("MySQL is slower than
// what we have", "we won't use MongoDB", "SQLite only for tests").
const POSITIVE_USE =
  /\b(?:use|using|uses|used for|chose|chosen|pick(?:ed)?|go(?:ing)? with|switch(?:ed)? to|stick with|standardi[sz]e on|adopt(?:ed)?|runs? on|built (?:with|on)|is our|as (?:the|our)|for)\b/i;
const NEGATED_OR_COMPARED =
  /\b(?:not|never|no longer|won't|wont|don't|dont|doesn't|isn't|aren't|wasn't|instead of|rather than|unlike|than|alternative|alternatives|versus|vs|compared|drop|dropped|ditch|remove|removed|deprecated|avoid|without|only for tests|maybe|might|could|should we|what if)\b/i;
const DROP =
  /\b(?:drop(?:ped|ping)?|ditch(?:ed)?|remov(?:e|ed|ing)|no longer use|stop(?:ped)? using|get rid of|got rid of)\s{1,4}(?:the\s{1,4})?([\w.+# -]{2,40})/i;

// Whether a statement negates, rejects or compares (it then fills no slot by merely naming a technology).
export const isNegatedOrCompared = (text: string): boolean => NEGATED_OR_COMPARED.test(text);

// The slots a statement (its text, without the tag, and its kind) fills; empty when it fills none.
export function slotsOf(whole: string, kind: StatementKind): Slot[] {
  // A statement is at most ~300 characters (segment.ts); a longer text is read by its head only.
  const text = whole.length > MAX_SLOT_TEXT ? whole.slice(0, MAX_SLOT_TEXT) : whole;
  const task = TASK.exec(text);
  if (task?.[1] && task[2]) {
    return [{ key: `task:${task[2].toLowerCase().slice(0, 120)}`, value: task[1].toLowerCase() }];
  }
  const constant = text.startsWith('Constant in ') ? constantSlot(text) : undefined;
  if (constant) {
    return [constant];
  }
  const recipe = RECIPE.exec(text);
  if (recipe?.[1] && recipe[2]) {
    return [{ key: `recipe:${recipe[1].toLowerCase()}`, value: recipe[2].toLowerCase() }];
  }
  if (!ROLE_KINDS.has(kind)) {
    return [];
  }
  const slots: Slot[] = [];
  const add = (key: string | undefined, value: string | undefined): void => {
    if (key && value && !slots.some((slot) => slot.key === key)) {
      slots.push({ key, value: value.trim().toLowerCase() });
    }
  };
  const roleStatement = TECH_ROLE_STATEMENT.exec(text);
  const roleTech = roleStatement?.[1] ? canonicalTechnology(roleStatement[1]) : undefined;
  if (roleStatement && roleTech) {
    add(`role:${roleKey(roleStatement[2] ?? '') ?? technologyRole(roleTech)}`, roleTech);
    return slots;
  }
  const switched = SWITCH.exec(text) ?? REPLACE.exec(text);
  const instead = INSTEAD.exec(text);
  const newer = switched?.[2] ?? instead?.[1];
  const older = switched?.[1] ?? instead?.[2];
  if (newer && older) {
    // A switch between technologies, or one that says what it is for ("from offset to cursor for pagination").
    const newTech = findTechnologyMentions(newer)[0]?.name;
    const oldTech = findTechnologyMentions(older)[0]?.name;
    const forRole = FOR_ROLE.exec(text)?.[1];
    const key = forRole ? roleKey(forRole) : newTech ? technologyRole(newTech) : oldTech ? technologyRole(oldTech) : undefined;
    if (key && (newTech || oldTech || forRole)) {
      add(`role:${key}`, newTech ?? firstWords(newer));
      return slots;
    }
  }
  const setValue = SET_VALUE.exec(text);
  if (setValue?.[1] && setValue[2]) {
    add(`value:${keyWords(setValue[1])}`, setValue[2]);
  }
  const keyValue = KEY_VALUE.exec(text);
  if (keyValue?.[1] && keyValue[2]) {
    add(`value:${keyValue[1].toLowerCase()}`, keyValue[2]);
  }
  const dropped = DROP.exec(text)?.[1];
  const droppedTech = dropped ? findTechnologyMentions(dropped)[0]?.name : undefined;
  const droppedRole = droppedTech ? technologyRole(droppedTech) : undefined;
  if (droppedRole) {
    // "Drop Postmark": its slot is left empty (the statements that filled it are history).
    add(`role:${droppedRole}`, '(none)');
    return slots;
  }
  const mentions = findTechnologyMentions(text);
  if (mentions.length > 0 && !isNegatedOrCompared(text) && POSITIVE_USE.test(text)) {
    const forRole = mentions.length === 1 ? (FOR_ROLE.exec(text)?.[1] ?? AS_ROLE.exec(text)?.[1]) : undefined;
    for (const mention of mentions) {
      const key = (forRole && roleKey(forRole)) ?? technologyRole(mention.name);
      add(key ? `role:${key}` : undefined, mention.name);
    }
  }
  return slots;
}

const firstWords = (phrase: string): string =>
  phrase
    .replace(/[,.;:()].*$/, '')
    .split(/\s+/)
    .slice(0, 3)
    .join(' ');
const keyWords = (phrase: string): string =>
  phrase
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => !/^(?:the|a|an|our|its|their|default)$/.test(word))
    .slice(-3)
    .join(' ');
