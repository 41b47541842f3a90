import { z } from 'zod';
import { optionalLine, requiredLine } from '../../http/field-schemas.ts';

// One category as the ERP sends it to PUT /erp/v1/categories (docs/product.md, Entities: Category).
// The row states the whole category: a field left out takes its default, not the stored value.

export const erpKey = () => requiredLine(100);

export const categoryRow = z
  .strictObject({
    externalId: erpKey().meta({ description: 'The ERP’s key of the category; unique per tenant.' }),
    parentExternalId: erpKey()
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: 'The parent’s externalId (stored, or in the same request in any order); none for a main or deal category.' }),
    names: z.strictObject({ de: requiredLine(200), en: optionalLine(200) }).meta({ description: 'The name in German (required) and English (German is shown when missing).' }),
    active: z.boolean().default(true).meta({ description: 'An inactive category is hidden with everything under it.' }),
    deal: z.boolean().default(false).meta({ description: 'A deal category: shown with everything under it to accounts with deals only.' }),
    position: z.number().int().min(0).max(1_000_000).default(0).meta({ description: 'Order among its siblings, ascending.' }),
  })
  .meta({
    id: 'CategoryRow',
    description: 'A category of the catalogue, keyed by externalId.',
    example: { externalId: 'K-100', parentExternalId: 'K-1', names: { de: 'Handwerkzeug', en: 'Hand tools' }, active: true, deal: false, position: 1 },
  });

export type CategoryRow = z.infer<typeof categoryRow>;
