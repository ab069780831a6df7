/** IP address forms: IPv6 as bytes, the IPv4 address an IPv6 one carries, a client's address key. */
import net from 'node:net';

/** The 16 bytes of an IPv6 address (any spelling, with or without a trailing dotted quad), or null. */
export function ipv6Bytes(address: string): Uint8Array | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const words: number[] = [];
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const gap = 8 - front.length - back.length;
  words.push(...front, ...Array<number>(tail === undefined ? 0 : gap).fill(0), ...back);
  if (words.length !== 8) return null;
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((b, i) => bytes[i] === b);
const dotted = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;

/**
 * The IPv4 address an IPv6 address stands for or carries, or null: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and the
 * local-use 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32, the client address).
 */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const zeros = (n: number) => startsWith(b, Array<number>(n).fill(0));
  if (zeros(10) && b[10] === 0xff && b[11] === 0xff) return dotted(b, 12);
  if (zeros(8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0)
    return dotted(b, 12);
  // ::a.b.c.d, but not :: or ::1 (which are addresses of their own).
  if (zeros(12) && (b[12]! | b[13]! | b[14]!) !== 0) return dotted(b, 12);
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return dotted(b, 12);
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 1])) return dotted(b, 12);
  if (startsWith(b, [0x20, 0x02])) return dotted(b, 2);
  if (startsWith(b, [0x20, 0x01, 0, 0])) {
    const c = b.slice(12).map((x) => x ^ 0xff);
    return dotted(c, 0);
  }
  return null;
}

/**
 * The key one client is counted under: its IPv4 address (also when written as IPv6), or the /64
 * of its IPv6 address, since one subscriber is usually given a whole /64.
 */
export function clientKey(ip: string): string {
  const b = ipv6Bytes(ip);
  if (!b) return ip;
  const mapped =
    b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff ? dotted(b, 12) : null;
  if (mapped) return mapped;
  const words = [0, 2, 4, 6].map((i) => ((b[i]! << 8) | b[i + 1]!).toString(16));
  return `${words.join(':')}::/64`;
}
