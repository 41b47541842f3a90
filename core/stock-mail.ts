// What a user is mailed about their stock notifications (docs/product.md, Stock alarms and notifications):
// a mail for each back-in-stock notification (the default), one daily digest, or none.

export const stockMailChoices = ['each', 'digest', 'off'] as const;

export type StockMail = (typeof stockMailChoices)[number];
