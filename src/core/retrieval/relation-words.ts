// The verbs a prompt asks through a relation with, in families: "what does PRISMTrainer use?", "where is X used?",
// "which files did the feature touch?" ask about relations typed uses, "is used in", modifies_file. Most of these
// words are stopwords or stem apart ("use" is dropped, "uses" stems to "us", "touch" is not "modifies"), so the
// search terms alone miss them. Each word maps to its family; a relation type and a prompt that share a family ask
// about the same relation. Hand-written: the verbs of the relation types on the public graphs and in the seed
// documents, and their everyday synonyms in questions.
const FAMILIES: Record<string, readonly string[]> = {
  use: [
    'use',
    'used',
    'uses',
    'using',
    'rely',
    'relies',
    'relied',
    'depend',
    'depends',
    'depended',
    'dependency',
    'dependencies',
    'delegate',
    'delegates',
    'delegated',
    'call',
    'calls',
    'called',
    'calling',
    'import',
    'imports',
    'imported',
    'requires',
    'required',
    'consume',
    'consumes',
    'invoke',
    'invokes',
    'queries',
    'dispatches',
  ],
  modify: [
    'modify',
    'modifies',
    'modified',
    'modification',
    'modifications',
    'change',
    'changes',
    'changed',
    'touch',
    'touches',
    'touched',
    'affect',
    'affects',
    'affected',
    'alter',
    'alters',
    'altered',
    'edit',
    'edits',
    'edited',
    'update',
    'updates',
    'updated',
  ],
  contain: ['contain', 'contains', 'contained', 'include', 'includes', 'included', 'consist', 'consists', 'comprise', 'comprises'],
  test: ['test', 'tests', 'tested', 'validate', 'validates', 'validated', 'verify', 'verifies', 'verified', 'cover', 'covers', 'covered'],
  define: ['define', 'defines', 'defined'],
  inherit: ['inherit', 'inherits', 'inherited', 'extend', 'extends', 'extended', 'subclass', 'subclasses', 'derive', 'derives', 'derived'],
  configure: ['configure', 'configures', 'configured', 'config', 'configs'],
  document: ['document', 'documents', 'documented', 'describe', 'describes', 'described'],
  create: ['create', 'creates', 'created', 'add', 'adds', 'added', 'introduce', 'introduces', 'introduced'],
  implement: ['implement', 'implements', 'implemented'],
  render: ['render', 'renders', 'rendered', 'display', 'displays', 'displayed'],
  resolve: ['resolve', 'resolves', 'resolved', 'fix', 'fixes', 'fixed'],
};
const FAMILY_OF = new Map(Object.entries(FAMILIES).flatMap(([family, words]) => words.map((word) => [word, family] as const)));

// The relation families the words of a text name (lowercase words; see splitWords).
export function relationFamilies(words: readonly string[]): Set<string> {
  const families = new Set<string>();
  for (const word of words) {
    const family = FAMILY_OF.get(word);
    if (family !== undefined) {
      families.add(family);
    }
  }
  return families;
}
