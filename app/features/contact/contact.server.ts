import { contactFields, type ContactField, type ContactValues } from '../../../core/contact-fields';
import { contactInputSchemaFor, countryNameOf, fieldProblems, sanitizeSettingsHtml } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formTexts, onlyFields, refusalOf, type FormRefusal } from '../../lib/form-values.server';
import { privacyPolicyHtml } from '../signup/privacy-policy.server';

// /static/contact-us (docs/product.md, Contact form): what the page shows, and the form post that sends the
// message through the same service, with the same validation, as POST /api/contact. Every problem comes
// back as a message key next to its field, all at once, with what was typed.

/** How to reach the seller: the seller company's contact data, its country named in the page's language. */
export interface SellerContact {
  name: string;
  street: string;
  postCode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
}

export interface ContactPage {
  seller: SellerContact;
  /** The seller's own text for the page (site setting contactUs: opening hours, who answers what …), sanitised; '' when there is none. */
  contactHtml: string;
  /** The privacy policy of the site settings in the page's language, sanitised; '' when there is none. */
  privacyPolicyHtml: string;
  /** Whether the form is offered: the seller has an address to write to. */
  available: boolean;
  /** A signed-in full account writes as itself: its name and e-mail address, shown instead of the fields. */
  account: { name: string; email: string } | null;
}

export async function loadContactPage(app: AppLoadContext): Promise<ContactPage> {
  const { services, ctx } = app;
  const [configuration, available, account] = await Promise.all([services.settings.getConfiguration(ctx), services.contact.isAvailable(ctx), services.contact.accountSender(ctx)]);
  const { company } = configuration;
  return {
    seller: {
      name: company.name,
      street: company.address,
      postCode: company.postCode,
      city: company.city,
      country: company.country.code ? countryNameOf(company.country.code, ctx.locale, company.country.name) : company.country.name,
      phone: company.phone,
      email: company.email,
    },
    contactHtml: configuration.contactUs.trim() ? await sanitizeSettingsHtml(configuration.contactUs) : '',
    privacyPolicyHtml: await privacyPolicyHtml(configuration, ctx.locale),
    available,
    account,
  };
}

export type ContactResult = { ok: true; copyTo: string } | (FormRefusal<ContactField> & { values: ContactValues });

export async function sendContactFromForm(app: AppLoadContext, form: FormData): Promise<ContactResult> {
  const values: ContactValues = formTexts(form, contactFields);
  const input = { ...values, privacyAccepted: values.privacyAccepted === 'on' };
  const parsed = contactInputSchemaFor(app.ctx).safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, errors: onlyFields(fieldProblems(parsed.error, input), contactFields), failure: null, values };
  try {
    const { copyTo } = await app.services.contact.send(app.ctx, parsed.data, app.clientIp);
    return { ok: true, copyTo };
  } catch (error) {
    return { ...refusalOf(error, contactFields), values };
  }
}
