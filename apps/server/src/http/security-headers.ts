import type { ServerConfig } from "../config";
import type { App } from "../context";

/**
 * The app's Content-Security-Policy. With Stripe configured, the checkout loads Stripe.js, which frames
 * its card fields and 3-D Secure pages and calls Stripe's API: those origins are allowed then, and only then.
 */
export function contentSecurityPolicy(stripe: boolean): string {
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    stripe ? "script-src 'self' https://js.stripe.com" : "script-src 'self'",
    ...(stripe
      ? [
          "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
          "connect-src 'self' https://api.stripe.com",
        ]
      : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Browser features the app does not use are denied to it and to any frame. The microphone stays allowed
 * for the app itself (speech input is planned), and payment too (checkout; a payment provider's frame
 * would have to be named here). Clipboard writes (copy buttons) are allowed by default and not listed.
 * `browsing-topics` opts out of the Topics API; only features Chromium knows are listed, since it logs an
 * error for every unknown one (the retired `interest-cohort` among them).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=(self)",
  "midi=()",
  "payment=(self)",
  "serial=()",
  "usb=()",
].join(", ");

/** One year, subdomains included: sent only where the app is reached over https. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

function securityHeaders(stripe: boolean) {
  return {
    "content-security-policy": contentSecurityPolicy(stripe),
    "permissions-policy": PERMISSIONS_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  } as const;
}

/**
 * Security headers on every response. HSTS goes out when PUBLIC_URL is https (a TLS-terminating proxy in
 * front) or the request itself came over https: a TLS socket, or `X-Forwarded-Proto: https` from a proxy
 * TRUST_PROXY trusts (Fastify's `request.protocol`). Never for plain http, e.g. a local `npm start`, where
 * pinning https would lock the browser out of the host.
 */
export function registerSecurityHeaders(app: App, config: Pick<ServerConfig, "publicUrl" | "stripe">): void {
  const publicHttps = config.publicUrl?.startsWith("https://") ?? false;
  const headers = securityHeaders(config.stripe !== null);
  const headersHttps = { ...headers, "strict-transport-security": STRICT_TRANSPORT_SECURITY };
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(publicHttps || request.protocol === "https" ? headersHttps : headers);
    done();
  });
}
