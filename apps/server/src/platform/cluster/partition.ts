/**
 * Which partition a drone belongs to: FNV-1a (32 bits) of its id, modulo the partition count. The
 * same on every process and every run (CLUSTER_PARTITIONS must be the same on all of them).
 */
export function partitionOf(droneId: string, partitions: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < droneId.length; i++) {
    h ^= droneId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % partitions;
}
