// The script a hook's command runs: capture.ts (a hook's feedback) and extract-tools.ts (the hooks the client ran)
// write about it under this name.
import { clip } from '../delta-builder.ts';

// A word of a hook's command that is its script: a path ending in a script's extension, else any path (not a
// redirection: 2>/dev/null, > /tmp/x.log).
const SCRIPT_PATH = /\/[^/\s]+\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1)$/;

// The script a hook's command runs, as the project knows it: quotes and a leading $VARIABLE/ or ${VARIABLE}/ out, an
// absolute path under the session's folder made relative, one outside it reduced to its file name (no home folder in
// the bank); undefined for a command that names no path (a prompt-type hook: its text is a prompt, not a script; a
// URL is no path).
export function scriptOf(command: string, cwd: string | undefined): string | undefined {
  const words = command
    .split(/\s+/)
    .map((word) => word.replace(/["']/g, ''))
    .filter((word) => !/^\d?[<>]/.test(word) && !word.startsWith('/dev/') && !word.includes('://'));
  // (A bare "check.py" is a script too: the pattern is tried on it as on the last part of a path.)
  const isScript = (word: string): boolean => SCRIPT_PATH.test(word.includes('/') ? word : `/${word}`);
  const path = words.find(isScript) ?? words.find((word) => word.includes('/'));
  if (!path) {
    return undefined;
  }
  const unrooted = path.replace(/^\$\{?\w+\}?\//, '');
  const base = cwd?.replace(/\/+$/, '');
  const relative = base && unrooted.startsWith(`${base}/`) ? unrooted.slice(base.length + 1) : unrooted;
  const named = relative.startsWith('/') || relative.startsWith('~') ? (relative.split('/').at(-1) ?? relative) : relative;
  return named === '' ? undefined : clip(named, 120);
}
