import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useAppConfig } from "../../../api/config";
import { useSession, useViewerKey } from "../../../lib/session";
import { fetchQueue, waitingRoomKeys } from "../api/queue";
import { fallbackAnswer, OPEN_ROOM, pollIntervalOf, viewOf, type WaitingRoomView } from "../lib/waiting-room";

export type WaitingRoom = WaitingRoomView & {
  /** Asks the queue again now (e.g. after a generation refused with `waiting_room`). */
  recheck: () => void;
};

/**
 * The caller's place in the waiting room for the character on screen (chat spec 4, account spec): polls
 * `GET /api/queue` every `retry_after` ms and when the window gets the focus, also from a hidden tab (a
 * place not asked about for a while is given up). When the queue cannot be asked, an active subscriber
 * (`skip_waiting_room`) gets access and anyone else waits, asking again every 30 s. Off in partner mode
 * (no waiting room there) and while the session is restored.
 */
export function useWaitingRoom(
  characterId: string,
  { sharedLink = false }: { sharedLink?: boolean } = {},
): WaitingRoom {
  const session = useSession();
  const viewer = useViewerKey();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const enabled = viewer !== null && config.data?.partner_mode === false;
  const params = { characterId, sharedLink };
  const query = useQuery({
    queryKey: waitingRoomKeys.line(viewer ?? ["anonymous"], params),
    queryFn: ({ signal }) => fetchQueue(params, signal),
    enabled,
    // A failure is answered by the fallback at once; the next poll is the retry.
    retry: false,
    refetchInterval: (q) => pollIntervalOf(q.state.data, q.state.status === "error"),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
  const recheck = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: waitingRoomKeys.all });
  }, [queryClient]);

  const skipsLine = session.status === "member" && session.permissions.includes("skip_waiting_room");
  // Read on every render: the query re-renders only for the fields read (tracked), even while disabled.
  const { isError, data } = query;
  if (!enabled) return { ...OPEN_ROOM, recheck };
  const answer = isError ? fallbackAnswer(skipsLine, data) : data;
  return { ...viewOf(answer, characterId), recheck };
}
