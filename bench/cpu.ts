import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

// Where the CPU went during a load run, from /proc (as the Vendure kit measures it, so the figures compare):
// in % of one core (a 2-core machine tops out at 200), for the server's processes (the process started and
// every process under it: the cluster's workers), the PostgreSQL processes, this load generator, and everything
// else on the machine. Not Linux: no figures.

const TICKS_PER_S = 100; // USER_HZ

interface Proc {
  comm: string;
  ppid: number;
  ticks: number;
}

export interface CpuSnapshot {
  at: number;
  busyTicks: number;
  procs: Map<number, Proc>;
}

export interface CpuSplit {
  server: number;
  postgres: number;
  loadgen: number;
  other: number;
  machineBusy: number;
}

export function cpuSnapshot(): CpuSnapshot | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busyTicks = fields.reduce((a, b) => a + b, 0) - fields[3]! - fields[4]!; // all but idle and iowait
    const procs = new Map<number, Proc>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        const rest = stat.slice(close + 2).split(' ');
        procs.set(Number(entry), {
          comm: stat.slice(stat.indexOf('(') + 1, close),
          ppid: Number(rest[1]),
          ticks: Number(rest[11]) + Number(rest[12]),
        });
      } catch {
        // the process ended meanwhile
      }
    }
    return { at: performance.now(), busyTicks, procs };
  } catch {
    return null;
  }
}

function descendsFrom(procs: Map<number, Proc>, pid: number, roots: ReadonlySet<number>): boolean {
  for (let at: number | undefined = pid, depth = 0; at && depth < 64; depth++) {
    if (roots.has(at)) return true;
    at = procs.get(at)?.ppid;
  }
  return false;
}

/**
 * The split between two snapshots. `server` and `postgres` are the root process ids of each (every process
 * below them counts too); with no PostgreSQL root, every process named postgres counts as PostgreSQL.
 */
export function cpuSplit(
  a: CpuSnapshot | null,
  b: CpuSnapshot | null,
  roots: { server: number[]; postgres: number[] },
): CpuSplit | null {
  if (!a || !b) return null;
  const seconds = (b.at - a.at) / 1000;
  const server = new Set(roots.server);
  const postgres = new Set(roots.postgres);
  const ticks = { server: 0, postgres: 0, loadgen: 0, other: 0 };
  for (const [pid, proc] of b.procs) {
    const before = a.procs.get(pid);
    const used = proc.ticks - (before?.comm === proc.comm ? before.ticks : 0);
    const group =
      pid === process.pid
        ? 'loadgen'
        : descendsFrom(b.procs, pid, server)
          ? 'server'
          : postgres.size > 0
            ? descendsFrom(b.procs, pid, postgres)
              ? 'postgres'
              : 'other'
            : proc.comm === 'postgres'
              ? 'postgres'
              : 'other';
    ticks[group] += used;
  }
  const pct = (t: number) => Math.round((t / TICKS_PER_S / seconds) * 100);
  return {
    server: pct(ticks.server),
    postgres: pct(ticks.postgres),
    loadgen: pct(ticks.loadgen),
    other: pct(ticks.other),
    machineBusy: pct(b.busyTicks - a.busyTicks),
  };
}

/**
 * The split, and with the answers a second the run had, the CPU one answer took: server and PostgreSQL ms
 * (% of one core × 10 = ms a second). It moves far less with a busy machine than the answers a second do.
 */
export function formatCpu(split: CpuSplit | null | undefined, perSecond?: number, what = 'answer'): string {
  if (!split) return 'CPU split: not measured (no /proc)';
  const each =
    perSecond && perSecond > 0
      ? `; per ${what}: server ${((split.server * 10) / perSecond).toFixed(2)} ms + postgres ${((split.postgres * 10) / perSecond).toFixed(2)} ms`
      : '';
  return `CPU % of one core: server ${split.server}, postgres ${split.postgres}, load generator ${split.loadgen}, other ${split.other} (machine ${split.machineBusy} of 200)${each}`;
}

// Where a server's CPU goes, from V8's sampling profiles (`node --cpu-prof`, one .cpuprofile per process):
// each sample within a time window is put in a category by the first frame, from the top of its stack down,
// that says what it is doing (a native or an anonymous frame takes its caller's category). Samples with
// nothing to do (idle) are left out; the shares are of the busy samples.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The categories, first match wins, tried on each frame from the top of the stack down. */
const CATEGORIES: [string, (url: string, fn: string) => boolean][] = [
  ['GC', (_url, fn) => fn === '(garbage collector)'],
  [
    'session and cookies',
    (url) => /http\/(session|visitor)\.ts|@fastify\/cookie|\/cookie\/|security\/tokens/.test(url),
  ],
  ['GraphQL (parse, validate, execute)', (url) => /node_modules\/graphql\//.test(url)],
  [
    'SQL: pg driver and protocol',
    (url) => /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+)\//.test(url),
  ],
  ['SQL: drizzle (build, map rows)', (url) => /node_modules\/drizzle-orm\//.test(url)],
  [
    'serialising the answer',
    (url, fn) =>
      /fast-json-stringify|type-provider-zod|contracts\/case|basket-resources|basket-view|storefront\/local-storefront/.test(
        url,
      ) || fn === 'stringify',
  ],
  [
    'parsing and validating input (JSON, zod)',
    (url, fn) => /node_modules\/zod\/|content-type-parser|secure-json-parse/.test(url) || fn === 'parse',
  ],
  [
    'logging',
    (url) =>
      /node_modules\/(pino|pino-std-serializers|sonic-boom)\//.test(url) || /http\/logging\.ts/.test(url),
  ],
  [
    'Fastify (routing, hooks, reply)',
    (url) => /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[a-z-]+)\//.test(url),
  ],
  [
    'Node HTTP and sockets',
    (url) =>
      /^node:(_http|http|net|stream|internal\/(stream|http|streams|net))|^node:internal\/(child_process|dns)/.test(
        url,
      ),
  ],
  ['shop code (src/)', (url) => /\/src\//.test(url)],
  ['other Node internals', (url) => url.startsWith('node:')],
  ['other packages', (url) => url.includes('node_modules')],
];

/**
 * Steps of a request counted with everything they call (a sample counts for a step when the step's frame is
 * anywhere on its stack), where the categories count only the frame on top: checking and writing the answer
 * is zod's and JSON's, but also the shop's own code and GC's.
 */
const STEPS: [string, (url: string, fn: string) => boolean][] = [
  [
    'the answer: its contract check and JSON',
    (url, fn) => fn === 'serialize' && url.endsWith('fastify/lib/reply.js'),
  ],
  ['the request: its checks (zod)', (url) => url.endsWith('fastify/lib/validation.js')],
  ['the request’s logger', (_url, fn) => fn === 'createChildLogger'],
  [
    'the hooks (sessions, visitors, headers, idempotency…), their own part',
    (url, fn) => fn === 'hookIterator' && url.endsWith('fastify/lib/hooks.js'),
  ],
  [
    'SQL (drizzle and the driver)',
    (url) => /node_modules\/(drizzle-orm|pg|pg-protocol|pg-pool|pg-types)\//.test(url),
  ],
];

export interface ProfileSummary {
  /** Busy samples in the window, over every process profiled. */
  samples: number;
  /** Share of the busy samples, in %, per category, largest first. */
  categories: { name: string; pct: number }[];
  /** Share of the busy samples, in %, within each of STEPS (with what it calls). */
  steps: { name: string; pct: number }[];
  /** The functions where most busy samples were (self time), for the next step. */
  topFunctions: { name: string; pct: number }[];
}

/**
 * Summarises the profiles' samples whose time (µs on the monotonic clock `process.hrtime` uses too) is in
 * [fromUs, toUs].
 */
export function summariseProfiles(profiles: CpuProfile[], fromUs: number, toUs: number): ProfileSummary {
  const counts = new Map<string, number>();
  const selves = new Map<string, number>();
  const inSteps = new Map<string, number>();
  let busy = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const stepsOf = new Map<number, string[]>();
    const stepsAt = (id: number): string[] => {
      const known = stepsOf.get(id);
      if (known) return known;
      const { url, functionName } = byId.get(id)!.callFrame;
      const above = parent.get(id);
      const found = new Set(above === undefined ? [] : stepsAt(above));
      for (const [name, test] of STEPS) if (test(url, functionName)) found.add(name);
      const list = [...found];
      stepsOf.set(id, list);
      return list;
    };
    const categoryOf = new Map<number, string>();
    const classify = (id: number): string => {
      const known = categoryOf.get(id);
      if (known) return known;
      let found = 'other';
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const { url, functionName } = byId.get(at)!.callFrame;
        const match = CATEGORIES.find(([, test]) => test(url, functionName));
        if (match) {
          found = match[0];
          break;
        }
      }
      categoryOf.set(id, found);
      return found;
    };
    let time = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      time += profile.timeDeltas[i] ?? 0;
      if (time < fromUs || time > toUs) continue;
      const node = byId.get(profile.samples[i]!)!;
      const fn = node.callFrame.functionName;
      if (fn === '(idle)' || fn === '(root)') continue;
      busy += 1;
      const category = fn === '(program)' ? 'V8 and native (no JS frame)' : classify(node.id);
      counts.set(category, (counts.get(category) ?? 0) + 1);
      for (const step of stepsAt(node.id)) inSteps.set(step, (inSteps.get(step) ?? 0) + 1);
      const where = node.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/').replace(/^file:\/\//, '');
      const self = `${fn || '(anonymous)'} ${where}`.trim();
      selves.set(self, (selves.get(self) ?? 0) + 1);
    }
  }
  const share = (n: number) => Math.round((n / Math.max(1, busy)) * 1000) / 10;
  const sorted = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, pct: share(n) }));
  return {
    samples: busy,
    categories: sorted(counts),
    steps: STEPS.map(([name]) => ({ name, pct: share(inSteps.get(name) ?? 0) })),
    topFunctions: sorted(selves).slice(0, 8),
  };
}

export function formatProfile(summary: ProfileSummary | null | undefined): string {
  if (!summary || summary.samples === 0) return 'CPU profile: none';
  return [
    `server CPU by category (${summary.samples} busy samples): ${summary.categories
      .map((c) => `${c.name} ${c.pct}%`)
      .join(', ')}`,
    `    steps, with what they call: ${summary.steps.map((step) => `${step.name} ${step.pct}%`).join(', ')}`,
    `    top functions (self): ${summary.topFunctions.map((f) => `${f.name} ${f.pct}%`).join('; ')}`,
  ].join('\n');
}

export function readProfiles(dir: string): CpuProfile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as CpuProfile);
}

/**
 * NODE_OPTIONS that make a Node process (and the cluster workers it forks) profile itself from its start and
 * write `<dir>/<pid>.cpuprofile` when it exits: Node refuses --cpu-prof in NODE_OPTIONS, so a preloaded
 * script drives the inspector's profiler instead (its messages are answered at once, even in an exit handler).
 */
export function profilingNodeOptions(dir: string): string {
  const script = `${dir}/profile-preload.cjs`;
  writeFileSync(
    script,
    `const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(${JSON.stringify(dir)} + '/' + process.pid + '.cpuprofile', JSON.stringify(result.profile));
  });
});
`,
  );
  return `--require ${script}`;
}
