/**
 * What a fault run prints: numbered steps of what happened, and one PASS/FAIL line per check. The run's exit code is
 * non-zero when any check failed.
 */
export interface Check {
  fault: string;
  name: string;
  pass: boolean;
  detail: string;
}

export class Report {
  readonly checks: Check[] = [];
  private fault = '';

  begin(fault: string, description: string): void {
    this.fault = fault;
    console.log(`\n== ${fault}: ${description}`);
  }

  /** Something that happened, for the reader to follow the run. */
  step(message: string): void {
    console.log(`   ${message}`);
  }

  check(name: string, pass: boolean, detail = ''): boolean {
    this.checks.push({ fault: this.fault, name, pass, detail });
    console.log(`${pass ? 'PASS' : 'FAIL'} ${this.fault}: ${name}${detail ? ` — ${detail}` : ''}`);
    return pass;
  }

  /** A fault that could not run at all (no PostgreSQL binaries, no mount): a failure, never a silent pass. */
  notRun(reason: string): void {
    this.check('could run', false, reason);
  }

  summary(): number {
    const failed = this.checks.filter((check) => !check.pass);
    console.log(`\n${this.checks.length - failed.length} passed, ${failed.length} failed`);
    for (const check of failed) console.log(`  FAIL ${check.fault}: ${check.name}${check.detail ? ` — ${check.detail}` : ''}`);
    return failed.length === 0 ? 0 : 1;
  }
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `probe` every `intervalMs` until it returns a value that is not undefined, or `timeoutMs` passes (undefined). */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 250): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() >= deadline) return undefined;
    await sleep(intervalMs);
  }
}
