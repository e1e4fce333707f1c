// Text shapes that make regular expressions backtrack, as users paste them (logs, data URLs, bundles, .env files),
// each generated at an exact length so that scaling tests and the pathological benchmark compare like with like.

// Repeats a unit to exactly size characters.
const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

// A deterministic pseudo-random generator (mulberry32): the same seed gives the same text on every run.
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64DataUrl(size: number): string {
  const random = seededRandom(size);
  const head = 'data:image/png;base64,';
  let body = '';
  while (head.length + body.length < size) {
    body += BASE64[Math.floor(random() * 64)];
  }
  return `${head}${body}`.slice(0, size);
}

function envFile(size: number): string {
  const random = seededRandom(size + 1);
  const lines: string[] = [];
  let length = 0;
  for (let line = 0; length < size; line += 1) {
    const id = Math.floor(random() * 1e12).toString(36);
    const text = `SERVICE_${line}_API_KEY=sk-${id}abcdefghijklmnopqrstuv token: ghp_${id}ABCDEFGHIJKLMNOPQRSTUVWX password="p-${id}"\n`;
    lines.push(text);
    length += text.length;
  }
  return lines.join('').slice(0, size);
}

// name -> generator of a text of exactly `size` characters.
export const PATHOLOGICAL_SHAPES: Readonly<Record<string, (size: number) => string>> = {
  'one letter': (size) => 'a'.repeat(size),
  'one letter then a dot': (size) => `${'a'.repeat(size - 1)}.`,
  spaces: (size) => `we decided to use ${' '.repeat(size - 19)}x`,
  'spaces then newline': (size) => `a${' '.repeat(size - 3)}\nb`,
  'dots then a letter': (size) => `${'.'.repeat(size - 1)}x`,
  'quotes then a letter': (size) => `${"'".repeat(size - 1)}a`,
  'foo.foo.foo': (size) => repeatTo('foo.', size),
  'a-a-a-!': (size) => `${repeatTo('a-', size - 1)}!`,
  a_a_a_: (size) => repeatTo('a_', size),
  'a/a/a/': (size) => repeatTo('a/', size),
  'a=a=a=': (size) => repeatTo('a=', size),
  'AbAbAb camelCase': (size) => repeatTo('Ab', size),
  'aAbAbA camel ending upper': (size) => `a${repeatTo('Ab', size - 2)}A`,
  'a1a1 letters and digits': (size) => repeatTo('a1', size),
  // One acronym as long as the text, then a capitalized word (text.ts ACRONYM_EDGE), and acronym-word pairs.
  'ABCABC acronym run': (size) => `${'A'.repeat(size - 4)}Word`,
  'ABCWord acronym words': (size) => repeatTo('ABCWord', size),
  'tokentoken keyword run': (size) => repeatTo('token', size),
  'token.token. keywords': (size) => repeatTo('token.', size),
  'eyJ-eyJ- jwt heads': (size) => repeatTo('eyJ-', size),
  '@@@ at signs': (size) => `${'@'.repeat(size - 1)}x`,
  'base64 data URL': base64DataUrl,
  'minified code': (size) => repeatTo('function(a,b){return a.b.c(d)&&e[f]||g?h:i};var j=k.l(m,n);', size),
  'long path': (size) => `/${repeatTo('src/core/', size - 1)}`,
  '.env secrets': envFile,
  unicode: (size) => repeatTo('naïve café 日本語 Ünïcödé Straße ', size),
  'unclosed markup tags': (size) => repeatTo('<system-reminder>x ', size),
  'unclosed private': (size) => repeatTo('<private>', size),
  'code fences': (size) => repeatTo('```x ', size),
  'prose with decisions': (size) =>
    repeatTo('We decided to use Redis for the cache because it is fast, instead of Memcached. Always run npm test. ', size),
  'which what package': (size) => repeatTo('which we what package what do we use for the package ', size),
  'made-up words': (size) => repeatTo('florbix zantrope quiblet ', size),
  // A long word before each "setup" (isRequestForNewWork looks one word back from it).
  'word then setup': (size) => repeatTo(`${'a'.repeat(2000)} setup `, size),
  // Lines that open a marker of Claude Code's and never close it ("[Request interrupted by user" with no "]").
  'unclosed interruption lines': (size) => repeatTo('[Request interrupted by user\n', size),
};

// A random mix of pieces of every shape (each piece 1 to 4 KB), for fuzzing.
export function mixShapes(size: number, random: () => number): string {
  const generators = Object.values(PATHOLOGICAL_SHAPES);
  let text = '';
  while (text.length < size) {
    const generate = generators[Math.floor(random() * generators.length)] as (size: number) => string;
    text += generate(1024 + Math.floor(random() * 3072));
  }
  return text.slice(0, size);
}
