import type { OfflineList } from '../../../site/check-in';
import {
  importPublicKey,
  OWN_CODE_LENGTH,
  parseSignedCode,
  productOfSymbol,
  SIGNED_CODE_LENGTH,
  verifySignedCode,
} from '../../../site/ticket-code';

/**
 * An offline door's decision on a scanned code, from the list the worker signed
 * (worker/routes/door-offline.ts) and what this device admitted: a signed code by its signature
 * and the revoked list, a typed code by its hash; a ticket admitted here before is `already`.
 */

export type { OfflineList };

export type OfflineDecision =
  | { kind: 'admitted'; own: string; product: string | null; name: string | null }
  | { kind: 'already'; at: string }
  | { kind: 'revoked' }
  | { kind: 'product'; product: string | null }
  | { kind: 'not_open' }
  | { kind: 'closed' }
  | { kind: 'unknown' };

const bytes = (b64url: string) =>
  Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const encodeBase64url = (data: Uint8Array) =>
  btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The hash the offline list keys a code by (the worker's `doorHash`). */
export async function doorHash(kind: 'own' | 'typed', code: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`door-${kind}:${code}`)),
  );
  return encodeBase64url(digest.slice(0, 16));
}

/** A scanned or typed code as symbols: case, spaces and dashes ignored, O, I, L read as 0, 1, 1. */
export const symbolsOf = (input: string) =>
  input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

/** Whether the list carries the worker's signature under the key this device pinned. */
export async function listIsSigned(body: string, signature: string, pinnedKey: string): Promise<boolean> {
  try {
    const key = await importPublicKey(bytes(pinnedKey));
    const message = new TextEncoder().encode(`door-list-v1:${body}`);
    return await crypto.subtle.verify('Ed25519', key, bytes(signature), message);
  } catch {
    return false;
  }
}

/**
 * Decides a code offline by the rules the box office decides it by online (worker/box-office/check-in.ts):
 * the ticket on the list, within its time window by this device's clock, once per list unless the
 * list allows re-entry. `admittedAt` says when this device admitted a ticket (by its own code's hash) on the list.
 */
export async function decideOffline(
  list: OfflineList,
  input: string,
  admittedAt: (own: string) => Promise<string | undefined>,
  now = Date.now(),
): Promise<OfflineDecision> {
  const symbols = symbolsOf(input);
  let own: string;
  let entry: OfflineList['tickets'][number] | undefined;
  let product: string | null;
  if (symbols.length === SIGNED_CODE_LENGTH) {
    const parts = parseSignedCode(symbols);
    if (!parts || !(await verifySignedCode(await importPublicKey(bytes(list.publicKey)), symbols)))
      return { kind: 'unknown' };
    own = await doorHash('own', symbols.slice(0, OWN_CODE_LENGTH));
    if (list.revoked.includes(own)) return { kind: 'revoked' };
    entry = list.tickets.find((t) => t.own === own);
    product = entry?.product ?? productOfSymbol(parts.product);
    // A ticket sold after the list was taken: its signature and product symbol decide.
    if (!entry && !list.products.includes(parts.product)) return { kind: 'product', product };
  } else {
    const typed = await doorHash('typed', symbols);
    entry = list.tickets.find((t) => t.typed === typed);
    // The typed form is checked by its hash alone: one the list does not have cannot be decided here.
    if (!entry) return { kind: 'unknown' };
    own = entry.own;
    product = entry.product;
  }
  if (list.opensAt && now < Date.parse(list.opensAt)) return { kind: 'not_open' };
  if (list.closesAt && now >= Date.parse(list.closesAt)) return { kind: 'closed' };
  const at = list.reentry ? undefined : await admittedAt(own);
  if (at) return { kind: 'already', at };
  return { kind: 'admitted', own, product, name: entry?.name ?? null };
}
