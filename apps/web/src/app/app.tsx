import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { SessionProvider } from "../features/auth/components/session-provider";
import { ErrorBoundary } from "./error-boundary";
import { AppGate } from "./guards/app-gate";
import { PageViewTracker, ScrollToTop } from "./page-view-tracker";
import { createQueryClient } from "./query-client";
import { AppRoutes } from "./router";
import { ThemeProvider } from "./theme";
import { useSiteIcon } from "./use-document-title";

function SiteIcon() {
  useSiteIcon();
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>
        <ThemeProvider>
          <BrowserRouter>
            <SessionProvider>
              <SiteIcon />
              <ScrollToTop />
              <PageViewTracker />
              <AppGate>
                <AppRoutes />
              </AppGate>
            </SessionProvider>
          </BrowserRouter>
        </ThemeProvider>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
