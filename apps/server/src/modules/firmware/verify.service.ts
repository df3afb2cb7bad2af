/**
 * Statements and verdicts: `signrc` (a remote controller bound to the account, signed with the key
 * the request carries), `verifyfw` (an uploaded image checked against the account's signing keys and,
 * to decrypt, the device keys of the models in scope) and `verifylog` (a drone-signed flight log
 * checked against the flight-log keys of the drones in scope). Verdicts carry their reason code and
 * its text in the caller's language.
 */
import { sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type {
  FirmwareVerdict,
  FlightLogVerdictBody,
  Language,
  RcStatement,
  SignrcListQuery,
} from '@agrifleet/domain';
import { type MessageKey, translate } from '../../platform/messages.ts';
import type { FilesRepo } from './files.repo.ts';
import type { Actor, KeysService } from './firmware.service.ts';
import { canonicalize, verifyFlightLog } from './flightLog/index.ts';
import type { FlightLogsRepo } from './flightLogs.repo.ts';
import { verifyImage } from './image/index.ts';

/** The bytes a remote-controller statement's signature covers: RFC 8785 JSON of all but `sig`. */
export const rcSignedBytes = (s: Omit<RcStatement, 'sig'>) =>
  Buffer.from(canonicalize({ accountId: s.accountId, keyId: s.keyId, rcid: s.rcid, time: s.time }), 'utf8');

export function createVerifyService(d: {
  keys: KeysService;
  files: FilesRepo;
  logs: FlightLogsRepo;
  now?: () => number;
}) {
  const now = d.now ?? Date.now;
  return {
    /** POST signrc: the statement, signed and stored (the account's latest for this rcid). */
    async signRc(a: Actor, rcid: string, privkey: string): Promise<RcStatement> {
      const signer = await d.keys.presented(a, privkey);
      const claim = { rcid, accountId: a.accountId, keyId: signer.keyId, time: now() };
      const sig = sign(null, rcSignedBytes(claim), signer.key).toString('base64url');
      await d.files.putRc({ ...claim, sig, userId: a.userId });
      return { ...claim, sig };
    },

    listRc: (a: Actor, q: SignrcListQuery) => d.files.listRc(a.accountId, q),

    /** POST verifyfw: the verdict on the image at `path`. */
    async verifyFirmware(a: Actor, path: string, lang: Language): Promise<FirmwareVerdict> {
      const [publicKeys, deviceKeys] = await Promise.all([
        d.keys.publicKeys(a),
        d.keys.devicePrivates(a.scope),
      ]);
      const r = await verifyImage({ input: path, publicKeys, deviceKeys });
      const place = r.place ?? null;
      let placeText: string | null = null;
      if (place)
        placeText =
          r.reason === 'truncated'
            ? translate('firmwarePlace.truncated', lang, { start: place.start, end: place.end })
            : translate(`firmwarePlace.${place.region}` as MessageKey, lang, {
                start: place.start,
                last: Math.max(place.start, place.end - 1),
              });
      return {
        valid: r.valid,
        reason: r.reason,
        message: translate(`firmwareImage.${r.reason}` as MessageKey, lang),
        keyId: r.keyId,
        revoked: r.revoked,
        hashOk: r.hashOk,
        signatureOk: r.signatureOk,
        version: r.version,
        encrypted: r.encrypted,
        place,
        placeText,
        size: r.size,
        digest: r.digest ?? null,
        deviceKeyId: r.deviceKeyId ?? null,
      };
    },

    /** POST verifylog: the verdict on the flight log at `path` (at most FIRMWARE_LOG_MAX_BYTES). */
    async verifyLog(a: Actor, path: string, lang: Language): Promise<FlightLogVerdictBody> {
      const v = await verifyFlightLog(await readFile(path), d.keys.droneKeyLookup(a.scope), { points: true });
      const first = v.points?.[0]?.recordTime;
      const last = v.points?.at(-1)?.recordTime;
      const sortieIds =
        v.valid && v.droneId && first !== undefined && last !== undefined
          ? await d.logs.covered(v.droneId, first, last)
          : [];
      const text = translate(`firmwareLog.${v.reason}` as MessageKey, lang);
      return {
        valid: v.valid,
        reason: v.reason,
        message: v.line === undefined ? text : translate('firmwareLog.atLine', lang, { line: v.line, text }),
        line: v.line ?? null,
        seq: v.seq ?? null,
        droneId: v.droneId ?? null,
        sortieId: v.sortieId ?? null,
        keyId: v.keyId ?? null,
        records: v.records,
        head: v.head ?? null,
        sortieIds,
      };
    },
  };
}
export type VerifyService = ReturnType<typeof createVerifyService>;
