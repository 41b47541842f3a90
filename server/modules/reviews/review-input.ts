import { z } from 'zod';
import { pagingShape } from '../../../core/list-page.ts';
import { recordId } from '../../../core/record-id.ts';
import { maxRating, minRating, reviewLimits, reviewPageSize, reviewSorts, type ReviewSort } from '../../../core/reviews.ts';
import { optionalLine, requiredLine, requiredText } from '../../http/field-schemas.ts';
import { optional } from '../../http/list-query.ts';

// What a review carries (POST /api/review, PUT /api/review/{id} and the product page's form). Every
// problem is a message key naming its field:
//   rating       a whole number 1 to 5 (a JSON number or its digit, as a form posts it)
//   title        required, one line, at most 120 characters
//   text         required, several lines, at most 4,000 characters
//   name         optional, one line, at most 80 characters: the display name the author chooses
//   showCompany  optional boolean (false): whether the company's name is shown with the review
// Text is trimmed and stored as typed; it is plain text, never read as HTML. Editing is a replacement:
// a name or showCompany left out is none (false).

const rating = z.unknown().transform((value, context): number => {
  const number = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
  if (typeof number === 'number' && Number.isInteger(number) && number >= minRating && number <= maxRating) return number;
  context.addIssue({ code: 'custom', message: value === undefined ? 'validation.required' : 'validation.invalid' });
  return z.NEVER;
});

const reviewFields = {
  rating,
  title: requiredLine(reviewLimits.title),
  text: requiredText(reviewLimits.text),
  name: optionalLine(reviewLimits.name),
  showCompany: z.boolean({ error: 'validation.invalid' }).optional().transform((value) => value ?? false),
};

/** A review's fields, as the author writes or changes them. */
export const reviewChangeSchema = z.object(reviewFields);

/** A new review: the product and the review's fields. */
export const reviewInputSchema = z.object({ productId: recordId, ...reviewFields });

export type ReviewChange = z.output<typeof reviewChangeSchema>;
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** GET /api/material/{id}/reviews?page=&sort=newest|rating. */
export const reviewListQuery = z.object({
  page: pagingShape(reviewPageSize).page,
  sort: optional(z.enum(reviewSorts, { error: 'validation.invalid' })).transform((value): ReviewSort => value ?? 'newest'),
});

export type ReviewListQuery = z.output<typeof reviewListQuery>;
