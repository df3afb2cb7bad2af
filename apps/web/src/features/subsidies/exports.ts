/**
 * A subsidy's evidence to .xlsx (every sortie line, the evidence columns of config.ts, through the
 * list pattern's lazily loaded workbook writer) and its track to KML (kml.ts), both saved as downloads
 * named "<operator> <programme> <day>".
 */
import type { SubsidyDetail, SubsidySortieRow } from '@agrifleet/domain';
import { statToday } from '../../lib/statDay.ts';
import { exportTable } from '../../list/columns.ts';
import { exportFileName, fetchAllPages } from '../../list/exportAll.ts';
import type { PageResult } from '../../list/types.ts';
import { subsidyApi } from './api.ts';
import { evidenceColumns, programmeName } from './config.ts';
import { KML_TYPE, trackKml } from './kml.ts';
import type { Look } from './model.ts';

const title = (d: SubsidyDetail, look: Look) =>
  look.t('subsidies:exportName', {
    operator: d.yyAccountName,
    programme: programmeName(d, look),
    year: d.year,
  });

export async function exportEvidence(d: SubsidyDetail, look: Look, signal: AbortSignal): Promise<number> {
  const xlsx = import('../../list/xlsx.ts');
  const { rows } = await fetchAllPages<SubsidySortieRow, PageResult<SubsidySortieRow>>(
    { fetch: (q, s) => subsidyApi.sorties(d.subsidyId, q, s) },
    {},
    { signal },
  );
  const table = exportTable(evidenceColumns(look), rows, look.t);
  const name = title(d, look);
  const { xlsxBlob, saveBlob } = await xlsx;
  saveBlob(await xlsxBlob(table, name), exportFileName(name, statToday()));
  return rows.length;
}

export async function exportKml(d: SubsidyDetail, look: Look, signal: AbortSignal): Promise<void> {
  const track = await subsidyApi.track(d.subsidyId, signal);
  const name = title(d, look);
  const kml = trackKml(track, {
    title: name,
    region: programmeName(d, look),
    verdict: {
      paid: look.t('subsidies:verdict.paid'),
      partial: look.t('subsidies:verdict.partial'),
      none: look.t('subsidies:verdict.none'),
    },
  });
  const { saveBlob } = await import('../../list/xlsx.ts');
  saveBlob(new Blob([kml], { type: KML_TYPE }), exportFileName(name, statToday()).replace(/\.xlsx$/, '.kml'));
}
