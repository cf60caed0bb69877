import { constantTimeEqual, hex, hmac } from '../crypto';

/** Stripe's default tolerance for the signature timestamp. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmacHex = async (secret: string, message: string) => hex(await hmac(secret, message));

/**
 * Checks a `Stripe-Signature` header (`t=<unix>,v1=<hex>[,v1=...]`): HMAC-SHA256 of `t.payload`
 * with the endpoint secret, compared in constant time, timestamp within the tolerance.
 */
export async function verifyStripeSignature(
  payload: string,
  header: string | null | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!header || !secret) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  let valid = false;
  for (const signature of signatures) valid = constantTimeEqual(expected, signature) || valid;
  return valid;
}

/** Signs a payload as Stripe does (for tests and local webhook tools). */
export async function signStripePayload(payload: string, secret: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}
