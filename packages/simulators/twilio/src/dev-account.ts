// The one account the simulator serves when nothing else is configured, and the API key and TwiML App of the
// browser's calls: the api's own defaults without TWILIO_* (api/src/config.ts says the same, and a test there checks
// that the two agree). Development secrets, never a real account's.
export const devAccount = {
  accountSid: 'AC00000000000000000000000000000000',
  authToken: 'dev-twilio-auth-token',
  apiKeySid: 'SK00000000000000000000000000000000',
  apiKeySecret: 'dev-twilio-api-key-secret',
  twimlAppSid: 'AP00000000000000000000000000000000',
} as const;
