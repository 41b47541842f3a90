import type { MetaDescriptor } from 'react-router';
import { createTranslator, type Catalogue, type TranslateParams } from '../../core/translate';
import { parentTitle } from '../features/catalog/parent-title';

// Every document title is translated like the page's text. meta() has no translator of its own, so
// the root loader hands over the catalogue's `page_title.*` texts in the request's language, and a
// page's meta() names its key here. A title made of the page's data alone (a product's or a
// category's name, a search title) comes from that page's loader instead.

const titlePrefix = 'page_title.';

// Picked once per catalogue (one per language): every page's root loader asks, and the catalogue has
// some 1,500 keys.
const titlesByCatalogue = new WeakMap<Catalogue, Catalogue>();

/** The document titles of a catalogue, for the root loader. */
export function pageTitlesOf(catalogue: Catalogue): Catalogue {
  let titles = titlesByCatalogue.get(catalogue);
  if (!titles) {
    titles = Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith(titlePrefix)));
    titlesByCatalogue.set(catalogue, titles);
  }
  return titles;
}

interface RootTitles {
  locale: string;
  pageTitles: Catalogue;
}

type Match = { id: string; loaderData?: unknown; meta?: MetaDescriptor[] } | undefined;

/** The page's title, `page_title.{key}` in the request's language (the shop's name while the root has no data). */
export function pageTitle(matches: readonly Match[], key: string, params?: TranslateParams): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootTitles | undefined;
  if (!root?.pageTitles) return parentTitle(matches);
  return [{ title: createTranslator(root.locale, root.pageTitles)(`${titlePrefix}${key}`, params) }];
}
