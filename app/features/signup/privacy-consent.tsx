import { useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FieldError } from '../account/form-controls';

// The consent to the privacy policy a signup request and a contact message need, in one wording for both
// (the details are stored to handle the request). The policy is the site settings' text (privacyPolicy /
// privacyPolicyDE, privacy-policy.server.ts), on the page in a disclosure under the checkbox: the label's
// link opens it (a link to an element inside a closed <details> opens it in the browser, so this works
// without JavaScript too; with it, the click opens it at once and moves the focus there). The checkbox's
// id is the form's (`idPrefix`), as its other fields' are.

export function PrivacyConsent({ idPrefix, policyHtml, checked, error }: { idPrefix: string; policyHtml: string; checked: boolean; error: string | undefined }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const id = `${idPrefix}-privacyAccepted`;
  const openPolicy = () => {
    if (details.current) details.current.open = true;
  };
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="privacyAccepted"
          type="checkbox"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-(--brand) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        />
        <label htmlFor={id} className="text-sm text-zinc-800">
          {t('signup.privacy.label')}{' '}
          {policyHtml ? (
            <a href="#privacy-policy-text" onClick={openPolicy} className="font-medium text-brand-text underline underline-offset-2">
              {t('signup.privacy.link')}
            </a>
          ) : (
            t('signup.privacy.link')
          )}{' '}
          {t('signup.privacy.label_end')}
        </label>
      </div>
      <FieldError id={id} error={error} />
      {policyHtml ? (
        <details ref={details} className="mt-3 rounded-md border border-zinc-200 bg-zinc-50 text-sm" data-testid="privacy-policy">
          <summary className="cursor-pointer px-3 py-2 font-medium text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand">{t('signup.privacy.show')}</summary>
          {/* Sanitised on the server (allow-list of tags, no scripts or handlers). */}
          <div id="privacy-policy-text" tabIndex={-1} className="space-y-2 border-t [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_a]:underline border-zinc-200 px-3 py-2 text-zinc-800 outline-none" dangerouslySetInnerHTML={{ __html: policyHtml }} />
        </details>
      ) : null}
    </div>
  );
}
