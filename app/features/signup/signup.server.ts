import { isValidVatId, normaliseVatId } from '../../../core/vat-id';
import { countryNameOf, fieldProblems, isCountryCode, signupInputSchema } from '../../../server/page-surface.server';
import { signupFields, type SignupField, type SignupValues } from '../../../core/signup-fields';
import type { AppLoadContext } from '../../app-context';
import { formTexts, onlyFields, refusalOf, type FormRefusal } from '../../lib/form-values.server';
import { privacyPolicyHtml } from './privacy-policy.server';

// /signup (docs/product.md, Signup): what the page shows, and the form post that sends the request through the
// same service, with the same validation, as POST /api/user/requestAccount. Every problem comes back as
// a message key next to its field, all at once, with what was typed.

export interface SignupPage {
  /** Whether the tenant takes requests (site setting acceptSignupRequests); otherwise the page says so. */
  accepting: boolean;
  /** The countries the form offers: where the shop ships, by name in the page's language. */
  countries: { code: string; name: string }[];
  defaultCountry: string;
  /** The privacy policy of the site settings in the page's language, sanitised; '' when there is none. */
  privacyPolicyHtml: string;
  /** How to reach the seller, for the page that takes no requests. */
  contact: { phone: string; email: string };
}

export async function loadSignupPage(app: AppLoadContext): Promise<SignupPage> {
  const { services, ctx } = app;
  const configuration = await services.settings.getConfiguration(ctx);
  const countries = configuration.shippingCountries
    .map((code) => ({ code, name: countryNameOf(code, ctx.locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, ctx.locale));
  const sellerCountry = configuration.company.country.code;
  return {
    accepting: configuration.acceptSignupRequests,
    countries,
    defaultCountry: countries.some((country) => country.code === sellerCountry) ? sellerCountry : (countries[0]?.code ?? ''),
    privacyPolicyHtml: await privacyPolicyHtml(configuration, ctx.locale),
    contact: { phone: configuration.company.phone, email: configuration.company.email },
  };
}

export type SignupResult =
  | { ok: true; companyName: string; email: string }
  | (FormRefusal<SignupField> & { values: SignupValues });

export async function sendSignupFromForm(app: AppLoadContext, form: FormData): Promise<SignupResult> {
  const values: SignupValues = formTexts(form, signupFields);
  const input = { ...values, privacyAccepted: values.privacyAccepted === 'on' };
  const parsed = signupInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors = onlyFields(fieldProblems(parsed.error, input), signupFields);
    // The schema checks the VAT id against the country once every other field is valid; the form says
    // everything at once, so the requester fixes it in one go.
    const country = values.countryCode.trim().toUpperCase();
    const vatId = values.vatId.trim();
    if (!errors.vatId && vatId && isCountryCode(country) && !isValidVatId(normaliseVatId(vatId, country), country)) errors.vatId = 'signup.vat_id.invalid';
    return { ok: false, status: 400, errors, failure: null, values };
  }
  try {
    await app.services.signup.requestAccount(app.ctx, parsed.data, app.clientIp);
    return { ok: true, companyName: parsed.data.companyName, email: parsed.data.email };
  } catch (error) {
    return { ...refusalOf(error, signupFields), values };
  }
}
