// The CLI's view of this process: its streams, environment, folder and clock.
import type { CliIo } from '../cli/cli-io.ts';

// This process as a CliIo: only the CLI entrypoint builds one, so commands take their process as a parameter.
export function processIo(): CliIo {
  return {
    stdout: (text: string) => void process.stdout.write(text),
    stderr: (text: string) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    nowMs: Date.now,
    stderrIsTerminal: process.stderr.isTTY === true,
  };
}
