import { importJWK, importPKCS8, type JWK, SignJWT } from 'jose';
import type { Bindings } from '../env';

/**
 * Cloudflare Stream viewer tokens, signed by the worker itself with the account's signing key
 * (`POST /accounts/{id}/stream/keys` answers it once, as `pem` and `jwk`, each base64; its `id` is
 * the key id). A video or live input with `requireSignedURLs` plays only with such a token, so a
 * stream address copied out of a browser stops working when its token expires. Stream's token
 * endpoint is meant for low volumes; signing here costs one RSA signature per join.
 */

/** How long a viewer token is valid: a session's length, so a reload of the join link signs a new one. */
export const VIEWER_TOKEN_SECONDS = 2 * 60 * 60;
/** Accepted this much before it was made, for a clock behind ours at Stream's edge. */
const SKEW_SECONDS = 60;

export type StreamSigning = { keyId: string; key: CryptoKey; customerCode: string };

const keys = new Map<string, Promise<CryptoKey>>();

/**
 * The signing key of the configuration: the JWK as Stream gives it (base64 of its JSON) or as JSON,
 * or a PKCS#8 PEM (plain or base64). Imported once per isolate.
 */
function importKey(material: string): Promise<CryptoKey> {
  let key = keys.get(material);
  if (!key) {
    const text = material.trim();
    const decoded = text.startsWith('{') || text.startsWith('-----') ? text : atob(text.replace(/\s/g, '')).trim();
    key = (
      decoded.startsWith('{')
        ? importJWK(JSON.parse(decoded) as JWK, 'RS256')
        : importPKCS8(decoded, 'RS256', { extractable: false })
    ) as Promise<CryptoKey>;
    key.catch(() => keys.delete(material));
    keys.set(material, key);
  }
  return key;
}

/** Stream signing as configured (key id, key and customer code all set), or null. */
export async function streamSigning(
  env: Pick<Bindings, 'STREAM_SIGNING_KEY_ID' | 'STREAM_SIGNING_KEY' | 'STREAM_CUSTOMER_CODE'>,
): Promise<StreamSigning | null> {
  if (!env.STREAM_SIGNING_KEY_ID || !env.STREAM_SIGNING_KEY || !env.STREAM_CUSTOMER_CODE) return null;
  return {
    keyId: env.STREAM_SIGNING_KEY_ID,
    key: await importKey(env.STREAM_SIGNING_KEY),
    customerCode: env.STREAM_CUSTOMER_CODE,
  };
}

/** A viewer token for a video or live input uid, valid from now for VIEWER_TOKEN_SECONDS (RS256, `kid`, `sub`, `nbf`, `exp`). */
export function viewerToken(signing: Pick<StreamSigning, 'keyId' | 'key'>, uid: string, now: number): Promise<string> {
  const seconds = Math.floor(now / 1000);
  return new SignJWT({ kid: signing.keyId })
    .setProtectedHeader({ alg: 'RS256', kid: signing.keyId })
    .setSubject(uid)
    .setNotBefore(seconds - SKEW_SECONDS)
    .setExpirationTime(seconds + VIEWER_TOKEN_SECONDS)
    .sign(signing.key);
}

/** The Stream player's page for a uid or a signed token (which takes the uid's place in the address). */
export const playerUrl = (customerCode: string, uidOrToken: string) =>
  `https://customer-${customerCode}.cloudflarestream.com/${uidOrToken}/iframe`;
