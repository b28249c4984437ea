const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Sizes as the spec shows them: B, KB, MB, GB at thresholds of 1024, two decimals at most. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 100) / 100} ${UNITS[unit]}`;
}

/** Megabits per second with one decimal. */
export function formatSpeed(mbps: number | null): string {
  return mbps === null ? '-' : `${mbps.toFixed(1)} Mbps`;
}

/** Whole percent of bytes sent, 0 for an empty total. */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sent / total) * 100));
}

const MIN_INTERVAL_S = 0.005;
const SMOOTHING = 0.3;

/**
 * Upload speed from progress samples. A sample counts only when more than 0.005 s have passed
 * since the last one (the spec's rule); readings are smoothed so one burst does not jump the
 * figure. Bytes already on the server when a resumed upload starts are not speed.
 */
export class SpeedMeter {
  #lastBytes: number | null = null;
  #lastTime = 0;
  #mbps: number | null = null;

  sample(bytes: number, nowMs: number): number | null {
    if (this.#lastBytes === null) {
      this.#lastBytes = bytes;
      this.#lastTime = nowMs;
      return this.#mbps;
    }
    const seconds = (nowMs - this.#lastTime) / 1000;
    if (seconds <= MIN_INTERVAL_S) return this.#mbps;
    const reading = Math.max(0, ((bytes - this.#lastBytes) * 8) / seconds / 1_000_000);
    this.#mbps = this.#mbps === null ? reading : this.#mbps + SMOOTHING * (reading - this.#mbps);
    this.#lastBytes = bytes;
    this.#lastTime = nowMs;
    return this.#mbps;
  }

  get mbps(): number | null {
    return this.#mbps;
  }
}
