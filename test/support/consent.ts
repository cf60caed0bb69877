import { CONSENT_VERSIONS } from '../../site/purchase-rules';

/**
 * A purchase body as the dialog sends it: with the terms and the privacy policy in force accepted,
 * unless the body says otherwise (a test of consent itself). Anything not an object passes as it is.
 */
export function withConsent<Body>(body: Body): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'consent' in body) return body;
  return { ...body, consent: { ...CONSENT_VERSIONS } };
}

/** `JSON.stringify` of a purchase body `withConsent`. */
export const consentJson = (body: unknown): string => JSON.stringify(withConsent(body));
