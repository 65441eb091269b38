import type { ZodType } from "zod";
import type { App, AppContext } from "../context";
import type { RouteAccess } from "../kernel/route-access";

/**
 * A registered API route: its declared access, the contract schemas its input is checked with and those
 * its answers are serialized with, per status code (see response-schemas.ts).
 */
export type ApiRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  schema: {
    body?: ZodType;
    querystring?: ZodType;
    params?: ZodType;
    response?: Record<string, ZodType>;
  };
};

const registries = new WeakMap<object, ApiRoute[]>();

/** The API routes an app registered, with their declared access (the route matrix test walks them). */
export function apiRoutesOf(app: App): readonly ApiRoute[] {
  return registries.get(app) ?? [];
}

/**
 * Every `/api` route must declare `config.access` (registration fails otherwise), and one hook decides
 * access for all of them before their input is validated.
 */
export function registerRouteAccess(app: App, ctx: AppContext): void {
  const routes: ApiRoute[] = [];
  registries.set(app, routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) throw new Error(`${methods.join(",")} ${route.url} declares no access (config.access)`);
    const schema = (route.schema ?? {}) as ApiRoute["schema"];
    for (const method of methods) routes.push({ method, url: route.url, access, schema });
  });
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config.access;
    if (access) await ctx.guards.authorize(request, access);
  });
}
