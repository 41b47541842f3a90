import { z } from 'zod';
import { externalIdSchema } from './external-id.ts';

// The companies a sales person serves as the ERP sends them (PUT /erp/v1/salesPersonAssignments; docs/product.md,
// Sales persons): the whole set, which replaces the stored one. An empty list leaves the sales person no customer.

/** More companies than any tenant's sales person serves (the customer search is measured with 5,000). */
export const maxCompaniesPerSalesPerson = 25_000;

export const salesAssignmentRowSchema = z
  .strictObject({
    salesPersonExternalId: externalIdSchema.meta({ description: 'The external id of a user with the role `sales` (PUT /erp/v1/users first).' }),
    companyExternalIds: z
      .array(externalIdSchema, { error: 'validation.invalid' })
      .max(maxCompaniesPerSalesPerson, 'validation.too_many_items')
      .meta({ description: 'The customer numbers of every company the sales person serves; a number listed twice counts once.' }),
  })
  .meta({
    id: 'SalesPersonAssignmentRow',
    description: 'The full set of companies a sales person serves; it replaces the stored set.',
    example: { salesPersonExternalId: 'S-12', companyExternalIds: ['10001', '10002'] },
  });

export type SalesAssignmentRow = z.output<typeof salesAssignmentRowSchema>;
