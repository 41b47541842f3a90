// What the checkout page's action does besides placing the order, named by the posted `intent` field.
// A post without one (the place-order button) places the order, as it always did.

export const checkoutIntents = { addAddress: 'addAddress', reduceToAvailable: 'reduceToAvailable' } as const;
