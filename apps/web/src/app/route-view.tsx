import type { RouteEntry } from "@hearth/contracts";
import { Suspense } from "react";
import { PageSpinner } from "../components/ui/spinner";
import { NotAvailableYet } from "../routes/not-available-yet";
import { AdminGuard, PermissionGuard } from "./guards/permission-guard";
import type { Page as RoutePage } from "./route-pages";
import { useDocumentTitle } from "./use-document-title";

/** One ROUTE_TABLE entry: its title, its permission or admin guard and its (lazy) page, or "not available yet". */
export function RouteView({ entry, page: Page }: { entry: RouteEntry; page: RoutePage | undefined }) {
  useDocumentTitle(entry.title);
  const content = (
    <Suspense fallback={<PageSpinner />}>
      {Page ? <Page /> : <NotAvailableYet title={entry.title} />}
    </Suspense>
  );
  if (entry.admin) return <AdminGuard>{content}</AdminGuard>;
  return entry.permission ? (
    <PermissionGuard permission={entry.permission}>{content}</PermissionGuard>
  ) : (
    content
  );
}
