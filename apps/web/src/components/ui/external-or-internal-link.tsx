import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";

type SmartLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  children: ReactNode;
};

/** A router Link for in-app paths ("/..."), a new-tab anchor for external URLs. */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  const isWeb = /^https?:\/\//i.test(href);
  return (
    <a href={href} {...(isWeb ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
      {children}
    </a>
  );
}
