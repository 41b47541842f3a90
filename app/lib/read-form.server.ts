import { data } from 'react-router';
import { hasControlCharacters } from '../../core/input-text';
import { createTranslator } from '../../core/translate';
import type { AppLoadContext } from '../app-context';

/**
 * The fields a page action was posted, or a 400 for a body that is no form (JSON, a broken multipart
 * body) or carries control characters: every action reads its form through here, so a
 * malformed post never reaches a service as an exception. The refusal has the shop's error shape, for
 * an action without a page (its JSON is the answer) and for the error page alike.
 */
export async function readForm(request: Request, app: Pick<AppLoadContext, 'ctx' | 'translations'>): Promise<FormData> {
  const refuse = (messageKey: string) => {
    const message = createTranslator(app.ctx.locale, app.translations)(messageKey);
    return data({ statusCode: 400, error: 'validation', messageKey, message }, { status: 400 });
  };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse('validation.invalid_form');
  }
  for (const [name, value] of form) {
    if (hasControlCharacters(name) || (typeof value === 'string' && hasControlCharacters(value, { multiLine: true }))) {
      throw refuse('validation.control_characters');
    }
  }
  return form;
}
