import type { FormRefusal } from '../../lib/form-values.server';

// What the product page's review form post answers: saved (published at once, or waiting for the
// seller), or refused with each problem at its field and what was typed.

export const reviewFormFields = ['rating', 'title', 'text', 'name', 'showCompany'] as const;
export type ReviewFormField = (typeof reviewFormFields)[number];
export type ReviewFormValues = Record<ReviewFormField, string>;

export type ReviewFormResult = { ok: true; status: 'published' | 'pending' } | (FormRefusal<ReviewFormField> & { values: ReviewFormValues });
