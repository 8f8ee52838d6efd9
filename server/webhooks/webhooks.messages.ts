/** Written to the delivery log when an attempt could not be made or did not succeed. */
export const DELIVERY_ERRORS = {
  noWebhook: 'No webhook URL is configured',
  demo: 'not sent for demo accounts',
  timeout: 'No answer within 15 seconds',
  redirect: (status: number) => `The receiver answered ${status}; redirects are not followed`,
  httpStatus: (status: number) => `The receiver answered ${status}`,
} as const;
