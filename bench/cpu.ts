import { readdirSync, readFileSync } from 'node:fs';

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

export function formatCpu(split: CpuSplit | null | undefined): string {
  if (!split) return 'CPU split: not measured (no /proc)';
  return `CPU % of one core: server ${split.server}, postgres ${split.postgres}, load generator ${split.loadgen}, other ${split.other} (machine ${split.machineBusy} of 200)`;
}
