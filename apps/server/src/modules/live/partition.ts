/** Which partition of the positions stream a device's reports go to: the device's one home. */

/** What the stream needs of a report: the device it is about. */
export interface DeviceReport {
  device: string;
}

/** FNV-1a (32 bit) of `owner|device`, modulo the partition count: stable across processes. */
export function partitionOf(ownerId: string, device: string, partitions: number): number {
  let h = 0x811c9dc5;
  const key = `${ownerId}|${device}`;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % partitions;
}

/** One owner's reports split by partition, each list in the order given. */
export function splitByPartition<R extends DeviceReport>(
  ownerId: string,
  reports: readonly R[],
  partitions: number,
): Map<number, R[]> {
  const out = new Map<number, R[]>();
  // Reports arrive grouped by device more often than not: hash each device once per call.
  const homes = new Map<string, number>();
  for (const r of reports) {
    let k = homes.get(r.device);
    if (k === undefined) homes.set(r.device, (k = partitionOf(ownerId, r.device, partitions)));
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
