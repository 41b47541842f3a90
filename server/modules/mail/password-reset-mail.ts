import type { Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';
import { shopContactLine, type RenderedMail, type ShopIdentity } from './mail-layout.ts';
import type { PasswordResetPayload } from './mail-outbox.repository.ts';
import { renderPasswordLinkMail } from './password-link.ts';

// The reset link a user asked for on /forgot-password (or a customer admin sent them from the users page):
// valid 2 hours, single use; whoever did not ask for it may ignore it, the password stays as it is.

export function renderPasswordReset(payload: PasswordResetPayload, options: { locale: Locale; shop: ShopIdentity; publicUrl: string }): RenderedMail {
  const t = translatorFor(options.locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.password_reset.${key}`, params);
  return renderPasswordLinkMail(
    {
      subject: k('subject', { shop: options.shop.name }),
      before: [k('greeting', { name: payload.fullName || payload.username }), k('body', { shop: options.shop.name })],
      action: k('action'),
      after: [k('not_you', { contact: shopContactLine(options.shop) })],
      payload,
    },
    options,
  );
}
