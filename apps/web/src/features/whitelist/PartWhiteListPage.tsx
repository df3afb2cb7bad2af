/**
 * The accessory whitelist (PartWhiteList, 002 §7 device/deviceWhiteList; issue 23 point 4): the
 * list filtered by accessory type and hardware id, a .txt/.csv upload per type (all or nothing; the
 * server names the bad lines), and one entry's delete.
 */
import {
  ACCESSORY_TYPE_KEYS,
  ACCESSORY_TYPES,
  type AccessoryType,
  formatDate,
  WHITELIST_PATHS,
  type WhitelistEntry,
  type WhitelistUploadResult,
} from '@agrifleet/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';

type Page = { records: WhitelistEntry[]; total: number; current: number; size: number };
const rel = (path: string) => path.replace(/^\/api\//, '');
const SIZE = 20;

export default function PartWhiteListPage() {
  const { t } = useTranslation(['whitelist', 'common']);
  const [type, setType] = useState('');
  const [hwId, setHwId] = useState('');
  const [current, setCurrent] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [upType, setUpType] = useState<AccessoryType>(1);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const q: Record<string, string | number> = { currentPage: current, pageSize: SIZE };
    if (type) q.type = type;
    if (hwId.trim()) q.hwId = hwId.trim();
    try {
      setData(await http.get<Page>(rel(WHITELIST_PATHS.list), q));
    } catch (e) {
      setNote((e as Error).message);
    }
  }, [current, type, hwId]);
  useEffect(() => {
    void load();
  }, [load]);

  const typeLabel = (n: number) =>
    t(`whitelist:type.${ACCESSORY_TYPE_KEYS[n as AccessoryType] ?? 'battery'}`);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setNote('');
    try {
      const f = new FormData();
      f.set('type', String(upType));
      f.set('file', file, file.name);
      const r = await http.post<WhitelistUploadResult>(rel(WHITELIST_PATHS.upload), f);
      setNote(t('whitelist:uploaded', r));
      await load();
    } catch (e) {
      setNote((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: WhitelistEntry) => {
    if (!window.confirm(t('whitelist:confirmDelete', { hwId: row.hwId }))) return;
    try {
      await http.del(rel(WHITELIST_PATHS.entry.replace(':id', String(row.id))));
      await load();
    } catch (e) {
      setNote((e as Error).message);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / SIZE)) : 1;
  return (
    <div style={{ padding: 16 }}>
      <h2>{t('whitelist:title')}</h2>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <label>
          {t('whitelist:type.label')}{' '}
          <select
            value={type}
            onChange={(e) => {
              setCurrent(1);
              setType(e.target.value);
            }}
          >
            <option value="">{t('whitelist:all')}</option>
            {ACCESSORY_TYPES.map((n) => (
              <option key={n} value={n}>
                {typeLabel(n)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('whitelist:hwId')}{' '}
          <input
            value={hwId}
            maxLength={64}
            onChange={(e) => {
              setCurrent(1);
              setHwId(e.target.value);
            }}
          />
        </label>
      </div>
      <fieldset style={{ marginBottom: 12 }}>
        <legend>{t('whitelist:upload')}</legend>
        <select value={upType} onChange={(e) => setUpType(Number(e.target.value) as AccessoryType)}>
          {ACCESSORY_TYPES.map((n) => (
            <option key={n} value={n}>
              {typeLabel(n)}
            </option>
          ))}
        </select>{' '}
        <input type="file" accept=".txt,.csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />{' '}
        <button type="button" disabled={!file || busy} onClick={() => void upload()}>
          {t('whitelist:uploadButton')}
        </button>
        <div style={{ fontSize: 12, color: '#666' }}>{t('whitelist:uploadHint')}</div>
      </fieldset>
      {note && <p role="status">{note}</p>}
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th align="left">{t('whitelist:type.label')}</th>
            <th align="left">{t('whitelist:hwId')}</th>
            <th align="left">{t('whitelist:account')}</th>
            <th align="left">{t('whitelist:createdAt')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {data?.records.map((r) => (
            <tr key={r.id}>
              <td>{typeLabel(r.type)}</td>
              <td>{r.hwId}</td>
              <td>{r.accountName}</td>
              <td>{formatDate(r.createdAt)}</td>
              <td>
                <button type="button" onClick={() => void remove(r)}>
                  {t('whitelist:delete')}
                </button>
              </td>
            </tr>
          ))}
          {data?.records.length === 0 && (
            <tr>
              <td colSpan={5}>{t('whitelist:empty')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div style={{ marginTop: 8 }}>
        <button type="button" disabled={current <= 1} onClick={() => setCurrent(current - 1)}>
          ‹
        </button>{' '}
        {t('whitelist:pageOf', { current, pages, total: data?.total ?? 0 })}{' '}
        <button type="button" disabled={current >= pages} onClick={() => setCurrent(current + 1)}>
          ›
        </button>
      </div>
    </div>
  );
}
