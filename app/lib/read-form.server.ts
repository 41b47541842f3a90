import { data } from 'react-router';
import { hasControlCharacters } from '../../core/input-text';

/**
 * The fields a page action was posted, or a 400 for a body that is no form (JSON, a broken multipart
 * body) or carries control characters (issue 9): every action reads its form through here, so a
 * malformed post never reaches a service as an exception.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ error: 'validation.invalid_form' }, { status: 400 });
  }
  for (const [name, value] of form) {
    if (hasControlCharacters(name) || (typeof value === 'string' && hasControlCharacters(value, { multiLine: true }))) {
      throw data({ error: 'validation.control_characters' }, { status: 400 });
    }
  }
  return form;
}
