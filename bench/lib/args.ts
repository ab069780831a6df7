/** A benchmark's command-line flags: `--name value`. */

/** The value after `--name`, or the fallback when the flag is not given. */
export function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

/** The positive number after `--name` (the fallback when not given); anything else stops the run. */
export function positiveFlag(name: string, fallback: number): number {
  const n = Number(flag(name, String(fallback)));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}
