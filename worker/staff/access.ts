import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

/** An Access application as the worker checks its JWTs: the team domain (the issuer) and its AUD tag. */
export type AccessApp = { teamDomain: string; audience: string };

/**
 * The team's signing keys, one cache per team domain and isolate (jose's remote key set): fetched
 * once, kept up to ten minutes, and fetched again at once when a token names a key id the cache
 * does not have, since Access rotates its keys (at most once per 30 s, so tokens with made-up key
 * ids cannot make the worker hammer the certs endpoint).
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const keySetOf = (teamDomain: string) => {
  let set = keySets.get(teamDomain);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${teamDomain}/cdn-cgi/access/certs`));
    keySets.set(teamDomain, set);
  }
  return set;
};

/** Why a JWT was refused, for the logs (never shown to the client). */
export type AccessRefusal = 'expired' | 'claims' | 'signature' | 'malformed' | 'no_identity' | 'keys_unavailable';

/**
 * Verifies a `Cf-Access-Jwt-Assertion`: RS256 signature against the team's current keys, issuer =
 * the team domain, audience = the application's AUD tag, not expired (a minute of clock skew).
 * Answers who signed in: the e-mail of a person, or the Client ID (`common_name`) of a service token.
 */
export async function verifyAccessJwt(
  jwt: string,
  app: AccessApp,
): Promise<{ identity: string } | { refused: AccessRefusal }> {
  let payload: JWTPayload & { email?: unknown; common_name?: unknown };
  try {
    ({ payload } = await jwtVerify(jwt, keySetOf(app.teamDomain), {
      issuer: app.teamDomain,
      audience: app.audience,
      algorithms: ['RS256'],
      clockTolerance: 60,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    return { refused: refusalOf(error) };
  }
  const identity =
    typeof payload.email === 'string' && payload.email
      ? payload.email
      : typeof payload.common_name === 'string'
        ? payload.common_name
        : '';
  return identity ? { identity: identity.toLowerCase() } : { refused: 'no_identity' };
}

function refusalOf(error: unknown): AccessRefusal {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) return 'claims';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return 'signature';
  }
  // The certs endpoint did not answer, answered other than 200 (jose's generic error) or not a key
  // set; a plain error is fetch's own.
  if (
    !(error instanceof errors.JOSEError) ||
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error.code === 'ERR_JOSE_GENERIC'
  ) {
    return 'keys_unavailable';
  }
  return 'malformed';
}
