// A numeric command-line flag of a benchmark (--entities 10000), or its default.
export function numberFlag(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}
