import cluster, { type Worker } from 'node:cluster';
import { restartDelayMs, WORKER_NUMBER_ENV } from './processes';

// The primary of a multi-process server (docs/decisions/0019): forks the workers, which share the port
// (node:cluster hands connections out round-robin), restarts one that dies (not in a hot loop), and on
// SIGINT/SIGTERM asks every worker to finish its requests and waits for them.

export interface SupervisorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Supervisor {
  /** Resolves when every worker is listening; rejects when one fails before it ever listened. */
  ready: Promise<void>;
}

const STOP_TIMEOUT_MS = 15_000;

export function superviseWorkers({ count, log }: { count: number; log: SupervisorLog }): Supervisor {
  const workers = new Map<number, Worker>();
  const exits = new Map<number, number[]>();
  const listening = new Set<number>();
  let stopping = false;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });

  const fork = (n: number) => {
    const worker = cluster.fork({ [WORKER_NUMBER_ENV]: String(n) });
    workers.set(n, worker);
    worker.on('listening', () => {
      if (listening.has(n)) return;
      listening.add(n);
      if (listening.size === count) resolveReady();
    });
    worker.on('exit', (code, signal) => {
      workers.delete(n);
      if (stopping) return;
      if (!listening.has(n)) {
        // It never started (a bad port, an unreachable database): starting it again would fail again.
        void stopAll('a worker failed to start', 1);
        rejectReady(new Error(`worker ${n} exited (code ${code ?? signal}) before it was listening`));
        return;
      }
      const now = Date.now();
      const recent = [...(exits.get(n) ?? []), now].filter((at) => now - at < 60_000);
      exits.set(n, recent);
      const delay = restartDelayMs(recent, now);
      log.error({ worker: n, pid: worker.process.pid, code, signal, restartInMs: delay }, 'worker died');
      // Not unref'd: with every worker gone, this timer is what keeps the primary alive to restart them.
      setTimeout(() => {
        if (!stopping) fork(n);
      }, delay);
    });
  };

  const stopAll = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: workers.size }, 'stopping workers');
    const all = [...workers.values()];
    const exited = Promise.all(
      all.map((worker) =>
        worker.isDead() ? undefined : new Promise<void>((resolve) => worker.once('exit', () => resolve())),
      ),
    );
    for (const worker of all) if (!worker.isDead()) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      log.error({}, `workers still running after ${STOP_TIMEOUT_MS / 1000} s; killing them`);
      for (const worker of all) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    timer.unref();
    await exited;
    clearTimeout(timer);
    process.exit(exitCode);
  };

  process.on('SIGINT', () => void stopAll('SIGINT', 0));
  process.on('SIGTERM', () => void stopAll('SIGTERM', 0));
  for (let n = 1; n <= count; n++) fork(n);
  return { ready };
}
