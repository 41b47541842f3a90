import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration } from '../session/use-root-data';

// The lines between the ways in: "No account yet? Request one" under the sign-in and the landing page
// (only while the shop takes signup requests), "Have an account? Sign in" under the signup form.

/** A question and the link that answers it, on one line of text. */
export function QuestionLink({ question, to, label, className }: { question: string; to: string; label: string; className: string }) {
  return (
    <p className={`text-sm text-zinc-700 ${className}`}>
      {question}{' '}
      <Link to={to} className="font-medium text-brand-text underline underline-offset-2">
        {label}
      </Link>
    </p>
  );
}

/** The way to /signup, where the shop takes requests for an account (site setting acceptSignupRequests). */
export function SignupLink({ className }: { className: string }) {
  const { t } = useTranslation();
  if (!useConfiguration().acceptSignupRequests) return null;
  return <QuestionLink question={t('signup.no_account')} to="/signup" label={t('signup.link')} className={className} />;
}
