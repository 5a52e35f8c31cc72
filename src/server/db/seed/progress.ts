/**
 * Progress of a long seeding run (`npm run demo`, the benchmarks' communities), written to
 * stderr so it never mixes with a command's results on stdout. In a terminal one line is
 * redrawn in place; otherwise (CI, a log file) a line is written when a step finishes and at
 * most every few seconds in between, so logs stay short.
 */

/** Called by the seeders: `done` of `total` units of `step` are written ('posts', 2000, 50000). */
export type SeedProgress = (step: string, done: number, total: number) => void;

export interface ProgressReporter {
  /** Hand this to the seeders. */
  update: SeedProgress;
  /** Writes the last state if it is not on screen yet and stops the timer. */
  end(): void;
}

interface Writable {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  stream?: Writable;
  /** Redraw one line in place (default: whether the stream is a terminal). */
  interactive?: boolean;
  /** Without a terminal: the longest silence while a step runs. */
  intervalMs?: number;
  now?: () => number;
}

const count = (n: number) => n.toLocaleString('en-US');

/** A reporter printing `<label>: <step> <done> of <total> (<percent>), <seconds>`. */
export function progressReporter(label: string, options: ProgressOptions = {}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const interactive = options.interactive ?? stream.isTTY === true;
  const intervalMs = options.intervalMs ?? 5_000;
  const now = options.now ?? Date.now;
  const started = now();
  let state: { step: string; done: number; total: number } | null = null;
  let written = false;
  // Without a terminal, a step that finishes within the interval gets only its final line.
  let lastWriteAt = started;

  const text = () => {
    if (!state) return '';
    const { step, done, total } = state;
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    const amount = total === 1 ? (done >= 1 ? '(done)' : '(running)') : `${count(done)} of ${count(total)} (${percent}%)`;
    return `${label}: ${step} ${amount}, ${Math.round((now() - started) / 1000)} s`;
  };
  // In a terminal a finished step keeps its line and the next one is drawn below it.
  let open = false;
  const write = (line: string, final: boolean) => {
    stream.write(interactive ? `\r\x1b[2K${line}${final ? '\n' : ''}` : `${line}\n`);
    open = interactive && !final;
    written = true;
    lastWriteAt = now();
  };

  // Refreshes the seconds of a slow step (an index build), without keeping the process alive.
  const timer = setInterval(() => {
    if (!state || state.done >= state.total) return;
    if (interactive || now() - lastWriteAt >= intervalMs) write(text(), false);
  }, interactive ? 1_000 : Math.min(intervalMs, 1_000));
  timer.unref();

  return {
    update(step, done, total) {
      // A step's last line is written once, however often it is reported finished.
      const stepDone = done >= total && !(state?.step === step && state.done >= state.total);
      state = { step, done, total };
      written = false;
      const wait = interactive ? 100 : intervalMs;
      if (stepDone || now() - lastWriteAt >= wait) write(text(), stepDone);
    },
    end() {
      clearInterval(timer);
      if (state && (!written || open)) write(text(), true);
    },
  };
}
