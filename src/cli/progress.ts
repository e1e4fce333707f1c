// Progress for long CLI work: shown on a terminal (one line, rewritten in place), silent when stderr is piped.
export interface Progress {
  update(text: string): void;
  done(): void;
}

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
