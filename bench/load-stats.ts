/**
 * What the mixed load test records: each user action (one page, or one form post with the
 * redirects the browser follows) with its start and duration, each HTTP request, and every
 * failure with its status and path.
 */

export interface Failure {
  action: string;
  method: string;
  path: string;
  /** HTTP status, or 0 when the request threw (connection refused, timeout). */
  status: number;
  reason: string;
}

interface Sample {
  startedAt: number;
  ms: number;
  failed: boolean;
}

export interface Window {
  from: number;
  to: number;
}

export interface ActionRow {
  action: string;
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export class LoadRecorder {
  private readonly samples = new Map<string, Sample[]>();
  private readonly requestStarts: number[] = [];
  readonly failures: Failure[] = [];

  request(startedAt: number): void {
    this.requestStarts.push(startedAt);
  }

  action(action: string, startedAt: number, ms: number, failure?: Omit<Failure, "action">): void {
    const list = this.samples.get(action) ?? [];
    list.push({ startedAt, ms, failed: failure !== undefined });
    this.samples.set(action, list);
    if (failure) this.failures.push({ action, ...failure });
  }

  /** Requests started inside the window. */
  requestsIn(window: Window): number {
    return this.requestStarts.filter((at) => at >= window.from && at < window.to).length;
  }

  /** Actions started inside the window (`whole`: every one, for the logins of the ramp-up), in the order they first ran. */
  rows(window: Window, whole: ReadonlySet<string> = new Set()): ActionRow[] {
    const seconds = (window.to - window.from) / 1000;
    return [...this.samples].map(([action, all]) => {
      const inWindow = whole.has(action) ? all : all.filter((sample) => sample.startedAt >= window.from && sample.startedAt < window.to);
      const sorted = inWindow.map((sample) => sample.ms).sort((a, b) => a - b);
      return {
        action,
        count: inWindow.length,
        perSecond: inWindow.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        errors: inWindow.filter((sample) => sample.failed).length,
      };
    });
  }
}

export function printRows(rows: readonly ActionRow[]): void {
  const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(0)).padStart(6);
  console.log(
    `${"action".padEnd(24)} ${"count".padStart(6)} ${"/s".padStart(6)} ${"p50".padStart(6)} ${"p95".padStart(6)} ${"p99".padStart(6)} ${"max".padStart(6)} errors  (ms)`,
  );
  for (const row of rows) {
    console.log(
      `${row.action.padEnd(24)} ${String(row.count).padStart(6)} ${row.perSecond.toFixed(1).padStart(6)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.p99)} ${ms(row.max)} ${String(row.errors).padStart(6)}`,
    );
  }
}
