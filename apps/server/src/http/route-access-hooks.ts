import type { App, AppContext } from "../context";
import type { RouteAccess } from "../modules/auth/route-access";

export type ApiRoute = { method: string; url: string; access: RouteAccess };

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
    for (const method of methods) routes.push({ method, url: route.url, access });
  });
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config.access;
    if (access) await ctx.guards.authorize(request, access);
  });
}
