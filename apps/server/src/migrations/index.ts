import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_drones.ts';
import * as m0003 from './0003_sorties.ts';
import * as m0004 from './0004_anomalies.ts';
import * as m0005 from './0005_pictures.ts';
import * as m0006 from './0006_journal.ts';
import * as m0007 from './0007_stats.ts';
import * as m0008 from './0008_datastat.ts';
import * as m0010 from './0010_refresh_families.ts';
import * as m0011 from './0011_upload_kinds.ts';
import * as m0012 from './0012_sortie_measures.ts';
import * as m0013 from './0013_commands.ts';
import * as m0014 from './0014_drone_registry.ts';
import * as m0015 from './0015_nofly_versions.ts';
import * as m0016 from './0016_rtk.ts';
import * as m0017 from './0017_drone_totals.ts';
import * as m0018 from './0018_blocks.ts';
import * as m0019 from './0019_routes.ts';
import * as m0020 from './0020_audit.ts';
import * as m0021 from './0021_accounts.ts';
import * as m0022 from './0022_approvals.ts';
import * as m0023 from './0023_members_teams.ts';
import * as m0024 from './0024_bulletins.ts';
import * as m0025 from './0025_orders.ts';
import * as m0026 from './0026_syslog.ts';
import * as m0027 from './0027_leasing.ts';
import * as m0028 from './0028_shared_limits.ts';
import * as m0029 from './0029_order_payments.ts';
import * as m0032 from './0032_reopened_sorties.ts';
import * as m0033 from './0033_lookups.ts';
import * as m0034 from './0034_unified_tasks.ts';
import * as m0035 from './0035_subsidies.ts';
import * as m0036 from './0036_sortie_work_type.ts';
import * as m0037 from './0037_unified_task_indexes.ts';
import * as m0038 from './0038_block_medicine.ts';
import * as m0039 from './0039_task_sortie_days.ts';
import * as m0040 from './0040_firmware.ts';
import * as m0041 from './0041_groundstation.ts';
import * as m0042 from './0042_whitelist.ts';
import * as m0043 from './0043_applogs.ts';
import * as m0044 from './0044_flight_logs.ts';
import * as m0045 from './0045_applog_type_trgm.ts';
import * as m0046 from './0046_accessory_sightings.ts';
import * as m0047 from './0047_citus_keys.ts';
import * as m0048 from './0048_rate_windows.ts';
import * as m0049 from './0049_citus_fk_actions.ts';
import * as m0050 from './0050_applog_partitions.ts';

/** Numbered migrations, applied in key order at start. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_drones': m0002,
  '0003_sorties': m0003,
  '0004_anomalies': m0004,
  '0005_pictures': m0005,
  '0006_journal': m0006,
  '0007_stats': m0007,
  '0008_datastat': m0008,
  '0010_refresh_families': m0010,
  '0011_upload_kinds': m0011,
  '0012_sortie_measures': m0012,
  '0013_commands': m0013,
  '0014_drone_registry': m0014,
  '0015_nofly_versions': m0015,
  '0016_rtk': m0016,
  '0017_drone_totals': m0017,
  '0018_blocks': m0018,
  '0019_routes': m0019,
  '0020_audit': m0020,
  '0021_accounts': m0021,
  '0022_approvals': m0022,
  '0023_members_teams': m0023,
  '0024_bulletins': m0024,
  '0025_orders': m0025,
  '0026_syslog': m0026,
  '0027_leasing': m0027,
  '0028_shared_limits': m0028,
  '0029_order_payments': m0029,
  '0032_reopened_sorties': m0032,
  '0033_lookups': m0033,
  '0034_unified_tasks': m0034,
  '0035_subsidies': m0035,
  '0036_sortie_work_type': m0036,
  '0037_unified_task_indexes': m0037,
  '0038_block_medicine': m0038,
  '0039_task_sortie_days': m0039,
  '0040_firmware': m0040,
  '0041_groundstation': m0041,
  '0042_whitelist': m0042,
  '0043_applogs': m0043,
  '0044_flight_logs': m0044,
  '0045_applog_type_trgm': m0045,
  '0046_accessory_sightings': m0046,
  '0047_citus_keys': m0047,
  '0048_rate_windows': m0048,
  '0049_citus_fk_actions': m0049,
  '0050_applog_partitions': m0050,
};
