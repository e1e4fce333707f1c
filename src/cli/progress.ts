// Progress for long CLI work: shown on a terminal (one line, rewritten in place), silent when stderr is piped.
export interface Progress {
  update(text: string): void;
  done(): void;
}

// A progress line on a terminal, redrawn at most every 80 ms; nothing at all when stderr is piped.
export function createProgress(isTerminal: boolean, write: (text: string) => void): Progress {
  if (!isTerminal) {
    return { update: () => undefined, done: () => undefined };
  }
  let shown = false;
  let last = 0;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 80) {
        return;
      }
      last = now;
      write(`\r\x1b[2K${text}`);
      shown = true;
    },
    done() {
      if (shown) {
        write('\r\x1b[2K');
      }
    },
  };
}
