import { cleanup, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeConfig, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { CompliancePage } from "./compliance-page";
import { ContributePage } from "./contribute-page";
import { PrivacyPage } from "./privacy-page";
import { RefundPage } from "./refund-page";
import { TermsPage } from "./terms-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pages: Array<[string, ReactElement, string]> = [
  ["/privacy", <PrivacyPage key="p" />, "Privacy Policy"],
  ["/terms", <TermsPage key="t" />, "Terms of Service"],
  ["/refund", <RefundPage key="r" />, "Refund Policy"],
  ["/2257", <CompliancePage key="c" />, "18 U.S.C. 2257 Compliance Statement"],
  ["/contribute", <ContributePage key="k" />, "Contribute"],
];

describe("legal pages", () => {
  it.each(pages)("%s has one h1 and links to support", async (route, ui, title) => {
    stubApi({}, makeConfig({ branding: { name: "Ember", support_url: "https://help.example.org" } }));
    renderWithProviders(ui, { route });
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect((await screen.findAllByText(/Ember/)).length).toBeGreaterThan(0);
    const support = await screen.findAllByRole("link", { name: /support|tell us/i });
    expect(support[0]).toHaveAttribute("href", "https://help.example.org");
  });

  it("privacy describes what is stored", async () => {
    stubApi({});
    renderWithProviders(<PrivacyPage />, { route: "/privacy" });
    expect(screen.getByText(/your chats are not saved/i)).toBeInTheDocument();
    expect(screen.getByText(/one-way hash/i)).toBeInTheDocument();
    expect(screen.getByText(/no third-party trackers/i)).toBeInTheDocument();
  });

  it("the 2257 statement says characters are fictional adults", () => {
    stubApi({});
    renderWithProviders(<CompliancePage />, { route: "/2257" });
    expect(screen.getByText(/fictional personas/i)).toBeInTheDocument();
    expect(screen.getByText(/adults aged 18 or older/i)).toBeInTheDocument();
    expect(screen.getByText(/operator of this instance is the custodian/i)).toBeInTheDocument();
  });

  it("links to the operator's own document when it is hosted elsewhere", async () => {
    stubApi({}, makeConfig({ branding: { terms_url: "https://legal.example.org/terms" } }));
    renderWithProviders(<TermsPage />, { route: "/terms" });
    const link = await screen.findByRole("link", { name: /on a separate page/i });
    expect(link).toHaveAttribute("href", "https://legal.example.org/terms");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("shows no note when the document is this page", async () => {
    stubApi({}, makeConfig({ branding: { terms_url: "/terms" } }));
    renderWithProviders(<TermsPage />, { route: "/terms" });
    await screen.findAllByRole("link", { name: /support/i });
    expect(screen.queryByRole("link", { name: /on a separate page/i })).toBeNull();
  });
});
