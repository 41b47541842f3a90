import type { MetaDescriptor } from 'react-router';

// What a page that search engines should find tells them: its title, description and canonical address,
// and the same for link previews (Open Graph). The texts come from the page's loader in the reader's
// language; this only names the tags.

export interface SearchEngineMeta {
  title: string;
  description: string;
  canonicalUrl: string;
}

export function searchEngineMeta({ title, description, canonicalUrl }: SearchEngineMeta): MetaDescriptor[] {
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonicalUrl },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonicalUrl },
  ];
}
