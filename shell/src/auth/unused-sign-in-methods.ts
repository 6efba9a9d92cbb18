// Ringwise signs in with e-mail and password (and the hosted project's social providers); it offers no
// passkeys and no wallet sign-in. Supabase's auth client carries both in its one class (WebAuthn and
// Ethereum helpers, ~4 KB gzip), so the build points those two modules here (rspack.config.ts): the
// client still constructs, and such a call fails with a clear message.
const unsupported = (): never => {
  throw new Error('This sign-in method is not available in Ringwise.');
};

// lib/webauthn
export const webAuthnAbortService = { createNewAbortSignal: () => new AbortController().signal, cancelCeremony() {} };
export const browserSupportsWebAuthn = () => false;
export const createCredential = unsupported;
export const getCredential = unsupported;
export const deserializeCredentialCreationOptions = unsupported;
export const deserializeCredentialRequestOptions = unsupported;
export const serializeCredentialCreationResponse = unsupported;
export const serializeCredentialRequestResponse = unsupported;
export class WebAuthnApi {
  constructor(_client: unknown) {}
  enroll = unsupported;
  challenge = unsupported;
  verify = unsupported;
  authenticate = unsupported;
  register = unsupported;
}

// lib/web3/ethereum
export const getAddress = unsupported;
export const fromHex = unsupported;
export const toHex = unsupported;
export const createSiweMessage = unsupported;
