// What signing in with an emailed link's token needs, as one chunk the route guard loads on a token's first
// use (app/guards.ts): most pages never carry a token, so the first JS does without it.
export { authApi } from './auth.api';
export { registerFingerprintInBackground } from './fingerprint';
