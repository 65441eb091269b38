import type { RouteEntry } from "@hearth/contracts";
import { type ComponentType, Suspense } from "react";
import { PageSpinner } from "../components/ui/spinner";
import { NotAvailableYet } from "../routes/not-available-yet";
import { PermissionGuard } from "./guards/permission-guard";
import { ROUTE_PAGES } from "./route-pages";
import { useDocumentTitle } from "./use-document-title";

/** One ROUTE_TABLE entry: its title, its permission guard and its (lazy) page. */
export function RouteView({ entry, page }: { entry: RouteEntry; page?: ComponentType }) {
  useDocumentTitle(entry.title);
  const Page = page ?? ROUTE_PAGES[entry.path];
  const content = (
    <Suspense fallback={<PageSpinner />}>
      {Page ? <Page /> : <NotAvailableYet title={entry.title} />}
    </Suspense>
  );
  return entry.permission ? (
    <PermissionGuard permission={entry.permission}>{content}</PermissionGuard>
  ) : (
    content
  );
}
