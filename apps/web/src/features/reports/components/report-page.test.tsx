import { REPORT_SUCCESS_MS, REPORT_TEXTS } from "@hearth/contracts";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, makeCharacter, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { ReportPage } from "./report-page";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ID = "0b6a4d5e-1111-4a4a-8a8a-000000000001";

function renderAt(route: string, reportResponse: () => Response = () => json({ id: "r1" }, 201)) {
  const fetchMock = stubApi({
    [`/api/characters/${ID}`]: () => json(makeCharacter({ id: ID })),
    "/api/reportCharacter": reportResponse,
  });
  renderWithProviders(<ReportPage />, { route, path: "/report/:characterId?" });
  return fetchMock;
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Submit report" }));

describe("ReportPage", () => {
  it("prefills the id and shows the character's card when the address names one", async () => {
    renderAt(`/report/${ID}`);
    expect(screen.getByLabelText("Character id")).toHaveValue(ID);
    expect((await screen.findAllByRole("article", { name: "Reporting Aria Nightshade" })).length).toBe(2);
    expect(screen.getByText(REPORT_TEXTS.promise)).toBeInTheDocument();
  });

  it("shows every validation message, clears each as it is fixed, then sends the spec's payload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = renderAt("/report");
    submit();
    expect(screen.getByRole("alert")).toHaveTextContent(REPORT_TEXTS.fillAll);
    expect(screen.getByText(REPORT_TEXTS.idRequired)).toBeInTheDocument();
    expect(screen.getByText(REPORT_TEXTS.detailsRequired)).toBeInTheDocument();
    expect(screen.getByText("Choose the issue type")).toBeInTheDocument();
    expect(screen.getByText("Choose the resolution you expect")).toBeInTheDocument();
    expect(screen.getByLabelText("Character id")).toHaveAttribute("aria-invalid", "true");

    fireEvent.change(screen.getByLabelText("Character id"), { target: { value: ID } });
    expect(screen.queryByText(REPORT_TEXTS.idRequired)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Categorization/ }));
    fireEvent.change(screen.getByLabelText("Details"), { target: { value: "Tagged wrong" } });
    expect(screen.getByText("12 / 250")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(REPORT_TEXTS.fillAll);
    fireEvent.click(screen.getByRole("radio", { name: /Modified/ }));
    expect(screen.queryByRole("alert")).toBeNull();

    submit();
    expect(await screen.findByText(REPORT_TEXTS.submitted)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === "/api/reportCharacter");
    expect(call?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      character_id: ID,
      userIssueType: "Categorization",
      userReportDetails: "Tagged wrong",
      userExpectedResolution: "modified",
    });
    // The form starts over for another report on the same character.
    expect(screen.getByLabelText("Details")).toHaveValue("");
    expect(screen.getByLabelText("Character id")).toHaveValue(ID);
    act(() => vi.advanceTimersByTime(REPORT_SUCCESS_MS));
    expect(screen.queryByText(REPORT_TEXTS.submitted)).toBeNull();
  });

  it("shows the server's field message", async () => {
    renderAt(`/report/${ID}`, () =>
      json(
        {
          error: {
            code: "validation_error",
            message: "Invalid request",
            fields: { character_id: "No such character" },
          },
        },
        400,
      ),
    );
    fireEvent.click(screen.getByRole("radio", { name: /Guidelines/ }));
    fireEvent.change(screen.getByLabelText("Details"), { target: { value: "Bad" } });
    fireEvent.click(screen.getByRole("radio", { name: /Deleted/ }));
    submit();
    expect(await screen.findByText("No such character")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(REPORT_TEXTS.fillAll));
  });

  it("says so when no character has the id", async () => {
    stubApi({});
    renderWithProviders(<ReportPage />, { route: "/report/nope", path: "/report/:characterId?" });
    expect(
      (await screen.findAllByText(/We couldn't find a character you can see with this id/)).length,
    ).toBeGreaterThan(0);
  });
});
