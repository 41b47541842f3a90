import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date.ts';
import { hasControlCharacters } from '../../../core/input-text.ts';
import { optionalLine, requiredLine } from '../../http/field-schemas.ts';
import { erpKey } from './category-row.ts';

// One product as the ERP sends it to PUT /erp/v1/products (docs/product.md, Entities: Product), keyed by
// sku. The row states the whole product: a field left out takes its default, not the stored value;
// images and variants are replaced as a whole. Prices and stock come through their own routes.

/** Attribute name → value, as the product page and the category filters show them. */
const attributeMap = z
  .record(z.string().min(1, 'validation.required').max(100, 'validation.too_long'), z.string().max(1000, 'validation.too_long').refine((value) => !hasControlCharacters(value), 'validation.control_characters'))
  .refine((map) => Object.keys(map).length <= 100, 'validation.too_many_items')
  .default({});

const description = z
  .string()
  .max(100_000, 'validation.too_long')
  .refine((value) => !hasControlCharacters(value, { multiLine: true }), 'validation.control_characters')
  .nullish()
  .transform((value) => (value ? value : null));

const imageRow = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2000, 'validation.too_long'),
  width: z.number().int().min(0).max(100_000).default(0).meta({ description: 'Pixels; 0 when unknown.' }),
  height: z.number().int().min(0).max(100_000).default(0).meta({ description: 'Pixels; 0 when unknown.' }),
});

const variantRow = z.strictObject({
  variantSku: erpKey().meta({ description: 'Unique in the tenant: a variant sku of another product fails the row.' }),
  name: requiredLine(500),
  attributes: attributeMap.meta({ description: 'The attributes that set the variant apart, e.g. {"Farbe": "Rot"}.' }),
  active: z.boolean().default(true),
  position: z.number().int().min(0).max(1_000_000).optional().meta({ description: 'Order among the variants; their place in the list when left out.' }),
});

export const productRow = z
  .strictObject({
    sku: erpKey().meta({ description: 'The material number: the product’s key, unique per tenant.' }),
    names: z.strictObject({ de: requiredLine(500), en: optionalLine(500) }),
    descriptions: z.strictObject({ de: description, en: description }).default({ de: null, en: null }),
    categoryExternalId: erpKey().meta({ description: 'The one category the shop files the product under (its externalId).' }),
    salesUnit: optionalLine(20).meta({ description: 'A sales unit code of the shop (ST, KAR, PAL …); none when left out.' }),
    batchSize: z.number().int().min(1).max(1_000_000).default(1).meta({ description: 'The product is ordered in multiples of this.' }),
    taxCategory: requiredLine(50).meta({ description: 'A tax category of the tenant’s VAT table; its rate in the seller’s country becomes the product’s VAT rate.' }),
    releaseDate: calendarDate
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: 'The day the product comes out (YYYY-MM-DD); none when left out.' }),
    positiveStockOnly: z.boolean().default(false).meta({ description: 'Sold only while in stock.' }),
    stockFreeze: z.boolean().default(false).meta({ description: 'The stock is frozen: no more orders.' }),
    attributes: attributeMap,
    salesAttributes: attributeMap,
    images: z.array(imageRow).max(50, 'validation.too_many_items').default([]).meta({ description: 'The images in order, the first the main image; replaces the stored ones.' }),
    variants: z.array(variantRow).max(500, 'validation.too_many_items').default([]).meta({ description: 'The variants; replaces the stored ones (a variant left out is removed).' }),
    active: z.boolean().default(true).meta({ description: 'false hides the product; products are never deleted. Shown only once it has its list price.' }),
  })
  .meta({
    id: 'ProductRow',
    description: 'A product of the catalogue, keyed by sku.',
    example: {
      sku: '100-200',
      names: { de: 'Akku-Bohrschrauber 18 V', en: 'Cordless drill 18 V' },
      descriptions: { de: 'Mit zwei Akkus.', en: 'With two batteries.' },
      categoryExternalId: 'K-100',
      salesUnit: 'ST',
      batchSize: 1,
      taxCategory: 'standard',
      releaseDate: '2026-03-01',
      positiveStockOnly: false,
      stockFreeze: false,
      attributes: { Marke: 'Hansewerk' },
      salesAttributes: { Garantie: '3 Jahre' },
      images: [{ url: 'https://media.example.com/drill-18v.jpg', width: 800, height: 800 }],
      variants: [{ variantSku: '100-200-B', name: 'Blau', attributes: { Farbe: 'Blau' }, active: true, position: 1 }],
      active: true,
    },
  });

export type ProductRow = z.infer<typeof productRow>;
