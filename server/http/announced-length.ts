import { z } from 'zod';

/**
 * A request's headers as read before its body: the Content-Length its sender announced, as the decimal
 * digits HTTP allows (absent for a body sent in chunks), so a body beyond a route's limit is refused unread.
 */
export const announcedLengthHeaders = z.object({
  'content-length': z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
});
