import { availableParallelism } from 'node:os';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { processPlan, restartDelayMs, workerNumberOf, worksJobs } from './processes';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432/sfoglia';

describe('WORKERS', () => {
  test('defaults to one process per core, and remembers it was not asked for', () => {
    expect(loadConfig({}).workers).toEqual({ count: availableParallelism(), explicit: false });
  });

  test('takes a whole number from 1 to 64', () => {
    expect(loadConfig({ WORKERS: '1' }).workers).toEqual({ count: 1, explicit: true });
    expect(loadConfig({ WORKERS: '64' }).workers).toEqual({ count: 64, explicit: true });
    expect(loadConfig({ WORKERS: '' }).workers.explicit).toBe(false);
  });

  test.each(['0', '65', '-1', '2.5', 'two', '1e1', ' 3x'])('refuses WORKERS=%j, naming it', (value) => {
    expect(() => loadConfig({ WORKERS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: value })).toThrow(
      `WORKERS=${JSON.stringify(value)}: must be a whole number from 1 to 64`,
    );
  });
});

describe('processPlan', () => {
  test('PostgreSQL runs as many as asked for, or one per core', () => {
    expect(processPlan(loadConfig({ DATABASE_URL: POSTGRES, WORKERS: '3' }))).toEqual({
      processes: 3,
      notice: null,
    });
    expect(processPlan(loadConfig({ DATABASE_URL: POSTGRES })).processes).toBe(availableParallelism());
  });

  test('the embedded database runs one, and says why only when more were asked for', () => {
    const asked = processPlan(loadConfig({ WORKERS: '4' }));
    expect(asked.processes).toBe(1);
    expect(asked.notice).toContain('WORKERS=4: running 1 server process');
    expect(asked.notice).toContain('embedded database (PGlite) belongs to a single process');
    expect(asked.notice).toContain('DATABASE_URL=postgres://');
    expect(processPlan(loadConfig({}))).toEqual({ processes: 1, notice: null });
    expect(processPlan(loadConfig({ WORKERS: '1' }))).toEqual({ processes: 1, notice: null });
  });
});

describe('which process works the jobs', () => {
  test('the only one, or worker 1; none with JOB_WORKERS=none', () => {
    const inProcess = loadConfig({});
    expect(worksJobs(inProcess, null)).toBe(true);
    expect(worksJobs(inProcess, 1)).toBe(true);
    expect(worksJobs(inProcess, 2)).toBe(false);
    const none = loadConfig({ DATABASE_URL: POSTGRES, JOB_WORKERS: 'none' });
    expect(worksJobs(none, null)).toBe(false);
    expect(worksJobs(none, 1)).toBe(false);
  });

  test('a worker knows its number from the environment the primary forked it with', () => {
    expect(workerNumberOf({ SFOGLIA_WORKER_NUMBER: '2' })).toBe(2);
    expect(workerNumberOf({})).toBeNull();
    expect(workerNumberOf({ SFOGLIA_WORKER_NUMBER: '0' })).toBeNull();
  });
});

describe('restartDelayMs', () => {
  const now = 1_000_000;
  test('restarts at once after a long good run', () => {
    expect(restartDelayMs([now], now)).toBe(0);
    expect(restartDelayMs([now - 120_000, now - 61_000, now], now)).toBe(0);
  });
  test('backs off while it keeps dying within a minute, up to 30 s', () => {
    expect(restartDelayMs([now - 5_000, now], now)).toBe(1_000);
    expect(restartDelayMs([now - 9_000, now - 5_000, now], now)).toBe(2_000);
    expect(
      restartDelayMs(
        Array.from({ length: 20 }, (_, i) => now - i * 1_000),
        now,
      ),
    ).toBe(30_000);
  });
});
