import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

// Clock ticks per second of /proc/<pid>/stat (USER_HZ), 100 on Linux.
const TICKS_PER_SECOND = 100;

/** CPU milliseconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuMs(pid: number): number {
  if (os.platform() !== 'linux') return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, start at index 2 of the split.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU milliseconds of several processes, by pid. */
export function cpuOf(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuMs(pid)]));
}

/** CPU used between two readings; a process that appeared in between counts from zero. */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

function statFields(path: string): string[] | null {
  try {
    const stat = readFileSync(path, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}
const ticksMs = (ticks: string | undefined) => (Number(ticks ?? 0) * 1000) / TICKS_PER_SECOND;

/**
 * CPU milliseconds of a process's main thread and of its other threads (libuv's pool, where
 * sharp decodes, and V8's garbage collector helpers): what it spent beyond one core's thread.
 */
export function threadCpuMs(pid: number): { main: number; others: number } {
  const split = { main: 0, others: 0 };
  if (os.platform() !== 'linux') return split;
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return split;
  }
  for (const tid of tasks) {
    const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
    if (!fields) continue;
    const ms = ticksMs(fields[11]) + ticksMs(fields[12]);
    if (Number(tid) === pid) split.main += ms;
    else split.others += ms;
  }
  return split;
}

/**
 * CPU milliseconds of a process and all its children, live and ended (PostgreSQL's postmaster
 * and its backends, which come and go with connections).
 */
export function familyCpuMs(root: number): number {
  if (os.platform() !== 'linux') return 0;
  const own = statFields(`/proc/${root}/stat`);
  if (!own) return 0;
  // Its own time and that of the children it has reaped.
  let total = ticksMs(own[11]) + ticksMs(own[12]) + ticksMs(own[13]) + ticksMs(own[14]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(`/proc/${name}/stat`);
    if (fields && Number(fields[1]) === root) total += ticksMs(fields[11]) + ticksMs(fields[12]);
  }
  return total;
}

/** The parent of a process, from /proc. */
export function parentOf(pid: number): number {
  return Number(statFields(`/proc/${pid}/stat`)?.[1] ?? 0);
}
