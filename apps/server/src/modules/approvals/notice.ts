/** Tells an applicant the decision by SMS (phone) or e-mail, in the applicant's language (else zh). */
import { LANGUAGES, type Language } from '@agrifleet/domain';
import type { Logger } from 'pino';
import { type MessageKey, translate } from '../../platform/messages.ts';
import type { Messenger } from '../../platform/messaging.ts';

export interface Applicant {
  phone_country: string | null;
  phone: string | null;
  email: string | null;
  lang: string | null;
}

export const languageOf = (lang: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'zh';

export async function sendDecision(
  deps: { messenger: Messenger; logger: Logger },
  to: Applicant,
  d: { kind: MessageKey; name: string; status: 2 | 3; reason: string | null },
): Promise<boolean> {
  const lang = languageOf(to.lang);
  const target = to.phone ? `${to.phone_country}-${to.phone}` : to.email;
  if (!target) return false;
  const params = { kind: translate(d.kind, lang), name: d.name, reason: d.reason ?? '' };
  try {
    await deps.messenger.send({
      channel: to.phone ? 'sms' : 'email',
      target,
      subject: translate('applyNoticeSubject', lang),
      text: translate(d.status === 2 ? 'applyPassedNotice' : 'applyRejectedNotice', lang, params),
    });
    return true;
  } catch (err) {
    // The decision stands (it is committed); the applicant still sees it in the console.
    deps.logger.warn({ err, target }, 'approvals: decision notice not sent');
    return false;
  }
}
