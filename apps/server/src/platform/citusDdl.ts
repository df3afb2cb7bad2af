/**
 * The statements that place the migrated tables on a Citus cluster, from distribution.ts
 * (docs/architecture.md "The database at scale (Citus)"): `npm run citus:ddl -w @agrifleet/server`
 * prints them, to run on the coordinator after the migrations; `-- --markdown` prints the table of
 * the architecture document instead. Tables are placed in the order of distribution.ts, which lists
 * a referenced table before those that reference it (distributionCheck.ts holds it to that).
 */
import { pathToFileURL } from 'node:url';
import { DISTRIBUTION, type Placement } from './distribution.ts';

type Placements = Readonly<Record<string, Placement>>;

/**
 * A table partitioned by month: Citus distributes its partitions with it, and propagates the
 * partitions the console's retention job makes and drops later (modules/applogs/applogs.partitions.ts).
 */
const timePartitionNote = (t: string, column: string) => [
  `-- ${t} is partitioned by month on ${column} (${t}_YYYY_MM): its partitions are sharded with it. The`,
  "-- console's retention job makes the months ahead and drops the expired ones as plain DDL, which Citus",
  '-- propagates (create_time_partitions / drop_old_time_partitions would do the same, named differently).',
];

export function citusDdl(placements: Placements = DISTRIBUTION): string[] {
  const entries = Object.entries(placements);
  const out: string[] = [];
  const pending = entries.flatMap(([t, p]) =>
    p.kind === 'local' ? (p.pending ?? []).map((k) => [t, k]) : [],
  );
  if (pending.length) {
    out.push(
      '-- Foreign keys from coordinator tables to distributed ones, which Citus refuses (the services check the drone):',
    );
    for (const [t, k] of pending) out.push(`ALTER TABLE ${t} DROP CONSTRAINT ${k};`);
  }
  out.push('-- Catalogues, copied to every node:');
  for (const [t, p] of entries)
    if (p.kind === 'reference') out.push(`SELECT create_reference_table('${t}');`);
  // One co-location group per distribution column, led by its first table.
  const leaders = new Map<string, string>();
  out.push('-- Sharded tables, co-located by their distribution column:');
  for (const [t, p] of entries) {
    if (p.kind !== 'distributed') continue;
    const leader = leaders.get(p.column);
    if (!leader) leaders.set(p.column, t);
    out.push(
      `SELECT create_distributed_table('${t}', '${p.column}', colocate_with => '${leader ?? 'none'}');`,
    );
    if (p.partitionedBy) out.push(...timePartitionNote(t, p.partitionedBy));
  }
  const triggers = entries.flatMap(([, p]) => (p.kind === 'distributed' ? (p.pending ?? []) : []));
  if (triggers.length)
    out.push(
      '-- Their triggers run per shard only with citus.enable_unsafe_triggers, and only some are safe',
      `-- (docs/architecture.md, remaining work): ${triggers.join(', ')}.`,
    );
  out.push(
    '-- The rest stays on the coordinator; those that reference a catalogue become Citus local tables',
    '-- (citus.enable_local_reference_table_foreign_keys, on by default).',
  );
  return out;
}

/** The classification table of docs/architecture.md, its columns padded as the formatter pads them. */
export function citusMarkdown(placements: Placements = DISTRIBUTION): string[] {
  const rows = Object.entries(placements).map(([t, p]) => [
    `\`${t}\``,
    p.kind === 'distributed'
      ? `distributed by \`${p.column}\`${p.partitionedBy ? `, monthly by \`${p.partitionedBy}\`` : ''}`
      : p.kind === 'local' && p.pending?.length
        ? `local (pending: ${p.pending.map((k) => `\`${k}\``).join(', ')})`
        : p.kind,
    p.why,
  ]);
  const all = [['Table', 'Placement', 'Why'], ...rows];
  const widths = [0, 1, 2].map((i) => Math.max(...all.map((r) => (r[i] as string).length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  const [head, ...body] = all as string[][];
  return [line(head as string[]), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.stdout.write(
    `${(process.argv.includes('--markdown') ? citusMarkdown() : citusDdl()).join('\n')}\n`,
  );
