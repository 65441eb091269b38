import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { STORAGE_KEYS, safeStorage } from "../lib/storage";
import { useBranding } from "./use-branding";

export type Theme = "dark" | "light";
type ThemeValue = { theme: Theme; toggleTheme: () => void };

const ThemeContext = createContext<ThemeValue>({ theme: "dark", toggleTheme: () => undefined });

function readStoredTheme(): Theme | null {
  const stored = safeStorage.get(STORAGE_KEYS.theme);
  return stored === "light" || stored === "dark" ? stored : null;
}

/** Dark by default; the brand's default theme applies until the visitor picks one (kept in localStorage). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const [chosen, setChosen] = useState<Theme | null>(readStoredTheme);
  const theme: Theme = chosen ?? branding.default_theme;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("light", theme === "light");
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute("content", theme === "light" ? "#f7f7fa" : "#0d0d12");
  }, [theme]);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    safeStorage.set(STORAGE_KEYS.theme, next);
    setChosen(next);
  }, [theme]);

  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  return useContext(ThemeContext);
}
