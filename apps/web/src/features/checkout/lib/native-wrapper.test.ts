import { describe, expect, it, vi } from "vitest";
import { NATIVE_COMPLETION_TYPE, type NativeCompletionMessage, notifyNativeWrapper } from "./native-wrapper";

const message: NativeCompletionMessage = {
  type: NATIVE_COMPLETION_TYPE,
  plan_id: "basic_1m",
  order_id: "ord_1",
  subscription_id: "sub_1",
  transaction_id: "ch_1",
  total: 1499,
  currency: "USD",
};

describe("the native wrapper's completion message", () => {
  it("goes to React Native as JSON and to iOS as an object", () => {
    const reactNative = vi.fn();
    const ios = vi.fn();
    expect(
      notifyNativeWrapper(message, {
        ReactNativeWebView: { postMessage: reactNative },
        webkit: { messageHandlers: { hearth: { postMessage: ios } } },
      }),
    ).toBe(true);
    expect(reactNative).toHaveBeenCalledWith(JSON.stringify(message));
    expect(ios).toHaveBeenCalledWith(message);
  });

  it("is not sent in a plain browser, and a failing bridge does not throw", () => {
    expect(notifyNativeWrapper(message, {})).toBe(false);
    const broken = () => {
      throw new Error("bridge gone");
    };
    expect(() => notifyNativeWrapper(message, { ReactNativeWebView: { postMessage: broken } })).not.toThrow();
  });
});
