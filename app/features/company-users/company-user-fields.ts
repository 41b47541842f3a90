// The fields and intents of /my-account/users. The form posts the API's field names
// (server/modules/company-users/company-user-input.ts), so the action hands them to the service as they are;
// the three flags come as checkboxes ('on' when ticked).

export const companyUsersPath = '/my-account/users';

export const companyUserTextFields = ['firstName', 'lastName', 'username', 'email', 'phone'] as const;
export const companyUserFlags = ['active', 'locked', 'customerAdmin'] as const;
export const companyUserFormFields = [...companyUserTextFields, ...companyUserFlags] as const;

export type CompanyUserFlag = (typeof companyUserFlags)[number];
export type CompanyUserFormField = (typeof companyUserFormFields)[number];
export type CompanyUserFormValues = Record<CompanyUserFormField, string>;

/** The `intent` of each form of the page: one action serves them all. */
export const companyUserIntents = { add: 'add', edit: 'edit', toggle: 'toggle', invite: 'invite', reset: 'reset' } as const;
export type CompanyUserIntent = (typeof companyUserIntents)[keyof typeof companyUserIntents];

/** What each success says (`?saved=`), as a message key. */
export const companyUserSavedMessages = {
  added: 'company_users.saved.added',
  changed: 'company_users.saved.changed',
  invited: 'company_users.saved.invited',
  reset: 'company_users.saved.reset',
} as const;

/** The search parameters that open the form on the page (plain links: they work without JavaScript). */
export const companyUserPageParams = { add: 'add', edit: 'edit' } as const;

/** The label of each flag's toggle and checkbox. */
export const flagLabelKeys: Record<CompanyUserFlag, string> = {
  active: 'company_users.flag.active',
  locked: 'company_users.flag.locked',
  customerAdmin: 'company_users.flag.admin',
};
