import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, write: (text: string) => writes.push(text) } };
}

describe('seeding progress', () => {
  it('without a terminal writes each finished step and at most one line per interval in between', () => {
    const { writes, stream } = fakeStream(false);
    let clock = 0;
    const progress = progressReporter('seeding', { stream, now: () => clock, intervalMs: 5_000 });
    for (let done = 0; done <= 50_000; done += 2_000) {
      progress.update('posts', done, 50_000);
      clock += 1_000;
    }
    progress.update('indexes', 0, 9);
    progress.update('indexes', 9, 9);
    progress.update('statistics', 0, 1);
    clock += 2_000;
    progress.update('statistics', 1, 1);
    progress.end();
    expect(writes).toEqual([
      'seeding: posts 10,000 of 50,000 (20%), 5 s\n',
      'seeding: posts 20,000 of 50,000 (40%), 10 s\n',
      'seeding: posts 30,000 of 50,000 (60%), 15 s\n',
      'seeding: posts 40,000 of 50,000 (80%), 20 s\n',
      'seeding: posts 50,000 of 50,000 (100%), 25 s\n',
      'seeding: indexes 9 of 9 (100%), 26 s\n',
      'seeding: statistics (done), 28 s\n',
    ]);
  });

  it('in a terminal redraws one line and keeps a line per finished step', () => {
    const { writes, stream } = fakeStream(true);
    let clock = 0;
    const progress = progressReporter('seeding', { stream, now: () => clock });
    progress.update('members', 0, 40);
    clock += 50;
    progress.update('members', 20, 40);
    clock += 100;
    progress.update('members', 40, 40);
    progress.update('photos', 10, 40);
    clock += 200;
    progress.update('photos', 30, 40);
    progress.end();
    expect(writes).toEqual([
      '\r\x1b[2Kseeding: members 40 of 40 (100%), 0 s\n',
      '\r\x1b[2Kseeding: photos 30 of 40 (75%), 0 s',
      '\r\x1b[2Kseeding: photos 30 of 40 (75%), 0 s\n',
    ]);
  });

  it('writes nothing when nothing was seeded', () => {
    const { writes, stream } = fakeStream(false);
    progressReporter('seeding', { stream }).end();
    expect(writes).toEqual([]);
  });
});
