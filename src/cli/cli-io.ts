// What a CLI command gets from the process: streams to write, environment, working folder, clock.
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  nowMs: () => number;
  // Whether stderr is a terminal (progress is shown only there).
  stderrIsTerminal?: boolean;
}

// Splits argv into positional words and --flags (a flag takes the next word as its value when it is declared to;
// a flag given several times keeps every value in `repeated`; `ordered` keeps every valued flag in the order given).
export function parseArgs(
  argv: readonly string[],
  valueFlags: readonly string[],
): { positional: string[]; flags: Map<string, string | true>; repeated: Map<string, string[]>; ordered: Array<[string, string]> } {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  const ordered: Array<[string, string]> = [];
  for (let position = 0; position < argv.length; position += 1) {
    const word = argv[position] ?? '';
    if (word.startsWith('--')) {
      const [name, inline] = word.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? (valueFlags.includes(name) && position + 1 < argv.length ? (argv[(position += 1)] ?? '') : true);
      flags.set(name, value);
      if (typeof value === 'string') {
        repeated.set(name, [...(repeated.get(name) ?? []), value]);
        ordered.push([name, value]);
      }
    } else {
      positional.push(word);
    }
  }
  return { positional, flags, repeated, ordered };
}
