/** The firmware tools' calls (002 §7 "Firmware (firmware/...)"; apps/server/src/modules/firmware/README.md). */
import {
  type FirmwareEncrypted,
  type FirmwareImage,
  type FirmwareKey,
  type FirmwareType,
  type FirmwareVerdict,
  type FlightLogVerdictBody,
  MODEL_LIST_PATH,
  type ModelPage,
  FIRMWARE_PATHS as P,
  type PlainFirmware,
  type RcStatement,
} from '@agrifleet/domain';
import { type DownloadedFile, http } from '../../api/http.ts';

type Page<T> = { records: T[]; total: number; current: number; size: number };
const fileUrl = (path: string, fileName: string) => path.replace(':fileName', encodeURIComponent(fileName));
const form = (part: string, file: Blob, name: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set(part, file, name);
  return f;
};

export const firmwareApi = {
  /** A new signing key: its private half as a PEM file, once (a failure arrives as JSON: ApiError). */
  genkey: () => http.get<DownloadedFile>(P.genkey, undefined, { responseType: 'file' }),
  keys: () => http.get<FirmwareKey[]>(P.getkey),
  revokeKey: (keyId: string) => http.post(P.revokekey, { keyId }),
  models: () => http.get<ModelPage>(MODEL_LIST_PATH, { currentPage: 1, pageSize: 100 }),
  plain: (currentPage: number) => http.get<Page<PlainFirmware>>(P.plain, { currentPage, pageSize: 10 }),
  upload: (file: File, modelId: number, version: string) =>
    http.post<PlainFirmware>(
      P.plain,
      form('firmware', file, file.name, { modelId: String(modelId), version }),
    ),
  images: (currentPage: number) => http.get<Page<FirmwareImage>>(P.list, { currentPage, pageSize: 10 }),
  remove: (fileName: string, firmwareType: FirmwareType) =>
    http.del(`${fileUrl(P.listFile, fileName)}?firmwareType=${firmwareType}`),
  download: (fileName: string, firmwareType: FirmwareType) =>
    http.get<Blob>(fileUrl(P.listDownload, fileName), { firmwareType }, { responseType: 'blob' }),
  /** The private key travels in the body only, and is used in memory by the console. */
  encrypt: (filename: string, privkey: string) =>
    http.post<FirmwareEncrypted>(P.encrypt, { filename, privkey }),
  signrc: (rcid: string, privkey: string) => http.post<RcStatement>(P.signrc, { rcid, privkey }),
  statements: (currentPage: number) => http.get<Page<RcStatement>>(P.signrc, { currentPage, pageSize: 10 }),
  verifyfw: (file: File) => http.post<FirmwareVerdict>(P.verifyfw, form('firmware', file, file.name)),
  verifylog: (file: File) => http.post<FlightLogVerdictBody>(P.verifylog, form('log', file, file.name)),
};
