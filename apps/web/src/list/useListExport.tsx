/**
 * Export of a whole filtered list to .xlsx: every page one after the other (fetchAllPages), with a
 * progress dialog ("n of total") that can cancel, then the workbook built in the browser by the
 * lazily loaded xlsx module (exceljs) with the list's translated column titles, the same values as
 * the table and its totals row, and saved as a download named by `exportFileName` ("<title> <day>.xlsx",
 * the statistics day).
 */
import { App, Button, Modal, Progress } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http.ts';
import { statToday } from '../lib/statDay.ts';
import { exportTable, type Translate } from './columns.ts';
import { type Progress as Done, exportFileName, fetchAllPages } from './exportAll.ts';
import { DEFAULT_PARAMS } from './query.ts';
import type { ListConfig, PageResult } from './types.ts';

type State = (Done & { phase: 'fetch' | 'build' }) | null;

/** The list's query without paging: the export asks for its own pages. */
function withoutPaging(query: Record<string, string | number>, names: Partial<typeof DEFAULT_PARAMS> = {}) {
  const p = { ...DEFAULT_PARAMS, ...names };
  const { [p.page]: _page, [p.size]: _size, ...rest } = query;
  return rest;
}

export function useListExport<R, P extends PageResult<R>>(
  config: ListConfig<R, P>,
  query: Record<string, string | number>,
  t: Translate,
  /** The count the list shows, for the progress before the first page arrives. */
  knownTotal = 0,
): { start: () => void; busy: boolean; dialog: ReactNode } {
  const { message } = App.useApp();
  const [state, setState] = useState<State>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async () => {
    const def = config.export;
    if (!def || abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ done: 0, total: knownTotal, phase: 'fetch' });
    const xlsx = import('./xlsx.ts');
    try {
      const { rows, last } = await fetchAllPages<R, P>(config, withoutPaging(query, config.params), {
        signal: controller.signal,
        pageSize: def.pageSize,
        onProgress: (p) => setState({ ...p, phase: 'fetch' }),
      });
      setState({ done: rows.length, total: rows.length, phase: 'build' });
      const totals =
        last && config.summary ? { values: config.summary(last), label: t('list:total') } : undefined;
      const table = exportTable(config.columns, rows, t, totals);
      const title = def.fileName();
      const { xlsxBlob, saveBlob } = await xlsx;
      const blob = await xlsxBlob(table, title);
      if (controller.signal.aborted) throw new ApiError('', 0, 0, true);
      saveBlob(blob, exportFileName(title, statToday()));
      void message.success(t('list:exportDone', { rows: rows.length }));
    } catch (err) {
      if (err instanceof ApiError && err.cancelled) void message.info(t('list:exportCancelled'));
      else void message.error((err as Error).message || t('list:exportFailed'));
    } finally {
      abort.current = null;
      setState(null);
    }
  }, [config, query, t, message, knownTotal]);

  const percent = state && state.total > 0 ? Math.floor((state.done / state.total) * 100) : 0;
  const dialog = (
    <Modal
      open={state !== null}
      title={t('list:exportTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button onClick={() => abort.current?.abort()} data-testid="export-cancel">
          {t('list:cancel')}
        </Button>
      }
    >
      <div data-testid="export-progress">
        <Progress percent={state?.phase === 'build' ? 100 : percent} status="active" />
        <div>
          {state?.phase === 'build'
            ? t('list:exportBuilding', { total: state.total })
            : t('list:exportProgress', { done: state?.done ?? 0, total: state?.total ?? 0 })}
        </div>
      </div>
    </Modal>
  );
  return { start: () => void start(), busy: state !== null, dialog };
}
