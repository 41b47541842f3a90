import { ErrorIcon } from '../../components/ui/icons';
import { passwordProblems, passwordRules, passwordStrength, type PasswordOwner, type PasswordStrength } from '../../../core/password-policy';
import { useTranslation } from '../../lib/i18n';
import { CheckGlyph, DotGlyph } from './account-glyphs';

// The live hint under "new password": the rules of the shop's password policy, each marked as met or
// not while the user types, and a strength meter. It reads the same pure module the server enforces
// (core/password-policy.ts), so what it calls fine the server accepts. Without
// JavaScript it lists the rules.

const ruleTexts: Record<(typeof passwordRules)[number], string> = {
  'validation.password_too_short': 'password.rule.length',
  'validation.password_too_weak': 'password.rule.letters_digits',
  'validation.password_personal': 'password.rule.personal',
  'validation.password_common': 'password.rule.common',
};

const meterColours: Record<PasswordStrength, string> = {
  0: 'bg-danger',
  1: 'bg-danger',
  2: 'bg-warning',
  3: 'bg-green-600',
  4: 'bg-success',
};

export function PasswordStrengthHint({ id, password, owner }: { id: string; password: string; owner: PasswordOwner }) {
  const { t } = useTranslation();
  const typed = password.length > 0;
  const broken = new Set<string>(passwordProblems(password, owner));
  const score = passwordStrength(password, owner);
  return (
    <div id={id} className="mt-2 rounded-md bg-zinc-50 p-3" data-testid="password-hint">
      {typed ? (
        <div className="mb-2 flex items-center gap-3">
          <div aria-hidden="true" className="grid flex-1 grid-cols-4 gap-1">
            {[1, 2, 3, 4].map((step) => (
              <span key={step} className={`h-1.5 rounded-full ${step <= Math.max(score, 1) ? meterColours[score] : 'bg-zinc-200'}`} />
            ))}
          </div>
          <p className="text-xs font-medium text-zinc-800" aria-live="polite" data-testid="password-strength" data-score={score}>
            {t('password.strength', { strength: t(`password.strength.${score}`) })}
          </p>
        </div>
      ) : null}
      <p className="mb-1 text-xs text-zinc-700">{t('password.rules.title')}</p>
      <ul className="space-y-1 text-xs">
        {passwordRules.map((rule) => {
          const met = typed && !broken.has(rule);
          const failed = typed && broken.has(rule);
          const Icon = met ? CheckGlyph : failed ? ErrorIcon : DotGlyph;
          return (
            <li key={rule} className={`flex items-center gap-2 ${met ? 'text-success' : failed ? 'text-danger' : 'text-zinc-700'}`} data-testid="password-rule" data-met={met}>
              <Icon className="size-4 shrink-0" />
              <span>
                {t(ruleTexts[rule])}
                {typed ? <span className="sr-only"> ({t(met ? 'password.rule.met' : 'password.rule.unmet')})</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
