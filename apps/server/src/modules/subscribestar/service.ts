import { randomBytes } from "node:crypto";
import {
  type PaidRole,
  planIdFor,
  roleForPledgePrice,
  SUBSCRIBESTAR_ATTEMPT_MINUTES,
  type SubscribeStarAttempt,
  type SubscribeStarOauthQuery,
  type SubscribeStarOauthResponse,
  type SubscribeStarStatus,
} from "@hearth/contracts";
import type { Database } from "../../db/client";
import type { SubscribeStarLinkRow } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import type { Clock } from "../../kernel/clock";
import { decryptSecret as decrypt, encryptSecret as encrypt } from "../../kernel/secret-box";
import { endExternalSubscription, upsertExternalSubscription } from "../billing/index";
import {
  type SubscribeStarClient,
  SubscribeStarError,
  type SubscribeStarMember,
  type SubscribeStarTokens,
} from "./client";
import { presentAttempt, presentLink } from "./presenter";
import * as repo from "./repository";

export const PLATFORM = "subscribestar";
/** The link page SubscribeStar redirects back to (the OAuth redirect_uri). */
export const LINK_PATH = "/link/subscribestar";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How often the lapse job reads a linked pledge again. */
export const CHECK_INTERVAL_MS = 6 * HOUR;
/** How long one successful read keeps the tier (the portal's "renews on"): longer than a pledge's month. */
export const PAID_THROUGH_MS = 31 * DAY;

export type SubscribeStarService = ReturnType<typeof createSubscribeStarService>;

const unavailable = () => new AppError(404, "subscribestar_unavailable");
const linkFailed = (status: number, message?: string) =>
  new AppError(status, "subscribestar_link_failed", message);
const invalidPledge = () => new AppError(422, "invalid_pledge");

/** What the pledge gives: a role, or null (none, inactive, or a tier below Get a Taste's price). */
export function roleForPledge(member: SubscribeStarMember): PaidRole | null {
  const pledge = member.pledge;
  if (!pledge?.active || pledge.priceCents === null) return null;
  return roleForPledgePrice(pledge.priceCents);
}

export function createSubscribeStarService(deps: {
  db: Database;
  /** Null: SubscribeStar is not configured, linking is not available here. */
  client: SubscribeStarClient | null;
  encryptionKey: string;
  publicUrl: string | null;
  clock: Clock;
  log: { warn(object: object, message: string): void };
}) {
  const { db, client, encryptionKey, clock } = deps;

  function requireClient(): SubscribeStarClient {
    if (!client) throw unavailable();
    return client;
  }

  /** The redirect_url must be this site's link page (PUBLIC_URL's origin when set). */
  function checkRedirectUrl(value: string): string {
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    const sameSite = deps.publicUrl ? url?.origin === new URL(deps.publicUrl).origin : true;
    if (
      !url ||
      !["http:", "https:"].includes(url.protocol) ||
      url.pathname !== LINK_PATH ||
      url.search ||
      url.hash ||
      !sameSite
    ) {
      const message = "redirect_url must be this site's SubscribeStar link page";
      throw new AppError(400, "validation_error", message, { redirect_url: message });
    }
    return url.toString();
  }

  async function status(userId: string): Promise<SubscribeStarStatus> {
    const link = await repo.findLink(db, userId);
    return { available: client !== null, link: link ? presentLink(link) : null };
  }

  async function startAttempt(userId: string, redirectUrl: string): Promise<SubscribeStarAttempt> {
    const api = requireClient();
    const redirect = checkRedirectUrl(redirectUrl);
    const row = await repo.insertAttempt(db, {
      id: randomBytes(18).toString("base64url"),
      userId,
      expiresAt: new Date(clock.now().getTime() + SUBSCRIBESTAR_ATTEMPT_MINUTES * MINUTE),
    });
    return presentAttempt(row, api.authorizeUrl(redirect, row.id));
  }

  async function attempt(userId: string, id: string, redirectUrl: string): Promise<SubscribeStarAttempt> {
    const api = requireClient();
    const redirect = checkRedirectUrl(redirectUrl);
    const row = await repo.findOpenAttempt(db, id, userId, clock.now());
    if (!row) throw notFound();
    return presentAttempt(row, api.authorizeUrl(redirect, row.id));
  }

  /** SubscribeStar's failures as the link page's error state; the reason goes to the log only. */
  async function upstream<T>(step: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof SubscribeStarError)) throw error;
      deps.log.warn({ step, reason: error.message }, "SubscribeStar linking failed");
      throw linkFailed(error.kind === "rejected" ? 400 : 502);
    }
  }

  function tokenColumns(tokens: SubscribeStarTokens) {
    return {
      accessTokenEncrypted: encrypt(tokens.accessToken, encryptionKey),
      refreshTokenEncrypted: tokens.refreshToken ? encrypt(tokens.refreshToken, encryptionKey) : null,
      tokenExpiresAt: tokens.expiresAt,
    };
  }

  /** GET /api/link/subscribestar/oauth: the code SubscribeStar sent back, exchanged and its pledge read. */
  async function link(userId: string, query: SubscribeStarOauthQuery): Promise<SubscribeStarOauthResponse> {
    const api = requireClient();
    const redirect = checkRedirectUrl(query.redirect_url);
    const now = clock.now();
    if (!(await repo.claimAttempt(db, query.transient_id, userId, now))) throw linkFailed(400);
    const tokens = await upstream("token", () => api.exchangeCode(query.subscribestar_code, redirect, now));
    const member = await upstream("api", () => api.readMember(tokens.accessToken));
    const other = await repo.findLinkBySubscribeStarUser(db, member.id);
    if (other && other.userId !== userId) {
      throw linkFailed(409, "This SubscribeStar account is already linked to another account.");
    }
    const role = roleForPledge(member);
    const values = {
      userId,
      subscribestarUserId: member.id,
      name: member.name,
      email: member.email,
      ...tokenColumns(tokens),
      tierId: member.pledge?.tierId ?? null,
      priceCents: member.pledge?.priceCents ?? null,
      role,
      checkedAt: now,
    };
    if (!role) {
      // A member linked before whose pledge is gone now loses its tier, as the lapse job would do.
      const previous = await repo.findLink(db, userId);
      if (previous) {
        await db.transaction(async (tx) => {
          await repo.saveLink(tx, { ...values, status: "lapsed", nextCheckAt: null });
          await endExternalSubscription(tx, { userId, platform: PLATFORM, endedAt: now });
        });
      }
      throw invalidPledge();
    }
    const saved = await db.transaction(async (tx) => {
      const result = await upsertExternalSubscription(tx, {
        userId,
        platform: PLATFORM,
        role,
        now,
        paidThrough: new Date(now.getTime() + PAID_THROUGH_MS),
      });
      if (result.kind === "other_platform") throw new AppError(409, "subscription_exists");
      return repo.saveLink(tx, {
        ...values,
        status: "active",
        nextCheckAt: new Date(now.getTime() + CHECK_INTERVAL_MS),
      });
    });
    return { status: "success", role, plan_id: planIdFor(role, "monthly"), link: presentLink(saved) };
  }

  /** A current access token for the link, refreshed when it has expired (or is about to). */
  async function accessTokenFor(
    api: SubscribeStarClient,
    row: SubscribeStarLinkRow,
    now: Date,
  ): Promise<string> {
    const expiring = row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now.getTime() + MINUTE;
    if (!expiring || !row.refreshTokenEncrypted) return decrypt(row.accessTokenEncrypted, encryptionKey);
    const tokens = await api.refresh(decrypt(row.refreshTokenEncrypted, encryptionKey), now);
    await repo.updateLink(db, row.userId, tokenColumns(tokens));
    return tokens.accessToken;
  }

  /**
   * The lapse job's work for one link: reads the pledge again. Active at a known tier: the tier follows it
   * and access is extended. Gone, inactive, of an unknown tier, or the member revoked Hearth's access (the
   * token refused): the subscription ends and the role goes back to Free. SubscribeStar unreachable: the
   * job fails and is retried; the tier stays meanwhile.
   */
  async function checkLink(userId: string): Promise<void> {
    if (!client) return;
    const row = await repo.findLink(db, userId);
    const now = clock.now();
    if (row?.status !== "active") return;
    if (row.nextCheckAt && row.nextCheckAt.getTime() > now.getTime()) return;
    let member: SubscribeStarMember | null = null;
    try {
      member = await client.readMember(await accessTokenFor(client, row, now));
    } catch (error) {
      if (!(error instanceof SubscribeStarError) || error.kind !== "rejected") throw error;
      member = null;
    }
    const role = member && member.id === row.subscribestarUserId ? roleForPledge(member) : null;
    await db.transaction(async (tx) => {
      if (!role) {
        await repo.updateLink(tx, userId, { status: "lapsed", nextCheckAt: null, checkedAt: now });
        await endExternalSubscription(tx, { userId, platform: PLATFORM, endedAt: now });
        return;
      }
      const result = await upsertExternalSubscription(tx, {
        userId,
        platform: PLATFORM,
        role,
        now,
        paidThrough: new Date(now.getTime() + PAID_THROUGH_MS),
      });
      await repo.updateLink(tx, userId, {
        tierId: member?.pledge?.tierId ?? null,
        priceCents: member?.pledge?.priceCents ?? null,
        role,
        checkedAt: now,
        nextCheckAt: new Date(now.getTime() + CHECK_INTERVAL_MS),
        // The member now pays here instead: the link stays, without a tier of its own.
        ...(result.kind === "other_platform" ? { status: "lapsed" as const, nextCheckAt: null } : {}),
      });
    });
  }

  function dueLinks(): Promise<string[]> {
    return repo.dueLinkUserIds(db, clock.now());
  }

  return { status, startAttempt, attempt, link, checkLink, dueLinks };
}
