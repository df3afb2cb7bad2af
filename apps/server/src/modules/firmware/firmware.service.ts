/**
 * Keys of the firmware tools: the account's Ed25519 signing keys (made here, the private half
 * answered once and never kept), a key presented back with a request (parsed in memory, matched to
 * the account's registered keys), the drone models' X25519 device keys (the private half sealed
 * under the server secret: verifying an encrypted image decrypts it), and the drones' flight-log
 * keys registered by their maker. Private key text never reaches an error, a log or the database.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import {
  type DeviceKey,
  DRONE_LOG_MAX_ACTIVE_KEYS,
  type DroneLogKey,
  ErrorCode,
  FIRMWARE_MAX_ACTIVE_KEYS,
  type FirmwareKey,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';
import type { Sealer } from '../../platform/seal.ts';
import { ed25519KeyId, type FlightLogKeyLookup } from './flightLog/index.ts';
import {
  type DeviceKeyEntry,
  describeSigningKey,
  generateDeviceKey,
  generateSigningKey,
  type PublicKeyEntry,
  parsePrivateKey,
} from './image/index.ts';
import type { DeviceKeyRow, DroneKeyRow, KeysRepo } from './keys.repo.ts';

/** Who acts: the tenant (the caller's account), the user, and the caller's data scope. */
export interface Actor {
  accountId: number;
  userId: number;
  scope: DataScope;
}

const fail = (status: number, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(
    status,
    status === 404 ? ErrorCode.notFound : status === 409 ? ErrorCode.conflict : ErrorCode.badRequest,
    key,
    params,
  );

const pemOf = (spki: Buffer) =>
  createPublicKey({ key: spki, format: 'der', type: 'spki' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
const ms = (d: Date | null) => (d ? d.getTime() : null);

const PUBLIC_PEM_RE = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----$/;

/** An Ed25519 public key from its SPKI PEM, or null for anything else. */
function ed25519Public(text: string): KeyObject | null {
  const pem = text.trim();
  if (!PUBLIC_PEM_RE.test(pem)) return null;
  try {
    const key = createPublicKey({ key: pem, format: 'pem' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

function deviceKeyOf(r: DeviceKeyRow): DeviceKey {
  return {
    modelId: r.model_id,
    modelName: r.model_name,
    keyId: r.key_id,
    alg: 'X25519',
    publicKeyPem: pemOf(r.spki),
    publicKeyHex: r.spki.subarray(12).toString('hex'),
    createdAt: r.created_at.getTime(),
    privateDownloadedAt: ms(r.private_downloaded_at),
  };
}

const droneKeyOf = (r: DroneKeyRow): DroneLogKey => ({
  droneId: r.drone_id,
  keyId: r.key_id,
  alg: 'Ed25519',
  publicKeyPem: pemOf(r.spki),
  createdAt: r.created_at.getTime(),
  revokedAt: ms(r.revoked_at),
});

export function createKeysService(d: { repo: KeysRepo; sealer: Sealer }) {
  /** The model's device key, made now if it has none (a parallel call's is kept). */
  async function ensureDeviceKey(modelId: number, userId: number): Promise<DeviceKeyRow> {
    const have = await d.repo.deviceKey(modelId);
    if (have) return have;
    const made = generateDeviceKey();
    await d.repo.insertDeviceKey(
      modelId,
      { keyId: made.id, spki: made.publicKeySpkiDer, sealed: d.sealer.seal(made.privateKeyPem) },
      userId,
    );
    const row = await d.repo.deviceKey(modelId);
    if (!row) throw errors.notFound();
    return row;
  }

  return {
    /** A new signing key for the account: registered, and its private half answered (once). */
    async generate(a: Actor): Promise<{ keyId: string; privateKeyPem: string }> {
      const key = generateSigningKey();
      const done = await d.repo.addKey(
        a.accountId,
        a.userId,
        { keyId: key.keyId, spki: key.publicKeySpkiDer },
        FIRMWARE_MAX_ACTIVE_KEYS,
      );
      if (done === 'limit') throw fail(409, 'firmwareKeyLimit', { max: FIRMWARE_MAX_ACTIVE_KEYS });
      return { keyId: key.keyId, privateKeyPem: key.privateKeyPem };
    },

    async list(a: Actor): Promise<FirmwareKey[]> {
      const rows = await d.repo.listKeys(a.accountId);
      return rows.map((r) => ({
        keyId: r.key_id,
        alg: 'Ed25519',
        publicKeyPem: pemOf(r.spki),
        createdAt: r.created_at.getTime(),
        createdBy: r.created_by,
        revokedAt: ms(r.revoked_at),
      }));
    },

    async revoke(a: Actor, keyId: string): Promise<void> {
      const done = await d.repo.revokeKey(a.accountId, keyId, a.userId);
      if (done === 'missing') throw fail(404, 'firmwareKeyNotFound');
      if (done === 'already') throw fail(409, 'firmwareKeyRevoked');
    },

    /**
     * The private key a request carries, if it is one of the account's registered, unrevoked keys:
     * 400 firmwareKeyBad (not an Ed25519 PKCS#8 PEM), 400 firmwareKeyUnknown, 409 firmwareKeyRevoked.
     */
    async presented(a: Actor, pem: string): Promise<{ key: KeyObject; keyId: string }> {
      let key: KeyObject;
      try {
        key = parsePrivateKey(pem);
      } catch {
        throw fail(400, 'firmwareKeyBad');
      }
      const described = describeSigningKey(key);
      const row = await d.repo.key(a.accountId, described.keyId);
      if (!row?.spki.equals(described.publicKeySpkiDer)) throw fail(400, 'firmwareKeyUnknown');
      if (row.revoked_at) throw fail(409, 'firmwareKeyRevoked');
      return { key, keyId: described.keyId };
    },

    /** The account's keys as the image verifier takes them (revoked ones marked). */
    async publicKeys(a: Actor): Promise<PublicKeyEntry[]> {
      const rows = await d.repo.listKeys(a.accountId);
      return rows.map((r) => ({ keyId: r.key_id, spkiDer: r.spki, revoked: r.revoked_at !== null }));
    },

    /** The device key of a model in scope, made if it has none (POST devicekey). */
    async deviceKey(a: Actor, modelId: number): Promise<DeviceKey> {
      if (!(await d.repo.model(a.scope, modelId))) throw fail(404, 'firmwareModelNotFound');
      return deviceKeyOf(await ensureDeviceKey(modelId, a.userId));
    },

    /** The device key images of the model are encrypted for (made on first need). */
    forModel: (modelId: number, userId: number) => ensureDeviceKey(modelId, userId),

    listDeviceKeys: async (a: Actor) => (await d.repo.listDeviceKeys(a.scope)).map(deviceKeyOf),

    /** The private half of a model's device key, handed out once. */
    async takeDevicePrivate(a: Actor, modelId: number): Promise<{ keyId: string; privateKeyPem: string }> {
      if (!(await d.repo.model(a.scope, modelId))) throw fail(404, 'firmwareModelNotFound');
      const row = await d.repo.takeDevicePrivate(modelId, a.userId);
      if (!row)
        throw (await d.repo.deviceKey(modelId))
          ? fail(409, 'firmwareDeviceKeyTaken')
          : fail(404, 'firmwareDeviceKeyNotFound');
      return { keyId: row.key_id, privateKeyPem: d.sealer.open(row.private_sealed) };
    },

    /** The device keys of the models in scope, opened, as the image verifier takes them. */
    async devicePrivates(scope: DataScope): Promise<DeviceKeyEntry[]> {
      const rows = await d.repo.devicePrivates(scope);
      return rows.map((r) => ({ id: r.key_id, privateKey: d.sealer.open(r.private_sealed) }));
    },

    /** Registers a drone's flight-log key; only the drone's maker may (others: 404). */
    async addDroneKey(a: Actor, droneId: string, publicKey: string): Promise<DroneLogKey> {
      const key = ed25519Public(publicKey);
      if (!key) throw fail(400, 'firmwareDroneKeyBad');
      const spki = key.export({ format: 'der', type: 'spki' });
      const done = await d.repo.addDroneKey(
        a.accountId,
        droneId,
        { keyId: ed25519KeyId(key), spki },
        a.userId,
        DRONE_LOG_MAX_ACTIVE_KEYS,
      );
      if (done === 'missing') throw fail(404, 'firmwareDroneNotFound');
      if (done === 'revoked') throw fail(409, 'firmwareDroneKeyRevoked');
      if (done === 'limit') throw fail(409, 'firmwareDroneKeyLimit', { max: DRONE_LOG_MAX_ACTIVE_KEYS });
      return droneKeyOf(done);
    },

    async revokeDroneKey(a: Actor, droneId: string, keyId: string): Promise<void> {
      const done = await d.repo.revokeDroneKey(a.accountId, droneId, keyId, a.userId);
      if (done === 'missing') throw fail(404, 'firmwareDroneKeyNotFound');
      if (done === 'already') throw fail(409, 'firmwareDroneKeyRevoked');
    },

    async listDroneKeys(a: Actor, droneId: string): Promise<DroneLogKey[]> {
      const rows = await d.repo.droneKeys(a.scope, droneId);
      if (!rows) throw fail(404, 'firmwareDroneNotFound');
      return rows.map(droneKeyOf);
    },

    /** The flight-log verifier's key lookup: a key of a drone in the scope, else none. */
    droneKeyLookup(scope: DataScope): FlightLogKeyLookup {
      return async (droneId, keyId) => {
        const row = await d.repo.droneKey(scope, droneId, keyId);
        if (!row) return null;
        return {
          publicKey: createPublicKey({ key: row.spki, format: 'der', type: 'spki' }),
          revoked: row.revoked,
        };
      };
    },
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
export { fail };
