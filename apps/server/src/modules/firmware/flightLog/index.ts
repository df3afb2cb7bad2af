/**
 * Drone-signed flight logs (issue 23 point 2): a pure library, no HTTP and no database. The format,
 * what is signed and the verifier's answers are in README.md.
 */
export { CanonicalError, canonicalize } from './canonical.ts';
export { ed25519KeyId, sha256Hex, signedMessage } from './chain.ts';
export {
  FLIGHT_LOG_VERSION,
  type FlightLogKey,
  type FlightLogReason,
  MAX_LINE_BYTES,
  MAX_LOG_BYTES,
  MAX_LOG_LINES,
  SIGNED_PREFIX,
} from './format.ts';
export {
  type FlightLogClaim,
  FlightLogWriteError,
  type FlightLogWriter,
  flightLogWriter,
  signFlightLog,
  writeFlightLog,
} from './sign.ts';
export {
  type FlightLogKeyLookup,
  type FlightLogVerdict,
  type VerifyFlightLogOptions,
  verifyFlightLog,
} from './verify.ts';
