/**
 * Production never runs a sandbox (ARCHITECTURE "Decisions"; issue 20 items 3 and 4). A sandbox
 * provider moves money or proves identity without the real service: the sandbox payment provider
 * (leasing recharges, service-fee orders) "pays" on a click, the `outbox` SMS and e-mail transports
 * "deliver" a code to the server log. Under NODE_ENV=production each refuses to start unless
 * ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1 (a staging console, a demo), and then it warns.
 * This file is the one place the rule is decided; config.ts and the provider factories ask it.
 */

export const ALLOW_SANDBOX_VAR = 'ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION';

/** What decides: the environment's NODE_ENV and the variable above (Config carries both). */
export interface SandboxPolicy {
  production: boolean;
  /** ALLOW_SANDBOX_PROVIDERS_NOT_FOR_PRODUCTION=1. */
  allowSandboxProviders: boolean;
}

/** One sandbox in use: what it is and the variables that replace it with the real service. */
export interface SandboxInUse {
  what: string;
  fix: string;
}

/** The outbox transports (platform/messaging.ts) as sandboxes. */
export const SMS_OUTBOX: SandboxInUse = {
  what: 'SMS codes on the outbox (only logged)',
  fix: 'SMS_PROVIDER=twilio and TWILIO_*',
};
export const MAIL_OUTBOX: SandboxInUse = {
  what: 'e-mail codes on the outbox (only logged)',
  fix: 'MAIL_PROVIDER=smtp and SMTP_URL',
};

/** The variable's value: only "1" allows (a typo or "true" keeps production safe). */
export const sandboxesAllowedBy = (env: Record<string, string | undefined>) =>
  env[ALLOW_SANDBOX_VAR]?.trim() === '1';

/** Whether a sandbox may run under this policy. */
export const sandboxMayRun = (p: SandboxPolicy) => !p.production || p.allowSandboxProviders;

/** Throws (the start stops) when production would run any of `inUse` without the variable. */
export function refuseSandboxes(p: SandboxPolicy, inUse: SandboxInUse[]): void {
  if (sandboxMayRun(p) || inUse.length === 0) return;
  throw new Error(
    `NODE_ENV=production refuses sandbox providers, which move no money and prove no identity: ${inUse
      .map((s) => `${s.what} (set ${s.fix})`)
      .join('; ')}. Only for a console that is not production: ${ALLOW_SANDBOX_VAR}=1.`,
  );
}

/** The warning a production console that was allowed its sandboxes logs at start. */
export function sandboxWarning(inUse: SandboxInUse[]): string {
  return `${ALLOW_SANDBOX_VAR}=1: this production console runs sandbox providers (${inUse
    .map((s) => s.what)
    .join(
      '; ',
    )}): payments are confirmed with no money received and codes are only logged. Never in real production.`;
}
