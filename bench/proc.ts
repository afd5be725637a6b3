import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Linux clock ticks per second for /proc/<pid>/stat CPU times (USER_HZ; 100 on every common kernel). */
const CLK_TCK = 100;

/** Wall-clock milliseconds since the epoch with sub-millisecond precision, comparable across processes. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface MemorySample {
  /** Resident set size now (VmRSS), MiB. */
  rssMB: number;
  /** Peak resident set size since start (VmHWM), MiB. */
  peakRssMB: number;
}

/** Reads VmRSS and VmHWM from /proc/<pid>/status; null when the process is gone. */
export function readMemory(pid: number): MemorySample | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMB: round1(kb('VmRSS') / 1024), peakRssMB: round1(kb('VmHWM') / 1024) };
}

/** The soft limit on open files (`ulimit -n`) of a process, from /proc/<pid>/limits; null when it is gone or unlimited. */
export function openFilesLimit(pid: number | 'self'): number | null {
  try {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? null : Number(soft);
  } catch {
    return null;
  }
}

/** User + system CPU seconds a process (all its threads) has used; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** Every process whose command name (/proc/<pid>/comm) is one of names, e.g. postgres backends. */
export function pidsByName(names: readonly string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (names.includes(comm)) pids.push(Number(entry));
    } catch {
      // Gone between readdir and read.
    }
  }
  return pids;
}

export type ProcessGroups = Record<string, () => number[]>;

/** Machine-wide CPU seconds from the first line of /proc/stat. */
export function machineSeconds(): { busy: number; steal: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal guest guest_nice
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const t = (v: number | undefined) => (v ?? 0) / CLK_TCK;
  return { busy: t(user) + t(nice) + t(system) + t(irq) + t(softirq), steal: t(steal) };
}

/**
 * CPU use of named groups of processes over an interval, in cores (1.0 = one core fully busy).
 * Groups are re-resolved at the end, so processes started in between (new PostgreSQL backends)
 * count from zero.
 */
export class CpuMeter {
  private readonly start = new Map<string, Map<number, number>>();
  private startedAt = 0;
  private machine = { busy: 0, steal: 0 };

  constructor(private readonly groups: ProcessGroups) {}

  begin(): void {
    this.startedAt = now();
    this.machine = machineSeconds();
    this.start.clear();
    for (const [name, pids] of Object.entries(this.groups)) {
      this.start.set(name, new Map(pids().map((pid) => [pid, cpuSeconds(pid)])));
    }
  }

  /**
   * Cores used per group since begin(), rounded to 0.01; plus `machine` (every CPU-busy second on
   * the host), `other` (machine minus the groups: other processes and kernel work such as loopback
   * networking) and `steal` (time the hypervisor gave to other guests).
   */
  end(): Record<string, number> {
    const seconds = (now() - this.startedAt) / 1000;
    const machine = machineSeconds();
    const out: Record<string, number> = {};
    let accounted = 0;
    for (const [name, pids] of Object.entries(this.groups)) {
      const before = this.start.get(name) ?? new Map<number, number>();
      let used = 0;
      for (const pid of new Set([...pids(), ...before.keys()])) {
        const after = cpuSeconds(pid);
        if (after > 0) used += after - (before.get(pid) ?? 0);
      }
      out[name] = Math.round((used / seconds) * 100) / 100;
      accounted += used;
    }
    const busy = machine.busy - this.machine.busy;
    out.machine = Math.round((busy / seconds) * 100) / 100;
    out.other = Math.max(0, Math.round(((busy - accounted) / seconds) * 100) / 100);
    out.steal = Math.round(((machine.steal - this.machine.steal) / seconds) * 100) / 100;
    return out;
  }
}

export function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Waits (bounded) until a process uses less than `threshold` cores, e.g. a server still working off a backlog. */
export async function waitQuiet(pid: number, maxMs = 30_000, threshold = 0.15): Promise<boolean> {
  const deadline = now() + maxMs;
  let last = cpuSeconds(pid);
  while (now() < deadline) {
    await sleep(500);
    const current = cpuSeconds(pid);
    if ((current - last) / 0.5 < threshold) return true;
    last = current;
  }
  return false;
}

/** Cores busy on the whole machine over `ms` (before starting: is something else running?). */
export async function machineBusyCores(ms = 2000): Promise<number> {
  const before = machineSeconds();
  await sleep(ms);
  const after = machineSeconds();
  return Math.round(((after.busy - before.busy) / (ms / 1000)) * 100) / 100;
}

/**
 * Waits (at most maxMs) until processes outside `groups` use less than `threshold` cores, measured
 * over 1 s at a time: on a shared machine, another job's CPU would otherwise count against the
 * server. Returns the last measurement, in cores.
 */
export async function waitForQuietMachine(groups: ProcessGroups, maxMs: number, threshold = 0.25): Promise<number> {
  const deadline = now() + maxMs;
  let other = 0;
  do {
    const meter = new CpuMeter(groups);
    meter.begin();
    await sleep(1000);
    other = meter.end().other ?? 0;
  } while (other >= threshold && now() < deadline);
  return other;
}
