/** Every message the API-keys module answers with, in one place. */
export const API_KEY_MESSAGES = {
  demo: 'API keys are not available for demo accounts',
  unreadable: 'Your API key can no longer be shown (the server secret changed); regenerate it to get a new one',
} as const;
