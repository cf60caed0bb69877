import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * A local stand-in for Cloudflare Access's signing keys, for tests and local servers (never
 * production: worker/routes/fake-access.ts answers 404 there). Each team (a path segment, so tests
 * do not share keys or the worker's key cache) has key pairs made here; the certs endpoint
 * publishes the public halves of the keys currently published, as Access does at
 * `https://<team>.cloudflareaccess.com/cdn-cgi/access/certs`. Kept in the isolate.
 */
/** Where the worker tests' Access teams live: `${FAKE_ACCESS_TEST_BASE}/<team>` is a team domain. */
export const FAKE_ACCESS_TEST_BASE = 'http://127.0.0.1:8787/_fake/access';

type Team = { published: string[]; public: Map<string, JWK>; private: Map<string, CryptoKey> };
const teams = new Map<string, Team>();

const teamOf = (team: string) => {
  let found = teams.get(team);
  if (!found) {
    found = { published: [], public: new Map(), private: new Map() };
    teams.set(team, found);
  }
  return found;
};

/** Makes a key pair for `team`; published at once unless `publish` is false (a key nobody trusts). */
export async function addFakeAccessKey(team: string, kid: string, publish = true): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const found = teamOf(team);
  found.public.set(kid, { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' });
  found.private.set(kid, privateKey);
  if (publish) found.published = [...found.published.filter((k) => k !== kid), kid];
}

/** Publishes only these keys (a rotation: a new key in, the oldest out). */
export function publishFakeAccessKeys(team: string, kids: string[]): void {
  teamOf(team).published = [...kids];
}

/** The keys a team's certs endpoint lists now. */
const publishedKeys = (team: string) => {
  const found = teamOf(team);
  return found.published.flatMap((kid) => found.public.get(kid) ?? []);
};

/** A JWT as Access signs it, with `kid`'s private key; claims may be overridden to make bad ones. */
export async function signFakeAccessJwt(
  team: string,
  kid: string,
  claims: { email?: string; aud: string; iss: string; exp?: number; iat?: number; common_name?: string },
): Promise<string> {
  const key = teams.get(team)?.private.get(kid);
  if (!key) throw new Error(`no fake Access key ${kid} for ${team}`);
  const at = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: claims.iat ?? at, exp: claims.exp ?? at + 3600, type: 'app' })
    .setProtectedHeader({ alg: 'RS256', kid })
    .sign(key);
}

/**
 * Answers `GET <base>/<team>/cdn-cgi/access/certs` as Access does (`keys`), and, for trying Access
 * on a local server, `POST <base>/<team>/token` `{email, aud}`: a JWT signed with the team's newest
 * key (made on first use), issuer `<base>/<team>`.
 */
export async function fakeAccess(request: Request, base: string): Promise<Response> {
  const url = new URL(request.url);
  const rest = url.href.slice(base.length).split('?')[0] ?? '';
  const match = /^\/([A-Za-z0-9-]{1,40})\/(cdn-cgi\/access\/certs|token)$/.exec(rest);
  if (!match?.[1]) return Response.json({ error: 'not_found' }, { status: 404 });
  const team = match[1];
  if (match[2] === 'token' && request.method === 'POST') {
    const body = (await request.json().catch(() => null)) as { email?: unknown; aud?: unknown } | null;
    if (typeof body?.email !== 'string' || typeof body.aud !== 'string') {
      return Response.json({ error: 'invalid_token_request' }, { status: 400 });
    }
    if (teamOf(team).published.length === 0) await addFakeAccessKey(team, `${team}-1`);
    const kid = teamOf(team).published.at(-1) as string;
    const jwt = await signFakeAccessJwt(team, kid, { email: body.email, aud: body.aud, iss: `${base}/${team}` });
    return Response.json({ jwt });
  }
  if (match[2] !== 'cdn-cgi/access/certs' || request.method !== 'GET') {
    return Response.json({ error: 'not_found' }, { status: 404 });
  }
  return Response.json({ keys: publishedKeys(team) });
}
