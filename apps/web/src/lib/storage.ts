/** localStorage that never throws (private mode, disabled storage, SSR). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the preference lasts for this page only
    }
  },
};

export const STORAGE_KEYS = {
  theme: "hearth.theme",
  birthdayBannerDismissed: "hearth.birthday-banner-dismissed",
} as const;
