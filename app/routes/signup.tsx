import { data } from 'react-router';
import type { Route } from './+types/signup';
import { appLoadContext } from '../app-context';
import { SignupForm } from '../features/signup/signup-form';
import { QuestionLink } from '../features/signup/signup-links';
import { SignupBlocked, SignupReceived } from '../features/signup/signup-outcome';
import { loadSignupPage, sendSignupFromForm } from '../features/signup/signup.server';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import { pageTitle } from '../lib/page-title';

// /signup (docs/product.md, Signup): a company asks for a customer account. The unauthorized
// layout's page, for people who are not signed in (signed-in users are sent home, like from /auth). The
// form posts to this action, which sends the request through the same service as
// POST /api/user/requestAccount; it works without JavaScript. A received request replaces the form with
// what happens next (the page's answer to the post itself, so it can name the address the confirmation
// went to); a shop that takes no requests shows that instead of the form.

export async function loader({ context }: Route.LoaderArgs) {
  return loadSignupPage(context.get(appLoadContext));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  const result = await sendSignupFromForm(app, form);
  if (result.ok) return { sent: { companyName: result.companyName, email: result.email }, problems: null };
  const { errors, failure, values } = result;
  return data({ sent: null, problems: { errors, failure, values } }, { status: result.status });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'signup');
}

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (actionData?.sent) return <SignupReceived companyName={actionData.sent.companyName} email={actionData.sent.email} />;
  // A post refused because the shop stopped taking requests meanwhile says so like the page does.
  if (!loaderData.accepting || actionData?.problems?.failure?.messageKey === 'signup.blocked') return <SignupBlocked contact={loaderData.contact} />;
  return (
    <section className="w-full max-w-2xl" data-testid="signup">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('signup.title')}</h1>
      <p className="mt-2 mb-6 text-zinc-700">{t('signup.intro')}</p>
      <SignupForm
        countries={loaderData.countries}
        defaultCountry={loaderData.defaultCountry}
        privacyPolicyHtml={loaderData.privacyPolicyHtml}
        problems={actionData?.problems ?? null}
      />
      <QuestionLink question={t('signup.have_account')} to="/auth" label={t('signup.sign_in')} className="mt-6 text-center" />
    </section>
  );
}
