import type { StaffRole } from '../../site/staff';

/** Where the organiser's token is kept: this tab only, gone when it closes (the key the door had before the console). */
const CHECK_IN_TOKEN_KEY = 'checkInToken';

/** The organiser's token in this tab's session storage: one login serves the whole console and the door. */
export function storedToken(): string {
  try {
    return sessionStorage.getItem(CHECK_IN_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(CHECK_IN_TOKEN_KEY, token);
    else sessionStorage.removeItem(CHECK_IN_TOKEN_KEY);
  } catch {
    // Storage can be disabled: the token then lasts as long as the page.
  }
}

/** Who the API says is signed in (`GET /api/admin/me`): what the console shows and offers. */
export type Me = { name: string; role: StaffRole; via: 'token' | 'access' | 'bootstrap' };

const ME_KEY = 'adminMe';

/**
 * The person the API last named in this tab, kept beside the token: a door that opens with no
 * network (its service worker serves the page) shows its screen to them instead of a login it
 * cannot do. Only what the console offers; the API checks every call's role itself.
 */
export function storedMe(): Me | null {
  try {
    return JSON.parse(sessionStorage.getItem(ME_KEY) ?? 'null') as Me | null;
  } catch {
    return null;
  }
}

export function storeMe(me: Me | null): void {
  try {
    if (me) sessionStorage.setItem(ME_KEY, JSON.stringify(me));
    else sessionStorage.removeItem(ME_KEY);
  } catch {
    // Storage can be disabled: offline, the login screen then shows.
  }
}

/**
 * The headers that say who is asking: a personal token as a bearer token. Without one (Cloudflare
 * Access signs the requests in production) nothing is added: Access adds its own assertion.
 */
const authorization = (token: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/**
 * A refused or failed call: the HTTP status (0 without an answer), the API's error code and the rest
 * of its answer (`fields` of a 422, `expected` of an amount that does not match).
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** What a call may carry besides its path: a JSON body, a file's bytes as they are, more headers. */
export type CallInit = { method?: string; body?: unknown; file?: Blob; headers?: Record<string, string> };

/** One call to the organiser API with the signed-in person's token; JSON in and out, or a file's bytes in with its own type. */
export async function callApi<T>(token: string, path: string, init: CallInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        ...authorization(token),
        ...(init.file
          ? { 'Content-Type': init.file.type || 'application/octet-stream' }
          : init.body === undefined
            ? {}
            : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(0, 'network');
  }
  if (response.status === 204) return null as T;
  const body = (await response.json().catch(() => null)) as ({ error?: unknown } & Record<string, unknown>) | null;
  if (!response.ok) {
    throw new ApiFailure(response.status, typeof body?.error === 'string' ? body.error : 'error', body ?? {});
  }
  return body as T;
}

/** The file name a download's `Content-Disposition` gives, if it gives one. */
function attachmentName(response: Response): string | null {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? null;
}

/**
 * Fetches a file with the token (an export, an invoice's PDF or XML) and hands it to the browser as
 * a download, named as the server names it, else `filename`.
 */
export async function downloadFile(token: string, path: string, filename: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authorization(token), cache: 'no-store' });
  } catch {
    throw new ApiFailure(0, 'network');
  }
  if (!response.ok) throw new ApiFailure(response.status, 'error');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response) ?? filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by the next task; the blob is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
