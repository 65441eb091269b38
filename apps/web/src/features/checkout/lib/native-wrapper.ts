import type { CompletionPayload } from "../api/checkout-events";

/**
 * The native app wrappers (spec 4 and 7: "a completion message goes to the native app wrapper when
 * present"). The mobile apps load the web app in a web view and listen for one message when a purchase
 * completes, so they can refresh their own state or close the web view:
 *
 * - React Native (`react-native-webview`): `window.ReactNativeWebView.postMessage(string)` receives the
 *   message as a JSON string;
 * - iOS WKWebView: `window.webkit.messageHandlers.hearth.postMessage(object)` receives it as an object.
 *
 * The message is `{ type: "checkout_completed", plan_id, order_id, subscription_id, transaction_id, total,
 * currency }` (total in cents). In a plain browser neither bridge exists and nothing is sent.
 */
export const NATIVE_COMPLETION_TYPE = "checkout_completed";

/** The analytics completion event's fields but the payment method. */
export type NativeCompletionMessage = { type: typeof NATIVE_COMPLETION_TYPE } & Omit<
  CompletionPayload,
  "payment_method"
>;

type NativeBridges = {
  ReactNativeWebView?: { postMessage?: (message: string) => void };
  webkit?: { messageHandlers?: { hearth?: { postMessage?: (message: unknown) => void } } };
};

/** Posts the completion to whichever wrapper is present; answers whether one was. Never throws. */
export function notifyNativeWrapper(
  message: NativeCompletionMessage,
  target: NativeBridges = typeof window === "undefined" ? {} : (window as unknown as NativeBridges),
): boolean {
  let sent = false;
  try {
    const reactNative = target.ReactNativeWebView?.postMessage;
    if (typeof reactNative === "function") {
      target.ReactNativeWebView?.postMessage?.(JSON.stringify(message));
      sent = true;
    }
    const ios = target.webkit?.messageHandlers?.hearth?.postMessage;
    if (typeof ios === "function") {
      target.webkit?.messageHandlers?.hearth?.postMessage?.(message);
      sent = true;
    }
  } catch {
    // A wrapper's bridge failing must not break the purchase the member just made.
  }
  return sent;
}
