// The fields of the account page's forms, in form order: the profile form posts the API's field names
// (server/modules/users/profile-input.ts), the password form the API's two and the repetition.

export const profileFields = ['firstName', 'lastName', 'email', 'phone', 'locale', 'stockMail'] as const;
export type ProfileField = (typeof profileFields)[number];

export const passwordFields = ['currentPassword', 'newPassword', 'newPasswordRepeat'] as const;
export type PasswordField = (typeof passwordFields)[number];

/** The `intent` of each form of /my-account: one action serves both. */
export const profileIntents = { profile: 'profile', password: 'password' } as const;

/** A refusal that concerns a whole form rather than one field (too many attempts, a blocked user), to translate. */
export interface FailureMessage {
  messageKey: string;
  params: Record<string, string | number>;
}
