import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// /metrics with several server processes (docs/decisions/0019: WORKERS=n on PostgreSQL share one port, and
// a scrape reaches whichever worker the primary hands its connection to, on a kept-alive connection the same
// one every time). Each worker's figures alone would be a part that changes with the connection, so a
// worker asked for /metrics asks the primary, which gathers every worker's registry (prom-client's
// AggregatorRegistry, over node:cluster's IPC) and answers the whole: counters and histograms summed,
// figures read from the shared database (queues, outbox) the largest of the workers' (the same for all),
// the pools summed (observability/metrics.ts says which is which).

const ASK = 'sfoglia:metrics-ask';
const ANSWER = 'sfoglia:metrics-answer';
/** prom-client gives up on a worker after 5 s; this waits a little longer for the primary's answer. */
const ANSWER_WAIT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary of several workers (main.ts): answers a worker's ask with every worker's figures. */
export function answerMetricsForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    const answer = (reply: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id, ...reply } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: (error as Error).message }),
    );
  });
}

/**
 * In a forked worker: this process's registry answers the primary's gathering, and /metrics asks the primary
 * for the whole (the returned function). Null in a process of its own, which answers for itself.
 */
export function clusterMetricsOf(registry: Registry): (() => Promise<string>) | null {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return null;
  AggregatorRegistry.setRegistries([registry]);
  // Made for its side effect: in a worker it listens for the primary's asks and answers with the registry.
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  process.on('message', (message: Partial<Answer>) => {
    if (message?.type !== ANSWER || typeof message.id !== 'number') return;
    const caller = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) caller?.reject(new Error(message.error));
    else caller?.resolve(message.text ?? '');
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('The primary did not answer with the workers’ metrics'));
      }, ANSWER_WAIT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      send({ type: ASK, id } satisfies Ask);
    });
}
