import type { ReactNode } from 'react';
import { loginAction } from './login-action';

/**
 * The login button: a form that posts to /logout (signing out is a POST, so no link from another site
 * can do it) and then lands on the login form. A plain form, so it works before the scripts load.
 */
export function LoginForm({ className, testId, children }: { className: string; testId?: string; children: ReactNode }) {
  return (
    <form method="post" action={loginAction} className="contents">
      <button type="submit" data-testid={testId} className={className}>
        {children}
      </button>
    </form>
  );
}
