import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { maxRating, reviewLimits, type Review } from '../../../core/reviews';
import { useTranslation } from '../../lib/i18n';
import { FieldError, FormProblems, SubmitButton, TextAreaField, TextField } from '../account/form-controls';
import type { ReviewFormResult, ReviewFormValues } from './review-form-result';

// Writing or changing the buyer's own review of a product (docs/product.md, Reviews): the stars as a group
// of radio buttons, title, text, the name to show and whether to show the company's name. A plain form
// post to the product page's action: it works without JavaScript, and every problem comes back next to
// its field with what was typed.

export const reviewIntent = 'review';

function initialValues(own: Review | null): ReviewFormValues {
  return {
    rating: own ? String(own.rating) : '',
    title: own?.title ?? '',
    text: own?.text ?? '',
    name: own?.name ?? '',
    showCompany: own?.company ? 'on' : '',
  };
}

export function ReviewForm({ productId, own, companyName, result }: { productId: number; own: Review | null; companyName: string | null; result: ReviewFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const ids = useId();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === reviewIntent;
  const refused = result && !result.ok ? result : null;
  const values = refused?.values ?? initialValues(own);
  const errors = refused?.errors ?? {};
  const field = (name: string) => `${ids}-${name}`;
  return (
    <section id="review-form" aria-labelledby={field('title-heading')} className="scroll-mt-24 rounded-lg border border-zinc-200 bg-white p-4" data-testid="review-form">
      <h3 id={field('title-heading')} className="mb-3 font-semibold text-zinc-900">
        {own ? t('reviews.form.edit_title') : t('reviews.form.title')}
      </h3>
      {result?.ok ? (
        <p role="status" className="mb-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="review-saved">
          {t(result.status === 'pending' ? 'reviews.form.saved_pending' : 'reviews.form.saved')}
        </p>
      ) : null}
      <FormProblems failure={refused?.failure ?? null} invalid={Object.keys(errors).length > 0} testId="review-failure" invalidTestId="review-invalid" />
      <Form method="post" preventScrollReset noValidate className="space-y-4">
        <input type="hidden" name="intent" value={reviewIntent} />
        <input type="hidden" name="productId" value={productId} />
        {own ? <input type="hidden" name="reviewId" value={own._id} /> : null}
        <fieldset aria-describedby={errors.rating ? `${field('rating')}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-zinc-800">{t('reviews.form.rating')}</legend>
          {/* In reverse order in the markup: a checked or hovered star lights itself and the ones after it
              there, which are the ones before it on the screen. */}
          <div className="flex flex-row-reverse justify-end gap-1 [&_label:has(input:checked)_svg]:fill-amber-500 [&_label:has(input:checked)~label_svg]:fill-amber-500 [&_label:hover_svg]:fill-amber-400 [&_label:hover~label_svg]:fill-amber-400">
            {Array.from({ length: maxRating }, (_, index) => maxRating - index).map((star) => (
              <label key={star} className="cursor-pointer">
                <input type="radio" name="rating" value={star} defaultChecked={values.rating === String(star)} className="peer sr-only" aria-invalid={errors.rating ? true : undefined} />
                <span className="sr-only">{t('reviews.histogram.stars', { count: star })}</span>
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="size-8 rounded fill-zinc-300 peer-focus-visible:outline-2 peer-focus-visible:outline-brand"
                >
                  <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
                </svg>
              </label>
            ))}
          </div>
          <FieldError id={field('rating')} error={errors.rating} />
        </fieldset>
        <TextField id={field('title')} name="title" label={t('reviews.form.field.title')} defaultValue={values.title} maxLength={reviewLimits.title} error={errors.title} />
        <TextAreaField id={field('text')} name="text" label={t('reviews.form.field.text')} defaultValue={values.text} rows={5} maxLength={reviewLimits.text} error={errors.text} />
        <TextField id={field('name')} name="name" label={t('reviews.form.field.name')} optional defaultValue={values.name} maxLength={reviewLimits.name} error={errors.name} autoComplete="given-name" />
        {companyName ? (
          <label className="flex items-start gap-2 text-sm text-zinc-800">
            <input type="checkbox" name="showCompany" defaultChecked={values.showCompany === 'on'} className="mt-0.5 size-4 accent-brand" />
            <span>{t('reviews.form.show_company', { company: companyName })}</span>
          </label>
        ) : null}
        <SubmitButton busy={busy} busyLabel={t('reviews.form.sending')} label={own ? t('reviews.form.save') : t('reviews.form.submit')} testId="review-submit" />
      </Form>
    </section>
  );
}
