/**
 * Array parameters as PostgreSQL array literals, built in one pass. The driver quotes and escapes
 * every element with two regular expressions, numbers too, and builds the literal by repeated
 * concatenation; bulk statements send arrays of thousands of elements several times a second, so
 * that was a large part of a stored report's cost. Arrays of anything but numbers, strings,
 * booleans and nulls (dates, nested arrays, buffers) are left to the driver.
 */

/** A string element, quoted; backslashes and quotes escaped only when it has any. */
function quoted(s: string): string {
  const plain = s.indexOf('"') < 0 && s.indexOf('\\') < 0;
  return plain ? `"${s}"` : `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The array's literal, or null when an element is of a kind the driver must encode. */
export function arrayLiteral(values: readonly unknown[]): string | null {
  // The usual arrays, all numbers or all strings needing no escape, are joined natively.
  let numbers = true;
  let plain = true;
  for (let i = 0; i < values.length && (numbers || plain); i++) {
    const v = values[i];
    if (typeof v !== 'number') numbers = false;
    if (typeof v !== 'string' || v.indexOf('"') >= 0 || v.indexOf('\\') >= 0) plain = false;
  }
  if (values.length === 0) return '{}';
  if (numbers) return `{${values.join(',')}}`;
  if (plain) return `{"${values.join('","')}"}`;
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = 'NULL';
    else if (typeof v === 'number') parts[i] = String(v);
    else if (typeof v === 'string') parts[i] = quoted(v);
    else if (typeof v === 'boolean') parts[i] = v ? 'true' : 'false';
    else return null;
  }
  return `{${parts.join(',')}}`;
}

/** The parameters with every array the literal encoding takes replaced by its literal. */
export function withArrayLiterals(params: readonly unknown[]): unknown[] {
  return params.map((p) => (Array.isArray(p) ? (arrayLiteral(p) ?? p) : p));
}
