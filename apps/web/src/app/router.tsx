import { ROUTE_TABLE, type RouteLayout } from "@hearth/contracts";
import { Route, Routes } from "react-router";
import { MainLayout, ProtectedLayout, PublicLayout } from "./layouts/layouts";
import { NotFoundPage, pageFor } from "./route-pages";
import { RouteView } from "./route-view";

const LAYOUTS: Record<RouteLayout, () => React.JSX.Element> = {
  main: MainLayout,
  public: PublicLayout,
  protected: ProtectedLayout,
};

const ORDER: RouteLayout[] = ["main", "public", "protected"];

const NOT_FOUND = { path: "*", layout: "public", title: "Page not found" } as const;

/** Every ROUTE_TABLE entry inside its layout, plus the catch-all 404 in the public layout. */
export function AppRoutes() {
  return (
    <Routes>
      {ORDER.map((layout) => {
        const Layout = LAYOUTS[layout];
        return (
          <Route key={layout} element={<Layout />}>
            {ROUTE_TABLE.filter((e) => e.layout === layout).map((entry) => (
              <Route
                key={entry.path}
                path={entry.path}
                element={<RouteView entry={entry} page={pageFor(entry.path)} />}
              />
            ))}
            {layout === "public" ? (
              <Route path="*" element={<RouteView entry={NOT_FOUND} page={NotFoundPage} />} />
            ) : null}
          </Route>
        );
      })}
    </Routes>
  );
}
