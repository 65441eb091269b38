/**
 * The web test files that mock a module (`vi.mock`), from the repository root. They run isolated (the
 * `web-mocks` project in vitest.config.ts): the rest of the web tests share one module graph per worker,
 * where a mock would reach every later file. `module-mocks.test.ts` keeps this list complete.
 */
export const WEB_FILES_MOCKING_MODULES = [
  "apps/web/src/features/admin/components/console-page.test.tsx",
  "apps/web/src/features/chat/hooks/use-chat.test.tsx",
  "apps/web/src/features/checkout/components/checkout-providers.test.tsx",
  "apps/web/src/features/checkout/components/checkout-stripe.test.tsx",
  "apps/web/src/features/subscriptions/components/change-card-stripe.test.tsx",
];
