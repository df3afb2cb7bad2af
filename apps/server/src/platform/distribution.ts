/**
 * Where every table lives on a Citus cluster (issue 24 #5): the one list that the schema test
 * (test/schema.distribution.test.ts, through distributionCheck.ts), the DDL script (citusDdl.ts)
 * and docs/architecture.md "The database at scale (Citus)" follow.
 *
 * - distributed: sharded by `column`; every PRIMARY KEY and UNIQUE index of the table includes it,
 *   and a foreign key to another distributed table joins the two columns (co-located shards).
 *   `pending` names its triggers, which Citus runs per shard only with citus.enable_unsafe_triggers
 *   (known work, docs/architecture.md);
 * - reference: a small catalogue copied whole to every node, so any shard can join it and any
 *   table may reference it; it references reference tables only;
 * - local: stays on the coordinator (Citus local table); references local and reference tables.
 *   `pending` names the foreign keys to distributed tables that Citus would refuse; the test lets
 *   exactly these through. The DDL (citusDdl.ts) drops them on Citus, where the services check the
 *   drone themselves, in the transaction that writes it (test/citus.pendingKeys.test.ts drops them
 *   and sends every write path an unknown drone; docs/architecture.md says where each is checked).
 *
 * A distributed table's `partitionedBy` names its time column when it is partitioned by range, a
 * partition a month (docs/architecture.md "Partitioning by time, for retention"): the test holds it
 * to the catalogue (no other table may be partitioned), and the DDL says how the partitions follow.
 *
 * A new table is placed here in the commit that creates it, or the test fails.
 */
export type Placement =
  | {
      kind: 'distributed';
      column: string;
      why: string;
      pending?: readonly string[];
      partitionedBy?: string;
    }
  | { kind: 'reference'; why: string }
  | { kind: 'local'; why: string; pending?: readonly string[] };

const by =
  (column: string) =>
  (why: string, pending?: readonly string[]): Placement =>
    pending ? { kind: 'distributed', column, why, pending } : { kind: 'distributed', column, why };
const drone = by('drone_id');
const task = by('tftz_id');
const scope = by('sid');
const reference = (why: string): Placement => ({ kind: 'reference', why });
const local = (why: string, pending?: readonly string[]): Placement =>
  pending ? { kind: 'local', why, pending } : { kind: 'local', why };

export const DISTRIBUTION: Readonly<Record<string, Placement>> = {
  // The drone: telemetry-scale tables, all co-located with `drones` by drone_id, so that a point's
  // work (the drone's row, its chunks, its sortie, its anomalies) stays on one shard.
  drones: drone('the registry row that every point updates (last position, totals)', [
    'drones_ownership_trg',
  ]),
  track_chunks: drone('raw points awaiting their sortie: the largest write stream'),
  sorties: drone('one row per flight; read per drone and joined to its track and anomalies'),
  sortie_tracks: drone("a sortie's track blob, beside its sortie"),
  anomalies: drone("per point checks; joined to the drone's sortie"),
  bulletin_level1_sms: drone('the once-only claim of an anomaly, beside the anomaly'),
  drone_events: drone("a drone's event log (online, offline, locks)"),
  drone_pictures: drone('pictures a drone uploads'),
  drone_commands: drone('commands queued for one drone'),
  drone_ownerships: drone("a drone's ownership history"),
  drone_pilots: drone('which pilots flew a drone'),
  drone_flight_settings: drone("a drone's last flight settings"),
  drone_log_keys: drone("a drone's flight-log signing keys"),
  flight_logs: drone('signed flight logs a drone uploads'),
  accessory_sightings: drone('accessories a drone reports'),
  stat_daily: drone('the base statistics cube, one row per drone and day (and more)'),
  task_drones: drone("a programme's enrolled drones, checked against the drone's sorties"),
  task_sorties: drone("a programme's verdict on a sortie, beside the sortie", [
    'task_sorties_days_del',
    'task_sorties_days_ins',
    'task_sorties_days_upd',
    'task_sorties_roll_del',
    'task_sorties_roll_ins',
    'task_sorties_roll_upd',
  ]),
  // A drone's all-time totals, kept in `drones` by a trigger: with the drone, so on its shard.
  stat_drone: drone('dashboard rollup per drone, whose all-time row a trigger copies into drones', [
    'stat_drone_totals',
    'stat_drone_totals_truncate',
  ]),

  // The programme (unified task): rollups read by one task at a time.
  task_daily: task("a programme's daily cube, read by task", [
    'task_daily_roll_del',
    'task_daily_roll_ins',
    'task_daily_roll_upd',
  ]),
  task_day_totals: task("a programme's totals per day"),
  task_drone_totals: task("a programme's totals per drone"),
  task_reason_totals: task("a programme's refusals per reason"),
  task_sortie_days: task("a programme's sorties per day and reason"),

  // The dashboard scope (sk, sid): a dashboard reads one scope's rows, so one shard per call.
  stat_day: scope('dashboard rollup, read by scope'),
  stat_hour: scope('dashboard rollup, read by scope'),
  stat_mode: scope('dashboard rollup, read by scope'),
  stat_region: scope('dashboard rollup, read by scope'),
  stat_pilot: scope('dashboard rollup, read by scope'),
  stat_block: scope('dashboard rollup, read by scope'),

  // The account: app logs come in batches from an account's ground stations and are read by it.
  // A month a partition (migration 0050): the retention drops expired months whole.
  app_logs: {
    kind: 'distributed',
    column: 'account_id',
    why: 'ground-station logs, written and searched per account; the fingerprint includes the account',
    partitionedBy: 'time',
  },

  // Catalogues: small, read by every shard's joins, rarely written.
  accounts: reference('every row and scope check joins the account tree'),
  users: reference('commands, ownerships and logs name their user; a write per sign-in is the cost'),
  drone_models: reference('catalogue of models, joined to drones'),
  crops: reference('catalogue'),
  work_types: reference('catalogue'),
  medicines: reference('catalogue'),
  nofly_zones: reference('zones every anomaly check reads'),
  nofly_zone_versions: reference('zone versions an anomaly names'),
  unified_tasks: reference('programmes: few, read by every attribution'),
  subsidy_rate_versions: reference('catalogue of subsidy rates'),

  // The coordinator: people's administration, money, and the platform's own machinery.
  kysely_migration: local('the migrator'),
  kysely_migration_lock: local('the migrator'),
  system_logs: local('the audit hash chain: one ordered chain, one writer at a time'),
  ingest_journal: local("the ingest's write-ahead journal, emptied as points are stored"),
  rate_hits: local('rate-limit windows, short lived'),
  rate_windows: local('rate-limit windows, short lived'),
  captchas: local('short lived'),
  verify_codes: local('short lived'),
  sessions: local('sign-in sessions'),
  session_refresh_used: local('sign-in sessions'),
  outbox_messages: local('messages waiting for their provider'),
  uploads: local('uploaded files'),
  account_keys: local('API keys of an account'),
  account_applies: local('applications, reviewed by people'),
  user_applies: local('applications, reviewed by people'),
  member_removals: local('organisation history'),
  teams: local('organisation'),
  team_members: local('organisation'),
  bulletins: local('notices written by people'),
  bulletin_reads: local("a user's read marks"),
  bulletin_read_marks: local("a user's read marks"),
  stat_items: local("users' saved statistics definitions"),
  invoice_infos: local('money: one transaction with orders and the ledger'),
  invoices: local('money'),
  orders: local('money: yearly fees, one per drone and year'),
  order_payments: local('money'),
  order_ledger: local('money'),
  lease_clients: local('money: leasing books'),
  leases: local('money: a lease moves a drone between accounts with its ledger in one transaction', [
    'leases_drone_id_fkey',
  ]),
  lease_events: local('money: leasing books'),
  lease_ledger: local('money: leasing books'),
  lease_charges: local('money: leasing books'),
  lease_recharges: local('money: leasing books'),
  lease_payment_notices: local('money: leasing books'),
  lease_locks: local('money: leasing books'),
  lease_basic_prices: local('money: leasing books'),
  lease_stat: local('money: leasing rollups, written with the charge'),
  lease_stat_drone: local('money: leasing rollups, written with the charge'),
  lease_stat_pilot: local('money: leasing rollups, written with the charge'),
  subsidies: local("a programme's books, sealed with a digest"),
  subsidy_sorties: local("a programme's books, sealed with a digest"),
  subsidy_spot_draws: local("a programme's books"),
  subsidy_spot_results: local("a programme's books"),
  blocks: local('fields, edited by people; sorties name them without a foreign key'),
  block_cells: local('the grid index of fields'),
  block_shares: local('fields'),
  block_routes: local('mission routes, planned by people'),
  block_route_drones: local("a route's drones and their progress", ['block_route_drones_drone_id_fkey']),
  rtk_devices: local('RTK registry, by device id; a device may be unbound', ['rtk_devices_drone_id_fkey']),
  rtk_renewals: local('RTK registry'),
  firmware_keys: local('firmware signing'),
  firmware_device_keys: local('firmware signing'),
  firmware_files: local('firmware files'),
  firmware_rc_bindings: local('firmware signing'),
  ground_station_configs: local('ground-station settings'),
  ground_station_config_history: local('ground-station settings'),
  ground_station_devices: local('ground stations seen'),
  ground_station_signing_key: local('one key'),
  device_whitelist: local("an account's whitelist of accessories"),
};
