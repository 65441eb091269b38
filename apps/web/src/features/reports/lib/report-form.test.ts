import { LIMITS, REPORT_TEXTS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { emptyReport, validateReport } from "./report-form";

describe("validateReport", () => {
  it("blocks an empty form with the contracts' messages", () => {
    const result = validateReport(emptyReport());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(REPORT_TEXTS.fillAll);
    expect(result.fields.character_id).toBe(REPORT_TEXTS.idRequired);
    expect(result.fields.userReportDetails).toBe(REPORT_TEXTS.detailsRequired);
    expect(result.fields.userIssueType).toBe("Choose the issue type");
    expect(result.fields.userExpectedResolution).toBe("Choose the resolution you expect");
    expect(result.fields.userIssueType).toBe(REPORT_TEXTS.issueRequired);
    expect(result.fields.userExpectedResolution).toBe(REPORT_TEXTS.resolutionRequired);
  });

  it("caps the id at 50 characters with the contracts' message", () => {
    const result = validateReport(emptyReport("x".repeat(LIMITS.chatbotIdMax + 1)));
    expect(result.ok ? null : result.fields.character_id).toBe("The id should be at most 50 characters");
    expect(REPORT_TEXTS.idTooLong).toBe("The id should be at most 50 characters");
  });

  it("treats blank text as missing and caps details at 250 characters", () => {
    const blank = validateReport({ ...emptyReport("   "), userReportDetails: "  " });
    expect(blank.ok ? null : blank.fields.character_id).toBe(REPORT_TEXTS.idRequired);
    expect(blank.ok ? null : blank.fields.userReportDetails).toBe(REPORT_TEXTS.detailsRequired);
    const long = validateReport({
      character_id: "abc",
      userIssueType: "Guidelines",
      userReportDetails: "x".repeat(LIMITS.reportDetailsMax + 1),
      userExpectedResolution: "private",
    });
    expect(long.ok ? null : long.fields.userReportDetails).toBe("Details should be at most 250 characters");
  });

  it("answers the trimmed payload when every field is filled", () => {
    expect(
      validateReport({
        character_id: " abc ",
        userIssueType: "Categorization",
        userReportDetails: " Wrong tags ",
        userExpectedResolution: "modified",
      }),
    ).toEqual({
      ok: true,
      report: {
        character_id: "abc",
        userIssueType: "Categorization",
        userReportDetails: "Wrong tags",
        userExpectedResolution: "modified",
      },
    });
  });
});
