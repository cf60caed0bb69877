import { createContext, useCallback, useContext } from 'react';
import { ApiFailure, type CallInit, callApi, downloadFile, type Me } from './api';

export type LogoutReason = 'user' | 'expired';

/** The signed-in person: their token ('' where Access signs the requests) and who the API says they are. */
type Session = { token: string; me: Me | null; logout: (reason: LogoutReason) => void };

export const SessionContext = createContext<Session>({ token: '', me: null, logout: () => {} });

/** Who is signed in (the console shows only what their role may use). */
export const useMe = () => useContext(SessionContext).me;

/**
 * The API as the signed-in organiser calls it: a 401 anywhere (the token was changed on the
 * server) ends the session, and the login screen says why.
 */
export function useApi() {
  const { token, logout } = useContext(SessionContext);
  const guard = useCallback(
    (error: unknown): never => {
      if (error instanceof ApiFailure && error.status === 401) logout('expired');
      throw error;
    },
    [logout],
  );
  const call = useCallback(
    <T,>(path: string, init?: CallInit) => callApi<T>(token, path, init).catch(guard),
    [token, guard],
  );
  const download = useCallback(
    (path: string, filename: string) => downloadFile(token, path, filename).catch(guard),
    [token, guard],
  );
  return { call, download };
}
