import type { FastifyReply, FastifyRequest } from 'fastify';

// The referral link's cookie (decision 30): opening /refer/{token} leaves the token in this browser for 30
// days, HttpOnly and SameSite=Lax, so that signing up (by email, or with Google, Facebook or Apple for the
// first time) takes the friend's welcome. The sign-up clears it once it has been used.

export const REFERRAL_COOKIE_DAYS = 30;

export function referralCookieName(secure: boolean): string {
  return secure ? '__Host-sfoglia_ref' : 'sfoglia_ref';
}

const options = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure });

/** The referral token this browser carries, when it carries something that could be one. */
export function referralTokenOf(request: FastifyRequest, secure: boolean): string | null {
  const token = request.cookies[referralCookieName(secure)];
  return token && /^[A-Za-z0-9_-]{1,64}$/.test(token) ? token : null;
}

export function setReferralCookie(reply: FastifyReply, secure: boolean, token: string): void {
  reply.setCookie(referralCookieName(secure), token, {
    ...options(secure),
    maxAge: REFERRAL_COOKIE_DAYS * 24 * 3600,
  });
}

export function clearReferralCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(referralCookieName(secure), options(secure));
}
