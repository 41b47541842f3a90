// Page numbers of the category page's pagination: first, last and the neighbours of the current
// page, with gaps between, so the control stays a few items wide even for hundreds of pages.

export type PageItem = number | 'gap';

export function pageCount(total: number, pageSize: number): number {
  return total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}

export function pageItems(current: number, count: number, neighbours = 1): PageItem[] {
  if (count <= 0) return [];
  const shown = new Set<number>([1, count]);
  for (let page = current - neighbours; page <= current + neighbours; page++) {
    if (page >= 1 && page <= count) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    // A gap of one page is shown as that page: a '…' standing for one number saves nothing.
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}
