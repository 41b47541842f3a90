// Which orders count as bought (docs/product.md, Reviews and Downloadable products): placed on account
// ('open') or paid online ('paid'). A cancelled or refund_due order does not, nor an online one still awaiting
// its payment or whose attempt failed. Reviews, downloads and the safety data sheets' recipients ask the same.

export const placedPaymentStates = ['open', 'paid'] as const;
