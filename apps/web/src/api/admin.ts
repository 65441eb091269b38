import {
  type AdminCharacterUpdate,
  type AdminRestrictionUpdate,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewUpdate,
  type AdminStats,
  type AdminUser,
  type AdminUserDetail,
  type AuditList,
  adminCharacterResultSchema,
  adminReviewListSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserSchema,
  auditListSchema,
  type REVIEW_FILTERS,
  type ReviewAction,
  type ReviewCharacter,
} from "@hearth/contracts";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";
import { characterKeys } from "./characters";

export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** Query keys of the admin area; any admin action invalidates `adminKeys.all` (and the characters'). */
export const adminKeys = {
  all: ["admin"] as const,
  reviewsAll: ["admin", "reviews"] as const,
  reviews: (status: ReviewFilter) => ["admin", "reviews", status] as const,
  reviewCounts: ["admin", "review-counts"] as const,
  users: (q: string) => ["admin", "users", "search", q] as const,
  user: (id: string) => ["admin", "users", "detail", id] as const,
  audit: ["admin", "audit"] as const,
  stats: ["admin", "stats"] as const,
};

/** Reviews and audit entries one page asks for. */
export const ADMIN_PAGE_SIZE = 50;

const enc = encodeURIComponent;

/** `GET /api/admin/reviews?status=&limit=&last_id=`: one page of reviews with the open and overdue counts. */
export function fetchReviews(
  status: ReviewFilter,
  lastId: string | null,
  signal?: AbortSignal,
  limit: number = ADMIN_PAGE_SIZE,
): Promise<AdminReviewList> {
  const query = new URLSearchParams({ status, limit: String(limit) });
  if (lastId) query.set("last_id", lastId);
  return apiFetch(`/admin/reviews?${query}`, { schema: adminReviewListSchema, signal });
}

export function useReviews(status: ReviewFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.reviews(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchReviews(status, pageParam, signal),
    getNextPageParam: (last) =>
      last.data.length >= ADMIN_PAGE_SIZE ? (last.data.at(-1)?.id ?? undefined) : undefined,
  });
}

/**
 * The open and overdue counts for the admin badges (account menu, admin tabs): one row of the open queue
 * is asked for, the counts cover every open review.
 */
export function useReviewCounts() {
  return useQuery({
    queryKey: adminKeys.reviewCounts,
    // The counts cover every open review whatever the page: one row is enough.
    queryFn: ({ signal }) => fetchReviews("open", null, signal, 1),
    select: (list) => ({ open: list.open_count, overdue: list.overdue_count }),
    staleTime: 30_000,
  });
}

/** `PUT /api/admin/reviews/{id}`: close a review with the action taken. */
export function updateReview(id: string, body: AdminReviewUpdate): Promise<unknown> {
  return apiFetch(`/admin/reviews/${enc(id)}`, { method: "PUT", body });
}

/** `PUT /api/admin/characters/{id}`: one change at a time; with review_id that review closes too. */
export function updateCharacterAsAdmin(id: string, body: AdminCharacterUpdate): Promise<ReviewCharacter> {
  return apiFetch(`/admin/characters/${enc(id)}`, {
    method: "PUT",
    body,
    schema: adminCharacterResultSchema,
  });
}

/** `DELETE /api/admin/characters/{id}?review_id=` */
export function deleteCharacterAsAdmin(id: string, reviewId?: string): Promise<void> {
  const query = reviewId ? `?review_id=${enc(reviewId)}` : "";
  return apiFetch<void>(`/admin/characters/${enc(id)}${query}`, { method: "DELETE" });
}

/** What an admin does from a review row; each one closes the review with its action_taken. */
export type ReviewActionRequest =
  | { kind: "close" }
  | { kind: "delete" }
  | { kind: "make_private" }
  | { kind: "set_nsfw" }
  | { kind: "reset_underage" }
  | { kind: "fix_required"; reasons: string[]; description: string };

export const ACTION_TAKEN: Record<ReviewActionRequest["kind"], ReviewAction> = {
  close: "none",
  delete: "deleted",
  make_private: "made_private",
  set_nsfw: "set_nsfw",
  reset_underage: "reset_underage",
  fix_required: "fix_required",
};

/** The call one review action makes. */
export function runReviewAction(
  review: Pick<AdminReview, "id" | "character_id">,
  action: ReviewActionRequest,
) {
  const { id: review_id, character_id } = review;
  switch (action.kind) {
    case "close":
      return updateReview(review_id, { status: "closed", action_taken: "none" });
    case "delete":
      return deleteCharacterAsAdmin(character_id, review_id);
    case "make_private":
      return updateCharacterAsAdmin(character_id, { visibility: "private", review_id });
    case "set_nsfw":
      return updateCharacterAsAdmin(character_id, { is_nsfw: true, review_id });
    case "reset_underage":
      return updateCharacterAsAdmin(character_id, { is_underage: false, review_id });
    case "fix_required":
      return updateCharacterAsAdmin(character_id, {
        moderation_status: "fix_required",
        reason_for_moderation: action.reasons,
        action_taken_description: action.description,
        review_id,
      });
  }
}

/**
 * Shows the review closed with its action (and its character as it now is) in every cached review list at
 * once. The lists are marked stale but not fetched again now, so the row stays in view, closed, until the
 * admin changes the filter or comes back.
 */
function closeInCache(
  queryClient: QueryClient,
  reviewId: string,
  action: ReviewAction,
  character: ReviewCharacter | null,
): void {
  queryClient.setQueriesData<InfiniteData<AdminReviewList>>({ queryKey: adminKeys.reviewsAll }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((review) =>
              review.id === reviewId
                ? {
                    ...review,
                    status: "closed" as const,
                    action_taken: action,
                    overdue: false,
                    character: character ?? review.character,
                  }
                : review,
            ),
          })),
        }
      : data,
  );
}

/** Settles an admin change everywhere: the admin answers and every character answer (browse, profile, chat). */
export async function invalidateAfterAdminChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.reviewsAll, refetchType: "none" }),
    queryClient.invalidateQueries({
      queryKey: adminKeys.all,
      predicate: (query) => query.queryKey[1] !== adminKeys.reviewsAll[1],
    }),
    queryClient.invalidateQueries({ queryKey: characterKeys.all }),
  ]);
}

export function useReviewAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, action }: { review: AdminReview; action: ReviewActionRequest }) =>
      runReviewAction(review, action),
    onSuccess: (result, { review, action }) => {
      const parsed = adminCharacterResultSchema.safeParse(result);
      const character = parsed.success
        ? parsed.data
        : action.kind === "delete" && review.character
          ? { ...review.character, is_deleted: true }
          : null;
      closeInCache(queryClient, review.id, ACTION_TAKEN[action.kind], character);
      return invalidateAfterAdminChange(queryClient);
    },
  });
}

/** `GET /api/admin/users?q=`: members whose email or username matches. */
export async function searchUsers(q: string, signal?: AbortSignal): Promise<AdminUser[]> {
  return (await apiFetch(`/admin/users?q=${enc(q)}`, { schema: adminUserListSchema, signal })).data;
}

export function useUserSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: adminKeys.users(term),
    queryFn: ({ signal }) => searchUsers(term, signal),
    enabled: term !== "",
  });
}

/** `GET /api/admin/users/{id}`: one member with their characters and the reviews about them. */
export function fetchAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiFetch(`/admin/users/${enc(id)}`, { schema: adminUserDetailSchema, signal });
}

export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? ""),
    queryFn: ({ signal }) => fetchAdminUser(id ?? "", signal),
    enabled: Boolean(id),
  });
}

/** `PUT /api/admin/users/{id}/restriction`: set a restriction or lift it (null); answers the member. */
export function setRestriction(id: string, body: AdminRestrictionUpdate): Promise<AdminUser> {
  return apiFetch(`/admin/users/${enc(id)}/restriction`, { method: "PUT", body, schema: adminUserSchema });
}

export function useSetRestriction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRestrictionUpdate) => setRestriction(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** `GET /api/admin/audit?limit=&last_id=`: the audit log, newest first, a page at a time. */
export function fetchAudit(lastId: string | null, signal?: AbortSignal): Promise<AuditList> {
  const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  if (lastId) query.set("last_id", lastId);
  return apiFetch(`/admin/audit?${query}`, { schema: auditListSchema, signal });
}

export function useAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchAudit(pageParam, signal),
    getNextPageParam: (last) =>
      last.data.length >= ADMIN_PAGE_SIZE ? (last.data.at(-1)?.id ?? undefined) : undefined,
  });
}

/** `GET /api/admin/stats`: one point per day over the last 30 days. */
export function fetchAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiFetch("/admin/stats", { schema: adminStatsSchema, signal });
}

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: ({ signal }) => fetchAdminStats(signal) });
}
