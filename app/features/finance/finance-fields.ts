// The finance view's URL: its path, the fields of its filter form (GET /api/account/list's parameters)
// and its downloads.

export const invoicesPath = '/my-account/invoices';

export const financeFields = ['search', 'type', 'status', 'from', 'to', 'sort'] as const;
export type FinanceField = (typeof financeFields)[number];

/** An invoice or credit note as PDF. */
export const financeDocumentPath = (id: number) => `${invoicesPath}/${id}/document`;

/** The statement of open items as PDF. */
export const statementPath = `${invoicesPath}/statement`;
