import { data } from 'react-router';
import { isAppError } from '../../../server/page-surface.server';

/**
 * A service's refusal as the page's HTTP answer: an unknown product or category becomes the 404
 * page, a bad parameter a 400, anything else stays an error (500) and is logged.
 */
export async function asPageResponse<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) throw data(null, { status: error.statusCode });
    throw error;
  }
}
