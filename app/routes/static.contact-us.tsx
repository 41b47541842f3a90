import { data } from 'react-router';
import type { Route } from './+types/static.contact-us';
import { appLoadContext } from '../app-context';
import { ContactForm } from '../features/contact/contact-form';
import { ContactSent, ContactUnavailable } from '../features/contact/contact-outcome';
import { loadContactPage, sendContactFromForm } from '../features/contact/contact.server';
import { SellerContactCard } from '../features/contact/seller-contact-card';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';
import { readForm } from '../lib/read-form.server';

// /static/contact-us (docs/product.md, Contact form): the seller's contact data and a form to write to them,
// for everyone, signed in or not (core/route-guards.ts). The form posts to this action, which sends the
// message through the same service as POST /api/contact; it works without JavaScript. A sent message
// replaces the form with what happens next (the page's answer to the post itself, so it can name the
// address the copy went to); a seller without an address to write to shows that instead of the form, and
// so does a post refused for it meanwhile. Contact data left, form right on wide screens; one column on
// phones.

export async function loader({ context }: Route.LoaderArgs) {
  return loadContactPage(context.get(appLoadContext));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const result = await sendContactFromForm(app, form);
  if (result.ok) return { sent: { copyTo: result.copyTo }, problems: null };
  const { errors, failure, values } = result;
  return data({ sent: null, problems: { errors, failure, values } }, { status: result.status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'contact');
}

export default function ContactUsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unavailable = !loaderData.available || actionData?.problems?.failure?.messageKey === 'contact.unavailable';
  return (
    <section data-testid="contact-us">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('contact.title')}</h1>
      <p className="mt-2 mb-6 text-zinc-700">{t('contact.intro')}</p>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SellerContactCard seller={loaderData.seller} contactHtml={loaderData.contactHtml} />
        {actionData?.sent ? (
          <ContactSent copyTo={actionData.sent.copyTo} />
        ) : unavailable ? (
          <ContactUnavailable />
        ) : (
          <ContactForm account={loaderData.account} privacyPolicyHtml={loaderData.privacyPolicyHtml} problems={actionData?.problems ?? null} />
        )}
      </div>
    </section>
  );
}
