/** Onboarding: the steps a new member goes through, saved as they go. */
export { findOnboarding, type OnboardingValues, saveOnboarding } from "./repository";
export { type OnboardingRouteCommands, registerOnboardingRoutes } from "./routes";
export { nextOnboarding, readOnboarding } from "./service";
