import { createContext, useCallback, useContext } from 'react';
import { ApiFailure, type CallInit, callApi, downloadFile } from './api';

export type LogoutReason = 'user' | 'expired';

type Session = { token: string; logout: (reason: LogoutReason) => void };

export const SessionContext = createContext<Session>({ token: '', logout: () => {} });

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
