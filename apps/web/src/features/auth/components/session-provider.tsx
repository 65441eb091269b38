import type { AuthResponse, Me } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useReducer } from "react";
import { useNavigate } from "react-router";
import { appConfigKeys } from "../../../api/config";
import { fetchMe } from "../../../api/me";
import { ApiError, setAccessToken, setRefreshHandler, setRestrictionHandler } from "../../../lib/api-client";
import { SessionContext, type SessionValue } from "../../../lib/session";
import { createGuest } from "../api/create-guest";
import { login } from "../api/login";
import { logout } from "../api/logout";
import { signup } from "../api/signup";
import { refreshOnce } from "../hooks/refresh-once";
import { initialSessionState, permissionsOf, sessionReducer } from "../hooks/session-reducer";

const isConfigQuery = (key: readonly unknown[]) => key[0] === appConfigKeys.all[0];

/** Restores the session from the refresh cookie on start and keeps the in-memory access token fresh. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Drops every cached answer that belongs to the previous identity (app config stays). */
  const resetUserData = useCallback(() => {
    queryClient.removeQueries({ predicate: (q) => !isConfigQuery(q.queryKey) });
  }, [queryClient]);

  const renew = useCallback(async (): Promise<string | null> => {
    try {
      const { access_token, user } = await refreshOnce();
      setAccessToken(access_token);
      dispatch({ type: "authenticated", user });
      return access_token;
    } catch (error) {
      setAccessToken(null);
      if (error instanceof ApiError && error.code === "invalid_account") {
        dispatch({ type: "invalid" });
      } else {
        dispatch({ type: "signed_out" });
      }
      return null;
    }
  }, []);

  useEffect(() => {
    const unset = setRefreshHandler(renew);
    void renew();
    return unset;
  }, [renew]);

  const accept = useCallback(
    ({ access_token, user }: AuthResponse): Me => {
      setAccessToken(access_token);
      resetUserData();
      dispatch({ type: "authenticated", user });
      return user;
    },
    [resetUserData],
  );

  const adoptSession = useCallback(({ access_token, user }: AuthResponse): Me => {
    setAccessToken(access_token);
    dispatch({ type: "user_updated", user });
    return user;
  }, []);

  const signIn = useCallback(
    async (email: string, password: string) => accept(await login({ email, password })),
    [accept],
  );
  const signUp = useCallback(
    async (email: string, password: string) => accept(await signup({ email, password })),
    [accept],
  );
  const continueAsGuest = useCallback(async () => accept(await createGuest()), [accept]);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // the server session may already be gone; signing out locally is what matters
    }
    setAccessToken(null);
    resetUserData();
    // One transition for both: the protected page must not see "signed out" before the move home,
    // or it would send the user to sign-in instead.
    startTransition(() => {
      dispatch({ type: "signed_out" });
      navigate("/");
    });
  }, [navigate, resetUserData]);

  const reloadUser = useCallback(async (): Promise<Me | null> => {
    try {
      const user = await fetchMe();
      dispatch({ type: "user_updated", user });
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.code === "invalid_account") {
        setAccessToken(null);
        dispatch({ type: "invalid" });
        return null;
      }
      throw error;
    }
  }, []);

  useEffect(
    // The account was restricted while signed in: its permissions change, and so do the pages it sees.
    () => setRestrictionHandler(() => void reloadUser().catch(() => undefined)),
    [reloadUser],
  );

  const value = useMemo<SessionValue>(
    () => ({
      status: state.status,
      user: state.user,
      permissions: permissionsOf(state),
      signIn,
      signUp,
      continueAsGuest,
      signOut,
      adoptSession,
      reloadUser,
    }),
    [state, signIn, signUp, continueAsGuest, signOut, adoptSession, reloadUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
