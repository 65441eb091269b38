import { useEffect } from "react";
import { useBranding } from "./use-branding";

/** "<page title> | <brand name>" */
export function useDocumentTitle(title: string) {
  const { name } = useBranding();
  useEffect(() => {
    document.title = title ? `${title} | ${name}` : name;
  }, [title, name]);
}

/** Points the favicon at the brand's site icon. */
export function useSiteIcon() {
  const { site_icon_url } = useBranding();
  useEffect(() => {
    if (!site_icon_url) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "icon";
      document.head.appendChild(link);
    }
    link.href = site_icon_url;
  }, [site_icon_url]);
}
