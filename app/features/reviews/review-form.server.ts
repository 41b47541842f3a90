import type { z } from 'zod';
import type { Review } from '../../../core/reviews';
import { formId, formTexts, onlyFields, refusalOf } from '../../lib/form-values.server';
import { fieldProblems, isAppError, requireReviewer, reviewChangeSchema, reviewInputSchema } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { reviewFormFields, type ReviewFormResult } from './review-form-result';

// The product page's review form (docs/product.md, Reviews): a new review or the author's change of
// theirs, through the same service and validation as POST /api/review and PUT /api/review/{id}. A
// refusal of the review itself (not bought, already reviewed, not a buyer) stands above the form with
// its reason; a field's problem next to the field.

export async function sendReviewFromForm(app: AppLoadContext, form: FormData): Promise<ReviewFormResult> {
  const values = formTexts(form, reviewFormFields);
  const fields = { rating: values.rating || undefined, title: values.title, text: values.text, name: values.name, showCompany: values.showCompany === 'on' };
  const reviewId = formId(form, 'reviewId');
  const refused = (error: z.ZodError) => ({ ok: false as const, status: 400, errors: onlyFields(fieldProblems(error, fields), reviewFormFields), failure: null, values });
  try {
    // Who may review is judged before what was typed: anyone else is refused whatever the form holds.
    requireReviewer(app.ctx);
    if (reviewId === null) {
      const parsed = reviewInputSchema.safeParse({ ...fields, productId: formId(form, 'productId') });
      if (!parsed.success) return refused(parsed.error);
      return savedAs(await app.services.reviews.submit(app.ctx, parsed.data));
    }
    const parsed = reviewChangeSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    return savedAs(await app.services.reviews.update(app.ctx, reviewId, parsed.data));
  } catch (error) {
    const reason = isAppError(error) ? (error.details as { reason?: unknown } | undefined)?.reason : undefined;
    const refusal = refusalOf(error, reviewFormFields);
    // The reason says what went wrong; the general 'review.submit_error' only where there is none.
    return { ...refusal, failure: typeof reason === 'string' ? { messageKey: reason, params: {} } : refusal.failure, values };
  }
}

const savedAs = (review: Review): ReviewFormResult => ({ ok: true, status: review.status === 'pending' ? 'pending' : 'published' });
