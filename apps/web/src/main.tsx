import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPageAt } from "./app/route-pages";
import "./styles.css";

import { STORAGE_KEYS, safeStorage } from "./lib/storage";

// Apply a stored light theme before the first paint (no inline script, so a strict CSP can apply).
if (safeStorage.get(STORAGE_KEYS.theme) === "light") document.documentElement.classList.add("light");

// The opened page's chunk downloads while the app starts (and the session is read).
preloadPageAt(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
