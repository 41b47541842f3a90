import type { Locale } from '../../../core/locale.ts';
import { translatorFor } from '../../i18n.ts';
import type { RenderedMail, ShopIdentity } from './mail-layout.ts';
import type { UserInvitationPayload } from './mail-outbox.repository.ts';
import { renderPasswordLinkMail } from './password-link.ts';

// A customer admin's invitation of a new company user (/my-account/users): who invited them for which
// company, and a single-use link valid 7 days to set their password; then they sign in with their username.

export function renderUserInvitation(payload: UserInvitationPayload, options: { locale: Locale; shop: ShopIdentity; publicUrl: string }): RenderedMail {
  const t = translatorFor(options.locale);
  const k = (key: string, params?: Record<string, string | number>) => t(`mail.user_invitation.${key}`, params);
  return renderPasswordLinkMail(
    {
      subject: k('subject', { shop: options.shop.name }),
      before: [
        k('greeting', { name: payload.fullName || payload.username }),
        k('body', { invitedBy: payload.invitedBy, company: payload.companyName, shop: options.shop.name }),
      ],
      action: k('action'),
      after: [k('questions', { invitedBy: payload.invitedBy })],
      payload,
    },
    options,
  );
}
