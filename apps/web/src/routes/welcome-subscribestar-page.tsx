import { WelcomeSubscribeStar } from "../features/subscribestar/components/welcome-subscribestar";

/** `/welcome/subscribestar` (public): thanks for subscribing, redirecting after 10 seconds. */
export function WelcomeSubscribeStarPage() {
  return <WelcomeSubscribeStar />;
}
