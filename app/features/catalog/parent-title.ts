import type { MetaDescriptor } from 'react-router';

/**
 * A page whose loader failed (404) keeps the document title of the routes above it (the shop's
 * name), since a route's meta replaces theirs and a document needs a title.
 */
export function parentTitle(matches: readonly ({ meta?: MetaDescriptor[] } | undefined)[]): MetaDescriptor[] {
  const title = matches.flatMap((match) => match?.meta ?? []).find((descriptor) => 'title' in descriptor);
  return title ? [title] : [];
}
