import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { jobFailures, paymentOutcomes } from './instruments';

// The shop's /metrics (issue 25 part 6; docs/operations.md), in Prometheus' text format. Each app has a
// registry of its own (several apps in one test process never clash): its requests, and gauges read at
// scrape time (job queues, the email outbox, the database pool). The process's own counters (payments, job
// failures, observability/instruments.ts) and Node's default metrics are registered in every app's registry.

/** A job's state as the queue gauge names it: due and waiting, waiting to start later, running, failed. */
export type JobState = 'queued' | 'deferred' | 'active' | 'failed';

export interface JobCount {
  queue: string;
  state: JobState;
  count: number;
}

/** The database pool's use: connections open, idle, callers waiting for one, and the most it opens. */
export interface PoolUse {
  total: number;
  idle: number | null;
  waiting: number | null;
  max: number;
}

/** Where the scrape-time gauges read from (observability/sources.ts: the database, pg-boss, the email face). */
export interface MetricsSources {
  jobCounts(): Promise<readonly JobCount[]>;
  unsentEmail(): Promise<{ count: number; oldestSeconds: number }>;
  pool(): PoolUse | null;
}

export interface AppMetrics {
  registry: Registry;
  /** Records one answered request (an onResponse hook). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** The exposition text. */
  text(): Promise<string>;
}

/** Seconds: from a quick read of a cached page to a slow checkout talking to the processor. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processDefaults: Registry | null = null;

/**
 * Node's default metrics (CPU, memory, event loop lag, GC, handles), collected once per process: each call
 * of prom-client's collectDefaultMetrics starts its own event-loop and GC observers, never stopped.
 */
function defaultMetrics(): Registry {
  if (!processDefaults) {
    processDefaults = new Registry();
    collectDefaultMetrics({ register: processDefaults });
  }
  return processDefaults;
}

/** One read shared by the gauges it feeds while it is in flight (a scrape collects them side by side). */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  // The same metric objects in every app's registry (typed as their plain description, they are the metrics).
  for (const metric of defaultMetrics().getMetricsAsArray())
    registry.registerMetric(metric as unknown as Metric);
  registry.registerMetric(paymentOutcomes);
  registry.registerMetric(jobFailures);

  const requests = new Histogram({
    name: 'sfoglia_http_request_duration_seconds',
    help: 'Answered HTTP requests by method, route pattern and status code, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const collectFailures = new Counter({
    name: 'sfoglia_metrics_collect_failures_total',
    help: 'Scrape-time reads that failed (their gauges are left out of that scrape), by source',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  /**
   * A gauge read at scrape time, never stale: when its read fails, a gauge with labels has no series in that
   * scrape and one without reads NaN (unknown, never a reassuring 0), and the failure is counted.
   */
  const scraped = async (gauge: Gauge<string>, source: string, fill: () => Promise<void>) => {
    gauge.reset();
    try {
      await fill();
    } catch {
      gauge.reset();
      if (!labelled.has(gauge)) gauge.set(Number.NaN);
      collectFailures.inc({ source });
    }
  };
  const labelled = new Set<Gauge<string>>();

  // Read from the shared database: every process sees the same figures, so several are combined by `max`.
  const jobCounts = sharedRead(() => sources.jobCounts());
  const jobGauge = new Gauge({
    name: 'sfoglia_job_queue_jobs',
    help: 'Jobs in each queue by state: queued (due, waiting for a worker), deferred (to start later, retries included), active, failed (kept a week)',
    labelNames: ['queue', 'state'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      await scraped(this, 'jobs', async () => {
        for (const { queue, state, count } of await jobCounts()) this.set({ queue, state }, count);
      });
    },
  });

  labelled.add(jobGauge);

  const unsent = sharedRead(() => sources.unsentEmail());
  new Gauge({
    name: 'sfoglia_email_outbox_unsent',
    help: 'Emails in the outbox not yet sent (still being tried)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      await scraped(this, 'email', async () => this.set((await unsent()).count));
    },
  });
  new Gauge({
    name: 'sfoglia_email_outbox_oldest_unsent_seconds',
    help: 'How long the oldest unsent email has waited (0 with none)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      await scraped(this, 'email', async () => this.set((await unsent()).oldestSeconds));
    },
  });

  // This process's own pool: several processes' add up. A figure the database cannot give (PGlite's idle and
  // waiting) has no gauge at all rather than a made-up 0.
  const known = sources.pool();
  const poolGauge = (name: string, help: string, value: (use: PoolUse) => number | null) => {
    if (!known || value(known) === null) return;
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const use = sources.pool();
        const n = use ? value(use) : null;
        this.set(n ?? Number.NaN);
      },
    });
  };
  poolGauge('sfoglia_db_pool_connections', 'Database connections this process has open', (u) => u.total);
  poolGauge('sfoglia_db_pool_max', 'The most connections this process opens', (u) => u.max);
  poolGauge('sfoglia_db_pool_idle', 'Open connections not in use (PostgreSQL only)', (u) => u.idle);
  poolGauge(
    'sfoglia_db_pool_waiting',
    'Queries waiting for a free connection (PostgreSQL only)',
    (u) => u.waiting,
  );

  return {
    registry,
    observe(request, reply) {
      requests.observe(
        {
          method: request.method,
          // The route's pattern (`/api/v2/orders/:id`), never the address asked for: ids would make a series each.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    },
    text: () => registry.metrics(),
  };
}
