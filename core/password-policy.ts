// The password policy of the shop: what a new password must be, and how strong it looks.
// Pure, no I/O: the server enforces it on POST /api/user/changeCurrentUserPassword, and the account
// page imports the same module for its live strength hint, so the hint never promises what the server
// then refuses.
//
// A new password
//   - has at least 10 characters (at most 200: argon2 hashes anything, but nobody types more),
//   - has letters and digits,
//   - is not, and does not contain, the username or the e-mail address (its part before the @),
//   - is not one of the passwords everybody tries first (a small list, and those words with only
//     digits and symbols around them: "Passwort2024!" is as weak as "passwort").
// Each rule that fails is a message key; the first one is what the API answers.

export const passwordMinLength = 10;
export const passwordMaxLength = 200;

export const passwordRules = ['validation.password_too_short', 'validation.password_too_weak', 'validation.password_personal', 'validation.password_common'] as const;

export type PasswordRule = (typeof passwordRules)[number] | 'validation.too_long';

/** Whose password it is: a password must not be made of these. */
export interface PasswordOwner {
  username: string;
  email: string;
}

// Passwords and words at the top of every leaked-password list, German and English. Written in lower
// case, compared with the password in lower case.
const commonPasswords = new Set([
  '123456789a',
  '1234567890a',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'a1b2c3d4e5',
  'abc1234567',
  'abcd123456',
  'asdf123456',
  'qwertz1234',
  'qwerty1234',
  'qwertyuiop1',
  'zaq12wsxcde3',
]);

const commonWords = new Set([
  'abc',
  'abcdef',
  'admin',
  'administrator',
  'asdf',
  'baseball',
  'computer',
  'dragon',
  'football',
  'fussball',
  'geheim',
  'hallo',
  'hello',
  'iloveyou',
  'letmein',
  'master',
  'michael',
  'monkey',
  'passwort',
  'password',
  'passwrd',
  'psswrd',
  'psswort',
  'qwerty',
  'qwertz',
  'schalke',
  'sommer',
  'sunshine',
  'test',
  'welcome',
  'willkommen',
  'winter',
]);

/** The shortest username or e-mail name that counts as "contained": shorter ones occur by chance. */
const minPersonalPartLength = 3;

const hasLetter = (password: string) => /\p{L}/u.test(password);
const hasDigit = (password: string) => /\p{Nd}/u.test(password);

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return true;
  // The letters alone, when everything else is digits and symbols: "Passwort2024!" → "passwort",
  // "P@ssw0rd1234" → "psswrd".
  const letters = lower.replace(/[^\p{L}]/gu, '');
  return commonWords.has(letters);
}

function isPersonal(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const email = owner.email.trim().toLowerCase();
  const parts = [owner.username.trim().toLowerCase(), email, email.split('@')[0] ?? ''];
  return parts.some((part) => part.length >= minPersonalPartLength && lower.includes(part));
}

/** Every rule the password breaks, in the order above; empty when the shop accepts it. */
export function passwordProblems(password: string, owner: PasswordOwner): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if (password.length > passwordMaxLength) problems.push('validation.too_long');
  if (password.length < passwordMinLength) problems.push('validation.password_too_short');
  if (!hasLetter(password) || !hasDigit(password)) problems.push('validation.password_too_weak');
  if (isPersonal(password, owner)) problems.push('validation.password_personal');
  if (isCommon(password)) problems.push('validation.password_common');
  return problems;
}

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

/** How many kinds of characters: lower case, upper case, digits, anything else. */
function characterKinds(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((kind) => kind.test(password)).length;
}

/** The longest run of one repeated character ("aaaa" → 4), which adds length but no strength. */
function longestRepeat(password: string): number {
  let longest = 0;
  let run = 0;
  let previous = '';
  for (const character of password) {
    run = character === previous ? run + 1 : 1;
    previous = character;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * A score for the strength hint: 0 nothing usable (empty, common, personal), 1 refused by the policy,
 * 2 accepted, 3 good (14 characters, or three kinds of characters), 4 strong (16 characters with three
 * kinds, or 20 characters). Every accepted password scores 2 or more, every refused one 1 or less.
 */
export function passwordStrength(password: string, owner: PasswordOwner): PasswordStrength {
  const problems = passwordProblems(password, owner);
  if (password.length === 0 || problems.includes('validation.password_common') || problems.includes('validation.password_personal')) return 0;
  if (problems.length > 0) return 1;
  // Repeated characters count once: "aaaaaaaaaaaaaaaaaa1" is not a long password.
  const length = [...password].length - Math.max(0, longestRepeat(password) - 2);
  const kinds = characterKinds(password);
  if ((length >= 16 && kinds >= 3) || length >= 20) return 4;
  if (length >= 14 || kinds >= 3) return 3;
  return 2;
}
