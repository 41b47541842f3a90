import { z } from 'zod';
import { supportedLocales } from '../../../core/locale.ts';
import type { Role } from '../../db/schema.ts';
import { emailAddress, phoneNumber, requiredLine } from '../../http/field-schemas.ts';
import { usernameSchema } from '../company-users/company-user-input.ts';
import { profileLimits } from '../users/profile-input.ts';
import { flag } from './erp-values.ts';
import { externalIdSchema } from './external-id.ts';

// A user account as the ERP sends it (PUT /erp/v1/users; docs/product.md, Roles and Entities "User"): the
// company's customers and customer admins, and the wholesaler's sales persons, who belong to no company
// (the companies they serve are PUT /erp/v1/salesPersonAssignments). The fields follow the rules of the
// customer admin's form (company-user-input.ts). `phone` and `locale` are the user's to change in their
// profile: left out, the stored value stays; null removes it.

export const erpUserRoles = ['customer', 'customer_admin', 'sales'] as const satisfies readonly Role[];

export const userRowSchema = z
  .strictObject({
    externalId: externalIdSchema.meta({ description: 'The ERP’s key of the user (unique in the shop).' }),
    companyExternalId: externalIdSchema
      .optional()
      .meta({ description: 'The customer number of the user’s company (PUT /erp/v1/companies first); required for customers and customer admins, absent for sales persons.' }),
    username: usernameSchema.meta({ description: 'The sign-in name: 3 to 64 letters, digits and . _ - @ +; unique in the shop without regard to case.' }),
    email: emailAddress(profileLimits.email),
    firstName: requiredLine(profileLimits.firstName),
    lastName: requiredLine(profileLimits.lastName),
    phone: phoneNumber(profileLimits.phone, 'user.phone.invalid').optional().meta({ description: 'Left out keeps the stored number; null removes it.' }),
    role: z.enum(erpUserRoles, { error: 'validation.invalid' }),
    locale: z.enum(supportedLocales, { error: 'validation.invalid' }).nullable().optional().meta({ description: 'The language of the user’s mails and pages; left out keeps the stored one, null for the shop’s default.' }),
    active: z.boolean().meta({ description: 'false: the user cannot sign in, and their sessions end at once.' }),
    locked: z.boolean().meta({ description: 'true: the user cannot sign in, and their sessions end at once.' }),
  })
  .superRefine((row, context) => {
    if (row.role === 'sales' && row.companyExternalId !== undefined) context.addIssue({ code: 'custom', path: ['companyExternalId'], message: 'erp.user.sales_person_company' });
    if (row.role !== 'sales' && row.companyExternalId === undefined) context.addIssue({ code: 'custom', path: ['companyExternalId'], message: 'validation.required' });
  })
  .meta({
    id: 'UserRow',
    description:
      'A user account. A new user gets the invitation mail to set a password (unless inactive or locked); locking or deactivating a user ends their sessions at once.',
    example: {
      externalId: 'U-4711',
      companyExternalId: '10001',
      username: 'p.muster',
      email: 'petra.muster@muster-baubedarf.example',
      firstName: 'Petra',
      lastName: 'Muster',
      phone: '+49 40 555010',
      role: 'customer',
      locale: 'de',
      active: true,
      locked: false,
    },
  });

export type UserRow = z.output<typeof userRowSchema>;

/** The columns a user row writes; phone and locale only when the row sent them. */
export interface UserColumns {
  company_id: number | null;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone?: string | null;
  role: Role;
  locale?: string | null;
  is_active: 0 | 1;
  is_locked: 0 | 1;
}

export function userColumnsOf(row: UserRow, companyId: number | null): UserColumns {
  return {
    company_id: companyId,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    ...(row.phone !== undefined ? { phone: row.phone } : {}),
    role: row.role,
    ...(row.locale !== undefined ? { locale: row.locale } : {}),
    is_active: flag(row.active),
    is_locked: flag(row.locked),
  };
}

/** Whether the stored user already holds every column the row writes. */
export function sameUser(stored: Required<UserColumns>, next: UserColumns): boolean {
  return (Object.keys(next) as (keyof UserColumns)[]).every((column) => stored[column] === next[column]);
}

/** Locked or inactive: the user cannot sign in. */
export const isShutOut = (user: Pick<UserColumns, 'is_active' | 'is_locked'>) => user.is_active !== 1 || user.is_locked === 1;
