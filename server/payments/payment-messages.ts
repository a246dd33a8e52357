// What customers and providers read from the payment routes. (The order-side sentences, such as
// notPayable, are contracts/order.ts orderMessages.)
export const paymentMessages = {
  methodUnavailable: 'This payment method is not available right now. Choose another one.',
  providerUnreachable: 'The payment provider could not be reached. Please try again in a moment.',
  providerRefused: 'The payment provider could not start this payment. Please try again or choose another method.',
} as const;
