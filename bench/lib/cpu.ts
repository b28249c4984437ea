import { readFileSync } from 'node:fs';
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
